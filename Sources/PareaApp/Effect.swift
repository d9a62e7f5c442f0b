/// Work the reducer asks the outside world to do (the executable performs it).
/// The reducer itself never touches files, clocks or the terminal.
public enum Effect: Hashable, Sendable {
  /// Leave the program normally.
  case quit
  /// Save the settings (language and house rules).
  case saveSettings
  /// Save the names of the players of the game being set up (quick picks).
  case savePlayers([String])
  /// Save the game in progress (or delete the saved one when the game is over).
  case saveGame
  /// Clear and repaint the whole terminal (after a role was on screen), so
  /// that nothing of it can survive in a cell the next screen leaves alone.
  case redrawAll
  /// Ring the terminal's bell (the round's time is up).
  case bell
}
