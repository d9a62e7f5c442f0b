import PareaLocale
import PareaStrings
import Testing

/// Every sentence that holds a player's name is right whatever the name is:
/// a man's or a woman's, Greek or Latin. Greek puts a name in a case and gives
/// it an article and agreeing words (ο Νίκος, τη Μαρία, κατηγορούμενη), which
/// a template cannot know; so in Greek the name stands as a label
/// ("Σειρά έχει: {name}."), never addressed ("{name}, πάτα…") and never with a
/// gendered word that has to agree with it.
@Suite("Sentences with a player's name")
struct NameSentenceTests {
  /// Men's names in -ος and -ης, women's names, Latin names.
  static let names = ["Νίκος", "Γιάννης", "Παύλος", "Μαρία", "Ελένη", "Bob", "Fay"]

  /// Every key of `language`'s built-in tables whose text holds `{name}`, with the text.
  static func sentences(_ language: Language) -> [(key: String, text: String)] {
    let catalog = Catalog.builtIn(language)
    return catalog.keys(in: language).sorted().compactMap { key in
      let text = catalog.text(key)
      return Placeholders.names(in: text).contains("name") ? (key, text) : nil
    }
  }

  /// Where a sentence ends: after these, the next word begins a sentence.
  static let sentenceEnds: Set<Character> = [".", "!", ";", "·", "?", "…", ":"]

  @Test(arguments: [Language.en, .el]) func thereAreSentencesToCheck(_ language: Language) {
    #expect(Self.sentences(language).count >= 30, "\(language): \(Self.sentences(language).count)")
  }

  /// With every name, the name is there and no placeholder is left.
  @Test(arguments: [Language.en, .el]) func everyNameIsFilledIn(_ language: Language) {
    for (key, text) in Self.sentences(language) {
      for name in Self.names {
        var arguments: [String: String] = [:]
        for placeholder in Placeholders.names(in: text) { arguments[placeholder] = "·\(placeholder)·" }
        arguments["name"] = name
        let filled = Placeholders.fill(text, arguments)
        #expect(filled.contains(name), "\(language) \(key): \(filled)")
        #expect(!filled.contains("{"), "\(language) \(key) keeps a placeholder: \(filled)")
      }
    }
  }

  /// No Greek sentence speaks to the name: the vocative (Νίκο, Γιάννη) is a
  /// form the template cannot make. Caught at the start of the text, after the
  /// end of a sentence inside it, and at the end of a sentence (", {name}.").
  @Test func noGreekSentenceAddressesTheName() {
    for (key, text) in Self.sentences(.el) {
      #expect(!Self.addressesTheName(text), "el \(key) addresses the name: \(text)")
    }
  }

  /// In Greek the name is a label: what comes before it is the start of the
  /// text, a colon, a dash or an opening mark, and what follows it is the end
  /// of the text or punctuation. A name inside a running sentence ("{name} δεν
  /// ήταν…", "τον {name}") would need an article and a case.
  @Test func greekNamesStandAsLabels() {
    for (key, text) in Self.sentences(.el) {
      for (before, after) in Self.surroundings(of: "{name}", in: text) {
        #expect(Self.labelBefore(before), "el \(key): «…\(before.suffix(12)){name}» is not a label: \(text)")
        #expect(Self.labelAfter(after), "el \(key): «{name}\(after.prefix(12))…» is not a label: \(text)")
      }
    }
  }

  /// No Greek word next to the name, or in the same clause after it, has to
  /// agree with it: no article, no participle (κατηγορούμενος), no adjective
  /// of a person (ύποπτος, νεκρή), no pronoun standing for it (μαζί του).
  @Test func noGreekWordAgreesWithTheName() {
    for (key, text) in Self.sentences(.el) {
      for (before, after) in Self.surroundings(of: "{name}", in: text) {
        if let word = Self.lastWord(of: before), Self.agrees(word) || Self.articles.contains(word) {
          Issue.record("el \(key): «\(word)» before the name agrees with it: \(text)")
        }
        for word in Self.clauseWords(of: after) where Self.agrees(word) {
          Issue.record("el \(key): «\(word)» after the name agrees with it: \(text)")
        }
      }
      let lowered = text.lowercased()
      for phrase in Self.pronounPhrases where lowered.contains(phrase) {
        Issue.record("el \(key): «\(phrase)» stands for the name and has a gender: \(text)")
      }
    }
  }

  /// English sentences with a name give it no pronoun of a gender.
  @Test func noEnglishPronounOfAGender() {
    let gendered: Set<String> = ["he", "she", "him", "her", "his", "hers", "himself", "herself"]
    for (key, text) in Self.sentences(.en) {
      let words = text.lowercased().split { !$0.isLetter }.map(String.init)
      for word in words where gendered.contains(word) {
        Issue.record("en \(key): «\(word)» gives the name a gender: \(text)")
      }
    }
  }

  /// The checks catch what they are for.
  @Test func theChecksCatchTheWrongPatterns() {
    #expect(Self.addressesTheName("{name}, πάτα Enter."))
    #expect(Self.addressesTheName("Έτοιμοι. {name}, πάτα Enter."))
    #expect(Self.addressesTheName("Πάτα Enter, {name}."))
    #expect(!Self.addressesTheName("Σειρά έχει: {name}. Πάτα Enter."))
    #expect(!Self.addressesTheName("Κατηγορήθηκε: {name}. Ποιος ξεκίνησε την κατηγορία;"))
    let bad = [
      "Ποιος ξεκίνησε την κατηγορία; (κατηγορούμενος: {name})", "Ο {name} βγαίνει.",
      "Βγαίνει η {name}.", "Η παρέα κατηγόρησε λάθος άτομο: {name} δεν ήταν κατάσκοπος.",
      "{name}: νεκρή.", "Δώσε τον υπολογιστή στον {name}.", "{name}: παίρνει κάποιον μαζί του.",
    ]
    for text in bad {
      let surroundings = Self.surroundings(of: "{name}", in: text)
      let label = surroundings.allSatisfy { Self.labelBefore($0.before) && Self.labelAfter($0.after) }
      let agreeing = surroundings.contains { before, after in
        let word = Self.lastWord(of: before)
        return word.map { Self.agrees($0) || Self.articles.contains($0) } == true
          || Self.clauseWords(of: after).contains(where: Self.agrees)
      } || Self.pronounPhrases.contains { text.lowercased().contains($0) }
      #expect(!label || agreeing, "not caught: \(text)")
    }
    #expect(Self.agrees("κατηγορούμενος") && Self.agrees("κατηγορούμενη") && Self.agrees("ύποπτη"))
    #expect(!Self.agrees("κατάσκοπος") && !Self.agrees("καμικάζι") && !Self.agrees("δολοφόνος"))
  }

  // MARK: - The checks

  /// Greek articles and article-with-preposition forms: a name after one of them has a case.
  static let articles: Set<String> = [
    "ο", "η", "οι", "τον", "την", "τη", "του", "της", "στον", "στην", "στη", "στου", "στης",
    "απ'", "τ'",
  ]

  /// Words of a person that change with the person's gender (the common-gender
  /// nouns κατάσκοπος, δολοφόνος, καμικάζι do not, and are allowed).
  static let genderedWords: Set<String> = [
    "ύποπτος", "ύποπτη", "νεκρός", "νεκρή", "ζωντανός", "ζωντανή", "αθώος", "αθώα", "ένοχος",
    "ένοχη", "μόνος", "μόνη", "ίδιος", "ίδια", "αυτός", "αυτή", "εκείνος", "εκείνη", "πρώτος", "πρώτη",
    "τελευταίος", "τελευταία", "επόμενος", "επόμενη", "χαμένος", "χαμένη", "νικητής", "νικήτρια",
  ]

  /// Pronouns after a verb that stand for the named player.
  static let pronounPhrases = ["μαζί του", "μαζί της", "ο ίδιος", "η ίδια"]

  /// Whether a Greek word has to agree with a person: a participle in -μένος/-μένη
  /// (κατηγορούμενος, χαμένη) or one of `genderedWords`.
  static func agrees(_ word: String) -> Bool {
    let bare = word.lowercased()
    if genderedWords.contains(bare) { return true }
    return ["μενος", "μένος", "μενη", "μένη", "μενου", "μένου", "μενης", "μένης"].contains { bare.hasSuffix($0) }
  }

  /// Whether `text` speaks to the name: `{name},` where a sentence begins, or
  /// `, {name}` where one ends.
  static func addressesTheName(_ text: String) -> Bool {
    for (before, after) in surroundings(of: "{name}", in: text) {
      // The character before the name, past spaces (nil at the start of the text).
      let previous = before.reversed().first { $0 != " " }
      let startsSentence = previous.map { sentenceEnds.contains($0) } ?? true
      if startsSentence && after.hasPrefix(",") { return true }
      if previous == "," {
        let rest = after.drop { $0 == " " }
        if rest.isEmpty || rest.first.map({ sentenceEnds.contains($0) }) == true { return true }
      }
    }
    return false
  }

  /// A label's left side: the text's start, ": ", "— ", an opening mark, or the word "όνομα " (με το όνομα Νίκος).
  static func labelBefore(_ before: Substring) -> Bool {
    before.isEmpty || before.hasSuffix(": ") || before.hasSuffix("— ") || before.hasSuffix("(")
      || before.hasSuffix("«") || before.hasSuffix("όνομα ")
  }

  /// A label's right side: the text's end, punctuation, " —" or " (" (a role in brackets).
  static func labelAfter(_ after: Substring) -> Bool {
    guard let first = after.first else { return true }
    if ".:!;·,)»…".contains(first) { return true }
    return after.hasPrefix(" —") || after.hasPrefix(" (")
  }

  /// The text before and after each occurrence of `placeholder`.
  static func surroundings(of placeholder: String, in text: String) -> [(before: Substring, after: Substring)] {
    var found: [(Substring, Substring)] = []
    var searchFrom = text.startIndex
    while let range = text[searchFrom...].firstRange(of: placeholder) {
      found.append((text[..<range.lowerBound], text[range.upperBound...]))
      searchFrom = range.upperBound
    }
    return found
  }

  /// The last word before the name, past a colon and spaces, lowercased.
  static func lastWord(of before: Substring) -> String? {
    let trimmed = before.reversed().drop { $0 == " " || $0 == ":" || $0 == "(" || $0 == "«" }
    let word = String(trimmed.prefix { $0.isLetter || $0 == "'" }.reversed()).lowercased()
    return word.isEmpty ? nil : word
  }

  /// The words after the name up to the end of its clause.
  static func clauseWords(of after: Substring) -> [String] {
    let clause = after.drop { $0 == ":" || $0 == " " }.prefix { !".!;·?,—(:".contains($0) }
    return clause.split { !$0.isLetter }.map { String($0).lowercased() }
  }
}
