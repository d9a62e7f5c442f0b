@_spi(_Unicode) import Swift

/// Why a setup cannot be dealt. Each case has a locale key (`error.<key>.title`
/// and `error.<key>.message`); the associated values fill the placeholders.
public enum SetupError: Error, Hashable, Sendable {
  /// A name is empty after trimming.
  case emptyName
  /// A name matches an existing one, ignoring case, accents and surrounding spaces.
  case duplicateName(String)
  /// Fewer players than the game's minimum.
  case tooFewPlayers(minimum: Int, count: Int)
  /// More players than the game's maximum.
  case tooManyPlayers(maximum: Int, count: Int)
  /// More roles chosen than there are players.
  case moreRolesThanPlayers(roles: Int, players: Int)
  /// The chosen roles do not match the number of players.
  case rolesDoNotMatchPlayers(roles: Int, players: Int)
  /// A role was chosen that the game does not have, or was chosen twice.
  case invalidRole(RoleID)
  /// The number of spies or killers is outside what the table allows.
  case badCount(count: Int, allowed: ClosedRange<Int>?)
  /// The game needs locations and none were loaded.
  case noLocations
  /// A rule of the game itself is broken (e.g. Palermo needs a thief).
  case gameRule(game: GameID, rule: String)

  /// The locale key stem of this error, e.g. `tooFewPlayers`.
  public var key: String {
    switch self {
    case .emptyName: "emptyName"
    case .duplicateName: "duplicateName"
    case .tooFewPlayers: "tooFewPlayers"
    case .tooManyPlayers: "tooManyPlayers"
    case .moreRolesThanPlayers: "moreRolesThanPlayers"
    case .rolesDoNotMatchPlayers: "rolesDoNotMatchPlayers"
    case .invalidRole: "invalidRole"
    case .badCount: "badCount"
    case .noLocations: "noLocations"
    case .gameRule(let game, let rule): "\(game).\(rule)"
    }
  }
}

/// Names as the table says them: trimmed, and compared without case or accents.
public enum PlayerName {
  /// The name with surrounding white space removed and inner runs of white space
  /// collapsed to one space, in composed form.
  public static func clean(_ name: String) -> String {
    // Fast path: plain ASCII with single inner spaces is already clean (and
    // composed). A plain loop: `zip` over the bytes cost a generic metadata
    // instantiation at run time, which showed up in the start-up profile.
    var previous: UInt8 = 32  // as if a space came first: a leading space fails
    var plain = true
    for byte in name.utf8 {
      if byte < 32 || byte >= 127 || (byte == 32 && previous == 32) {
        plain = false
        break
      }
      previous = byte
    }
    if plain && previous != 32 { return name }
    let words = name.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
    return String(decoding: words.joined(separator: " ")._nfcCodeUnits, as: UTF8.self)
  }

  /// A key under which names that a person would call the same compare equal:
  /// "Ελένη", "ελενη" and " ΕΛΈΝΗ " share one key.
  public static func key(_ name: String) -> String {
    var folded = ""
    // Decomposing first turns every accent into a combining mark, which is dropped.
    // Final sigma folds to sigma, so "Νίκος" and "ΝΙΚΟΣ" (lowercased with σ) agree.
    for scalar in clean(name).lowercased()._nfd
    where scalar.properties.canonicalCombiningClass == .notReordered {
      folded.unicodeScalars.append(scalar == "ς" ? "σ" : scalar)
    }
    return folded
  }

  /// The first problem with adding `name` to `existing`, or nil if it can be added.
  public static func problem(adding name: String, to existing: [String]) -> SetupError? {
    problem(adding: name, toKeys: existing.map { ($0, key($0)) })
  }

  /// The same check against names whose keys are already computed.
  static func problem(
    adding name: String, toKeys existing: [(name: String, key: String)], key newKey: String? = nil
  ) -> SetupError? {
    let cleaned = clean(name)
    let newKey = newKey ?? key(cleaned)
    // A name of nothing but accents has an empty key: it is as empty as spaces.
    if cleaned.isEmpty || newKey.isEmpty { return .emptyName }
    if let match = existing.first(where: { $0.key == newKey }) {
      return .duplicateName(clean(match.name))
    }
    return nil
  }
}

extension GameType {
  /// Every problem with dealing this game to `players` with `setup` and `locations`,
  /// in the order a person would fix them; empty if the game can be dealt.
  public func validate(players names: [String], setup: Setup, locations: [Location] = [])
    -> [SetupError]
  {
    var errors: [SetupError] = []
    // Each name's key is computed once: a 20-player table would otherwise fold 210 names.
    var seen: [(name: String, key: String)] = []
    for name in names {
      let key = PlayerName.key(name)
      if let problem = PlayerName.problem(adding: name, toKeys: seen, key: key) {
        errors.append(problem)
      }
      seen.append((name, key))
    }
    let count = names.count
    if count < players.lowerBound {
      errors.append(.tooFewPlayers(minimum: players.lowerBound, count: count))
    }
    if count > players.upperBound {
      errors.append(.tooManyPlayers(maximum: players.upperBound, count: count))
    }
    errors += validate(setup: setup, players: count)
    if usesLocations && !locations.contains(where: { $0.roleCount > 0 }) {
      errors.append(.noLocations)
    }
    return errors
  }

  /// Problems with the setup alone for a table of `playerCount`.
  public func validate(setup: Setup, players playerCount: Int) -> [SetupError] {
    var errors: [SetupError] = []
    switch setupKind {
    case .chooseRoles(let pool):
      var left = pool
      for role in setup.roles {
        if let index = left.firstIndex(of: role) {
          left.remove(at: index)
        } else {
          errors.append(.invalidRole(role))
        }
      }
      if setup.roles.count > playerCount {
        errors.append(.moreRolesThanPlayers(roles: setup.roles.count, players: playerCount))
      } else if setup.roles.count != playerCount {
        errors.append(.rolesDoNotMatchPlayers(roles: setup.roles.count, players: playerCount))
      }
      errors += brokenRules(in: setup.roles).map { .gameRule(game: id, rule: $0) }
    case .countBad:
      let allowed = allowedBadCounts(players: playerCount)
      if !(allowed?.contains(setup.badCount) ?? false) {
        errors.append(.badCount(count: setup.badCount, allowed: allowed))
      }
    }
    return errors
  }
}
