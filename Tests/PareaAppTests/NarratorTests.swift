import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

// The narrator in the app: a whole night and day driven by keys and ticks,
// with the lines to be spoken as effects; the screens of each stage as golden
// text in both languages; and the privacy of the night's steps, channel by
// channel (words, colour and attributes, size and position, the bell and the
// voice): a step looks and sounds the same whether its role is alive, out or
// not dealt. The timing channel is pinned by the rules' `NightTimingTests`.
//
// Why one file of this length: one night and one day of the same dealt app,
// stage by stage and channel by channel; split, each part would repeat the
// deal and the keys that reach its stage.

/// Seven players dealt Palermo's suggested roles, everyone revealed, at dusk.
private func narratedApp(_ language: Language = .en, mode: NarrationMode = .parea, seed: UInt64 = 7) -> App {
  var app = App(configuration: configuration(language, seed: seed, narration: mode))
  app.press(.enter)
  app.addPlayers(sevenNames)
  app.press(.enter, .enter, .character("s"), .character("d"))
  app.revealEveryoneByKeys()
  return app
}

extension App {
  var narration: Narration? { state.session?.narration }

  /// Moves the clock to the end of the timed stage on show; returns the effects.
  mutating func waitOutStage(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
    let ends = try #require(narration?.stageEnds, "no timed stage", sourceLocation: sourceLocation)
    return tick(now: ends)
  }

  /// Plays the night on show to its end: at each step the thieves choose
  /// `victim` (their step waits for them past its time) and the Doctor
  /// protects `protect` (nil: the Doctor's time runs out). Returns the effects.
  mutating func playTheNight(
    victim: Int, protect: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Effect] {
    var effects: [Effect] = []
    while let narration, narration.stage.isSecret {
      if let table = state.table, case .awake(let index) = narration.stage, !narration.hasChosen(on: table) {
        let step = narration.steps(on: table)[index].id
        if step == "thieves", !table.isMeetingNight() {
          effects += try choose(seat: victim, sourceLocation: sourceLocation)
          try #require(state.table.map { self.narration?.hasChosen(on: $0) != false } == true, "the choice was not taken", sourceLocation: sourceLocation)
          continue
        }
        if step == "doctor", let protect {
          effects += try choose(seat: protect, sourceLocation: sourceLocation)
          try #require(state.table.map { self.narration?.hasChosen(on: $0) != false } == true, "the choice was not taken", sourceLocation: sourceLocation)
          continue
        }
      }
      effects += try waitOutStage(sourceLocation: sourceLocation)
    }
    return effects
  }

  /// A night in which nobody dies: the thieves choose a citizen (another
  /// each night) and the Doctor protects them.
  mutating func playAQuietNight(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
    let table = try #require(state.table, sourceLocation: sourceLocation)
    let doctor = try #require(table.seats(holding: Palermo.Roles.doctor).first, sourceLocation: sourceLocation)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    // Another each night: the Doctor may not protect the same player twice running by default.
    let citizens = table.alive.filter { $0 != doctor && !thieves.contains($0) }
    try #require(!citizens.isEmpty, sourceLocation: sourceLocation)
    let victim = citizens[(table.round - 1) % citizens.count]
    return try playTheNight(victim: victim, protect: victim, sourceLocation: sourceLocation)
  }

  /// Records the vote as a count of hands: `hands` raised for each seat
  /// (none for the rest), from the vote's "count the hands" entry, confirmed.
  @discardableResult
  mutating func count(_ hands: [Int: Int], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
    let table = try #require(state.table, sourceLocation: sourceLocation)
    let candidates = try #require(narration, sourceLocation: sourceLocation).candidates(on: table)
    for _ in 0..<(candidates.count + 3) { press(.up) }
    for _ in 0..<(candidates.count + 2) { press(.down) }
    press(.enter)  // the count opens
    let counting = { if let page = state.screen.as(NarratorScreen.self) { page.counting != nil } else { false } }()
    try #require(counting, "the count did not open", sourceLocation: sourceLocation)
    for (row, seat) in candidates.enumerated() {
      if row > 0 { press(.down) }
      if let raised = hands[seat] { press(.character(Character(String(raised)))) }
    }
    press(.enter)  // its result, to confirm
    return press(.enter)
  }

  /// Highlights `seat` in the list on show and confirms it.
  mutating func choose(seat: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
    guard let table = state.table, let narration else { return [] }
    var entries = narration.candidates(on: table)
    if narration.stage == .vote { entries.append(-1) }
    let index = try #require(entries.firstIndex(of: seat), "seat \(seat) is not on the list", sourceLocation: sourceLocation)
    for _ in 0..<10 { press(.up) }
    for _ in 0..<index { press(.down) }
    press(.enter)
    return press(.enter)
  }

  func line(_ key: String, _ args: [String: String] = [:]) -> String {
    Catalog.builtIn(state.language).text(key, args)
  }

  func speech(_ lines: String...) -> Effect {
    .speak(Speech(text: lines.joined(separator: " "), language: state.language, wordsPerMinute: 150))
  }
}

@Suite struct NarratorFlowTests {
  @Test func aWholeNightAndDayByKeysAndTicks() throws {
    var app = narratedApp()
    let table = try #require(app.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    let doctor = try #require(table.seats(holding: Palermo.Roles.doctor).first)
    let victim = try #require(table.alive.first { !thieves.contains($0) && $0 != doctor })
    #expect(app.state.screen == .narrator(NarratorScreen()))
    #expect(app.narration?.stage == .dusk)

    // Night falls on Enter: the line is spoken and the game saved.
    #expect(app.press(.enter) == [app.speech(app.line("narrator.say.nightFalls", ["night": app.line("narrator.night.1")])), .saveGame])
    #expect(app.narration?.stage == .nightFalls)
    // The thieves wake when the pause is over.
    #expect(try app.waitOutStage() == [app.speech(app.line("game.palermo.step.thieves.wake")), .saveGame])
    // Their choice repaints the screen to "eyes closed" at once, with nothing said.
    #expect(try app.choose(seat: victim) == [.redrawAll, .saveGame])
    #expect(app.narration?.stage == .awake(step: 0))
    // The step goes on until its time is over, then "close your eyes".
    #expect(try app.waitOutStage() == [.redrawAll, app.speech(app.line("game.palermo.step.thieves.sleep")), .saveGame])
    #expect(try app.waitOutStage() == [app.speech(app.line("game.palermo.step.doctor.wake")), .saveGame])
    // The Doctor protects someone else: the victim dies in the morning.
    let other = try #require(table.alive.first { $0 != victim && $0 != doctor })
    #expect(try app.choose(seat: other) == [.redrawAll, .saveGame])
    #expect(try app.waitOutStage() == [.redrawAll, app.speech(app.line("game.palermo.step.doctor.sleep")), .saveGame])
    let morning = try app.waitOutStage()
    let name = table.seats[victim].name
    #expect(morning == [
      app.speech(app.line("narrator.say.morning") + " " + app.line("narrator.say.died", ["name": name])), .saveGame,
    ])
    #expect(app.narration?.stage == .morning)
    #expect(app.state.table?.seats[victim].death == .killedAtNight)
    #expect(app.state.table?.phase == .day)

    // The day: Enter starts the discussion and its timer; the timer running out starts the vote.
    #expect(app.press(.enter) == [app.speech(app.line("narrator.say.day", ["day": app.line("narrator.day.1")])), .saveGame])
    let timer = try #require(app.state.timer)
    #expect(timer.running && timer.duration == 180)
    let start = app.state.clock
    #expect(app.tick(now: start) == [])
    #expect(app.tick(now: start + 179_000) == [])
    #expect(app.tick(now: start + 180_000) == [app.speech(app.line("narrator.say.timeUp")), .saveGame])
    #expect(app.narration?.stage == .vote)
    #expect(app.state.timer == nil)
    // A tie: nobody leaves (the default), and the table waits at dusk for the next night.
    #expect(try app.choose(seat: -1) == [app.speech(app.line("narrator.say.tied.nobody")), .saveGame])
    #expect(app.narration?.stage == .dusk)
    #expect(app.state.table?.log.last == .tied(among: nil))
    #expect(app.press(.enter) == [app.speech(app.line("narrator.say.nightFalls", ["night": app.line("narrator.night.2")])), .saveGame])
    #expect(app.state.table?.phase == .night)
    #expect(app.state.table?.round == 2)
  }

  @Test func theGameEndsOnTheSummaryWithTheWinnerSaid() throws {
    var app = narratedApp()
    let table = try #require(app.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    // Two days that vote out a thief each, with quiet nights between.
    for thief in thieves {
      app.press(.enter)
      _ = try app.playAQuietNight()
      #expect(app.narration?.stage == .morning)
      app.press(.enter, .enter)  // the day, then straight to the vote
      let effects = try app.choose(seat: thief)
      if thief == thieves.last {
        #expect(effects == [
          app.speech(
            app.line("narrator.say.votedOut", ["name": table.seats[thief].name]),
            app.line("narrator.say.won.palermo.town")),
          .redrawAll, .saveGame,
        ])
      }
    }
    #expect(app.state.screen.isSummary)
    #expect(app.state.table?.winner == Palermo.town)
    // No undo after a narrated game: the night cannot be replayed in the open.
    app.press(.character("u"))
    #expect(app.state.confirmation == nil)
  }

  @Test func leavingANarratedGameSilencesItsLine() throws {
    var app = narratedApp()
    app.press(.enter)
    _ = try app.waitOutStage()
    #expect(app.press(.escape) == [])
    #expect(app.state.confirmation != nil)
    #expect(app.press(.character("y")) == [.silence, .saveGame, .redrawAll])
    #expect(app.state.session == nil)
  }

  @Test func withTheVoiceOffEachStepRingsTheBell() throws {
    var app = narratedApp()
    var state = app.state
    state.preferences.voice = false
    app = App(state: state, configuration: configuration(narration: .parea))
    #expect(app.press(.enter) == [.bell, .saveGame])
  }

  @Test func theModeratorSpeaksOnlyWithTheVoiceOnAndSeesRolesBehindAQuestion() throws {
    var app = narratedApp(mode: .moderator)
    #expect(app.press(.enter) == [.bell, .saveGame])
    app.press(.character("v"))
    #expect(try app.waitOutStage() == [app.speech(app.line("game.palermo.step.thieves.wake")), .saveGame])
    let looks = app.state.table?.seats.map(\.views)
    app.press(.character("r"))
    #expect(app.state.confirmation?.question == .moderatorRoles)
    app.press(.character("y"))
    var showing = false
    if let page = app.state.screen.as(NarratorScreen.self) { showing = page.showingRoles }
    #expect(showing)
    #expect(app.state.table?.seats.map(\.views) == looks, "the moderator's look is nobody's look")
  }

  @Test func aGameResumedDuringTheNightStartsAgainAtDusk() throws {
    var app = narratedApp()
    app.press(.enter)
    _ = try app.waitOutStage()
    let table = try #require(app.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    let victim = try #require(table.alive.first { !thieves.contains($0) })
    _ = try app.choose(seat: victim)
    let session = try #require(app.state.session)
    let read = try session.savedAndRead()
    var restarted = App(configuration: configuration(narration: .parea))
    restarted.send(.started(savedNames: [], session: read))
    restarted.press(.enter)  // Resume on the home screen
    #expect(restarted.state.screen == .narrator(NarratorScreen(resumedNight: true)))
    #expect(restarted.narration?.stage == .dusk)
    // Night falls again and the night goes on with the Doctor: the thieves' choice stands.
    restarted.press(.enter)
    #expect(try restarted.waitOutStage() == [restarted.speech(restarted.line("game.palermo.step.doctor.wake")), .saveGame])
    #expect(restarted.state.table?.choicesThisPhase.map(\.seat) == [victim])
  }
}

/// Who holds the role of a night step.
enum StepHolder { case alive, dead, notDealt }

/// The night's privacy, channel by channel: the same screen, styles and sound
/// whoever holds the role, alive, out or not dealt.
@Suite struct NarratorPrivacyTests {
  /// The Doctor's step of the first night on a table where the Doctor is
  /// alive, out or not dealt (same names, same seats otherwise).
  static func doctorStep(_ doctor: StepHolder, language: Language) throws -> (App, [Effect]) {
    var roles: [RoleID] = [
      Palermo.Roles.redThief, Palermo.Roles.blackThief, Palermo.Roles.doctor, Palermo.Roles.citizens[0],
      Palermo.Roles.citizens[1], Palermo.Roles.citizens[2], Palermo.Roles.citizens[3],
    ]
    if doctor == .notDealt { roles[2] = Palermo.Roles.citizens[4] }
    var table = Table(
      game: Palermo(), seats: zip(sevenNames, roles).map { Seat(name: $0.0, role: $0.1) })
    if doctor == .dead { try table.markDead(2, cause: .votedOut) }
    var session = GameSession(
      table: table, players: sevenNames, setup: Setup(roles: roles),
      narration: Narration(mode: .parea, seed: 11))
    session.nextReveal = 7
    var state = AppState(language: language)
    state.session = session
    state.screen = .narrator(NarratorScreen())
    var app = App(state: state, configuration: configuration(language, narration: .parea))
    var effects = app.press(.enter)
    effects += try app.waitOutStage()  // thieves wake
    effects += try app.choose(seat: 5)  // they choose a citizen (their step waits for it)
    effects += try app.waitOutStage()  // thieves sleep
    effects += try app.waitOutStage()  // the Doctor wakes
    return (app, effects)
  }

  @Test(arguments: [Language.en, .el]) func aStepLooksAndSoundsTheSameWhoeverHoldsTheRole(_ language: Language) throws {
    let (alive, aliveEffects) = try Self.doctorStep(.alive, language: language)
    // With the Doctor out, the list of who may be protected is one shorter:
    // compare the Doctor dealt-and-alive with not dealt, and out with out.
    let (notDealt, notDealtEffects) = try Self.doctorStep(.notDealt, language: language)
    #expect(alive.narration?.stage == .awake(step: 1))
    // Words, colour, attributes, size and position: the same cells.
    #expect(alive.render(width: 80, height: 24) == notDealt.render(width: 80, height: 24))
    // The voice and the bell: the same effects.
    #expect(aliveEffects == notDealtEffects)
    // The end of the step: the same repaint, the same line.
    var aliveEnd = alive
    var notDealtEnd = notDealt
    #expect(try aliveEnd.waitOutStage() == notDealtEnd.waitOutStage())
    #expect(aliveEnd.render(width: 80, height: 24) == notDealtEnd.render(width: 80, height: 24))
    expectGolden(aliveEnd.render(width: 80, height: 24), "narrator-eyes-closed.\(language)", styles: true)
    let (dead, deadEffects) = try Self.doctorStep(.dead, language: language)
    #expect(deadEffects == aliveEffects)
    #expect(dead.narration?.stageEnds.map { $0 - dead.state.clock } == alive.narration?.stageEnds.map { $0 - alive.state.clock })
  }

  @Test(arguments: [Language.en, .el]) func aChoiceTurnsTheScreenToTheNeutralOne(_ language: Language) throws {
    var (app, _) = try Self.doctorStep(.alive, language: language)
    app.waitOutPause()
    let before = app.render(width: 80, height: 24)
    expectGolden(before, "narrator-awake.\(language)", styles: true)
    #expect(try app.choose(seat: 0) == [.redrawAll, .saveGame])
    var asleep = app
    _ = try asleep.waitOutStage()
    // The chosen screen and the pause after the step are one and the same.
    #expect(app.render(width: 80, height: 24) == asleep.render(width: 80, height: 24))
  }
}

@Suite struct NarratorGoldenTests {
  /// "Who narrates?" asks the outside world for the voice once; without it
  /// (or with it off) the page says that a bell cannot wake the right
  /// players, below the choices; with it, nothing is said.
  @Test(arguments: [Language.en, .el]) func withoutAVoiceWhoNarratesSaysSo(_ language: Language) throws {
    var app = App(configuration: configuration(language, narration: .parea))
    app.press(.enter)
    app.addPlayers(sevenNames)
    // The players go on to who narrates, the setup's first page.
    let effects = app.press(.enter)
    #expect(effects.contains(.lookForVoice))
    #expect(app.state.screen.setupPage?.choosingNarration == true)
    let words = Words(wording: Catalog.builtIn(language))
    var found = app
    found.send(.voiceLookedFor(found: true))
    #expect(found.state.voiceFound == true)
    #expect(!found.render(width: 80, height: 24).lines.joined().contains(String(words("setup.narration.noVoice").prefix(10))))
    app.send(.voiceLookedFor(found: false))
    expectGolden(app.render(width: 80, height: 24), "setup-narration-novoice.\(language)", styles: true)
    // Looked for once: back to the players and on again asks nothing more;
    // nor do the roles and back (Esc from the roles returns to who narrates).
    app.press(.escape)
    #expect(app.state.screen.playersPage != nil)
    #expect(!app.press(.enter).contains(.lookForVoice))
    app.press(.enter)
    #expect(app.state.screen.setupPage?.choosingNarration == false)
    #expect(!app.press(.escape).contains(.lookForVoice))
    #expect(app.state.screen.setupPage?.choosingNarration == true)
    // The notice fits whole in the rows below the choices.
    for key in ["setup.narration.noVoice", "setup.narration.voiceOff"] {
      #expect(TextWidth.wrap(words(key), width: 72).count <= 3, "\(key) in \(language)")
    }
    // Every mode's words fit in their two lines.
    for mode in NarrationMode.menu {
      let hint = mode == .parea ? words.line(.pareaHint, of: "palermo") : words(AppKeys.narrationHint(mode))
      #expect(TextWidth.wrap(hint, width: 70).count <= 2, "\(mode) in \(language)")
    }
  }

  /// A night's victim who is the Black kamikaze: the morning is said first,
  /// then the kamikaze chooses; the moderator's screen says both, in that
  /// order, and says it again after a restart.
  @Test(arguments: [Language.en, .el]) func theMorningComesBeforeANightKamikazesChoice(_ language: Language) throws {
    let roles: [RoleID] = [
      Palermo.Roles.redThief, Palermo.Roles.blackThief, Palermo.Roles.doctor, Palermo.Roles.blackKamikaze,
      Palermo.Roles.citizens[0], Palermo.Roles.citizens[1], Palermo.Roles.citizens[2],
    ]
    let table = Table(game: Palermo(), seats: zip(sevenNames, roles).map { Seat(name: $0.0, role: $0.1) })
    var session = GameSession(
      table: table, players: sevenNames, setup: Setup(roles: roles), narration: Narration(mode: .moderator, seed: 11))
    session.nextReveal = 7
    var state = AppState(language: language)
    state.session = session
    state.screen = .narrator(NarratorScreen())
    var app = App(state: state, configuration: configuration(language, narration: .moderator))
    app.press(.enter)
    _ = try app.playTheNight(victim: 3, protect: 4)
    #expect(app.narration?.stage == .takeAlong)
    let morning = app.line("narrator.say.morning")
    let screen = app.render(width: 80, height: 24).lines.joined(separator: " ")
    let said = screen.replacingOccurrences(of: "|", with: " ").split(separator: " ").joined(separator: " ")
    // The morning names the kamikaze once: the choice that follows does not name them again.
    let kamikaze = app.line("game.palermo.line.takeAlongAgain")
    #expect(said.contains(morning))
    #expect(said.components(separatedBy: sevenNames[3]).count == 2, "\(said)")
    expectGolden(app.render(width: 80, height: 24), "narrator-moderator-night-kamikaze.\(language)")
    // After a restart, what the stage shows keeps the same order.
    let current = NarratorLines.current(
      try #require(app.narration), table: try #require(app.state.table), words: Words(wording: Catalog.builtIn(language)))
    let first = try #require(current.range(of: morning))
    let second = try #require(current.range(of: kamikaze))
    #expect(first.lowerBound < second.lowerBound)
  }

  /// The thieves' step past its time waits for their choice and says so, in
  /// each mode; the choice ends it.
  @Test(arguments: [Language.en, .el]) func theThievesStepWaitsForTheirChoice(_ language: Language) throws {
    for mode in [NarrationMode.parea, .moderator] {
      var app = narratedApp(language, mode: mode)
      app.press(.enter)
      _ = try app.waitOutStage()  // the thieves wake
      #expect(try app.waitOutStage().isEmpty)  // their time is over: nothing is said
      #expect(app.narration?.waitsForChoice == true)
      app.tick(now: app.state.clock + 600_000)
      #expect(app.narration?.stage == .awake(step: 0))
      expectGolden(app.render(width: 80, height: 24), "narrator-waiting-\(mode).\(language)", styles: true)
      let table = try #require(app.state.table)
      let citizen = try #require(table.alive.first { table.seats[$0].role == Palermo.Roles.citizens[0] })
      let effects = try app.choose(seat: citizen)
      #expect(app.narration?.stage == .asleep(step: 0))
      #expect(effects.contains(.redrawAll) && effects.contains(.saveGame))
    }
  }

  @Test(arguments: [Language.en, .el]) func stages(_ language: Language) throws {
    var app = App(configuration: configuration(language, narration: .parea))
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter)
    expectGolden(app.render(width: 80, height: 24), "setup-narration.\(language)")
    app.press(.enter, .character("s"), .character("d"))
    app.revealEveryoneByKeys()
    expectGolden(app.render(width: 80, height: 24), "narrator-dusk.\(language)")
    let table = try #require(app.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    // A man's name in -ος is the victim: the announcement names him as a label.
    let victim = try #require(table.seats.indices.first { table.seats[$0].name.hasSuffix("ος") && !thieves.contains($0) })
    app.press(.enter)
    _ = try app.waitOutStage()
    _ = try app.choose(seat: victim)
    for _ in 0..<4 { _ = try app.waitOutStage() }
    expectGolden(app.render(width: 80, height: 24), "narrator-morning.\(language)")
    app.press(.enter, .enter)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "narrator-vote.\(language)")
    app.press(.down, .enter)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "narrator-confirm.\(language)")

    var moderator = narratedApp(language, mode: .moderator)
    moderator.press(.enter)
    _ = try moderator.waitOutStage()
    moderator.waitOutPause()
    expectGolden(moderator.render(width: 80, height: 24), "narrator-moderator.\(language)")
    // The rest of the night passes with nobody dead; the day's footer fits every key.
    _ = try moderator.playAQuietNight()
    moderator.press(.enter)
    expectGolden(moderator.render(width: 80, height: 24), "narrator-moderator-day.\(language)")
    // After the vote, the dusk tells the moderator to say its result.
    let dealt = try #require(moderator.state.table)
    let citizen = try #require(dealt.alive.first { dealt.seats[$0].role == Palermo.Roles.citizens[0] })
    moderator.press(.enter)
    _ = try moderator.choose(seat: citizen)
    #expect(moderator.narration?.stage == .dusk)
    expectGolden(moderator.render(width: 80, height: 24), "narrator-moderator-dusk.\(language)")
  }
}

@Suite struct NarratorStoryTests {
  /// A narrated game to the town's win: Night 1 kills a man whose name ends
  /// in -ος, Day 1 votes out a thief, Night 2 is saved by the Doctor, Day 2
  /// votes out the other thief.
  static func finishedGame(_ language: Language) throws -> App {
    var app = narratedApp(language)
    let table = try #require(app.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    let doctor = try #require(table.seats(holding: Palermo.Roles.doctor).first)
    let victim = try #require(table.seats.indices.first { table.seats[$0].name.hasSuffix("ος") && !thieves.contains($0) && $0 != doctor })
    let saved = try #require(table.seats.indices.first { !thieves.contains($0) && $0 != doctor && $0 != victim })
    for (night, thief) in thieves.enumerated() {
      app.press(.enter)
      _ = try app.waitOutStage()
      _ = try app.choose(seat: night == 0 ? victim : saved)
      _ = try app.waitOutStage()
      _ = try app.waitOutStage()
      _ = try app.choose(seat: night == 0 ? doctor : saved)
      _ = try app.waitOutStage()
      _ = try app.waitOutStage()
      #expect(app.narration?.stage == .morning)
      app.press(.enter, .enter)
      _ = try app.choose(seat: thief)
    }
    #expect(app.state.screen.isSummary)
    app.showResult()
    return app
  }

  @Test(arguments: [Language.en, .el]) func theSummaryTellsTheGamesStory(_ language: Language) throws {
    var app = try Self.finishedGame(language)
    expectGolden(app.render(width: 80, height: 24), "summary-story.\(language)")
    for _ in 0..<30 { app.press(.down) }
    expectGolden(app.render(width: 80, height: 24), "summary-story-end.\(language)")
  }
}

/// A night by keys and ticks, each step checked whole with `TestStore`: the
/// state before with the stated change, and nothing else. The narration's
/// own fields are not settable from outside: each step's narration is read
/// from a probe (a copy of the app that took the step first), its stage and
/// end are checked, and the store then requires exactly that change.
@Suite struct NarratorWholeStateTests {
  /// The narration after a copy of `app` takes `step`.
  static func probe(_ app: App, _ step: (inout App) -> Void) throws -> Narration {
    var copy = app
    step(&copy)
    return try #require(copy.state.session?.narration)
  }

  static func page(_ selection: Int, confirming: NarratorPick? = nil) -> Screen {
    var page = NarratorScreen()
    page.selection = selection
    page.confirming = confirming
    return .narrator(page)
  }

  @Test func aNightStepByStep() throws {
    var store = TestStore(narratedApp())
    let table = try #require(store.state.table)
    let thieves = Palermo.Roles.thieves.flatMap { table.seats(holding: $0) }
    let doctor = try #require(table.seats(holding: Palermo.Roles.doctor).first)
    // Everyone still in the game is on the list, the thieves too.
    let victims = table.alive
    let victim = try #require(victims.first { $0 != doctor && !thieves.contains($0) })
    let speak = { (key: String) in store.app.speech(store.app.line(key)) }
    var now = store.state.clock
    // What is said is shown until the next stage: the page keeps it.
    var said: SaidLine?
    func page(_ selection: Int, confirming: NarratorPick? = nil) -> Screen {
      var page = NarratorScreen()
      page.selection = selection
      page.confirming = confirming
      page.said = said
      return .narrator(page)
    }
    func saying(_ cues: [NarrationCue], at stage: NarrationStage, _ state: inout AppState) {
      said = SaidLine(cues: cues, stage: stage)
      state.screen = page(0)
    }

    // Dusk → night falls: a fixed pause of 6 s.
    var next = try Self.probe(store.app) { $0.press(.enter) }
    #expect(next.stage == .nightFalls && next.stageEnds == now + 6_000)
    store.press(.enter, effects: [store.app.speech(store.app.line("narrator.say.nightFalls", ["night": store.app.line("narrator.night.1")])), .saveGame]) {
      $0.session?.narration = next
      saying([.nightFalls(round: 1)], at: .nightFalls, &$0)
    }
    // The thieves wake for a drawn 30–45 s; the list starts on its first entry.
    now += 6_000
    next = try Self.probe(store.app) { $0.tick(now: now) }
    let thievesEnd = try #require(next.stageEnds)
    #expect(next.stage == .awake(step: 0) && (now + 30_000...now + 45_000).contains(thievesEnd))
    store.tick(now: now, effects: [speak("game.palermo.step.thieves.wake"), .saveGame]) { [next] in
      $0.clock = now
      $0.session?.narration = next
      $0.keyGuard = KeyPause(since: now)  // the list answers after a quiet moment
      saying([.wake("thieves", meetingOnly: false)], at: .awake(step: 0), &$0)
    }
    store.tick(now: now + 1_000) {
      $0.clock = now + 1_000
      $0.keyGuard = nil
    }
    // ↓ moves the highlight to the victim, Enter asks, Enter confirms (after
    // a quiet moment again): the choice is in the log, the screen goes to
    // "eyes closed", the step goes on.
    let index = try #require(victims.firstIndex(of: victim))
    for step in 0..<index {
      store.press(.down) { $0.screen = page(step + 1) }
    }
    store.press(.enter) {
      $0.screen = page(index, confirming: .seat(victim))
      $0.keyGuard = KeyPause(since: now + 1_000)
    }
    store.tick(now: now + 2_000) {
      $0.clock = now + 2_000
      $0.keyGuard = nil
    }
    try store.press(.enter, effects: [.redrawAll, .saveGame]) {
      $0.screen = page(0)
      try $0.session?.table?.recordChoice("thieves", seat: victim)
    }
    // Keys on the eyes-closed screen change nothing.
    store.press(.down)
    store.press(.enter)
    // The end of the step: "Thieves, close your eyes" (4 s).
    now = thievesEnd
    next = try Self.probe(store.app) { $0.tick(now: now) }
    #expect(next.stage == .asleep(step: 0) && next.stageEnds == now + 4_000)
    store.tick(now: now, effects: [.redrawAll, speak("game.palermo.step.thieves.sleep"), .saveGame]) { [next] in
      $0.clock = now
      $0.session?.narration = next
      saying([.sleep("thieves")], at: .asleep(step: 0), &$0)
    }
    // The Doctor wakes; the time runs out without a choice: "nobody" is logged.
    now += 4_000
    next = try Self.probe(store.app) { $0.tick(now: now) }
    let doctorEnd = try #require(next.stageEnds)
    #expect(next.stage == .awake(step: 1) && (now + 30_000...now + 45_000).contains(doctorEnd))
    store.tick(now: now, effects: [speak("game.palermo.step.doctor.wake"), .saveGame]) { [next] in
      $0.clock = now
      $0.session?.narration = next
      $0.keyGuard = KeyPause(since: now)
      saying([.wake("doctor", meetingOnly: false)], at: .awake(step: 1), &$0)
    }
    now = doctorEnd
    next = try Self.probe(store.app) { $0.tick(now: now) }
    #expect(next.stage == .asleep(step: 1) && next.stageEnds == now + 4_000)
    try store.tick(now: now, effects: [.redrawAll, speak("game.palermo.step.doctor.sleep"), .saveGame]) { [next] in
      $0.clock = now
      $0.session?.narration = next
      $0.keyGuard = nil
      try $0.session?.table?.recordChoice("doctor", seat: nil)
      saying([.sleep("doctor")], at: .asleep(step: 1), &$0)
    }
    // Morning: the victim died, and the table is in Day 1.
    now += 4_000
    next = try Self.probe(store.app) { $0.tick(now: now) }
    #expect(next.stage == .morning && next.stageEnds == nil)
    let name = table.seats[victim].name
    try store.tick(now: now, effects: [
      store.app.speech(store.app.line("narrator.say.morning") + " " + store.app.line("narrator.say.died", ["name": name])),
      .saveGame,
    ]) { [next] in
      $0.clock = now
      $0.session?.narration = next
      // The table's own operations: the night resolved (the victim dies), then Day 1.
      #expect(try $0.session?.table?.resolveNight() == victim)
      try $0.session?.table?.advancePhase()
      saying([.morning(died: victim, saved: false)], at: .morning, &$0)
    }
  }
}

/// Which narrator screens count as secret: the run loop clears the
/// terminal's scroll-back after them (a terminal without an alternate screen
/// would keep a night's choices there for the next player to scroll back to).
@Suite struct NarratorSecretTests {
  @Test func theNightIsSecretAndTheDayIsNot() throws {
    var app = narratedApp()
    #expect(app.narration?.stage == .dusk)
    #expect(!app.state.showsSecret)
    app.press(.enter)
    #expect(app.narration?.stage.isSecret == true)
    #expect(app.state.showsSecret)
    // Through the night: every stage that is secret shows as secret, until morning.
    for _ in 0..<40 where app.narration?.stage.isSecret == true {
      #expect(app.state.showsSecret)
      if let table = app.state.table, let candidates = app.narration?.candidates(on: table),
        let seat = candidates.first, case .awake = app.narration?.stage
      {
        _ = try app.choose(seat: seat)
      } else {
        _ = try app.waitOutStage()
      }
    }
    #expect(app.narration?.stage.isSecret == false)
    #expect(!app.state.showsSecret)
  }

  @Test func theModeratorsListOfRolesIsSecret() throws {
    var app = narratedApp(mode: .moderator)
    #expect(!app.state.showsSecret)
    app.press(.character("r"))
    app.press(.character("y"))
    #expect(app.state.showsSecret)
  }
}
