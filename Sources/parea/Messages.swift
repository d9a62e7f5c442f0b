import PareaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The messages the executable prints outside the full-screen interface, in
/// one place so they can be routed through the locale tables later.
enum Messages {
  /// One line on standard error for a terminal that cannot be used.
  static func terminalUnavailable(_ error: TerminalError) -> String {
    switch error {
    case .notATerminal:
      "parea: needs a terminal; run it without redirecting its input or output"
    case .terminalTypeMissing:
      "parea: the TERM environment variable is not set, so the terminal type is unknown"
    case .unknownTerminalType(let type):
      "parea: unknown terminal type \"\(type)\" (check TERM)"
    case .noTerminalDatabase:
      "parea: no terminfo database found (install ncurses-base or ncurses-term)"
    case .cannotOpenTerminal(let type):
      "parea: could not open the terminal (TERM=\(type))"
    }
  }

  /// Writes `line` and a newline to standard error.
  static func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}
