import CNcursesw
import PareaCanvas
import Testing

@testable import PareaTerminal

/// What each code from `wget_wch` becomes (no terminal needed).
@Suite struct KeyDecodingTests {
  @Test(
    "characters and control bytes",
    arguments: [
      (UInt32(10), DecodedInput.key(.enter)), (13, .key(.enter)), (127, .key(.backspace)),
      (8, .key(.backspace)), (9, .key(.tab)), (27, .escape), (3, .interrupt), (12, .repaint),
      (1, .key(.control("a"))), (26, .key(.control("z"))), (0, .ignored), (28, .ignored),
      (0x9B, .ignored), (0x61, .key(.character("a"))), (0x20, .key(.character(" "))),
      (0x3B1, .key(.character("α"))), (0x3AD, .key(.character("έ"))),
      (0x301, .key(.character("\u{301}"))), (0x754C, .key(.character("界"))),
      (0xE000, .ignored), (0xD800, .ignored), (0x110000, .ignored),
    ])
  func character(code: UInt32, expected: DecodedInput) {
    #expect(KeyDecoding.character(code) == expected)
  }

  @Test(
    "function keys",
    arguments: [
      (KEY_UP, DecodedInput.key(.up)), (KEY_DOWN, .key(.down)), (KEY_LEFT, .key(.left)),
      (KEY_RIGHT, .key(.right)), (KEY_ENTER, .key(.enter)), (KEY_BACKSPACE, .key(.backspace)),
      (KEY_DC, .key(.delete)), (KEY_BTAB, .key(.backTab)), (KEY_HOME, .key(.home)),
      (KEY_END, .key(.end)), (KEY_PPAGE, .key(.pageUp)), (KEY_NPAGE, .key(.pageDown)),
      (KEY_RESIZE, .resize), (KEY_F0 + 5, .ignored), (KEY_MOUSE, .ignored), (KEY_MAX + 3, .ignored),
    ])
  func functionKey(code: Int32, expected: DecodedInput) {
    #expect(KeyDecoding.functionKey(code) == expected)
  }
}
