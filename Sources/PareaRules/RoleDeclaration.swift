// A role as a declaration: its side, whom it knows, the night ability it
// wakes for, what makes it take a player along, and whether it counts as a
// thief. A game that declares its deck this way derives from it its roles,
// its night's steps (in one stated order) and who counts for its win
// (`Palermo.deck`); a group's own roles are to be written the same way.
// See docs/DECISIONS.md, "Roles as declarations".

/// What a role that plays alone wins by: the game ends with its win.
public enum AloneWin: String, Hashable, Codable, Sendable, CaseIterable {
  /// Voted out by the town in a day's vote (a Fool, a Tanner).
  case votedOut
}

/// One role, declared.
public struct RoleDeclaration: Hashable, Codable, Sendable {
  /// The role's identifier (its words: `role.<id>.name`, `.description`).
  public let id: RoleID
  /// The side it plays for: for a role that plays alone, a side of its own
  /// with the role's identifier (`SideID(id.rawValue)`).
  public let side: SideID
  /// The roles whose holders it learns at the deal.
  public let knows: [RoleID]
  /// Whether it also learns every other role of its side in the deck ("its side").
  public let knowsSide: Bool
  /// The night ability it wakes for, if any: with the thieves to choose the
  /// victim (`kill`), to protect someone (`protect`) or to learn a player's
  /// side (`check`).
  public let night: NightAction?
  /// The death that makes it take a player along (a kamikaze), if any.
  public let takesPlayerAlongWhen: DeathCause?
  /// Whether it counts as a thief for the win: the town wins once none is
  /// left, the thieves once they are at least as many as the players not
  /// on their side.
  public let countsAsThief: Bool
  /// Whether its night ability may be used once in the game only.
  public let once: Bool
  /// What it wins by when it plays alone (nil: it plays for `side`).
  public let alone: AloneWin?
  /// A group's own role's name, by language code ("en", "el"): one is
  /// enough, the other falls back to it. Empty for a built-in role, whose
  /// name is in the locale tables.
  public let names: [String: String]

  /// Declares a role.
  public init(
    id: RoleID, side: SideID, knows: [RoleID] = [], knowsSide: Bool = false, night: NightAction? = nil,
    takesPlayerAlongWhen: DeathCause? = nil, countsAsThief: Bool = false, once: Bool = false, alone: AloneWin? = nil,
    names: [String: String] = [:]
  ) {
    self.id = id
    self.side = alone == nil ? side : SideID(id.rawValue)
    self.knows = knows
    self.knowsSide = knowsSide
    self.night = night
    self.takesPlayerAlongWhen = takesPlayerAlongWhen
    self.countsAsThief = countsAsThief
    self.once = once
    self.alone = alone
    self.names = names
  }

  /// Whether this is a group's own role (named by the group, not the tables).
  public var isHouseRole: Bool { id.rawValue.hasPrefix("house.") }

  /// The role's name in `language` (a language code), else in the other
  /// language the group named it in; nil for a built-in role.
  public func name(in language: String) -> String? {
    if let name = names[language] { return name }
    return names.keys.sorted().first.flatMap { names[$0] }
  }

  /// The role the table plays it as.
  public var role: Role {
    var abilities: [Ability] = []
    if night == .protect { abilities.append(.protectsAtNight) }
    if let cause = takesPlayerAlongWhen { abilities.append(.takesPlayerAlong(when: cause)) }
    return Role(id: id, side: side, knows: knows, abilities: abilities)
  }

  /// The night's steps of a deck, in the order the narrator wakes them:
  /// each role that blocks, in the deck's order, in a step of its own (a
  /// block must be known before anyone it stops chooses); then the roles
  /// that kill, together, in one step (`thieves`) that waits for its choice
  /// (they are a whole side the game ends without); then each role that
  /// protects, likewise one by one; then each role that checks. A step of
  /// its own is named after its role's identifier (`palermo.doctor` wakes in
  /// `doctor`). Whoever protects acts before whoever learns, so that a check
  /// never waits on a step that could still change the night.
  public static func nightSteps(of deck: [RoleDeclaration]) -> [NightStep] {
    var steps: [NightStep] = []
    func own(_ action: NightAction) {
      for declaration in deck where declaration.night == action {
        steps.append(
          NightStep(id: NightStepID(declaration.stepName), roles: [declaration.id], action: action, once: declaration.once))
      }
    }
    own(.block)
    let killers = deck.filter { $0.night == .kill }.map(\.id)
    if !killers.isEmpty { steps.append(NightStep(id: "thieves", roles: killers, action: .kill, waitsForChoice: true)) }
    own(.protect)
    own(.check)
    return steps
  }

  /// The name of the role's own night step: a built-in role's identifier
  /// after the game's (`doctor`); a group's role's whole identifier
  /// (`house.sheriff`), which no built-in step can share.
  var stepName: String {
    isHouseRole ? id.rawValue : String(id.rawValue.split(separator: ".").last ?? Substring(id.rawValue))
  }
}
