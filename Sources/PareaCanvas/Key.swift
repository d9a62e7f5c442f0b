/// A key press, as the terminal backend reports it and the app understands it.
public enum Key: Hashable, Sendable {
  /// A printable character (Latin, Greek, digits, punctuation, space…).
  case character(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Enter / Return.
  case enter
  /// Escape.
  case escape
  /// Backspace.
  case backspace
  /// Delete (forward).
  case delete
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// A control chord other than the ones above, by its letter (Ctrl-A → "a").
  case control(Character)
}
