import Foundation  // JSONEncoder / JSONDecoder only: game.json as the store writes and reads it
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

// A `game.json` edited by hand, or by a mutation that stands for one: either
// it is refused (the rules' check and the places' check, which make the store
// set the file aside), or it is a consistent game that resumes and plays on
// without a trap, whatever keys come.
//
// Why one file of this length: the JSON editor, the mutations and the runs
// over them are one machine whose types only this test needs.

/// A JSON value, to edit a saved game as a person with a text editor would.
indirect enum JSONValue: Codable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// One step of a path into a value.
  enum Step: Hashable { case key(String), index(Int) }

  /// Every path in the value, the value's own (empty) first; keys in sorted
  /// order, so that a seed picks the same path in every run.
  var paths: [[Step]] {
    switch self {
    case .array(let items):
      return [[]] + items.indices.flatMap { index in items[index].paths.map { [.index(index)] + $0 } }
    case .object(let fields):
      return [[]] + fields.keys.sorted().flatMap { key in fields[key]!.paths.map { [.key(key)] + $0 } }
    default:
      return [[]]
    }
  }

  /// The value at `path`, if there is one.
  subscript(path: some Collection<Step>) -> JSONValue? {
    guard let first = path.first else { return self }
    switch (self, first) {
    case (.array(let items), .index(let index)) where items.indices.contains(index):
      return items[index][path.dropFirst()]
    case (.object(let fields), .key(let key)):
      return fields[key]?[path.dropFirst()]
    default:
      return nil
    }
  }

  /// The value with `path` set to `new` (nil removes it); a path that leads
  /// nowhere leaves it as it is, except that an object takes a new key.
  func setting(_ path: some Collection<Step>, to new: JSONValue?) -> JSONValue {
    guard let first = path.first else { return new ?? .null }
    switch (self, first) {
    case (.array(var items), .index(let index)) where items.indices.contains(index):
      if path.count == 1, new == nil {
        items.remove(at: index)
      } else {
        items[index] = items[index].setting(path.dropFirst(), to: new)
      }
      return .array(items)
    case (.object(var fields), .key(let key)):
      if path.count == 1 {
        fields[key] = new
      } else if let inner = fields[key] {
        fields[key] = inner.setting(path.dropFirst(), to: new)
      }
      return .object(fields)
    default:
      return self
    }
  }
}

/// Valid saved games of every kind, as the store writes them (`version` beside the session).
enum SavedGames {
  static let names = ["Anna", "Νίκος", "Ελένη", "Bob", "Maria", "Γιώργος", "Kostas"]

  /// A Palermo game at the manual table: a night's victim, a day's vote, a
  /// kamikaze choosing whom to take along.
  static func palermoManual() throws -> GameSession {
    let rules = Palermo()
    let setup = try #require(rules.suggestedSetup(players: 7))
    var generator = SplitMix64(seed: 11)
    var table = try rules.deal(players: names, setup: setup, using: &generator)
    for seat in table.seats.indices { try table.recordLook(at: seat) }
    try table.recordLook(at: 3)
    let town = table.seats.indices.filter { !rules.isBad(table.seats[$0].role) }
    try table.markDead(town[0], cause: .killedAtNight)
    try table.advancePhase()
    try table.markDead(town[1], cause: .votedOut)
    if case .takePlayer = table.pending { try table.resolveFollowUp(target: table.alive[0]) }
    try table.advancePhase()
    var session = GameSession(table: table, players: names, setup: setup)
    session.nextReveal = names.count
    return session
  }

  /// A Palermo game that Parea narrates, at the second night's vote of the
  /// day before it, with the night's choices on the table.
  static func palermoNarrated() throws -> GameSession {
    let rules = Palermo()
    let setup = try #require(rules.suggestedSetup(players: 7))
    var generator = SplitMix64(seed: 12)
    var table = try rules.deal(players: names, setup: setup, using: &generator)
    for seat in table.seats.indices { try table.recordLook(at: seat) }
    var narration = Narration(mode: .parea, seed: 5)
    var now: Int64 = 0
    _ = try narration.proceed(table: &table, now: now)
    // Through the night: each step chooses its first candidate.
    while narration.stage != .morning && narration.stage != .over {
      if narration.awakeStep(on: table) != nil, !narration.hasChosen(on: table),
        let seat = narration.candidates(on: table).first
      {
        _ = try narration.choose(seat, table: &table, now: now)
      }
      now = try #require(narration.stageEnds, "the night stopped at \(narration.stage)")
      _ = narration.tick(table: &table, now: now)
    }
    _ = try narration.proceed(table: &table, now: now)  // the day's discussion
    _ = try narration.proceed(table: &table, now: now)  // the vote
    var session = GameSession(table: table, players: names, setup: setup, narration: narration)
    session.nextReveal = names.count
    return session
  }

  /// The narrated game above after its vote has sent `seat` out (the
  /// first seat of `role`): a kamikaze's choice, or the next dusk.
  static func palermoNarratedAfterVote(role: RoleID?) throws -> GameSession {
    var session = try palermoNarrated()
    var table = try #require(session.table)
    var narration = try #require(session.narration)
    let seat = role.flatMap { role in table.alive.first { table.seats[$0].role == role } }
    _ = try narration.vote(seat.map(VoteResult.out) ?? .tied(among: nil), table: &table)
    session.table = table
    session.narration = narration
    return session
  }

  /// A Spy round in play, after two scored rounds.
  static func spyWithScores() throws -> GameSession {
    let rules = Spy()
    let players = Array(names.prefix(5))
    var generator = SplitMix64(seed: 13)
    let setup = Setup(badCount: 1)
    var table = try rules.deal(
      players: players, setup: setup, locations: Catalog.builtIn(.en).locations(), using: &generator)
    for seat in table.seats.indices { try table.recordLook(at: seat) }
    return GameSession(
      table: table, players: players, setup: setup,
      scores: ["Anna": 4, "Νίκος": 1, "Ελένη": 2, "Bob": 0, "Maria": 1], roundsPlayed: 2)
  }

  /// A Spy round that ended with a wrong vote, its points not yet added.
  static func spyAfterAVote() throws -> GameSession {
    var session = try spyWithScores()
    var table = try #require(session.table)
    let local = try #require(table.seats.indices.first { !table.rules.isBad(table.seats[$0].role) })
    try table.tableAccuses(local, startedBy: (local + 1) % table.seats.count)
    session.table = table
    session.nextReveal = table.seats.count
    return session
  }

  /// A scored Spy session between two rounds (no table).
  static func spyBetweenRounds() throws -> GameSession {
    var session = try spyAfterAVote()
    session.closeRound()
    return session
  }

  /// Killer with a wink, a wrong accusation and a right one.
  static func killer() throws -> GameSession {
    let rules = Killer()
    let players = Array(names.prefix(6))
    let setup = Setup(badCount: 2)
    var generator = SplitMix64(seed: 14)
    var table = try rules.deal(players: players, setup: setup, using: &generator)
    for seat in table.seats.indices { try table.recordLook(at: seat) }
    let cop = try #require(table.seats(holding: Killer.cop).first)
    let killers = table.seats(holding: Killer.killer)
    let citizens = table.seats(holding: Killer.citizen)
    try table.markDead(citizens[0], cause: .killed)
    try table.accuse(citizens[1], by: cop)
    try table.accuse(killers[0], by: cop)
    var session = GameSession(table: table, players: players, setup: setup)
    session.nextReveal = 3
    return session
  }

  static func all() throws -> [(name: String, session: GameSession)] {
    [
      ("palermo manual", try palermoManual()), ("palermo narrated", try palermoNarrated()),
      ("palermo narrated, taking along", try palermoNarratedAfterVote(role: "palermo.redKamikaze")),
      ("palermo narrated, at dusk", try palermoNarratedAfterVote(role: nil)),
      ("spy with scores", try spyWithScores()), ("spy after a vote", try spyAfterAVote()),
      ("spy between rounds", try spyBetweenRounds()), ("killer", try killer()),
    ]
  }

  /// The file the store writes for `session`.
  static func file(_ session: GameSession) throws -> JSONValue {
    let fields = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(session))
    return fields.setting([JSONValue.Step.key("version")], to: .int(1))
  }

  /// What the store reads from `file`: nil when it would set the file aside
  /// (not a session, another version, `SavedGame.isValid` is false, which
  /// is the version and `GameSession.isValid` of the file's own game, or a
  /// place the built-in locations do not have: `Store.knownLocations`).
  static func read(_ file: JSONValue, registry: GameRegistry = .standard) -> GameSession? {
    guard case .int(1)? = file[[JSONValue.Step.key("version")]],
      let data = try? JSONEncoder().encode(file)
    else { return nil }
    let decoder = JSONDecoder()
    decoder.userInfo[GameRegistry.userInfoKey] = registry
    guard let session = try? decoder.decode(GameSession.self, from: data),
      let rules = registry.game(session.game), session.isValid(rules: rules),
      session.placesAreKnown(among: Catalog.builtIn(.en).locations())
    else { return nil }
    return session
  }
}

/// Edits a saved game at random: numbers at the edges of their type and of
/// the lists they index, fields taken from another game's file, fields
/// removed, ids of other games and of nothing.
struct FileMutator {
  var generator: SplitMix64
  /// Files of the other games, to take fields from.
  let donors: [JSONValue]
  /// Strings to put in the place of another string: every id of every game, and some of nothing.
  let strings: [String]

  init(seed: UInt64, donors: [JSONValue]) {
    generator = SplitMix64(seed: seed)
    self.donors = donors
    var strings: Set<String> = ["atlantis", "", "night", "day", "dawn", "thieves", "doctor", "spy", "chess"]
    for donor in donors {
      for path in donor.paths { if case .string(let text)? = donor[path] { strings.insert(text) } }
    }
    self.strings = strings.sorted()
  }

  mutating func pick<T>(_ items: [T]) -> T { items[generator.uniform(below: items.count)] }

  /// Every stage a narration can be at, as `game.json` writes it.
  static let stages: [JSONValue] = {
    let stages: [NarrationStage] = [
      .dusk, .nightFalls, .awake(step: 0), .awake(step: 1), .awake(step: 7), .asleep(step: 0),
      .takeAlong, .morning, .discussion, .vote, .over,
    ]
    return stages.map { stage in
      (try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(stage))) ?? .null
    }
  }()

  /// Numbers at the edges: of the type, of the seats (`count`) and of the bounds the rules set.
  func edges(count: Int) -> [Int] {
    [
      0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1, count, count - 1, count + 1, 2, 3, 4_000,
      4_001, -4_000, -4_001, 1_000, 1_001, 999, 10_000, 10_001, 999_999, 1_000_000,
    ]
  }

  mutating func mutate(_ file: JSONValue) -> JSONValue {
    var file = file
    let seats: Int
    if case .array(let list)? = file[[.key("players")]] { seats = list.count } else { seats = 5 }
    for _ in 0..<(1 + generator.uniform(below: 3)) {
      let paths = file.paths.dropFirst().filter { $0.first != .key("version") }
      let roll = generator.uniform(below: 100)
      if file[[.key("narration")]] != nil, generator.uniform(below: 4) == 0 {
        // The narration at another stage (what a hand edit of a narrated game does most).
        file = file.setting([.key("narration"), .key("stage")], to: pick(Self.stages))
      } else if roll < 45 {
        // A number at an edge, in the place of a number.
        let numbers = paths.filter { if case .int? = file[$0] { true } else { false } }
        if numbers.isEmpty { continue }
        file = file.setting(pick(numbers), to: .int(pick(edges(count: seats))))
      } else if roll < 55 {
        // A number in the place of anything.
        file = file.setting(pick(Array(paths)), to: .int(pick(edges(count: seats))))
      } else if roll < 65 {
        // A field removed, or an item of a list.
        file = file.setting(pick(Array(paths)), to: nil)
      } else if roll < 80 {
        // A field of another game's file, at the same place (a Spy seat in a
        // Palermo game), or in the place of an item of the same list.
        let donor = pick(donors)
        let path = pick(Array(donor.paths.dropFirst()))
        guard let value = donor[path] else { continue }
        if case .index? = path.last, case .array(let list)? = file[path.dropLast()], !list.isEmpty {
          file = file.setting(path.dropLast() + [.index(generator.uniform(below: list.count))], to: value)
        } else if file[path.dropLast()] != nil {
          file = file.setting(path, to: value)
        }
      } else if roll < 92 {
        // Another id in the place of a string.
        let texts = paths.filter { if case .string? = file[$0] { true } else { false } }
        if texts.isEmpty { continue }
        file = file.setting(pick(texts), to: .string(pick(strings)))
      } else {
        // An item of a list repeated.
        let lists = paths.filter { if case .array(let list)? = file[$0] { !list.isEmpty } else { false } }
        if lists.isEmpty { continue }
        let path = pick(lists)
        guard case .array(var list)? = file[path] else { continue }
        list.append(list[generator.uniform(below: list.count)])
        file = file.setting(path, to: .array(list))
      }
    }
    return file
  }
}

@Suite struct HandEditedGameTests {
  /// Every index and number a session holds, checked against its lists and
  /// bounds independently of the rules' own check.
  static func expectConsistent(_ session: GameSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let rules = try #require(GameRegistry.game(session.game), sourceLocation: sourceLocation)
    #expect((0...1_000).contains(session.roundsPlayed), sourceLocation: sourceLocation)
    #expect(session.setup.badCount >= 0, sourceLocation: sourceLocation)
    for (_, score) in session.scores { #expect(score >= -4_000 && score <= 4_000, sourceLocation: sourceLocation) }
    guard let table = session.table else {
      #expect(rules.players.contains(session.players.count), sourceLocation: sourceLocation)
      return
    }
    let seats = table.seats.indices
    #expect(rules.players.contains(table.seats.count), sourceLocation: sourceLocation)
    #expect((0...table.seats.count).contains(session.nextReveal), sourceLocation: sourceLocation)
    #expect((1...1_000).contains(table.round), sourceLocation: sourceLocation)
    if let allowed = rules.allowedBadCounts(players: table.seats.count) {
      #expect(allowed.contains(session.setup.badCount), sourceLocation: sourceLocation)
    }
    for seat in table.seats {
      #expect(rules.role(seat.role) != nil, sourceLocation: sourceLocation)
      #expect((0...10_000).contains(seat.views), sourceLocation: sourceLocation)
      if let role = seat.locationRole { #expect((0..<1_000_000).contains(role), sourceLocation: sourceLocation) }
    }
    for accusation in table.accusations + table.votes {
      #expect(seats.contains(accusation.by) && seats.contains(accusation.target), sourceLocation: sourceLocation)
    }
    for event in table.log {
      switch event {
      case .looked(let seat), .died(let seat, _), .chose(_, let seat?):
        #expect(seats.contains(seat), sourceLocation: sourceLocation)
      case .phase(_, let round):
        #expect(round >= 1 && round <= table.round, sourceLocation: sourceLocation)
      case .accused(let accusation), .voted(let accusation):
        #expect(seats.contains(accusation.by) && seats.contains(accusation.target), sourceLocation: sourceLocation)
      case .guessed(let guess):
        #expect(seats.contains(guess.by), sourceLocation: sourceLocation)
      case .tied(let among?):
        #expect(among.allSatisfy(seats.contains), sourceLocation: sourceLocation)
      case .chose(_, nil), .ended, .tied(nil), .spared, .shown:
        break
      }
    }
  }

  static let keys: [Key] = RandomKeysTests.keys + [.character("u"), .character("t"), .character("m"), .character("c")]

  /// Resumes `session` as start-up does (the summary first, then the whole
  /// game) and presses `count` random keys at random moments, drawing every
  /// screen they reach. Returns whether the app took the game.
  static func resumeAndPlay(
    _ session: GameSession, language: Language, seed: UInt64, keys count: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    var app = resumed(session, configuration(language, seed: seed))
    _ = app.render(width: 80, height: 24)
    guard app.state.session != nil else {
      Issue.record("a session the store reads was not resumed", sourceLocation: sourceLocation)
      return false
    }
    #expect(HomeScreen.items(for: app.state).first == .resume, sourceLocation: sourceLocation)
    app.press(.enter)  // Resume
    var generator = SplitMix64(seed: seed)
    var clock: Int64 = 0
    var size = (width: 80, height: 24)
    var drawn = app.state
    _ = app.render(width: size.width, height: size.height)
    for _ in 0..<count {
      // Bursts, pauses long enough for a paused hand-off, and jumps past a narrated step.
      clock += [0, 10, 300, 1_200, 50_000][generator.uniform(below: 5)]
      app.tick(now: clock)
      if generator.uniform(below: 50) == 0 {
        size = (80 + generator.uniform(below: 40), 24 + generator.uniform(below: 20))
        app.resize(width: size.width, height: size.height)
      }
      _ = app.handle(keys[generator.uniform(below: keys.count)], now: clock)
      if app.isFinished { break }
      if app.state != drawn {
        _ = app.render(width: size.width, height: size.height)
        drawn = app.state
      }
      if let now = app.state.session, let rules = GameRegistry.game(now.game), !now.isValid(rules: rules) {
        Issue.record("the app made a session the store would refuse: \(now)", sourceLocation: sourceLocation)
        break
      }
      if app.state.screen.is(NarratorScreen.self), app.state.confirmation == nil, !Self.goesOn(app, clock: clock) {
        Issue.record(
          "a narrator's screen where neither time nor Enter changes anything: \(app.state.session?.narration as Any)",
          sourceLocation: sourceLocation)
        break
      }
    }
    return true
  }

  /// Whether the game on the narrator's screen can go on: time passing (a
  /// night's step ends by itself) or Enter, pressed up to three times (a
  /// choice, then its confirmation), changes the screen, the game or the
  /// question asked. A notice alone is no way forward.
  static func goesOn(_ app: App, clock: Int64) -> Bool {
    func progress(_ state: AppState) -> [AnyHashable] {
      [AnyHashable(state.screen), AnyHashable(state.session), AnyHashable(state.confirmation), state.finished]
    }
    var copy = app
    let before = progress(copy.state)
    copy.tick(now: clock + 120_000)
    if progress(copy.state) != before { return true }
    for _ in 0..<3 {
      copy.press(.enter)
      if progress(copy.state) != before { return true }
    }
    return false
  }

  /// Resumes `session` as start-up does; returns the app on the home screen.
  static func resumed(_ session: GameSession, _ configuration: AppConfiguration) -> App {
    var state = App(configuration: configuration).state
    state.savedGameSummary = GameSession.Summary(game: session.game, playerCount: session.names.count)
    var app = App(state: state, configuration: configuration)
    app.send(.started(savedNames: [], session: session))
    return app
  }

  /// The narrated game's file with its stage set to `stage` and, where
  /// given, its round.
  static func narratedFile(
    _ session: GameSession, stage: NarrationStage, round: Int? = nil
  ) throws -> JSONValue {
    var file = try SavedGames.file(session)
    let value = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(stage))
    file = file.setting([.key("narration"), .key("stage")], to: value)
    if let round { file = file.setting([.key("table"), .key("round")], to: .int(round)) }
    return file
  }

  @Test(
    "hand-edited narrations that would leave Enter doing nothing are refused: over without a winner, a kamikaze's choice with nobody to choose, a dusk after the last day"
  )
  func narratedDeadEndsAreRefused() throws {
    let atVote = try SavedGames.palermoNarrated()
    let atDusk = try SavedGames.palermoNarratedAfterVote(role: nil)
    #expect(SavedGames.read(try SavedGames.file(atVote)) != nil)
    #expect(SavedGames.read(try SavedGames.file(atDusk)) != nil)
    #expect(SavedGames.read(try Self.narratedFile(atVote, stage: .over)) == nil)
    #expect(SavedGames.read(try Self.narratedFile(atVote, stage: .takeAlong)) == nil)
    #expect(SavedGames.read(try Self.narratedFile(atDusk, stage: .dusk, round: 1_000)) == nil)
    // The same day one round earlier plays on.
    #expect(SavedGames.read(try Self.narratedFile(atDusk, stage: .dusk, round: 999)) != nil)
    // A night's step comes back as dusk, which by day lets the next night fall.
    #expect(SavedGames.read(try Self.narratedFile(atVote, stage: .asleep(step: 0)))?.narration?.stage == .dusk)
    let kamikaze = try SavedGames.palermoNarratedAfterVote(role: "palermo.redKamikaze")
    #expect(kamikaze.narration?.stage == .takeAlong)
    #expect(SavedGames.read(try SavedGames.file(kamikaze)) != nil)
    #expect(SavedGames.read(try Self.narratedFile(kamikaze, stage: .vote)) == nil)
  }

  @Test("the last day a table may reach ends the game at its end, in the summary: no dusk without a night")
  func theLastDayEndsTheGame() throws {
    let file = try Self.narratedFile(try SavedGames.palermoNarrated(), stage: .vote, round: 1_000)
    let session = try #require(SavedGames.read(file), "a vote on the last day is a game")
    var app = Self.resumed(session, configuration(.en, seed: 3, narration: .parea))
    app.press(.enter)  // Resume: the vote
    let atNarrator = { if app.state.screen.is(NarratorScreen.self) { true } else { false } }()
    try #require(atNarrator, "not at the narrator: \(app.state.screen)")
    // Nobody goes out (a tie): the day ends, and with it the game.
    let players = try #require(app.state.table.map { app.state.session?.narration?.candidates(on: $0).count }) ?? 0
    for _ in 0..<(players + 3) { app.press(.up) }
    for _ in 0..<players { app.press(.down) }
    app.press(.enter, .enter)
    #expect(app.state.session?.narration?.stage == .over, "\(app.state.session?.narration as Any)")
    #expect(app.state.table?.endedByHand == true)
    let atSummary = { if app.state.screen.is(SummaryScreen.self) { true } else { false } }()
    #expect(atSummary, "no summary: \(app.state.screen)")
  }

  @Test func randomlyEditedFilesAreRefusedOrPlayOnWithoutATrap() throws {
    let bases = try SavedGames.all().map { try SavedGames.file($0.session) }
    for (index, base) in bases.enumerated() { #expect(SavedGames.read(base) != nil, "base file \(index) is refused") }
    var loaded = 0
    var refused = 0
    var played = 0
    for index in 0..<320 {
      let seed = UInt64(index)
      let base = index % bases.count
      var mutator = FileMutator(seed: seed, donors: bases.indices.filter { $0 != base }.map { bases[$0] })
      let file = mutator.mutate(bases[base])
      guard let session = SavedGames.read(file) else {
        refused += 1
        continue
      }
      try Self.expectConsistent(session)
      loaded += 1
      if Self.resumeAndPlay(session, language: index % 2 == 0 ? .en : .el, seed: seed, keys: 200) { played += 1 }
    }
    // Both outcomes happen often, and most games that load are played: the test is about both.
    #expect(played > 50 && refused > 60, "loaded \(loaded) (played \(played)), refused \(refused)")
  }
}
