import PareaRules

/// `game.json`: the game session in play as it is written to disk, with the
/// version of the format. Enough to continue exactly where the table was, and
/// nothing of the screen that would show a role.
///
/// The session's fields sit at the top of the file beside `version`, as they
/// always have, so files written before the session value existed still load.
public struct SavedGame: Hashable, Sendable {
  /// The version of this format; a newer one is refused rather than misread.
  public static let currentVersion = 1

  /// The format version the value was written with.
  public var version: Int
  /// The game session.
  public var session: GameSession

  /// The session as the current format writes it.
  public init(_ session: GameSession) {
    version = Self.currentVersion
    self.session = session
  }

  /// Whether the session makes sense: a game this build knows, a table that
  /// game could have dealt with every number in it within its bounds (see
  /// `GameSession.isValid`), and names in the scores the screen can draw. The
  /// locations are checked by `Store.loadGame` against the ones the executable
  /// knows (`Store.knownLocations`, `GameSession.placesAreKnown`).
  public func isValid(in registry: GameRegistry = .standard) -> Bool {
    guard version == Self.currentVersion, let rules = registry.game(session.game) else { return false }
    // The standings draw every name in the scores, players who left included.
    return session.isValid(rules: rules) && session.scores.keys.allSatisfy(SavedNames.isDrawable)
  }
}

extension SavedGame: Codable {
  private enum CodingKeys: String, CodingKey { case version }

  public init(from decoder: any Decoder) throws {
    version = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .version)
    session = try GameSession(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try session.encode(to: encoder)
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
  /// The game and the number of players.
  public var summary: GameSession.Summary

  /// Creates a summary.
  public init(version: Int = SavedGame.currentVersion, game: GameID, playerCount: Int) {
    self.version = version
    self.summary = GameSession.Summary(game: game, playerCount: playerCount)
  }

  /// Whether the home screen may offer it: a known game and a number of
  /// players that game takes (the store checks the version). The whole file
  /// is checked after the first frame.
  public func isPlausible(in registry: GameRegistry = .standard) -> Bool {
    registry.game(summary.game)?.players.contains(summary.playerCount) ?? false
  }

  private enum CodingKeys: String, CodingKey { case version, players, table, game }
  private enum TableKeys: String, CodingKey { case game }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    let playerCount = try container.decode([String].self, forKey: .players).count
    let game: GameID
    if container.contains(.table) {
      game = try container.nestedContainer(keyedBy: TableKeys.self, forKey: .table)
        .decode(GameID.self, forKey: .game)
    } else {
      // A session between rounds: no table, the game at the top.
      game = try container.decode(GameID.self, forKey: .game)
    }
    summary = GameSession.Summary(game: game, playerCount: playerCount)
  }
}
