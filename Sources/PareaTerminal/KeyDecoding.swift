import CNcursesw
import PareaCanvas

/// What one code from `wget_wch` means. Pure, so it is tested without a terminal.
enum DecodedInput: Hashable, Sendable {
  /// A key the app understands.
  case key(Key)
  /// Ctrl-C.
  case interrupt
  /// Ctrl-L: draw the whole screen again, as in every full-screen program.
  case repaint
  /// The terminal was resized (ncurses has already resized its screen).
  case resize
  /// A lone ESC byte: Escape itself, or the start of a sequence ncurses did
  /// not recognise (the caller looks at what follows).
  case escape
  /// A code with no meaning here (an F-key, a mouse event, Ctrl-\…).
  case ignored
}

enum KeyDecoding {
  /// A function key (`wget_wch` returned `KEY_CODE_YES`).
  static func functionKey(_ code: Int32) -> DecodedInput {
    switch code {
    case KEY_UP: .key(.up)
    case KEY_DOWN: .key(.down)
    case KEY_LEFT: .key(.left)
    case KEY_RIGHT: .key(.right)
    case KEY_ENTER: .key(.enter)
    case KEY_BACKSPACE: .key(.backspace)
    case KEY_DC: .key(.delete)
    case KEY_BTAB: .key(.backTab)
    case KEY_HOME, KEY_A1: .key(.home)
    case KEY_END, KEY_C1: .key(.end)
    case KEY_PPAGE, KEY_A3: .key(.pageUp)
    case KEY_NPAGE, KEY_C3: .key(.pageDown)
    case KEY_RESIZE: .resize
    default: .ignored
    }
  }

  /// A character (`wget_wch` returned `OK`).
  static func character(_ value: UInt32) -> DecodedInput {
    switch value {
    case 3: return .interrupt
    case 12: return .repaint
    case 10, 13: return .key(.enter)
    case 8, 127: return .key(.backspace)
    case 9: return .key(.tab)
    case 27: return .escape
    case 1...26:
      // Ctrl-A is 1 … Ctrl-Z is 26 (8, 9, 10, 12 and 13 are taken above).
      return .key(.control(Character(Unicode.Scalar(UInt8(96 + value)))))
    case 0..<32, 0x80..<0xA0: return .ignored
    default:
      guard let scalar = Unicode.Scalar(value) else { return .ignored }
      switch scalar.properties.generalCategory {
      case .control, .surrogate, .unassigned, .privateUse, .lineSeparator, .paragraphSeparator:
        return .ignored
      default:
        // Combining marks pass through: typed after a letter they join it in
        // the app's String ("e" + U+0301 is one Character, "é").
        return .key(.character(Character(scalar)))
      }
    }
  }
}
