import Testing

@testable import PareaTextWidth

/// The fast path of `TextWidth.of` (one scalar, read from the UTF-8 bytes)
/// gives the same width as the full Unicode rule, and the blocks it trusts
/// hold only one-column characters.
@Suite("Text width") struct TextWidthTests {
  @Test func everyScalarOfTheNarrowBlocksIsOneColumnByTheFullRule() {
    var wrong: [String] = []
    for block in TextWidth.narrowBlocks {
      for value in block.first...block.last {
        guard let scalar = Unicode.Scalar(value) else { continue }
        if TextWidth.measured(Character(scalar)) != 1 { wrong.append(String(value, radix: 16)) }
      }
    }
    #expect(wrong.isEmpty, "not one column: \(wrong)")
  }

  @Test func fastAndFullRuleAgreeBelowU3000() {
    // ASCII (controls included), the narrow blocks and every other scalar of
    // up to three bytes that the fast path hands on.
    var samples: [Character] = []
    for value in UInt32(0)...0x3000 {
      if let scalar = Unicode.Scalar(value) { samples.append(Character(scalar)) }
    }
    let wrong = samples.filter { TextWidth.of($0) != TextWidth.measured($0) }
    #expect(wrong.isEmpty, "\(wrong.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
  }

  /// The terminal backend skips its wide-character check for these
  /// (`Terminal.put`): none may be two columns.
  @Test func noScalarBelowU1100IsWide() {
    let wide = (UInt32(0)..<0x1100).compactMap(Unicode.Scalar.init).filter { TextWidth.of(Character($0)) > 1 }
    #expect(wide.isEmpty, "\(wide)")
  }

  @Test func charactersTheFastPathHandsOn() {
    #expect(TextWidth.of("\r\n") == 0)
    #expect(TextWidth.of("e\u{301}") == 1)
    #expect(TextWidth.of("\u{301}") == 0)
    #expect(TextWidth.of("\u{AD}") == 0)  // soft hyphen: a format character
    #expect(TextWidth.of("界") == 2)
    #expect(TextWidth.of("😀") == 2)
    #expect(TextWidth.of("🇬🇷") == 2)
    #expect(TextWidth.of("❤️") == 2)
    #expect(TextWidth.of("1️⃣") == 2)  // a keycap starts with an ASCII digit
    #expect(TextWidth.of("𝔸") == 1)
  }

  @Test func singleScalarReadsOneScalarOfUpToThreeBytes() {
    #expect(TextWidth.singleScalar("a") == 0x61)
    #expect(TextWidth.singleScalar("ά") == 0x3AC)
    #expect(TextWidth.singleScalar("▸") == 0x25B8)
    #expect(TextWidth.singleScalar("界") == 0x754C)
    #expect(TextWidth.singleScalar("😀") == nil)  // four bytes: the full rule
    #expect(TextWidth.singleScalar("e\u{301}") == nil)
    #expect(TextWidth.singleScalar("\r\n") == nil)
  }

  @Test func stringsAddTheirCharacters() {
    #expect(TextWidth.of("Παλέρμο") == 7)
    #expect(TextWidth.of("Πα\u{301}λ") == 3)
    #expect(TextWidth.of("界a") == 3)
    #expect(TextWidth.of("") == 0)
  }
}
