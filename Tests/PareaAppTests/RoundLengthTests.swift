import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Spy's round length on its setup: ↑↓ light the row of spies or of the
/// round's length, ←→ change the lit one; the length is remembered with the
/// settings and is the table's timer.
@Suite struct RoundLengthTests {
  /// A Spy setup of six, on the count.
  static func spySetup() -> App {
    GoldenScreenTests.countGame(.en, game: "2", players: ["A", "B", "C", "D", "E", "F"], bad: 1)
  }

  static func page(_ change: (inout SetupScreen) -> Void) -> Screen {
    var page = SetupScreen()
    change(&page)
    return .setup(page)
  }

  @Test func tenMinutesUnlessTheGroupSaysOtherwise() {
    #expect(Spy().roundMinutes == 10)
    #expect(Preferences().minutes(for: Spy()) == 10)
  }

  @Test func arrowsUpAndDownLightARowAndLeftAndRightChangeIt() {
    var store = TestStore(Self.spySetup())
    #expect(store.state.screen == .setup(SetupScreen()))
    store.press(.up)  // already on the first row
    store.press(.right) { $0.setup.badCount = 2 }
    store.press(.down) { $0.screen = Self.page { $0.countRow = .minutes } }
    store.press(.down)  // already on the last row
    store.press(.right, effects: [.saveSettings]) { $0.preferences.roundMinutes["spy"] = 11 }
    store.press(.character("-"), effects: [.saveSettings]) { $0.preferences.roundMinutes["spy"] = 10 }
    store.press(.left, effects: [.saveSettings]) { $0.preferences.roundMinutes["spy"] = 9 }
    store.press(.character("k")) { $0.screen = .setup(SetupScreen()) }  // vi's up
    store.press(.left) { $0.setup.badCount = 1 }
  }

  @Test func oneToThirtyMinutes() {
    var store = TestStore(Self.spySetup())
    store.app.press(.down)
    for minutes in (1...9).reversed() {
      store.press(.left, effects: [.saveSettings]) { $0.preferences.roundMinutes["spy"] = minutes }
    }
    store.press(.left)  // at 1: nothing changes, nothing is saved
    #expect(store.app.render(width: 80, height: 24).lines[8].contains("    1 minute   ▶"))
    for minutes in 2...30 {
      store.press(.right, effects: [.saveSettings]) { $0.preferences.roundMinutes["spy"] = minutes }
    }
    store.press(.right)  // at 30
    #expect(store.app.render(width: 80, height: 24).lines[8].contains("◀   30 minutes    "))
  }

  @Test func killerHasNoRoundAndKeepsBothPairsOfArrowsForTheCount() {
    var store = TestStore(GoldenScreenTests.countGame(.en, game: "3", players: ["A", "B", "C", "D", "E", "F", "G"], bad: 1))
    store.press(.up) { $0.setup.badCount = 2 }
    store.press(.down) { $0.setup.badCount = 1 }
    store.press(.right) { $0.setup.badCount = 2 }
    store.send(.setup(.moveCountRow(1)))  // no other row
    store.send(.setup(.changeRoundMinutes(1)))  // no round
    let footer = store.app.render(width: 80, height: 24).lines.last ?? ""
    #expect(!footer.contains("↑↓"))
  }

  @Test func theTablesTimerRunsForTheChosenLength() throws {
    var app = Self.spySetup()
    app.press(.down, .left, .left, .left)
    #expect(app.state.preferences.roundMinutes["spy"] == 7)
    app.press(.enter)
    app.revealEveryoneByKeys()
    var store = TestStore(app)
    store.press(.character("t"), effects: [.saveGame]) {
      $0.session?.timer = RoundTimer(minutes: 7)
      $0.session?.timer?.running = true
    }
    #expect(store.state.timer?.display == "07:00")
  }

  @Test func theLengthIsRememberedWithTheSettings() {
    var app = Self.spySetup()
    app.press(.down, .right, .right)
    // A new start with the settings as saved: the count shows the group's length.
    var saved = configuration()
    saved.preferences = app.state.preferences
    var later = App(configuration: saved)
    later.press(playKey("spy"))
    later.addPlayers(["A", "B", "C", "D", "E"])
    later.press(.enter)
    #expect(later.render(width: 80, height: 24).lines[8].contains("12 minutes"))
  }

  /// Palermo's day length (on who narrates, before the roles) is its manual table's timer too.
  @Test func palermosDayLengthIsItsTablesTimer() {
    var app = makeApp()
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter)
    var store = TestStore(app)
    store.press(.right, effects: [.saveSettings]) { $0.preferences.roundMinutes["palermo"] = 4 }
    store.app.press(.enter, .character("s"), .character("d"))
    store.app.revealEveryoneByKeys()
    store.press(.character("t"), effects: [.saveGame]) {
      $0.session?.timer = RoundTimer(minutes: 4)
      $0.session?.timer?.running = true
    }
  }
}
