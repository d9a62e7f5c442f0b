import PareaRules

extension AppState {
  /// True while the screen shows what not everyone may see: a role as
  /// dealt or shown again, a claimed spy's guess, the private answer of a
  /// player marked out (its words tell the Cop or a killer that a wink
  /// cannot take them out), the moderator's list of roles, or a secret
  /// step of the night. Each screen says it (`Page.audience`). The run loop clears the
  /// terminal's scroll-back once such a screen is gone, and blanks the screen
  /// and the scroll-back on the way out while one is shown (a terminal
  /// without an alternate screen would otherwise keep it).
  public var showsSecret: Bool { screen.page.audience(in: self).isPrivate }
}
