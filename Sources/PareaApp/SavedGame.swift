import PareaLocale
import PareaRules

/// The game in progress as it is written to disk: enough to continue exactly
/// where the table was, and nothing of the screen that would show a role.
/// Between two rounds of a scored session (Spy) there is no table: the file
/// then keeps the game, the players and the scores, so that they survive a restart.
public struct SavedGame: Hashable, Codable, Sendable {
  /// The version of this format; a newer one is refused rather than misread.
  public static let currentVersion = 1

  /// The format version the value was written with.
  public var version: Int
  /// The players in seating order (the table has them too; kept for the quick picks).
  public var players: [String]
  /// The setup the game was dealt with (for "play again").
  public var setup: Setup
  /// The game itself: roles, deaths, views, log; nil between two rounds of a session.
  public var table: Table?
  /// The game of a session between two rounds (with a table, the table names it).
  public var game: GameID?
  /// Rounds finished in the session (absent in files without any).
  public var roundsPlayed: Int?
  /// The next seat to hand the laptop to in the first round of reveals;
  /// equal to the number of players once everyone has seen their role.
  public var nextReveal: Int
  /// Points from earlier rounds with these players (absent in files without any).
  public var scores: [String: Int]?

  /// The game in progress in `state`, or the session between two rounds; nil if neither.
  public init?(state: AppState) {
    guard state.table != nil || state.roundsPlayed > 0 else { return nil }
    version = Self.currentVersion
    players = state.players
    setup = state.setup
    table = state.table
    game = state.table == nil ? state.game : nil
    nextReveal = state.table == nil ? 0 : state.nextReveal
    scores = state.scores.isEmpty ? nil : state.scores
    roundsPlayed = state.roundsPlayed > 0 ? state.roundsPlayed : nil
  }

  /// The game played: the table's, or the session's between rounds.
  public var gameID: GameID? { table?.game ?? game }

  /// Whether the value makes sense: a known game, a role from that game for
  /// every seat, a reveal position within the table. A file that decodes but
  /// fails this is treated like a corrupt one.
  public var isValid: Bool {
    guard version == Self.currentVersion, (roundsPlayed ?? 0) >= 0 else { return false }
    guard let table else {
      // Between rounds: a known game, a table it can deal, rounds behind it.
      guard let game, let rules = GameRegistry.game(game), rules.players.contains(players.count),
        (roundsPlayed ?? 0) > 0, nextReveal == 0
      else { return false }
      return true
    }
    guard game == nil || game == table.game, let rules = GameRegistry.game(table.game),
      !table.seats.isEmpty, rules.players.contains(table.seats.count),
      (0...table.seats.count).contains(nextReveal)
    else { return false }
    return table.isConsistent
  }

  /// The names the file would show on screen: the table's, or the players' between rounds.
  public var names: [String] { table?.seats.map(\.name) ?? players }

  /// Puts the saved game into `state`, on the home screen with "Resume" highlighted.
  public func restore(into state: inout AppState) {
    if let id = gameID { state.game = id }
    state.players = players
    state.setup = setup
    state.table = table
    state.nextReveal = nextReveal
    state.scores = scores ?? [:]
    state.roundsPlayed = roundsPlayed ?? 0
    state.screen = .home(HomeScreen(selection: 0))
  }
}

/// What the home screen shows of a saved game: which game, how many players.
///
/// Start-up reads only this much of `game.json` before the first frame and
/// the whole file right after it, before the first key: decoding every type
/// of a game costs the Swift runtime a look-up per type on first use, and a
/// returning group waited for that on every start (docs/DECISIONS.md).
public struct SavedGameSummary: Hashable, Sendable, Decodable {
  /// The format version the file was written with.
  public var version: Int
  /// The game being played.
  public var game: GameID
  /// How many players sit at the table.
  public var playerCount: Int

  public init(version: Int = SavedGame.currentVersion, game: GameID, playerCount: Int) {
    self.version = version
    self.game = game
    self.playerCount = playerCount
  }

  /// Whether the home screen may offer it: a known game and a number of
  /// players that game takes (the store checks the version). The whole file
  /// is checked after the first frame.
  public var isPlausible: Bool {
    GameRegistry.game(game)?.players.contains(playerCount) ?? false
  }

  private enum CodingKeys: String, CodingKey { case version, players, table, game }
  private enum TableKeys: String, CodingKey { case game }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    playerCount = try container.decode([String].self, forKey: .players).count
    if container.contains(.table) {
      game = try container.nestedContainer(keyedBy: TableKeys.self, forKey: .table)
        .decode(GameID.self, forKey: .game)
    } else {
      // A session between rounds: no table, the game at the top.
      game = try container.decode(GameID.self, forKey: .game)
    }
  }
}
