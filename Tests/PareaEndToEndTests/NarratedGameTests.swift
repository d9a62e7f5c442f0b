import Foundation
import PareaLocale
import PareaRules
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension EndToEnd {
  /// Palermo narrated, played through the real binary: who narrates is chosen
  /// before the deal; Parea speaks (the fake espeak-ng records what and in
  /// which language) and shows each night step, where the thieves and the
  /// Doctor choose; a moderator is shown what to say and what to record; a
  /// game closed in the middle of a night goes on from "everyone, close your
  /// eyes" with the choices already made.
  ///
  /// Time: each secret step of a night lasts a drawn 30–45 s whatever the
  /// players do (a choice does not end it: its length must not tell the table
  /// who is in play), and the binary has no way to shorten it. So the games
  /// are the smallest that show a whole night and a day (five players, one
  /// thief: a night's victim, then the day's vote ends it), their seeds draw
  /// steps of about 30 s (another seed only waits longer), and the three long
  /// games run side by side, on threads of this one test: about 100 s in all
  /// rather than five minutes. The other end-to-end tests still run alone.
  @Suite
  struct NarratedGameTests {
    static let thief = "palermo.redThief"
    static let doctor = "palermo.doctor"

    @Test(
      "we narrate ourselves: the deal goes to the table as before, nothing is said, and the choice is remembered"
    )
    func manualNarrationKeepsTheTable() throws {
      let session = try TmuxSession(arguments: ["--seed", "3"], fakeVoice: true)
      defer { session.kill() }
      let voice = try #require(session.fakeVoice)
      let play = Driver(session)
      try play.chooseGame(1)
      try play.addPlayers(["Anna", "Bob", "Chris", "Dora", "Eve"])
      try play.continueToSetup()
      try play.suggestAndDeal(players: 5, first: "Anna")  // "We narrate ourselves"
      let dealt = try play.saved()
      try play.revealAll(dealt)
      let table = try play.waitForRows(try play.saved())
      #expect(table.contains(play.text("phase.night.name", ["round": "1"])))
      #expect(!table.contains(play.text("narrator.title")), "\(TmuxSession.framed(table))")
      #expect(
        !dealt.text.contains("\"narration\""), "a manual game has no narration: \(dealt.text)")
      #expect(voice.calls().isEmpty, "said at a manual table: \(voice.calls())")

      // Leave the game; the next deal offers the same way to narrate first.
      try session.sendKeys("Escape")
      try session.waitFor(play.text("confirm.abandonGame.title"))
      try session.type(play.text("confirm.yes.key"))
      try play.chooseGame(1)
      try session.sendKeys("+")  // last time's players
      try session.waitFor("5. Eve")
      try play.continueToSetup()
      try session.sendKeys("s")
      try session.waitFor(play.text("setup.chosenCount", ["chosen": "5", "players": "5"]))
      try session.sendKeys("d")
      try session.settled("▸ " + play.text("setup.narration.manual"))
    }

    @Test(
      "leaving a narrated game while a line is said leaves no espeak-ng: the terminal closed; leave the game, quit from the menu"
    )
    func leavingWhileALineIsSaid() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let first = try TmuxSession(arguments: ["--seed", "5"], dataDirectory: data, fakeVoice: true)
      defer { first.kill() }
      var voice = try #require(first.fakeVoice)
      var play = Driver(first)
      let dealt = try play.dealNarrated(
        ["Anna", "Bob", "Chris", "Dora", "Eve"], roles: Driver.oneThiefRoles, mode: .parea)
      try play.revealAllToDusk(dealt)
      let nightFalls = play.text("narrator.say.nightFalls", ["round": "1"])
      try first.sendKeys("Enter")
      try voice.waitUntilAsked(nightFalls)
      #expect(voice.leftBehind().map(\.text) == [nightFalls], "the line is being said")

      // The terminal is closed (SIGHUP) while the line is said.
      try first.signal(SIGHUP)
      #expect(try first.waitForExit() == 128 + SIGHUP)
      expectRestored(try first.sttyAfterExit())
      #expect(voice.leftBehind().isEmpty, "left behind by SIGHUP: \(voice.leftBehind())")
      first.kill()

      // Resumed, night falls again; Esc, leave the game, quit from the menu.
      let second = try TmuxSession(dataDirectory: data, fakeVoice: true)
      defer { second.kill() }
      voice = try #require(second.fakeVoice)
      play = Driver(second)
      try play.expectResumeOffered(game: "palermo", players: 5)
      try second.sendKeys("Enter")
      try second.waitFor(play.text("key.nightFalls"))
      try second.sendKeys("Enter")
      try voice.waitUntilAsked(nightFalls)
      try second.sendKeys("Escape")
      try second.waitFor(play.text("confirm.abandonGame.title"))
      try second.type(play.text("confirm.yes.key"))
      try play.waitForHome()
      try second.sendKeys(Screens.quitKey)
      #expect(try second.waitForExit() == 0)
      #expect(voice.leftBehind().isEmpty, "left behind after quitting: \(voice.leftBehind())")
      #expect(voice.calls().map(\.text) == [nightFalls])
    }

    private static func unwrap<Value>(_ value: Value?, _ what: String = #function) throws -> Value {
      guard let value else { throw HarnessError("missing \(Value.self) in \(what)") }
      return value
    }
  }
}
