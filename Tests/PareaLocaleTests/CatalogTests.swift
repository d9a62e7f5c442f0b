import PareaLocale
import PareaStrings
import Testing

@Suite("Lookup")
struct CatalogTests {
  @Test func fillsPlaceholders() {
    #expect(sampleCatalog(.en).text("greeting", ["name": "Μαρία"]) == "Hello, Μαρία!")
    #expect(sampleCatalog(.el).text("greeting", ["name": "Maria"]) == "Γεια σου, Maria!")
  }

  @Test func leavesUnfilledPlaceholdersVisible() {
    #expect(sampleCatalog(.en).text("greeting") == "Hello, {name}!")
    #expect(sampleCatalog(.en).text("greeting", ["other": "x"]) == "Hello, {name}!")
  }

  @Test func valuesAreNotReinterpreted() {
    // A value that itself looks like a placeholder is inserted as is.
    #expect(sampleCatalog(.en).text("greeting", ["name": "{name}"]) == "Hello, {name}!")
    #expect(Placeholders.fill("{a}{b} {a}", ["a": "1", "b": "{a}"]) == "1{a} 1")
    #expect(Placeholders.fill("{ not one } {x", ["x": "1"]) == "{ not one } {x")
    #expect(
      Placeholders.fill("Συνέχεια: {game}, {count} παίκτες{}", ["game": "Παλέρμο", "count": "6"])
        == "Συνέχεια: Παλέρμο, 6 παίκτες{}")
    #expect(Placeholders.fill("{missing} é{a}", ["a": "ά"]) == "{missing} éά")
    #expect(Placeholders.fill("{a", ["a": "1"]) == "{a")
  }

  @Test func fallsBackToEnglish() {
    #expect(sampleCatalog(.el).text("only.english") == "Only in English")
  }

  @Test func missingEverywhereGivesTheKey() {
    #expect(sampleCatalog(.el).text("no.such.key") == "no.such.key")
    #expect(sampleCatalog(.en).text("no.such.key", ["name": "x"]) == "no.such.key")
    let empty = Catalog(language: .el, tables: [:])
    #expect(empty.text("menu.play") == "menu.play")
  }

  @Test func pluralChoosesOneOrOther() {
    let en = sampleCatalog(.en)
    #expect(en.plural("players", count: 1) == "1 player")
    #expect(en.plural("players", count: 0) == "0 players")
    #expect(en.plural("players", count: 2) == "2 players")
    let el = sampleCatalog(.el)
    #expect(el.plural("players", count: 1) == "1 παίκτης")
    #expect(el.plural("players", count: 7) == "7 παίκτες")
  }

  @Test func pluralFillsOtherArgumentsAndFallsBack() {
    let el = sampleCatalog(.el)
    #expect(el.plural("spies", count: 3, ["place": "Zoo"]) == "3 spies at Zoo")
    // No `.one` form: the `.other` form serves.
    #expect(el.plural("spies", count: 1, ["place": "Zoo"]) == "1 spies at Zoo")
    #expect(el.plural("nothing", count: 1) == "nothing.one")
  }

  @Test func switchingLanguageIsSettingIt() {
    var catalog = sampleCatalog(.en)
    #expect(catalog.text("title") == "Palermo")
    catalog.language = .el
    #expect(catalog.text("title") == "Παλέρμο")
  }

  @Test func containsLooksAtOneLanguage() {
    let catalog = sampleCatalog(.el)
    #expect(catalog.contains("only.english", in: .en))
    #expect(!catalog.contains("only.english", in: .el))
  }
}

@Suite("Capitals for titles")
struct UpperTests {
  @Test(arguments: [
    ("Παλέρμο", "ΠΑΛΕΡΜΟ"),
    ("Κατάσκοπος", "ΚΑΤΑΣΚΟΠΟΣ"),
    ("ευχαριστώ", "ΕΥΧΑΡΙΣΤΩ"),
    ("Δολοφόνος", "ΔΟΛΟΦΟΝΟΣ"),
    ("ς σ Σ", "Σ Σ Σ"),
    ("Άρης Έλενα Ήρα Ίρις Όλγα Ύδρα Ώρα", "ΑΡΗΣ ΕΛΕΝΑ ΗΡΑ ΙΡΙΣ ΟΛΓΑ ΥΔΡΑ ΩΡΑ"),
    ("διϋλιστήριο", "ΔΙΫΛΙΣΤΗΡΙΟ"),
    ("ΐ ΰ", "Ϊ Ϋ"),
    ("προϊόν", "ΠΡΟΪΟΝ"),
    // An accent that kept two vowels apart becomes a diaeresis.
    ("Μάιος", "ΜΑΪΟΣ"),
    ("τσάι", "ΤΣΑΪ"),
    ("άυλος", "ΑΫΛΟΣ"),
    ("ρολόι", "ΡΟΛΟΪ"),
    // …but a real diphthong stays one.
    ("Ρωμαίος", "ΡΩΜΑΙΟΣ"),
    ("είναι", "ΕΙΝΑΙ"),
    ("αύριο", "ΑΥΡΙΟ"),
    ("Net café 3", "NET CAFÉ 3"),
  ])
  func greekCapitalsDropAccents(text: String, expected: String) {
    let upper = sampleCatalog(.el).upper(text)
    #expect(upper == expected)
    #expect(!upper.unicodeScalars.contains("\u{301}"))
  }

  @Test func decomposedInput() {
    let catalog = sampleCatalog(.el)
    #expect(catalog.upper("Παλε\u{301}ρμο") == "ΠΑΛΕΡΜΟ")
    #expect(
      Array(catalog.upper("Παλε\u{301}ρμο").unicodeScalars) == Array("ΠΑΛΕΡΜΟ".unicodeScalars))
    // ι + dialytika-tonos, and ι + diaeresis + acute: the diaeresis stays.
    #expect(Array(catalog.upper("ι\u{344}").unicodeScalars) == ["Ϊ"])
    #expect(Array(catalog.upper("ι\u{308}\u{301}").unicodeScalars) == ["Ϊ"])
    #expect(catalog.upper("Μα\u{301}ιος") == "ΜΑΪΟΣ")
    // A Latin letter keeps its accent even in Greek.
    #expect(catalog.upper("e\u{301}") == "E\u{301}")
  }

  @Test func finalSigmaBecomesSigma() {
    let upper = sampleCatalog(.el).upper("κλέφτης")
    #expect(upper == "ΚΛΕΦΤΗΣ")
    #expect(!upper.unicodeScalars.contains("ς"))
  }

  @Test func englishKeepsLatinAccentsButGreekNamesLoseTheirs() {
    #expect(sampleCatalog(.en).upper("Net café") == "NET CAFÉ")
    // A Greek name on an English screen is written as a Greek would write it.
    #expect(sampleCatalog(.en).upper("Νίκος") == "ΝΙΚΟΣ")
    #expect(sampleCatalog(.en).upper("Παλέρμο") == "ΠΑΛΕΡΜΟ")
  }
}
