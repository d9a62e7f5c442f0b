import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// A held or double-pressed key never chooses what cannot be taken back: the
/// night's victim, the vote, the Cop's accusation, Spy's vote (`KeyGuard`).
@Suite struct KeyGuardTests {
  /// Seven players, Palermo's suggested roles, Parea narrating, at dusk.
  static func atDusk() -> App {
    var app = App(configuration: configuration(.en, seed: 4, narration: .parea))
    app.send(.home(.play("palermo")))
    app.addPlayers(sevenNames)
    app.send(.players(.proceed))
    app.send(.setup(.suggest))
    app.send(.setup(.deal))
    app.revealEveryoneByKeys()
    return app
  }

  /// Holds `key` (a repeat every 33 ms) from `from` for `milliseconds`; returns the clock after.
  static func hold(_ key: Key, _ app: inout App, from: Int64, for milliseconds: Int64) -> Int64 {
    var now = from
    while now < from + milliseconds {
      app.handle(key, now: now)
      now += 33
    }
    return now
  }

  @Test func aHeldEnterThroughANightChoosesNobody() throws {
    var app = Self.atDusk()
    let start = app.state.clock + 2_000
    // Enter held from dusk through nightfall and far past the thieves' time.
    _ = Self.hold(.enter, &app, from: start, for: 120_000)
    // It let night fall (Enter's to do), and chose nothing: the thieves'
    // step still waits for their choice, and nobody died.
    let table = try #require(app.state.table)
    #expect(app.state.session?.narration?.stage == .awake(step: 0))
    #expect(app.state.session?.narration?.waitsForChoice == true)
    #expect(!table.log.contains { if case .chose = $0 { true } else { false } }, "a held Enter chose: \(table.log)")
    let everyoneAlive = table.seats.allSatisfy { $0.isAlive }
    #expect(everyoneAlive, "\(table.log)")
  }

  @Test func aDoublePressOnTheNightsListChoosesNobody() throws {
    var app = Self.atDusk()
    app.press(.enter)  // night falls
    _ = try app.waitOutStage()  // the thieves wake: the list is guarded
    let now = app.state.clock
    // Enter, Enter 150 ms apart, then a third: never a choice.
    for offset: Int64 in [100, 250, 400, 700] { app.handle(.enter, now: now + offset) }
    #expect(app.state.table?.choicesThisPhase.isEmpty == true)
    if let page = app.state.screen.as(NarratorScreen.self) { #expect(page.confirming == nil) }
    // After a quiet second, Enter asks; the question is guarded afresh.
    app.handle(.enter, now: now + 1_800)
    guard let page = app.state.screen.as(NarratorScreen.self) else { throw Stop() }
    #expect(page.confirming != nil)
    app.handle(.enter, now: now + 1_900)
    #expect(app.state.table?.choicesThisPhase.isEmpty == true, "the question's Enter came too soon")
    app.handle(.enter, now: now + 3_000)
    #expect(app.state.table?.choicesThisPhase.count == 1)
  }

  @Test func aHeldEnterNeverVotes() throws {
    var app = Self.atDusk()
    app.press(.enter)
    _ = try app.playAQuietNight()
    app.press(.enter)  // the morning: the day begins
    #expect(app.state.session?.narration?.stage == .discussion)
    let deaths = app.state.table?.seats.filter { !$0.isAlive }.count
    // Enter held from the discussion: it opens the vote, and nothing more.
    _ = Self.hold(.enter, &app, from: app.state.clock + 1_500, for: 10_000)
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(app.state.table?.seats.filter { !$0.isAlive }.count == deaths)
    #expect(app.state.table?.log.contains(.tied(among: nil)) == false)
  }

  @Test func aHeldEnterNeverAccuses() throws {
    var app = tableApp(Killer(), killerRoles)
    let start = app.state.clock + 1_000
    app.handle(.character("a"), now: start)
    _ = Self.hold(.enter, &app, from: start + 40, for: 8_000)
    #expect(app.state.table?.accusations.isEmpty == true)
  }

  @Test func aHeldEnterNeverVotesInSpy() throws {
    var app = spyTable(spy: 1)
    let start = app.state.clock + 1_000
    app.handle(.character("v"), now: start)
    _ = Self.hold(.enter, &app, from: start + 40, for: 8_000)
    #expect(app.state.table?.votes.isEmpty == true)
  }

  struct Stop: Error {}
}
