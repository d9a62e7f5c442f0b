import Foundation
import PareaApp
import PareaLocale
import PareaRules
import Testing

extension EndToEnd {
  /// A game that ends on a screen one player reads alone is handed back to
  /// the table before anything of its result shows; the table sees it
  /// together, may take the ending back only until then, and never after
  /// (DECISIONS: "An ending is public before it is shown").
  @Suite
  struct PrivateEndingTests {
    /// Nothing of the result on `screen`: no side's win, no role's name in
    /// capitals or as the results list it, and (Spy) not the location.
    static func expectNothingOfTheResult(
      _ screen: String, _ saved: SavedGameFile, _ play: Driver, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      // Below the header, which names the game ("Spy", "Killer" are role names too).
      let screen = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
      for side in ["spy.spies", "spy.locals", "killer.killers", "killer.town"] {
        #expect(!screen.contains(play.upper(play.text("side.\(side).win"))), "\(side) on:\n\(TmuxSession.framed(screen))", sourceLocation: sourceLocation)
      }
      for role in Set(saved.seats.map(\.role)) {
        #expect(!screen.contains(play.roleName(role)), "\(role) on:\n\(TmuxSession.framed(screen))", sourceLocation: sourceLocation)
      }
      if let location = saved.location {
        #expect(!screen.contains(play.text("location.\(location).name")), "the location on:\n\(TmuxSession.framed(screen))", sourceLocation: sourceLocation)
      }
      try play.expectNoRole(in: screen, saved, sourceLocation: sourceLocation)
    }

    /// u on the results, then the rules and back (keys are read in order, so
    /// once the rules have come and gone, u has been read): the same screen
    /// as before and the same saved file.
    static func expectUndoDoesNothing(
      on results: String, _ saved: SavedGameFile, _ play: Driver, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      try play.session.sendKeys("u")
      try play.session.sendKeys("i")
      try play.session.waitFor("PgUp PgDn " + play.text("key.page"))
      try play.session.sendKeys("Escape")
      let after = try play.session.waitUntilSettled("the results again") { $0.contains(play.text("summary.title")) }
      #expect(after == results, "u after the results changed the screen:\n\(TmuxSession.framed(after))", sourceLocation: sourceLocation)
      #expect(try play.saved().text == saved.text, "u after the results changed the saved game", sourceLocation: sourceLocation)
    }

    @Test("Spy: a spy's private guess is handed back, the table sees the game over together, and after the roles nothing is undone")
    func aSpysGuess() throws {
      let session = try TmuxSession(arguments: ["--seed", "1"])
      defer { session.kill() }
      let play = Driver(session)
      let names = ["Anna", "Bob", "Cat", "Dan", "Eve"]
      try play.chooseGame(2)
      try play.addPlayers(names)
      try play.continueToSetup()
      try session.sendKeys("Enter")
      try play.waitForHandOff("Anna")
      let dealt = try play.saved()
      try play.revealAll(dealt)
      let spy = try #require(dealt.seats(holding: "spy.spy").first)

      // The spy claims and guesses the first location on the list.
      try session.sendKeys("g")
      try session.waitFor(play.text("table.pick.guesser"))
      try play.pick(names[spy], among: names)
      try session.waitUntilSettled("the guess hand-off") { $0.contains(play.upper(names[spy])) }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitFor(play.text("table.guessTitle", ["name": names[spy]]))
      let first = try #require(
        Catalog.builtIn(.en).locations().map { play.text("location.\($0.id).name") }
          .sorted { PlayerName.key($0) < PlayerName.key($1) }.first)
      try session.waitFor("▸ " + first)
      try session.sendKeys("Enter")
      try session.waitFor(play.text("confirm.finalGuess.title", ["location": first]))
      try play.waitForKeys()
      try session.sendKeys("y")

      // The claimant's own screen says only: hand the laptop back.
      let handBack = try play.handBack()
      try Self.expectNothingOfTheResult(handBack, dealt, play)
      // The table, together: the game is over, nothing of the result yet.
      let gameOver = try play.waitForGameOver()
      try Self.expectNothingOfTheResult(gameOver, dealt, play)
      #expect(gameOver.contains(play.text("key.showResult")) || gameOver.contains(play.text("guard.note")))
      #expect(!(try play.saved()).text.contains("\"shown\""))

      // u asks, in front of everyone; "no" keeps the guess.
      try play.waitForKeys()
      try session.sendKeys("u")
      try session.waitFor(play.text("confirm.undo.title"))
      try session.sendKeys("n")
      try session.waitForAbsence(of: play.text("confirm.undo.title"))

      // Enter (once the game over answers keys again): the result and every role, for the whole table.
      try play.waitForKeys()
      try session.sendKeys("Enter")
      let results = try session.waitUntilSettled("the results") {
        $0.contains(play.text("summary.title")) && $0.contains(play.text("summary.location", ["location": ""]).trimmingCharacters(in: .whitespaces))
      }
      #expect(results.contains(names[spy]))
      #expect(!results.contains(play.text("key.undo")), "the results offer no undo:\n\(TmuxSession.framed(results))")
      let shown = try play.saved()
      #expect(shown.text.contains("\"shown\""), "the saved game records that the roles were shown")

      // u now does nothing: the same screen, the same file.
      try Self.expectUndoDoesNothing(on: results, shown, play)
    }

    @Test("Killer: the last citizen's private 'I am out' is handed back; the game over may take it back in front of everyone, the results never")
    func theLastCitizenOut() throws {
      let session = try TmuxSession(arguments: ["--seed", "4"])
      defer { session.kill() }
      let play = Driver(session)
      try play.dealKillerForThree()
      let dealt = try play.saved()
      try play.revealAll(dealt)
      let citizen = try #require(dealt.seats(holding: "killer.citizen").first)
      let name = dealt.seats[citizen].name

      func markTheCitizenOut() throws -> String {
        try session.sendKeys("d")
        try session.waitFor(play.text("table.pick.markDead"))
        try play.pick(name, among: dealt.names)
        try session.waitUntilSettled("the hand-off to \(name)") { $0.contains(play.upper(name)) }
        try play.waitForKeys()
        try session.sendKeys("Enter")
        try session.waitFor(play.text("table.out.question"))
        try play.waitForKeys()
        try session.sendKeys("Enter")  // "I am out": no citizen is left
        return try play.handBack()
      }

      let handBack = try markTheCitizenOut()
      try Self.expectNothingOfTheResult(handBack, dealt, play)
      let gameOver = try play.waitForGameOver()
      try Self.expectNothingOfTheResult(gameOver, dealt, play)

      // Taken back in front of everyone: the citizen is in again, the table plays on.
      try play.waitForKeys()
      try session.sendKeys("u")
      try session.waitFor(play.text("confirm.undo.title"))
      try session.sendKeys("y")
      try session.waitFor(play.text("table.undone.title"))
      #expect(try play.saved().seats[citizen].death == nil)
      try session.sendKeys("Escape")  // the notice read
      try session.waitForAbsence(of: play.text("table.undone.title"))
      try play.waitForTable()

      // Out again; this time the table looks.
      _ = try markTheCitizenOut()
      try play.showResult()
      let results = try play.waitForSummary(winner: "killer.killers")
      #expect(!results.contains(play.text("key.undo")))
      let shown = try play.saved()
      #expect(shown.text.contains("\"shown\""))
      try Self.expectUndoDoesNothing(on: results, shown, play)
    }
  }
}
