/// Everything that belongs to one game in play, as one value: created at the
/// deal, dropped as a whole when the group leaves the game, and saved as it is.
///
/// A scored game (Spy) keeps its session between two rounds: the table is
/// then nil and the scores wait for the next deal. Nothing here outlives the
/// session: a new game starts from a new value, so no timer, score or reveal
/// position of an earlier game can reach it.
public struct GameSession: Hashable, Sendable {
  /// The game being played.
  public var game: GameID
  /// The players in seating order, as dealt.
  public var players: [String]
  /// The setup the game was dealt with ("play again" deals it again).
  public var setup: Setup
  /// The dealt table: roles, deaths, looks, log; nil between two rounds of a scored session.
  public var table: Table?
  /// The next seat to hand the laptop to in the first round of reveals;
  /// equal to the number of players once everyone has seen their role.
  public var nextReveal: Int
  /// The timer of the round in play (Spy's questions, one Palermo day), once
  /// the table starts one. Not saved: it counts on the running program's clock.
  public var timer: RoundTimer?
  /// In a run started with `--seed`, where its sequence stands (saved with the
  /// game, so a restart with the same seed goes on with it).
  public var seeded: SeededSequence?
  /// Points from earlier rounds with these players (Spy), by name.
  public var scores: [String: Int]
  /// Rounds finished in this scored session; the results say which round this
  /// is (at most `maximumRoundsPlayed`).
  public var roundsPlayed: Int
  /// Where the narrator stands, when Parea or a moderator narrates the game
  /// (nil for the manual table).
  public var narration: Narration?
  /// The seats' phone links, once the table played with phones.
  public var phones: PhoneLinks?

  /// A session whose first (or next) round has just been dealt.
  public init(
    table: Table, players: [String], setup: Setup, scores: [String: Int] = [:],
    roundsPlayed: Int = 0, narration: Narration? = nil
  ) {
    self.narration = narration
    self.game = table.game
    self.players = players
    self.setup = setup
    self.table = table
    self.nextReveal = 0
    self.timer = nil
    self.scores = scores
    self.roundsPlayed = roundsPlayed
  }

  /// A session between two rounds, or one read from a file.
  public init(
    game: GameID, players: [String], setup: Setup, table: Table?, nextReveal: Int,
    scores: [String: Int], roundsPlayed: Int, narration: Narration? = nil
  ) {
    self.narration = narration
    self.game = table?.game ?? game
    self.players = players
    self.setup = setup
    self.table = table
    self.nextReveal = nextReveal
    self.timer = nil
    self.scores = scores
    self.roundsPlayed = roundsPlayed
  }

  /// The most rounds a scored session counts: a thousand rounds of Spy is a
  /// week without sleep, and far below what would overflow. Rounds after it
  /// are played and scored but no longer counted.
  public static let maximumRoundsPlayed = 1_000

  /// The most points a name may hold in `rules`' game, either way: the game's
  /// largest points for one round (`GameType.maximumPoints`) in every round a
  /// session counts (4 × 1_000 for Spy). Scores stop there (see `closeRound`).
  public static func scoreLimit(_ rules: some GameType) -> Int {
    let (limit, overflow) = rules.maximumPoints.multipliedReportingOverflow(by: maximumRoundsPlayed)
    return overflow ? Int.max : limit
  }

  /// Ends the round on the table: its points join the scores (a scored game),
  /// and the session waits for the next deal with the same players and setup.
  public mutating func closeRound() {
    if let table, let points = table.points {
      let limit = Self.scoreLimit(table.rules)
      for (seat, value) in zip(table.seats, points) {
        scores[seat.name] = Self.adding(value, to: scores[seat.name] ?? 0, limit: limit)
      }
      // Saturating: the count stops at its bound, so it never overflows and
      // the session is always one a file may hold.
      if roundsPlayed < Self.maximumRoundsPlayed { roundsPlayed += 1 }
    }
    table = nil
    timer = nil
    narration = nil
    nextReveal = 0
  }

  /// Every name's points including the round on the table, best first (then
  /// by name, so that the order is the same every time).
  public func totals() -> [(name: String, total: Int)] {
    var totals = scores
    if let table, let points = table.points {
      let limit = Self.scoreLimit(table.rules)
      for (seat, value) in zip(table.seats, points) {
        totals[seat.name] = Self.adding(value, to: totals[seat.name] ?? 0, limit: limit)
      }
    }
    return totals.map { (name: $0.key, total: $0.value) }
      .sorted {
        $0.total != $1.total ? $0.total > $1.total : PlayerName.key($0.name) < PlayerName.key($1.name)
      }
  }

  /// `score + points`, saturating at `limit` either way: never an overflow,
  /// whatever the two hold, and never a score a saved session may not hold.
  static func adding(_ points: Int, to score: Int, limit: Int) -> Int {
    let (sum, overflow) = score.addingReportingOverflow(points)
    let total = overflow ? (points > 0 ? Int.max : Int.min) : sum
    return min(limit, max(-limit, total))
  }

  /// Whether the value makes sense for `rules` (its own game): a table the game
  /// could have dealt and a reveal position within it, or, between rounds, a
  /// player count the game takes and rounds behind it; every number within
  /// the bounds the game allows (rounds played, scores, the setup's counts).
  /// A file that decodes but fails this is treated like a damaged one.
  public func isValid(rules: some GameType) -> Bool {
    guard rules.id == game, (0...Self.maximumRoundsPlayed).contains(roundsPlayed) else { return false }
    let limit = Self.scoreLimit(rules)
    guard scores.values.allSatisfy({ (-limit...limit).contains($0) }) else { return false }
    // The number of bad players is one the game allows for the table (never
    // negative, and no more than the players even where the game does not
    // count them). Palermo's chosen roles are words, not numbers: the setup
    // screen checks them before any deal.
    let playerCount = table?.seats.count ?? players.count
    guard (0...playerCount).contains(setup.badCount) else { return false }
    if case .countBad = rules.setupKind,
      rules.allowedBadCounts(players: playerCount)?.contains(setup.badCount) != true
    {
      return false
    }
    guard let table else {
      return rules.players.contains(players.count) && roundsPlayed > 0 && nextReveal == 0
    }
    guard table.game == game, !table.seats.isEmpty, rules.players.contains(table.seats.count),
      players.count == table.seats.count, (0...table.seats.count).contains(nextReveal)
    else { return false }
    // Only a game with secret night steps can be narrated, by Parea or a moderator.
    if let narration, narration.mode == .manual || !rules.hasNightSteps {
      return false
    }
    guard table.isConsistent, timer?.isValid ?? true else { return false }
    if let phones, phones.secrets.count != table.seats.count { return false }
    // A narration that cannot go on with this table would leave a screen where Enter does nothing.
    return narration?.isConsistent(with: table) ?? true
  }

  /// Whether every place the session names is one of `locations` (the
  /// built-in ones and the user's packs, read by the executable) and every
  /// seat's role there is one of that location's roles: the table's location
  /// and every guessed one. A session that names no location has nothing to
  /// check (and `locations` is not asked for: listing them costs a game
  /// without locations time at start-up). A location no pack has any more
  /// would show its words as raw keys, so such a game is not resumed.
  public func placesAreKnown(among locations: @autoclosure () -> [Location]) -> Bool {
    guard let table else { return true }
    var guessed = table.log.compactMap { event -> LocationID? in
      if case .guessed(let guess) = event { guess.location } else { nil }
    }
    if let guess = table.guess { guessed.append(guess.location) }
    guard table.location != nil || !guessed.isEmpty else { return true }
    let known = Dictionary(locations().map { ($0.id, $0.roleCount) }, uniquingKeysWith: max)
    guard guessed.allSatisfy({ known[$0] != nil }) else { return false }
    guard let location = table.location else { return true }
    guard let roleCount = known[location] else { return false }
    return table.seats.allSatisfy { seat in seat.locationRole.map { $0 >= 0 && $0 < roleCount } ?? true }
  }

  /// What the home screen needs to offer a saved game before the whole file is read.
  public struct Summary: Hashable, Sendable {
    /// The game being played.
    public var game: GameID
    /// How many players sit at the table.
    public var playerCount: Int

    /// Creates a summary.
    public init(game: GameID, playerCount: Int) {
      self.game = game
      self.playerCount = playerCount
    }
  }

  /// The names the session would show on screen: the table's, or the players' between rounds.
  public var names: [String] { table?.seats.map(\.name) ?? players }
}

extension GameSession: Codable {
  private enum CodingKeys: String, CodingKey {
    case players, setup, table, game, roundsPlayed, nextReveal, scores, narration, timer, seeded, phones
  }

  /// Reads the fields of a saved game (`game.json`); the store reads its `version` beside them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var table = try container.decodeIfPresent(Table.self, forKey: .table)
    var narration = try container.decodeIfPresent(Narration.self, forKey: .narration)
    // Saved before the table kept its options: the narration had the house
    // rules. They move to the table, where they are now read and written.
    if let earlier = narration?.earlierRules {
      table?.options.dealt = earlier
      narration?.earlierRules = nil
    }
    // With a table the table names the game; a file that names another one is damaged.
    let named = try container.decodeIfPresent(GameID.self, forKey: .game)
    guard let game = table?.game ?? named, named == nil || named == game else {
      throw DecodingError.dataCorruptedError(
        forKey: .game, in: container, debugDescription: "no game, or two different games")
    }
    self.init(
      game: game, players: try container.decode([String].self, forKey: .players),
      setup: try container.decode(Setup.self, forKey: .setup), table: table,
      nextReveal: try container.decode(Int.self, forKey: .nextReveal),
      scores: try container.decodeIfPresent([String: Int].self, forKey: .scores) ?? [:],
      roundsPlayed: try container.decodeIfPresent(Int.self, forKey: .roundsPlayed) ?? 0,
      narration: narration)
    // The round's timer comes back with its time left, paused (`RoundTimer.resumed`).
    timer = try container.decodeIfPresent(RoundTimer.self, forKey: .timer)?.resumed
    seeded = try container.decodeIfPresent(SeededSequence.self, forKey: .seeded)
    phones = try container.decodeIfPresent(PhoneLinks.self, forKey: .phones)
  }

  /// Writes the fields as files have always had them: `game` only between
  /// rounds (a table names its own), `scores` and `roundsPlayed` only when there are any.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(players, forKey: .players)
    try container.encode(setup, forKey: .setup)
    try container.encodeIfPresent(table, forKey: .table)
    if table == nil { try container.encode(game, forKey: .game) }
    try container.encode(table == nil ? 0 : nextReveal, forKey: .nextReveal)
    if !scores.isEmpty { try container.encode(scores, forKey: .scores) }
    if roundsPlayed > 0 { try container.encode(roundsPlayed, forKey: .roundsPlayed) }
    // The table's rules also where an older Parea reads them (the narration's
    // `rules`); a table without options (a test's) has none to copy.
    var narration = narration
    narration?.earlierRules = table?.hasOptions == true ? table?.options.dealt : nil
    try container.encodeIfPresent(narration, forKey: .narration)
    // A timer belongs to a round: between rounds there is none to keep.
    if table != nil { try container.encodeIfPresent(timer?.resumed, forKey: .timer) }
    try container.encodeIfPresent(seeded, forKey: .seeded)
    try container.encodeIfPresent(phones, forKey: .phones)
  }
}
