import Foundation
import PareaApp
import PareaCanvas
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// The game in progress survives the program: Ctrl-C, a closed terminal
  /// (SIGHUP), `kill -9` at any moment. Each time the program starts again on
  /// the same data folder, the home screen offers "Resume" first, and the game
  /// goes on where it was, never on a role that was showing.
  @Suite
  struct ResumeTests {
    /// Sessions of one test, all ended when it ends; the data folder removed.
    final class Run {
      let data: String
      var sessions: [TmuxSession] = []
      init() throws { data = try TmuxSession.makeDataDirectory() }
      deinit {
        for session in sessions { session.kill() }
        try? FileManager.default.removeItem(atPath: data)
      }

      func start(_ arguments: [String] = []) throws -> TmuxSession {
        let session = try TmuxSession(arguments: arguments, dataDirectory: data)
        sessions.append(session)
        return session
      }
    }

    static let palermoCauses = GameFlowTests.palermoCauses

    @Test("Ctrl-C while a role is showing: exit 130, terminal restored; Resume goes to that hand-off")
    func resumeAfterControlC() throws {
      let run = try Run()
      let first = try run.start(["--seed", "3"])
      var play = Driver(first)
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve"]
      try play.chooseGame(1)
      try play.addPlayers(names)
      try play.continueToSetup()
      try play.suggestAndDeal(players: 5, first: "Anna")
      let dealt = try play.saved()
      try play.reveal("Anna", role: dealt.seats[0].role)
      try first.sendKeys("Enter")
      try play.waitForHandOff("Bob")
      try play.reveal("Bob", role: dealt.seats[1].role)

      try first.sendKeys("C-c")
      #expect(try first.waitForExit() == 130)
      expectRestored(try first.sttyAfterExit())
      let history = try first.history()
      #expect(!history.contains(play.upper(play.roleName(dealt.seats[1].role))), "\(history)")
      let kept = try play.saved()
      #expect(kept.seats.map(\.views) == [1, 1, 0, 0, 0])
      #expect(kept.nextReveal == 1)
      first.kill()

      let second = try run.start()
      play = Driver(second)
      try play.expectResumeOffered(game: "palermo", players: 5)
      try second.sendKeys("Enter")
      // Bob had not hidden his card: his hand-off again, not his role.
      let handOff = try play.waitForHandOff("Bob")
      try play.expectNoRole(in: handOff, kept)
      #expect(try play.saved().seats == kept.seats, "resuming changes nothing")
      try play.revealAll(kept, from: 1)
      let table = try play.saved()
      #expect(table.seats.map(\.views) == [1, 2, 1, 1, 1])
      try play.waitForRows(table)
    }

    @Test("SIGHUP (the terminal closed) at the table after a death: exit 129; the death is still there")
    func resumeAfterHangUp() throws {
      let run = try Run()
      let first = try run.start(["--seed", "12"])
      var play = Driver(first)
      let saved = try play.dealAndRevealPalermo(["Anna", "Bob", "Chris", "Dora", "Eve"])
      let voted = try #require(saved.seats(holding: "palermo.citizenGeorge").first)  // out, and the game goes on
      try play.nextPhase(to: "day", round: 1)
      try play.markOut(saved.seats[voted].name, cause: "votedOut", in: saved, causes: Self.palermoCauses)
      try play.waitForRow(saved.seats[voted].name, death: "votedOut", views: 1)
      try play.press("Up", times: 10)  // the highlight back on the first player, as a resume starts
      let before = try first.settled(" ▸ " + TextWidth.pad("Anna", to: 22))

      try first.signal(SIGHUP)
      #expect(try first.waitForExit() == 128 + SIGHUP)
      expectRestored(try first.sttyAfterExit())
      first.kill()

      let second = try run.start()
      play = Driver(second)
      try play.expectResumeOffered(game: "palermo", players: 5)
      try second.sendKeys("Enter")
      let after = try second.waitUntil("the table as it was") { $0 == before }
      #expect(play.hasRow(play.row(saved.seats[voted].name, death: "votedOut", views: 1), on: after))
      #expect(after.contains(play.text("phase.day.name", ["round": "1"])))
      #expect(try play.saved().seats[voted].death == "votedOut")
    }

    @Test("kill -9 at seven points of a game; each time Resume continues exactly where it was")
    func resumeAfterKillNine() throws {
      let run = try Run()
      var session = try run.start(["--seed", "21"])
      var play = Driver(session)
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve", "Fay", "Gus", "Hal"]

      /// kill -9, start again on the same data, check "Resume" comes first, choose it.
      func killAndResume() throws {
        let saved = try play.saved()
        try session.signal(SIGKILL)
        #expect(try session.waitForExit(checkingLeftovers: false) == 128 + SIGKILL)
        session.kill()
        session = try run.start()
        play = Driver(session, language: play.language)
        try play.expectResumeOffered(game: "palermo", players: names.count)
        #expect(try play.saved().text == saved.text, "starting again changes nothing on disk")
        try session.sendKeys("Enter")
      }

      // 1. Just dealt: the first hand-off.
      try play.chooseGame(1)
      try play.addPlayers(names)
      try play.continueToSetup()
      try play.suggestAndDeal(players: names.count, first: "Anna")
      let dealt = try play.saved()
      #expect(dealt.seats.contains { $0.role == "palermo.redKamikaze" }, "8 players: \(dealt.seats)")
      try killAndResume()
      try play.expectNoRole(in: try play.waitForHandOff("Anna"), dealt)
      #expect(try play.saved().seats.allSatisfy { $0.views == 0 })

      // 2. Mid first round, Bob's role on screen.
      try play.reveal("Anna", role: dealt.seats[0].role)
      try session.sendKeys("Enter")
      try play.waitForHandOff("Bob")
      try play.reveal("Bob", role: dealt.seats[1].role)
      try killAndResume()
      try play.expectNoRole(in: try play.waitForHandOff("Bob"), dealt)
      var now = try play.saved()
      #expect(now.seats.map(\.views) == [1, 1, 0, 0, 0, 0, 0, 0])
      #expect(now.nextReveal == 1)
      try play.revealAll(now, from: 1)

      // 3. At the table.
      now = try play.saved()
      var before = try play.waitForRows(now)
      try killAndResume()
      try session.waitUntil("the table as it was") { $0 == before }

      // 4. After a death: a citizen voted out by day (the game goes on).
      let voted = try #require(now.seats(holding: "palermo.citizenMichael").first)
      try play.nextPhase(to: "day", round: 1)
      try play.markOut(names[voted], cause: "votedOut", in: now, causes: Self.palermoCauses)
      try play.waitForRow(names[voted], death: "votedOut", views: 1)
      try play.press("Up", times: 10)
      before = try session.settled(" ▸ " + TextWidth.pad("Anna", to: 22))
      try killAndResume()
      try session.waitUntil("the table with the death") { $0 == before }
      now = try play.saved()
      #expect(now.seats[voted].death == "votedOut")

      // 5. Looking again, Chris's role on screen: back at the table, the look counted.
      try play.lookAgain("Chris", role: now.seats[2].role, in: now)
      try killAndResume()
      var screen = try play.waitForTable()
      try play.waitForRow("Chris", views: 2)
      play.expectNoRoleOnTable(screen, now)
      #expect(!screen.contains(play.text("reveal.youAre")))
      now = try play.saved()
      #expect(now.seats[2].views == 2)

      // 6. A kamikaze voted out and still choosing: the choice is still asked for.
      let kamikaze = try #require(now.seats(holding: "palermo.redKamikaze").first)
      try play.markOut(names[kamikaze], cause: "votedOut", in: now, causes: Self.palermoCauses, second: true)
      let prompt = play.text("table.pick.kamikaze", ["name": names[kamikaze]])
      try session.waitFor(prompt)
      #expect(try play.saved().pendingKamikaze == kamikaze)
      try killAndResume()
      screen = try session.settled(prompt)
      now = try play.saved()
      let target = try #require(now.seats(holding: "palermo.citizenGeorge").first)
      let offered = now.alive.map { names[$0] }
      try play.pick(names[target], among: offered)
      try session.waitFor(play.text("table.taken.message", ["name": names[target]]))
      try session.sendKeys("Enter")
      try play.waitForRow(names[target], death: "takenByKamikaze", views: 1)
      now = try play.saved()
      #expect(now.seats[kamikaze].death == "votedOut" && now.pendingKamikaze == nil)

      // 7. After switching to Greek: Parea starts in Greek and the table is Greek.
      try session.sendKeys("s")
      try session.waitFor(play.text("settings.languageHint"))
      try session.sendKeys("Right")
      play.language = .el
      try session.waitFor(play.text("settings.languageHint"))
      try session.sendKeys("Escape")
      try play.waitForTable()
      try play.press("Up", times: 10)
      before = try session.settled(" ▸ " + TextWidth.pad("Anna", to: 22))
      try play.waitForRows(now)
      try killAndResume()
      try session.waitUntil("the Greek table as it was") { $0 == before }
      try play.waitForRows(now)
    }

    @Test("a game that reached its summary stays over: closed there, it never comes back as a table to play on")
    func finishedGameStaysOver() throws {
      let run = try Run()
      let first = try run.start(["--seed", "4"])
      var play = Driver(first)
      let names = ["Anna", "Bob", "Chris"]
      try play.chooseGame(3)
      try play.addPlayers(names)
      try play.continueToSetup()
      try first.sendKeys("Enter")
      try play.waitForHandOff("Anna")
      let dealt = try play.saved()
      try play.revealAll(dealt)
      let cop = try #require(dealt.seats(holding: "killer.cop").first)
      let killer = try #require(dealt.seats(holding: "killer.killer").first)
      try play.accuse(names[killer], by: names[cop], in: dealt)
      try play.waitForSummary(winner: "killer.town")
      try first.signal(SIGHUP)
      #expect(try first.waitForExit() == 128 + SIGHUP)
      first.kill()

      // Either nothing is offered, or "Resume" leads back to the summary.
      let second = try run.start()
      play = Driver(second)
      let home = try play.waitForHome()
      let resume = play.text("home.resume", ["game": play.text("game.killer.name"), "count": "3"])
      if home.contains(resume) {
        try second.sendKeys("Enter")
        let screen = try second.waitUntilSettled("the summary or the table") {
          $0.contains(play.text("summary.title")) || $0.contains(play.text("table.actions"))
        }
        #expect(
          screen.contains(play.upper(play.text("side.killer.town.win"))),
          "a won game resumed as a table to play on:\n\(TmuxSession.framed(screen))")
      }
    }
  }
}

extension Driver {
  /// The home screen offers the saved game first, highlighted.
  func expectResumeOffered(
    game: String, players: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let resume = text("home.resume", ["game": text("game.\(game).name"), "count": "\(players)"])
    let screen = try session.settled(resume)
    let lines = Screens.lines(screen)
    let resumeRow = lines.firstIndex { $0.contains(resume) }
    let firstGame = lines.firstIndex { $0.contains("1  " + text("game.palermo.name")) }
    #expect(
      lines.contains { $0.contains(" ▸ " + resume) }, "Resume is highlighted:\n\(screen)",
      sourceLocation: sourceLocation)
    #expect(
      resumeRow != nil && firstGame != nil && resumeRow! < firstGame!,
      "Resume comes before the games:\n\(screen)", sourceLocation: sourceLocation)
  }
}
