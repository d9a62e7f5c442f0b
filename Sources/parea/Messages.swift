import PareaLocale
import PareaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The messages the executable prints outside the full-screen interface,
/// in the user's language from the locale tables.
enum Messages {
  /// One line on standard error for a terminal that cannot be used.
  static func terminalUnavailable(_ error: TerminalError, words: Catalog) -> String {
    let line: String
    switch error {
    case .notATerminal:
      line = words.text("terminal.notATerminal")
    case .terminalTypeMissing:
      line = words.text("terminal.noTerm")
    case .unknownTerminalType(let type):
      line = words.text("terminal.unknownType", ["term": type])
    case .noTerminalDatabase:
      line = words.text("terminal.noDatabase")
    case .cannotOpenTerminal(let type):
      line = words.text("terminal.cannotOpen", ["term": type])
    case .cannotAddressCursor(let type):
      line = words.text("terminal.cannotAddressCursor", ["term": type])
    }
    return "parea: " + line
  }

  /// Writes `line` and a newline to standard error.
  static func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}
