import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// "Lighthouse", a game that exists only in this file: 3–8 players, one or two
/// smugglers who know each other, a Keeper who may accuse twice, sailors. The
/// sailors win when no smuggler is left; the smugglers when they are as many as
/// the rest. Added to the registry, it is set up, dealt, revealed and played
/// with no change to any screen.
struct Lighthouse: GameType {
  static let smuggler: RoleID = "lighthouse.smuggler"
  static let keeper: RoleID = "lighthouse.keeper"
  static let sailor: RoleID = "lighthouse.sailor"
  static let crew: SideID = "lighthouse.crew"
  static let ring: SideID = "lighthouse.ring"

  var id: GameID { "lighthouse" }
  var players: ClosedRange<Int> { 3...8 }
  var sides: [Side] { [Side(id: Self.crew, isBad: false), Side(id: Self.ring, isBad: true)] }
  var roles: [Role] {
    [
      Role(id: Self.smuggler, side: Self.ring, knows: [Self.smuggler]),
      Role(id: Self.keeper, side: Self.crew, abilities: [.accuses(attempts: 2)]),
      Role(id: Self.sailor, side: Self.crew),
    ]
  }
  var setupKind: SetupKind {
    .countBad(bad: Self.smuggler, limit: 1...2, fixed: [Self.keeper], filler: Self.sailor)
  }
  var deathCauses: [DeathCause] { [.votedOut] }

  func winner(of table: Table) -> SideID? {
    let alive = table.alive.map { table.seats[$0].role }
    let smugglers = alive.filter { $0 == Self.smuggler }.count
    if smugglers == 0 { return Self.crew }
    return smugglers >= alive.count - smugglers ? Self.ring : nil
  }
}

/// The catalog, plus words for Lighthouse made from its keys ("LH keeper name").
struct LighthouseWording: Wording {
  let catalog: Catalog

  func text(_ key: String, _ args: [String: String]) -> String {
    let parts = key.split(separator: ".")
    guard parts.count >= 2, parts[1] == "lighthouse" else { return catalog.text(key, args) }
    return (["LH"] + parts.dropFirst(2)).joined(separator: " ")
  }
  func plural(_ key: String, count: Int) -> String {
    key.contains(".lighthouse.") ? text(key, [:]) + " ×\(count)" : catalog.plural(key, count: count)
  }
  func upper(_ text: String) -> String { catalog.upper(text) }
  func has(_ key: String) -> Bool { key.hasPrefix("game.lighthouse.") || catalog.has(key) }
}

@Suite struct FourthGameAppTests {
  static func app() -> App {
    var configuration = configuration(seed: 11)
    configuration.wording = { LighthouseWording(catalog: Catalog.builtIn($0)) }
    configuration.registry = GameRegistry.standard.adding(Lighthouse())
    return App(configuration: configuration)
  }

  @Test func itIsOnTheMenuSetUpDealtRevealedAndPlayed() throws {
    var app = Self.app()
    let home = app.render(width: 80, height: 24)
    #expect(home.lines.contains { $0.contains("LH name") })
    app.press(playKey("lighthouse", registry: app.state.registry))
    #expect(app.state.game == "lighthouse")
    #expect(app.state.screen == .players(PlayersScreen()))
    app.addPlayers(["Anna", "Bob", "Chris", "Dina", "Eve"])
    app.send(.players(.proceed))
    try #require(app.state.screen.setupPage != nil, "not on the setup: \(app.state.screen)")
    let setup = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(setup.contains("LH smuggler count ×1"), "\(setup)")
    app.press(.enter)  // deal with one smuggler
    let table = try #require(app.state.table)
    #expect(table.rules.id == "lighthouse")
    #expect(table.seats.filter { $0.role == Lighthouse.smuggler }.count == 1)
    #expect(table.seats.filter { $0.role == Lighthouse.keeper }.count == 1)
    // Every player sees their own role, in private, through the same screens as any game.
    for seat in table.seats.indices {
      app.waitOutPause()
      try #require(app.state.screen == .handOff(HandOffScreen(seat: seat)))
      app.press(.enter)
      #expect(app.state.screen == .reveal(RevealScreen(seat: seat)))
      let card = app.render(width: 80, height: 24).lines.joined(separator: "\n")
      let role = table.seats[seat].role.rawValue.dropFirst("lighthouse.".count)
      #expect(card.contains("LH \(role.uppercased()) NAME"))
      app.press(.enter)
    }
    try #require(app.state.screen.tablePage != nil, "not at the table: \(app.state.screen)")
    // The table offers what the game declares: marking out, the Keeper's accusation; no phases, no timer.
    let commands = TableScreen.commands(for: app.state)
    #expect(commands.contains(.markDead) && commands.contains(.accuse))
    #expect(!commands.contains(.nextPhase) && !commands.contains(.timer) && !commands.contains(.locations))
    // The town votes out the smuggler: the crew wins and the summary says so.
    let smuggler = try #require(table.seats.firstIndex { $0.role == Lighthouse.smuggler })
    app.send(.table(.command(.markDead)))
    for _ in 0..<smuggler { app.send(.table(.move(1))) }
    app.send(.table(.pick))
    try #require(app.state.screen.isSummary, "no summary: \(app.state.screen)")
    #expect(app.state.table?.winner == Lighthouse.crew)
    app.showResult()
    let summary = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(summary.contains("LH CREW WIN"))
  }
}

/// "Harbour", a game with a night that exists only in this file: 4–8
/// players, one or two smugglers who choose a victim at night, a Keeper whose
/// lantern checks one player each night and sees at once, in private,
/// whether that player is a smuggler, and sailors. Its night step with a
/// private answer is data (`NightAction.check`); the narrator runs it with
/// no change to any screen, in words that are the game's own where it has
/// them and the shared ones where it does not.
struct Harbour: GameType {
  static let smuggler: RoleID = "harbour.smuggler"
  static let keeper: RoleID = "harbour.keeper"
  static let sailor: RoleID = "harbour.sailor"
  static let crew: SideID = "harbour.crew"
  static let ring: SideID = "harbour.ring"

  var id: GameID { "harbour" }
  var players: ClosedRange<Int> { 4...8 }
  var sides: [Side] { [Side(id: Self.crew, isBad: false), Side(id: Self.ring, isBad: true)] }
  var roles: [Role] {
    [
      Role(id: Self.smuggler, side: Self.ring, knows: [Self.smuggler]),
      Role(id: Self.keeper, side: Self.crew),
      Role(id: Self.sailor, side: Self.crew),
    ]
  }
  var setupKind: SetupKind {
    .countBad(bad: Self.smuggler, limit: 1...2, fixed: [Self.keeper], filler: Self.sailor)
  }
  var deathCauses: [DeathCause] { [.killedAtNight, .votedOut] }
  var phases: [Phase] {
    [
      Phase(
        id: .night, causes: [.killedAtNight], endsAtADeath: true,
        steps: [
          NightStep(id: "smugglers", roles: [Self.smuggler], action: .kill),
          NightStep(id: "lantern", roles: [Self.keeper], action: .check),
        ]),
      Phase(id: .day, causes: [.votedOut]),
    ]
  }

  func winner(of table: Table) -> SideID? {
    guard table.pending == nil else { return nil }
    let alive = table.alive.map { table.seats[$0].role }
    let smugglers = alive.filter { $0 == Self.smuggler }.count
    if smugglers == 0 { return Self.crew }
    return smugglers >= alive.count - smugglers ? Self.ring : nil
  }
}

/// The catalog, plus words for Harbour made from its keys ("HB step lantern
/// wake"). Of the lines a game may say its own way it has only the morning
/// after a save; the answer's words are the shared ones.
struct HarbourWording: Wording {
  let catalog: Catalog

  static func isHarbours(_ key: String) -> Bool {
    key.contains("harbour") && (!key.hasPrefix("game.harbour.line.") || key == "game.harbour.line.saved")
  }
  func text(_ key: String, _ args: [String: String]) -> String {
    guard Self.isHarbours(key) else { return catalog.text(key, args) }
    let parts = key.split(separator: ".").map(String.init)
    let own = parts.drop { $0 != "harbour" }.dropFirst()
    return (["HB"] + own).joined(separator: " ") + (args["name"].map { " " + $0 } ?? "")
  }
  func plural(_ key: String, count: Int) -> String {
    Self.isHarbours(key) ? text(key, [:]) + " ×\(count)" : catalog.plural(key, count: count)
  }
  func upper(_ text: String) -> String { catalog.upper(text) }
  func has(_ key: String) -> Bool { Self.isHarbours(key) || catalog.has(key) }
}

@Suite struct HarbourNightTests {
  static let names = ["Anna", "Bob", "Chris", "Dina", "Eve"]

  static func configured(_ language: Language = .en) -> AppConfiguration {
    var configuration = configuration(language, seed: 5, narration: .parea)
    configuration.wording = { HarbourWording(catalog: Catalog.builtIn($0)) }
    configuration.registry = GameRegistry.standard.adding(Harbour())
    return configuration
  }

  /// A night at a table dealt by hand: Anna the smuggler, Bob the Keeper, the
  /// rest sailors (or, with `swapped`, Anna and Chris change roles), at dusk.
  static func atDusk(swapped: Bool = false, _ language: Language = .en, mode: NarrationMode = .parea) -> App {
    var roles = [Harbour.smuggler, Harbour.keeper, Harbour.sailor, Harbour.sailor, Harbour.sailor]
    if swapped { roles.swapAt(0, 2) }
    var table = Table(
      game: Harbour(), seats: zip(names, roles).map { Seat(name: $0.0, role: $0.1) }, options: TableOptions())
    for seat in table.seats.indices { try? table.recordLook(at: seat) }
    var session = GameSession(
      table: table, players: names, setup: Setup(badCount: 1), narration: Narration(mode: mode, seed: 9))
    session.nextReveal = names.count
    var state = AppState(language: language, registry: GameRegistry.standard.adding(Harbour()))
    state.game = "harbour"
    state.session = session
    state.screen = .narrator(NarratorScreen())
    return App(state: state, configuration: configured(language))
  }

  @Test func dealtFromTheMenuAndNarratedToTheEnd() throws {
    var app = App(configuration: Self.configured())
    app.press(playKey("harbour", registry: app.state.registry))
    try #require(app.state.game == "harbour", "\(app.state.screen)")
    app.addPlayers(Self.names)
    app.send(.players(.proceed))
    // The count, then who narrates (a game with night steps asks), then the deal.
    for _ in 0..<3 where app.state.table == nil { app.press(.enter) }
    let table = try #require(app.state.table, "\(app.state.screen)")
    #expect(app.narration?.mode == .parea)
    app.revealEveryoneByKeys()
    try #require(app.narration?.stage == .dusk, "\(app.state.screen)")
    let smuggler = try #require(table.seats(holding: Harbour.smuggler).first)
    let keeper = try #require(table.seats(holding: Harbour.keeper).first)
    let victim = try #require(table.seats.indices.first { $0 != smuggler && $0 != keeper })
    app.press(.enter)  // night falls
    #expect(try app.waitOutStage() == [app.speech("HB step smugglers wake"), .saveGame])
    _ = try app.choose(seat: victim)
    _ = try app.waitOutStage()  // the smugglers sleep
    #expect(try app.waitOutStage() == [app.speech("HB step lantern wake"), .saveGame])
    #expect(app.screen.contains("HB step lantern prompt"))
    // The Keeper checks the smuggler: the answer shows at once and is never spoken.
    let effects = try app.choose(seat: smuggler)
    #expect(!effects.contains { if case .speak = $0 { true } else { false } }, "\(effects)")
    #expect(app.narration?.answer == .bad)
    #expect(app.screen.contains(app.line("narrator.answer.bad")), "the shared words: \(app.screen)")
    #expect(app.screen.contains(table.seats[smuggler].name))
    _ = try app.waitOutStage()  // the Keeper sleeps: the answer is gone
    #expect(app.narration?.answer == nil && !app.screen.contains(app.line("narrator.answer.bad")))
    // The morning: the smugglers' victim, in the shared words.
    let morning = try app.waitOutStage()
    let died = app.line("narrator.say.died", ["name": table.seats[victim].name])
    #expect(morning.contains(app.speech(app.line("narrator.say.morning"), died)), "\(morning)")
    app.press(.enter)  // the day
    app.press(.enter)  // the vote
    _ = try app.choose(seat: smuggler)
    #expect(app.state.table?.winner == Harbour.crew)
    #expect(app.narration?.stage == .over)
    // The story tells the check (after the game, when every choice may be told).
    try #require(app.state.screen.isSummary, "\(app.state.screen)")
    app.showResult()
    let summary = app.render(width: 80, height: 60).lines.joined(separator: "\n")
    #expect(summary.contains("HB step lantern chose \(table.seats[smuggler].name)"), "\(summary)")
  }

  /// The check's answer is for the Keeper's eyes: with the roles swapped the
  /// same keys give the other answer, and nothing else differs: the same
  /// effects, and frames with the same cells but for the answer's own text
  /// inside a badge of the same size and style.
  @Test(arguments: [Language.en, .el]) func theAnswerHasOneShapeWhateverItSays(_ language: Language) throws {
    var apps = [Self.atDusk(language), Self.atDusk(swapped: true, language)]
    var effects: [[Effect]] = [[], []]
    for index in apps.indices {
      effects[index] += apps[index].press(.enter)
      effects[index] += try apps[index].waitOutStage()  // the smugglers wake
      effects[index] += try apps[index].choose(seat: 3)
      effects[index] += try apps[index].waitOutStage()  // they sleep
      effects[index] += try apps[index].waitOutStage()  // the Keeper wakes
      effects[index] += try apps[index].choose(seat: 0)  // Anna: the smuggler, or a sailor
    }
    #expect(apps[0].narration?.answer == .bad && apps[1].narration?.answer == .notBad)
    #expect(effects[0] == effects[1])
    let frames = apps.map { $0.render(width: 80, height: 24) }
    expectGolden(frames[0], "narrator-check-answer.\(language)")
    expectGolden(frames[0], "narrator-check-answer.\(language)", styles: true)
    var differing: Set<Int> = []
    for row in 0..<24 {
      for column in 0..<80 {
        #expect(frames[0][row, column].style == frames[1][row, column].style, "style at \(row),\(column)")
        if frames[0][row, column].character != frames[1][row, column].character { differing.insert(row) }
      }
    }
    #expect(differing.count == 1, "only the answer's row: \(differing.sorted())")
    // The rest of the night: the same.
    for index in apps.indices { effects[index] = try apps[index].waitOutStage() }
    #expect(effects[0] == effects[1])
    #expect(apps[0].render(width: 80, height: 24) == apps[1].render(width: 80, height: 24))
  }

  /// The moderator records the Keeper's check and sees the answer with what
  /// to do with it: show it, without a word, to the one who checked.
  @Test(arguments: [Language.en, .el]) func theModeratorShowsTheAnswer(_ language: Language) throws {
    var app = Self.atDusk(language, mode: .moderator)
    app.press(.enter)
    _ = try app.waitOutStage()  // the smugglers wake
    _ = try app.choose(seat: 3)
    _ = try app.waitOutStage()  // they sleep
    _ = try app.waitOutStage()  // the Keeper wakes
    _ = try app.choose(seat: 0)
    let screen = app.screen
    #expect(screen.contains(app.line("narrator.answer.bad")), "\(screen)")
    #expect(screen.contains(app.line("narrator.moderator.answer")), "\(screen)")
    #expect(screen.contains(app.line("narrator.moderator.recorded")), "\(screen)")
    expectGolden(app.render(width: 80, height: 24), "narrator-check-moderator.\(language)")
  }
}
