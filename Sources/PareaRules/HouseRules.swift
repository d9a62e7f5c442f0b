/// Table customs a group may switch on in the settings (saved with them).
public struct HouseRules: Hashable, Codable, Sendable {
  /// A player who is out has their role shown at the table.
  public var revealDeadRoles = false
  /// The number of spies stays secret (the table's role list does not count them).
  public var hideSpyCount = false
  /// A three-second countdown before a role appears, so the holder can shield the screen.
  public var revealCountdown = false

  /// Every rule off.
  public init(revealDeadRoles: Bool = false, hideSpyCount: Bool = false, revealCountdown: Bool = false) {
    self.revealDeadRoles = revealDeadRoles
    self.hideSpyCount = hideSpyCount
    self.revealCountdown = revealCountdown
  }
}
