import PareaLocale
import PareaRules

/// The game in progress as it is written to disk: enough to continue exactly
/// where the table was, and nothing of the screen that would show a role.
public struct SavedGame: Hashable, Codable, Sendable {
  /// The version of this format; a newer one is refused rather than misread.
  public static let currentVersion = 1

  /// The format version the value was written with.
  public var version: Int
  /// The players in seating order (the table has them too; kept for the quick picks).
  public var players: [String]
  /// The setup the game was dealt with (for "play again").
  public var setup: Setup
  /// The game itself: roles, deaths, views, log.
  public var table: Table
  /// The next seat to hand the laptop to in the first round of reveals;
  /// equal to the number of players once everyone has seen their role.
  public var nextReveal: Int
  /// Points from earlier rounds with these players (absent in files without any).
  public var scores: [String: Int]?

  /// The game in progress in `state`, if any.
  public init?(state: AppState) {
    guard let table = state.table else { return nil }
    version = Self.currentVersion
    players = state.players
    setup = state.setup
    self.table = table
    nextReveal = state.nextReveal
    scores = state.scores.isEmpty ? nil : state.scores
  }

  /// Whether the value makes sense: a known game, a role from that game for
  /// every seat, a reveal position within the table. A file that decodes but
  /// fails this is treated like a corrupt one.
  public var isValid: Bool {
    guard version == Self.currentVersion, let rules = GameRegistry.game(table.game),
      !table.seats.isEmpty, rules.players.contains(table.seats.count),
      (0...table.seats.count).contains(nextReveal)
    else { return false }
    return table.isConsistent(rules: rules)
  }

  /// Puts the saved game into `state`, on the home screen with "Resume" highlighted.
  public func restore(into state: inout AppState) {
    state.game = table.game
    state.players = players
    state.setup = setup
    state.table = table
    state.nextReveal = nextReveal
    state.scores = scores ?? [:]
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

  private enum CodingKeys: String, CodingKey { case version, players, table }
  private enum TableKeys: String, CodingKey { case game }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    playerCount = try container.decode([String].self, forKey: .players).count
    game = try container.nestedContainer(keyedBy: TableKeys.self, forKey: .table)
      .decode(GameID.self, forKey: .game)
  }
}
