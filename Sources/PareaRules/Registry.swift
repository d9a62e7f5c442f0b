/// The games a program knows: the home screen's list, and where a saved table
/// finds its game again.
///
/// A value, not a global list, so that a game defined elsewhere (a test's
/// fourth game) can be added and then dealt, played, saved and read back like
/// the shipped ones. A saved table names its game by id; decoding looks the id
/// up in the registry passed as `decoder.userInfo[GameRegistry.userInfoKey]`,
/// or in `standard` when none is passed.
public struct GameRegistry: Sendable {
  /// Every game, in the order the home screen lists them.
  public let games: [any GameType]

  /// A registry of `games`, in menu order; their ids must differ.
  public init(_ games: [any GameType]) {
    precondition(
      Set(games.map(\.id)).count == games.count, "two games share an id: a saved table could not tell them apart")
    self.games = games
  }

  /// The games Parea ships: Palermo, Spy and Killer.
  public static let standard = GameRegistry([Palermo(), Spy(), Killer()])

  /// The shipped games, in menu order (`standard.games`).
  public static var all: [any GameType] { standard.games }

  /// The shipped game with the given identifier, if Parea has it.
  public static func game(_ id: GameID) -> (any GameType)? { standard.game(id) }

  /// The game with the given identifier, if this registry has it.
  public func game(_ id: GameID) -> (any GameType)? { games.first { $0.id == id } }

  /// This registry with `game` added at the end of the menu.
  public func adding(_ game: any GameType) -> GameRegistry { GameRegistry(games + [game]) }

  /// The `userInfo` key under which a decoder is given the registry that saved
  /// tables are read with (a `GameRegistry`; `standard` when absent).
  public static let userInfoKey = CodingUserInfoKey(rawValue: "parea.gameRegistry")!
}

extension GameRegistry: Hashable {
  /// Registries are equal when they list the same game ids in the same order:
  /// a game is known by its id (ids are unique within a registry).
  public static func == (lhs: GameRegistry, rhs: GameRegistry) -> Bool {
    lhs.games.map(\.id) == rhs.games.map(\.id)
  }

  /// Hashes the game ids in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(games.map(\.id)) }
}
