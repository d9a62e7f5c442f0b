import Testing

import CNcursesw

#if canImport(Glibc)
  import Glibc
#endif

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

  /// The terminal asks the C library how wide a character is only from
  /// U+1100 on (`RunWriter.append`): below it, neither the canvas nor the C
  /// library (in a UTF-8 locale, on this thread alone) finds one wide.
  @Test func noScalarBelowU1100IsWideToTheCanvasOrTheCLibrary() throws {
    let wide = (UInt32(0)..<0x1100).compactMap(Unicode.Scalar.init).filter { TextWidth.of(Character($0)) > 1 }
    #expect(wide.isEmpty, "\(wide)")
    let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "no C.UTF-8 locale")
    let previous = uselocale(utf8)
    defer {
      uselocale(previous)
      freelocale(utf8)
    }
    #expect(parea_wcwidth(0x754C) == 2, "the locale measures a wide character as wide")
    let wideToC = (Int32(0)..<0x1100).filter { parea_wcwidth(wchar_t($0)) > 1 }
    #expect(wideToC.isEmpty, "\(wideToC)")
  }

  /// Text of simple scalars is measured and drawn from its bytes, one
  /// grapheme and one column a scalar: none of them may join a neighbour.
  @Test func everySimpleScalarIsAGraphemeOfItsOwnBesideAnyOther() {
    var simple: [Unicode.Scalar] = (UInt32(0x20)..<0x7F).compactMap(Unicode.Scalar.init)
    for block in TextWidth.narrowBlocks {
      simple += (block.first...block.last).compactMap(Unicode.Scalar.init)
    }
    #expect(simple.allSatisfy { TextWidth.isSimple($0.value) })
    // The fast path commits a scalar only between two simple ones: any two
    // of them must be two graphemes. A scalar of any class but "Other" (a
    // mark, a joiner, a prepended letter, a jamo) would join one of these
    // partners, one per kind of simple scalar, on one side or the other.
    let partners: [Character] = ["a", "é", "Ω", "ῶ", "─", "©", "‼", "…"]
    var joined: [String] = []
    for scalar in simple {
      for partner in partners {
        let pair = [String(partner) + String(scalar), String(scalar) + String(partner)]
        if pair.contains(where: { $0.count != 2 }) {
          joined.append(String(scalar.value, radix: 16) + " with " + String(partner))
        }
      }
    }
    #expect(joined.isEmpty, "\(joined.prefix(20))")
    // And nothing that is not simple is taken for simple.
    for value in UInt32(0)...0x3000 where TextWidth.isSimple(value) {
      #expect(Unicode.Scalar(value).map { TextWidth.measured(Character($0)) == 1 } == true)
    }
  }

  static let texts: [String] = [
    "", "a", "Palermo", "Παλέρμο · Κατάσκοπος", "e\u{301}", "abe\u{301}c", "ab\u{301}", "\u{301}abc", "a\r\nb",
    "Μαρία 🎉", "李明 and 👨‍👩‍👧", "1️⃣ 2", "🇬🇷🇬🇷x", "x\u{AD}y", "▸ 1  Palermo", "┌──┐", "tab\there", "…“quotes”—",
    "Zoë", "a\u{200D}b", "ᾯ", "\u{600}a",
  ]

  @Test func aStringMeasuresAsTheSumOfItsGraphemes() {
    for text in Self.texts {
      #expect(TextWidth.of(text) == text.reduce(0) { $0 + TextWidth.of($1) }, "\(text.unicodeScalars.map(\.value))")
      #expect(TextWidth.of(text[...]) == TextWidth.of(text))
    }
  }

  @Test func theSimplePrefixEndsAtAGraphemeBoundary() {
    for text in Self.texts {
      var copy = text
      let prefix = copy.withUTF8 { TextWidth.simplePrefix(of: $0) }
      let index = text.utf8.index(text.utf8.startIndex, offsetBy: prefix.bytes)
      let head = String(text[..<index])
      #expect(head.count == prefix.columns && TextWidth.of(head) == prefix.columns)
      #expect(Array(text) == Array(head) + Array(text[index...]), "\(text.unicodeScalars.map(\.value))")
    }
    var mixed = "abe\u{301}c"
    #expect(mixed.withUTF8 { TextWidth.simplePrefix(of: $0) } == (2, 2))
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
