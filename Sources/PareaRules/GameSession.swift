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
  /// Points from earlier rounds with these players (Spy), by name.
  public var scores: [String: Int]
  /// Rounds finished in this scored session; the results say which round this is.
  public var roundsPlayed: Int
  /// Where the narrator stands, when Parea or a moderator narrates the game
  /// (nil for the manual table).
  public var narration: Narration?

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

  /// Whether everyone has seen their role in the first round of reveals.
  public var everyoneHasLooked: Bool { table.map { nextReveal >= $0.seats.count } ?? false }

  /// Ends the round on the table: its points join the scores (a scored game),
  /// and the session waits for the next deal with the same players and setup.
  public mutating func closeRound() {
    if let table, let points = table.points {
      for (seat, value) in zip(table.seats, points) { scores[seat.name, default: 0] += value }
      roundsPlayed += 1
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
      for (seat, value) in zip(table.seats, points) { totals[seat.name, default: 0] += value }
    }
    return totals.map { (name: $0.key, total: $0.value) }
      .sorted {
        $0.total != $1.total ? $0.total > $1.total : PlayerName.key($0.name) < PlayerName.key($1.name)
      }
  }

  /// Whether the value makes sense for `rules` (its own game): a table the game
  /// could have dealt and a reveal position within it, or, between rounds, a
  /// player count the game takes and rounds behind it. A file that decodes but
  /// fails this is treated like a damaged one.
  public func isValid(rules: some GameType) -> Bool {
    guard rules.id == game, roundsPlayed >= 0 else { return false }
    guard let table else {
      return rules.players.contains(players.count) && roundsPlayed > 0 && nextReveal == 0
    }
    guard table.game == game, !table.seats.isEmpty, rules.players.contains(table.seats.count),
      (0...table.seats.count).contains(nextReveal)
    else { return false }
    // Only a game with secret night steps can be narrated.
    if narration != nil && !rules.phases.contains(where: { !$0.steps.isEmpty }) { return false }
    return table.isConsistent
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
    case players, setup, table, game, roundsPlayed, nextReveal, scores, narration
  }

  /// Reads the fields of a saved game (`game.json`); the store reads its `version` beside them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let table = try container.decodeIfPresent(Table.self, forKey: .table)
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
      narration: try container.decodeIfPresent(Narration.self, forKey: .narration))
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
    try container.encodeIfPresent(narration, forKey: .narration)
  }
}
