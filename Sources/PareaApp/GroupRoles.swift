import PareaRules

/// The group's own roles, offered on the roles page after the built-in
/// ones: made in the role editor or brought by a deck. The game chosen on
/// the home screen is dealt with them (`AppState.rules`); a table, once
/// dealt, keeps the ones it was dealt with (`GameType.houseRoles`).
public struct GroupRoles: Hashable, Sendable {
  /// The roles, in the order they were made.
  public private(set) var roles: [RoleDeclaration]
  /// Each game that takes them, with them: made once per change, not per key.
  private let games: [GameID: Played]

  /// The group's roles, for the games of `registry` that take them.
  public init(_ roles: [RoleDeclaration] = [], registry: GameRegistry = .standard) {
    self.roles = roles
    var games: [GameID: Played] = [:]
    if !roles.isEmpty {
      for game in registry.games {
        if let played = game.playing(houseRoles: roles) { games[game.id] = Played(rules: played) }
      }
    }
    self.games = games
  }

  /// The game `id` with the group's roles, if there are any and it takes them.
  func game(_ id: GameID) -> (any GameType)? { games[id]?.rules }

  public static func == (lhs: GroupRoles, rhs: GroupRoles) -> Bool { lhs.roles == rhs.roles }
  public func hash(into hasher: inout Hasher) { hasher.combine(roles) }

  /// A game, held.
  private struct Played: Sendable {
    let rules: any GameType
  }
}
