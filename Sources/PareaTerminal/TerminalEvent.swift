import PareaCanvas

/// Something that happened at the terminal, as the run loop needs to know it.
public enum TerminalEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// The terminal changed size; the new size in columns and rows.
  case resize(width: Int, height: Int)
  /// Ctrl-C (in raw mode it arrives as a byte, not as SIGINT).
  case interrupt
  /// The whole screen must be drawn again: Ctrl-L, or the program was
  /// stopped and continued (a shell's "Stopped" line, a job's output).
  case repaint
  /// A termination signal arrived (SIGTERM, SIGHUP, SIGINT from `kill`, SIGQUIT),
  /// or the terminal hung up (reported as SIGHUP).
  case signal(Int32)
}

/// Why the terminal could not be started. The executable turns it into a message.
public enum TerminalError: Error, Hashable, Sendable {
  /// Standard input or standard output is not a terminal (`parea > file`).
  case notATerminal
  /// `TERM` is unset or empty.
  case terminalTypeMissing
  /// `TERM` names a terminal the terminfo database does not know.
  case unknownTerminalType(String)
  /// No terminfo database could be found at all.
  case noTerminalDatabase
  /// ncurses failed to open the terminal for another reason.
  case cannotOpenTerminal(String)
  /// `TERM` names a terminal that cannot move its cursor (`dumb`, a printing terminal).
  case cannotAddressCursor(String)
}
