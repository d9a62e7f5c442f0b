// A role as a declaration: its side, whom it knows, the night ability it
// wakes for, what makes it take a player along, and whether it counts as a
// thief. A game that declares its deck this way derives from it its roles,
// its night's steps (in one stated order) and who counts for its win
// (`Palermo.deck`); a group's own roles are to be written the same way.
// See docs/DECISIONS.md, "Roles as declarations".

/// One role, declared.
public struct RoleDeclaration: Hashable, Sendable {
  /// The role's identifier (its words: `role.<id>.name`, `.description`).
  public let id: RoleID
  /// The side it plays for.
  public let side: SideID
  /// The roles whose holders it learns at the deal.
  public let knows: [RoleID]
  /// The night ability it wakes for, if any: with the thieves to choose the
  /// victim (`kill`), to protect someone (`protect`) or to learn a player's
  /// side (`check`).
  public let night: NightAction?
  /// The death that makes it take a player along (a kamikaze), if any.
  public let takesPlayerAlongWhen: DeathCause?
  /// Whether it counts as a thief for the win: the town wins once none is
  /// left, the thieves once they are at least as many as the town.
  public let countsAsThief: Bool

  /// Declares a role.
  public init(
    id: RoleID, side: SideID, knows: [RoleID] = [], night: NightAction? = nil, takesPlayerAlongWhen: DeathCause? = nil,
    countsAsThief: Bool = false
  ) {
    self.id = id
    self.side = side
    self.knows = knows
    self.night = night
    self.takesPlayerAlongWhen = takesPlayerAlongWhen
    self.countsAsThief = countsAsThief
  }

  /// The role the table plays it as.
  public var role: Role {
    var abilities: [Ability] = []
    if night == .protect { abilities.append(.protectsAtNight) }
    if let cause = takesPlayerAlongWhen { abilities.append(.takesPlayerAlong(when: cause)) }
    return Role(id: id, side: side, knows: knows, abilities: abilities)
  }

  /// The night's steps of a deck, in the order the narrator wakes them: the
  /// roles that kill first, together, in one step (`thieves`) that waits for
  /// its choice (they are a whole side the game ends without); then each
  /// role that protects, in the deck's order, in a step of its own; then
  /// each role that checks, likewise. A step of its own is named after its
  /// role's identifier (`palermo.doctor` wakes in `doctor`). Whoever
  /// protects acts before whoever learns, so that a check never waits on a
  /// step that could still change the night.
  public static func nightSteps(of deck: [RoleDeclaration]) -> [NightStep] {
    var steps: [NightStep] = []
    let killers = deck.filter { $0.night == .kill }.map(\.id)
    if !killers.isEmpty { steps.append(NightStep(id: "thieves", roles: killers, action: .kill, waitsForChoice: true)) }
    for action in [NightAction.protect, .check] {
      for declaration in deck where declaration.night == action {
        steps.append(NightStep(id: NightStepID(declaration.stepName), roles: [declaration.id], action: action))
      }
    }
    return steps
  }

  /// The name of the role's own night step: its identifier after the game's.
  var stepName: String { String(id.rawValue.split(separator: ".").last ?? Substring(id.rawValue)) }
}
