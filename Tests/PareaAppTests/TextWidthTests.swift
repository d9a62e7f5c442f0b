import Testing

@testable import PareaApp

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

  @Test func fastAndFullRuleAgree() {
    var samples: [Character] = ["a", " ", "~", "\u{7F}", "\t", "\u{0}", "\r\n", "e\u{301}", "ά", "Σ",
      "ς", "—", "…", "▸", "│", "█", "界", "한", "😀", "👍🏽", "🇬🇷", "❤️", "\u{AD}", "\u{200B}",
      "\u{301}", "\u{FE0F}", "ﬁ", "Ω", "€", "↑", "✓", "\u{1F600}", "ǅ", "𝔸"]
    for value in UInt32(0)...0x3000 {
      if let scalar = Unicode.Scalar(value) { samples.append(Character(scalar)) }
    }
    let wrong = samples.filter { TextWidth.of($0) != TextWidth.measured($0) }
    #expect(wrong.isEmpty, "\(wrong.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
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
