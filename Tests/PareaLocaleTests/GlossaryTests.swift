import PareaLocale
import Testing

/// The glossary's rules a machine can check (docs/GLOSSARY.md), over every
/// text of the built-in tables: Parea never speaks as "we" («εμείς»), a day
/// is «μέρα», not «ημέρα», and a word is spelt one way.
@Suite("The glossary, where a machine can check it")
struct GlossaryTests {
  /// Every key of `language`'s built-in tables, with its text.
  static func texts(_ language: Language) -> [(key: String, text: String)] {
    let catalog = Catalog.builtIn(language)
    return catalog.keys(in: language).sorted().map { ($0, catalog.text($0)) }
  }

  /// The words of `text`, lowercased.
  static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" }).map { $0.lowercased() }
  }

  /// A Greek verb in the first person plural (present, future, past:
  /// «περιμένουμε», «ξαναδοκιμάζουμε», «ξεκινάμε», «παίξαμε»).
  static func speaksAsWe(_ word: String) -> Bool {
    ["ουμε", "ούμε", "αμε", "άμε"].contains { word.hasSuffix($0) }
  }

  @Test("Parea never speaks as we, in either language")
  func neverWe() {
    #expect(Self.speaksAsWe("περιμένουμε") && Self.speaksAsWe("ξεκινάμε") && !Self.speaksAsWe("φιλοξενούμενος"))
    for (key, text) in Self.texts(.el) {
      for word in Self.words(text) where Self.speaksAsWe(word) { Issue.record("\(key): «\(word)» speaks as «εμείς»") }
    }
    for (key, text) in Self.texts(.en) {
      for word in Self.words(text) where ["we", "us", "our", "ours", "we're", "let's"].contains(word) {
        Issue.record("\(key): “\(word)” speaks as we")
      }
    }
  }

  @Test("a day is «μέρα», never «ημέρα», and «ισοψήφισαν» is spelt one way")
  func oneWordOneSpelling() {
    #expect(Self.texts(.el).count > 500)
    for (key, text) in Self.texts(.el) {
      let words = Self.words(text)
      for word in words where ["ημέρα", "ημέρας", "ημέρες", "ημερών"].contains(word) {
        Issue.record("\(key): «\(word)» (the glossary says «μέρα»)")
      }
      for word in words where word.hasPrefix("ισοψήφησ") { Issue.record("\(key): «\(word)» (spelt «ισοψήφισ…»)") }
    }
  }
}
