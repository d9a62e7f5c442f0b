import Foundation
import PareaLocale
import PareaRules
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Why one file of this length: narrated games through the real binary share
// the fake espeak-ng, its log and the game's walk to a win.

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
  /// games run side by side, on threads of one test: about 100 s in all
  /// rather than five minutes (`LongGameTests` runs them beside a night on
  /// the phones). The other end-to-end tests still run alone.
  @Suite
  struct NarratedGameTests {
    static let thief = "palermo.redThief"
    static let doctor = "palermo.doctor"

    /// Three narrated games at once, each to the town's win: Parea in
    /// English, a moderator, Parea in Greek closed by Ctrl-C in the Doctor's
    /// step and resumed (run by `LongGameTests`, beside a night on the phones).
    static func narratedGamesToAWin() {
      let games: [(name: String, play: @Sendable () throws -> Void)] = [
        ("Parea narrates, in English", Self.pareaNarratesToAWin),
        ("a moderator narrates", Self.moderatorNarratesToAWin),
        ("Parea narrates in Greek, closed mid-night and resumed", Self.resumedMidNightToAWin),
      ]
      let errors = runAtOnce(games.map(\.play))
      for (game, error) in zip(games, errors) {
        if let error { Issue.record(Comment(rawValue: "\(game.name): \(error)")) }
      }
    }

    @Test("without espeak-ng, 'Who narrates?' says that a bell cannot wake the right players")
    func whoNarratesWithoutAVoice() throws {
      // A PATH with the pane's own tools and no espeak-ng, wherever it is installed.
      let tools = try TmuxSession.toolsWithout("espeak-ng", keeping: ["stty", "mv", "sleep"])
      defer { try? FileManager.default.removeItem(atPath: tools) }
      let session = try TmuxSession(arguments: ["--seed", "3"], environment: ["PATH": tools])
      defer { session.kill() }
      let play = Driver(session)
      try play.chooseGame(1)
      try play.addPlayers(["Anna", "Bob", "Chris", "Dora", "Eve"])
      // Who narrates is the setup's first page.
      try play.continueToSetup()
      try session.waitFor(play.text("setup.narration.title"))
      let notice = play.text("setup.narration.noVoice")
      let screen = try session.waitUntil("the page says there is no voice") { Screens.flat($0).contains(notice) }
      #expect(Screens.flat(screen).contains(play.text("setup.narration.moderator")), "the moderator is offered")
    }

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

      // Leave the game; the next setup opens on the same way to narrate.
      try session.sendKeys("Escape")
      try session.waitFor(play.text("confirm.abandonGame.title"))
      try session.type(play.text("confirm.yes.key"))
      try play.chooseGame(1)
      try session.sendKeys("+")  // last time's players
      try session.waitFor("5. Eve")
      // Enter goes on from the quick picks too (Space adds or takes out a name).
      try session.sendKeys("Tab")
      try session.sendKeys("Tab")
      try session.waitFor("Space " + play.text("key.toggle"))
      try play.continueToSetup()
      try session.waitFor(play.text("setup.narration.title"))
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
      let nightFalls = play.text("narrator.say.nightFalls", ["night": play.text("narrator.night.1")])
      try first.sendKeys("Enter")
      try voice.waitUntilAsked(nightFalls)
      #expect(FakeVoice.said(voice.leftBehind(), are: [nightFalls]), "the line is being said")

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
      #expect(FakeVoice.said(voice.calls(), are: [nightFalls]))
    }

    // MARK: The games (each on its own thread: they check with `ensure`)

    /// Parea narrates in English, dealt with "vote again" on a tie: the
    /// thieves choose on the laptop, the Doctor protects someone else, the
    /// morning names the victim. By day a player looks again and the settings
    /// open; the town votes nobody out and takes it back; a tie counted hand
    /// by hand is voted again among the two tied, and sends the thief out. Each line is said in English, in order; from
    /// the summary, home and quit leave no line behind.
    static func pareaNarratesToAWin() throws {
      // Seed 273 draws steps of 30.1 s and 30.2 s.
      let session = try TmuxSession(arguments: ["--seed", "273"], fakeVoice: true)
      defer { session.kill() }
      let voice = try unwrap(session.fakeVoice)
      let play = Driver(session)
      try play.voteAgainOnATie()
      let dealt = try play.dealNarrated(
        ["Anna", "Bob", "Chris", "Dora", "Eve"], roles: Driver.oneThiefRoles, mode: .parea)
      let (names, thief, doctor, victim) = try cast(of: dealt)
      try play.revealAllToDusk(dealt)

      var said: [String] = []
      /// Waits for `line` on the screen (in a secret step's pauses only
      /// "eyes closed" shows: then not) and in the voice's log.
      func step(_ line: String, onScreen: Bool = true) throws {
        if onScreen { try play.waitForLine(line, mode: .parea) }
        try voice.waitUntilAsked(line, timeout: Driver.nightWait)
        said.append(line)
      }
      let eyesClosed = play.upper(play.text("narrator.eyesClosed"))

      let dusk = Screens.flatBesideThePanel(
        try play.waitForLine(play.text("narrator.dusk.title", ["round": "1"]), mode: .parea))
      try ensure(dusk.contains(play.text("narrator.dusk.first")), "dusk, first night: \(dusk)")
      try ensure(voice.calls().isEmpty, "said before night fell: \(voice.calls())")
      try session.sendKeys("Enter")
      try step(play.text("narrator.say.nightFalls", ["night": play.text("narrator.night.1")]))

      // The thieves choose; the screen turns to "eyes closed" at once.
      try step(play.text("game.palermo.step.thieves.wake"))
      let victimPrompt = play.text("game.palermo.step.thieves.prompt")
      try session.waitFor(victimPrompt)
      try play.chooseOnList(names[victim], among: names)  // everyone, the thief too
      try session.waitUntilSettled("eyes closed after the thieves' choice") {
        $0.contains(eyesClosed) && !$0.contains(victimPrompt) && !$0.contains(names[victim])
      }
      try step(play.text("game.palermo.step.thieves.sleep"), onScreen: false)

      // The Doctor protects themself: the thieves' victim is not saved.
      try step(play.text("game.palermo.step.doctor.wake"))
      let protectPrompt = play.text("game.palermo.step.doctor.prompt")
      try session.waitFor(protectPrompt)
      try play.chooseOnList(names[doctor], among: names)
      try session.waitUntilSettled("eyes closed after the Doctor's choice") {
        $0.contains(eyesClosed) && !$0.contains(protectPrompt)
      }
      try step(play.text("game.palermo.step.doctor.sleep"), onScreen: false)

      try step(
        play.text("narrator.say.morning") + " "
          + play.text("narrator.say.died", ["name": names[victim]]))
      try session.sendKeys("Enter")
      try step(play.text("narrator.say.day", ["day": play.text("narrator.day.1")]))

      // By day the table does what the manual table does: a player looks at
      // their role again (the count goes to 2), and the settings open over
      // the day and close back to it; nothing is said meanwhile.
      guard let looker = names.indices.first(where: { $0 != victim }) else {
        throw HarnessError("nobody is left to look again")
      }
      try play.lookAgainAndOpenSettingsByDay(looker, of: dealt)

      try session.sendKeys("Enter")
      try step(play.text("narrator.say.vote"))
      try session.waitFor(play.text("narrator.vote.prompt"))
      try session.waitFor(play.text("narrator.vote.tieCount"))  // dealt with "vote again" on a tie
      let alive = names.indices.filter { $0 != victim }
      let voters = play.voteEntries(alive.map { names[$0] })

      // Nobody out, the town's own choice: said, and the day is over; taken back by day.
      try play.chooseOnList(
        play.text("narrator.vote.nobody"), among: voters, asked: play.text("narrator.vote.nobody.asked"))
      try step(play.text("narrator.say.spared"))
      try play.waitForKeys()
      try session.sendKeys("u")
      try session.waitUntilSettled("the undo question names the town's choice") {
        $0.contains(play.text("confirm.undo.title")) && $0.contains(play.text("undo.what.spared"))
      }
      try session.sendKeys("y")
      try session.waitFor(play.text("narrator.vote.prompt"))

      // A tie between the thief and another, counted hand by hand: the town
      // votes again among the two alone, and sends the thief out.
      guard let other = alive.first(where: { $0 != thief }) else { throw HarnessError("no one to tie with") }
      let tied = [thief, other].sorted()
      let tiedNames = tied.map { names[$0] }.joined(separator: ", ")
      try play.countTheHands(
        alive.map { tied.contains($0) ? 2 : 0 }, players: alive.map { names[$0] },
        result: play.text("narrator.vote.result.tied", ["names": tiedNames]))
      try step(play.text("narrator.say.tied.revoteAmong", ["names": tiedNames]))
      let revote = try session.waitUntilSettled("the revote lists the tied alone") { screen in
        Screens.lines(screen).contains { $0.contains("▸ " + names[tied[0]]) }
      }
      for seat in alive where !tied.contains(seat) {
        try ensure(!revote.contains(names[seat]), "\(names[seat]) is on the revote:\n\(TmuxSession.framed(revote))")
      }
      try play.chooseOnList(names[thief], among: play.voteEntries(tied.map { names[$0] }))

      let summary = try play.waitForSummary(winner: "palermo.town")
      try step(
        play.text("narrator.say.votedOut", ["name": names[thief]]) + " "
          + play.text("narrator.say.won.palermo.town"), onScreen: false)
      let lines = Screens.lines(summary)
      for (seat, cause) in [(victim, "killedAtNight"), (thief, "votedOut")] {
        try ensure(
          lines.contains { $0.contains(names[seat]) && $0.contains(play.causeName(cause)) },
          "the summary shows \(names[seat]) \(cause):\n\(TmuxSession.framed(summary))")
      }
      let calls = voice.calls()
      try ensure(FakeVoice.said(calls, are: said), "said \(calls.map(\.text)), expected \(said)")
      try ensure(calls.allSatisfy { $0.language == "en" }, "not all in English: \(calls)")

      // The last line is still being said: home, quit; nothing left behind.
      try session.sendKeys("h")
      try play.waitForHome()
      try session.sendKeys(Screens.quitKey)
      let status = try session.waitForExit()
      try ensure(status == 0, "quit from the menu exited with \(status)")
      try ensure(voice.leftBehind().isEmpty, "still running after quitting: \(voice.leftBehind())")
    }

    /// A moderator narrates, dealt with "vote again" on a tie: each screen
    /// says "Say: «…»" and what to record; the thieves' victim is the one the
    /// Doctor protects, so nobody dies. By day a player looks again and the
    /// settings open; a wrong vote, then "nobody out", are each taken back;
    /// a counted tie is voted again among the tied, and sends the thief out. The voice is off for a moderator unless
    /// turned on: it is asked for nothing.
    static func moderatorNarratesToAWin() throws {
      let session = try TmuxSession(arguments: ["--seed", "273"], fakeVoice: true)
      defer { session.kill() }
      let voice = try unwrap(session.fakeVoice)
      let play = Driver(session)
      try play.voteAgainOnATie()
      let dealt = try play.dealNarrated(
        ["Fay", "Gus", "Hal", "Ivy", "Jo"], roles: Driver.oneThiefRoles, mode: .moderator)
      let (names, thief, _, victim) = try cast(of: dealt)
      try play.revealAllToDusk(dealt)

      /// Waits for "Say: «line»"; returns the screen as one line.
      func say(_ line: String) throws -> String {
        let screen = Screens.flat(try play.waitForLine(line, mode: .moderator))
        let say = play.text("narrator.moderator.say") + " " + play.shown(line, mode: .moderator)
        try ensure(screen.contains(say), "\"\(say)\" on: \(screen)")
        return screen
      }
      let recorded = play.text("narrator.moderator.recorded")

      let dusk = try say(play.text("narrator.dusk.title", ["round": "1"]))
      let duskWords = Screens.flatBesideThePanel(try session.capture())
      try ensure(
        duskWords.contains(play.text("narrator.dusk.moderator")), "dusk for a moderator: \(duskWords)")
      _ = dusk
      try session.sendKeys("Enter")
      let fall = try say(play.text("narrator.say.nightFalls", ["night": play.text("narrator.night.1")]))
      try ensure(
        fall.contains(play.text("narrator.moderator.wait"))
          && !fall.contains("Enter " + play.text("key.nightFalls")), "night falls: \(fall)")

      let thieves = try say(play.text("game.palermo.step.thieves.wake"))
      try ensure(
        thieves.contains(play.text("game.palermo.step.thieves.record")), "the thieves' step: \(thieves)")
      try play.chooseOnList(names[victim], among: names)  // everyone, the thief too
      try session.waitFor(recorded)
      _ = try say(play.text("game.palermo.step.thieves.sleep"))

      let doctorStep = try say(play.text("game.palermo.step.doctor.wake"))
      try ensure(
        doctorStep.contains(play.text("game.palermo.step.doctor.record")), "the Doctor's step: \(doctorStep)"
      )
      try play.chooseOnList(names[victim], among: names)
      try session.waitFor(recorded)
      _ = try say(play.text("game.palermo.step.doctor.sleep"))

      _ = try say(play.text("narrator.say.morning") + " " + play.text("narrator.say.nobodyDied"))
      try session.sendKeys("Enter")
      _ = try say(play.text("narrator.say.day", ["day": play.text("narrator.day.1")]))

      // By day, as on the manual table: a player looks again (the count goes
      // to 2), and the settings open over the day and close back to it.
      let looker = thief == 0 ? 1 : 0
      try play.lookAgainAndOpenSettingsByDay(looker, of: dealt)

      try session.sendKeys("Enter")
      let vote = try say(play.text("narrator.say.vote"))
      try ensure(vote.contains(play.text("narrator.vote.prompt")), "the vote: \(vote)")
      try ensure(vote.contains(play.text("narrator.vote.tieCount")), "dealt with \"vote again\" on a tie: \(vote)")
      let voters = play.voteEntries(names)
      // A slip: the wrong player recorded as voted out. Undone by day, with
      // the question that names it: the vote again.
      try play.chooseOnList(names[victim], among: voters)
      _ = try say(play.text("narrator.say.votedOut", ["name": names[victim]]))
      try play.waitForKeys()
      try session.sendKeys("u")
      try session.waitUntilSettled("the undo question names the vote") {
        $0.contains(play.text("confirm.undo.title")) && $0.contains(names[victim])
      }
      try session.sendKeys("y")
      _ = try say(play.text("narrator.say.vote"))

      // Nobody out, the town's own choice: the day ends; taken back by day.
      try play.chooseOnList(
        play.text("narrator.vote.nobody"), among: voters, asked: play.text("narrator.vote.nobody.asked"))
      _ = try say(play.text("narrator.say.spared"))
      try play.waitForKeys()
      try session.sendKeys("u")
      try session.waitUntilSettled("the undo question names the town's choice") {
        $0.contains(play.text("confirm.undo.title")) && $0.contains(play.text("undo.what.spared"))
      }
      try session.sendKeys("y")
      _ = try say(play.text("narrator.say.vote"))

      // A tie, counted hand by hand, between the thief and the last player:
      // the revote is among the two alone.
      let other = thief == names.count - 1 ? 0 : names.count - 1
      let tied = [thief, other].sorted()
      let tiedNames = tied.map { names[$0] }.joined(separator: ", ")
      try play.countTheHands(
        names.indices.map { tied.contains($0) ? 2 : 0 }, players: names,
        result: play.text("narrator.vote.result.tied", ["names": tiedNames]))
      let revote = try say(play.text("narrator.say.tied.revoteAmong", ["names": tiedNames]))
      for seat in names.indices where !tied.contains(seat) {
        try ensure(!revote.contains(names[seat]), "\(names[seat]) is on the revote: \(revote)")
      }
      try play.chooseOnList(names[thief], among: play.voteEntries(tied.map { names[$0] }))
      try play.waitForSummary(winner: "palermo.town")
      try ensure(
        voice.calls().isEmpty, "the moderator's voice is off, yet it said: \(voice.calls())")
    }

    /// Parea narrates in Greek; the thieves choose, and during the Doctor's
    /// step, while the Doctor's line is being said, Ctrl-C: no line is left
    /// behind. Started again, the game is resumed from the menu: dusk says
    /// the night goes on, night falls again, and the Doctor (not the thieves)
    /// wakes; the Doctor protects someone else, and the morning names the
    /// thieves' victim. Every line in Greek.
    static func resumedMidNightToAWin() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      // Seed 60 draws 31 s for the thieves, and 30.8 s for the Doctor's step after the restart.
      let first = try TmuxSession(
        arguments: ["--lang", "el", "--seed", "60"], dataDirectory: data, fakeVoice: true)
      defer { first.kill() }
      let firstVoice = try unwrap(first.fakeVoice)
      var play = Driver(first, language: .el)
      let dealt = try play.dealNarrated(
        ["Άννα", "Νίκος", "Ελένη", "Γιώργος", "Μαρία"], roles: Driver.oneThiefRoles, mode: .parea)
      let (names, thief, doctor, victim) = try cast(of: dealt)
      let eyesClosed = play.upper(play.text("narrator.eyesClosed"))
      try play.revealAllToDusk(dealt)

      let nightFalls = play.text("narrator.say.nightFalls", ["night": play.text("narrator.night.1")])
      let thievesWake = play.text("game.palermo.step.thieves.wake")
      let thievesSleep = play.text("game.palermo.step.thieves.sleep")
      let doctorWake = play.text("game.palermo.step.doctor.wake")
      try first.sendKeys("Enter")
      try play.waitForLine(nightFalls, mode: .parea)
      try firstVoice.waitUntilAsked(nightFalls)
      try play.waitForLine(thievesWake, mode: .parea)
      try firstVoice.waitUntilAsked(thievesWake)
      try play.chooseOnList(names[victim], among: names)  // everyone, the thief too
      try first.waitFor(eyesClosed)
      try firstVoice.waitUntilAsked(thievesSleep, timeout: Driver.nightWait)
      try play.waitForLine(doctorWake, mode: .parea)
      try firstVoice.waitUntilAsked(doctorWake)
      let midNight = try SavedNarration.read(from: data)
      let thievesChose = SavedNarration.Choice(step: "thieves", seat: victim)
      try ensure(
        midNight == SavedNarration(stage: "awake 1", choices: [thievesChose]),
        "saved in the Doctor's step: \(midNight)")
      try ensure(
        firstVoice.leftBehind().contains { $0.says(doctorWake) },
        "the Doctor's line is being said: \(firstVoice.leftBehind())")

      try first.sendKeys("C-c")
      let status = try first.waitForExit()
      try ensure(status == 130, "Ctrl-C exited with \(status)")
      let stty = try first.sttyAfterExit()
      try ensure(isRestored(stty), "the terminal's modes after Ctrl-C: \(stty)")
      try ensure(
        firstVoice.leftBehind().isEmpty, "left behind by Ctrl-C: \(firstVoice.leftBehind())")
      let before = firstVoice.calls()
      try ensure(
        FakeVoice.said(before, are: [nightFalls, thievesWake, thievesSleep, doctorWake]),
        "said before Ctrl-C: \(before)")
      try ensure(before.allSatisfy { $0.language == "el" }, "not all in Greek: \(before)")
      try ensure(try SavedNarration.read(from: data) == midNight, "closing changed the saved night")
      first.kill()

      let second = try TmuxSession(
        arguments: ["--lang", "el"], dataDirectory: data, fakeVoice: true)
      defer { second.kill() }
      let voice = try unwrap(second.fakeVoice)
      play = Driver(second, language: .el)
      try second.settled(
        play.text("home.resume", ["game": play.text("game.palermo.name"), "count": "5"]))
      try second.sendKeys("Enter")
      let dusk = Screens.flatBesideThePanel(
        try play.waitForLine(play.text("narrator.dusk.title", ["round": "1"]), mode: .parea))
      try ensure(
        dusk.contains(play.text("narrator.dusk.resumed")), "dusk after the restart: \(dusk)")
      try ensure(voice.calls().isEmpty, "said before night fell again: \(voice.calls())")

      var said: [String] = []
      func step(_ line: String, onScreen: Bool = true) throws {
        if onScreen { try play.waitForLine(line, mode: .parea) }
        try voice.waitUntilAsked(line, timeout: Driver.nightWait)
        said.append(line)
      }
      try second.sendKeys("Enter")
      try step(nightFalls)
      // The thieves have chosen: the night goes on with the Doctor.
      try step(doctorWake)
      try play.chooseOnList(names[doctor], among: names)
      try second.waitUntilSettled("eyes closed after the Doctor's choice") {
        $0.contains(eyesClosed) && !$0.contains(play.text("game.palermo.step.doctor.prompt"))
      }
      try step(play.text("game.palermo.step.doctor.sleep"), onScreen: false)
      try step(
        play.text("narrator.say.morning") + " "
          + play.text("narrator.say.died", ["name": names[victim]]))
      try second.sendKeys("Enter")
      try step(play.text("narrator.say.day", ["day": play.text("narrator.day.1")]))
      try second.sendKeys("Enter")
      try step(play.text("narrator.say.vote"))
      let voters = names.filter { $0 != names[victim] } + [play.text("narrator.vote.nobody")]
      try play.chooseOnList(names[thief], among: voters)
      try play.waitForSummary(winner: "palermo.town")
      try step(
        play.text("narrator.say.votedOut", ["name": names[thief]]) + " "
          + play.text("narrator.say.won.palermo.town"), onScreen: false)
      let calls = voice.calls()
      try ensure(
        FakeVoice.said(calls, are: said), "said after the restart \(calls.map(\.text)), expected \(said)")
      try ensure(calls.allSatisfy { $0.language == "el" }, "not all in Greek: \(calls)")
    }

    /// Who is who in a dealt one-thief game: the names, the thief's seat, the
    /// Doctor's, and the first other seat (the thieves' victim in every game).
    private static func cast(of dealt: SavedGameFile) throws -> (names: [String], thief: Int, doctor: Int, victim: Int) {
      let thief = try unwrap(dealt.seats(holding: Self.thief).first)
      let doctor = try unwrap(dealt.seats(holding: Self.doctor).first)
      let victim = try unwrap(dealt.seats.indices.first { $0 != thief && $0 != doctor })
      return (dealt.names, thief, doctor, victim)
    }

    private static func unwrap<Value>(_ value: Value?, _ what: String = #function) throws -> Value {
      guard let value else { throw HarnessError("missing \(Value.self) in \(what)") }
      return value
    }
  }
}
