import PareaLocale
import PareaRules
import Testing

private let folder = "/home/test/.config/parea/locations"

/// A catalog with one built-in location, so a skipped pack leaves it alone.
private func catalog() -> Catalog {
  Catalog(
    language: .en,
    tables: [.en: ["location.zoo.name": "Zoo", "location.zoo.role.1": "Keeper"]])
}

/// Loads one English pack made of `lines` and returns the catalog and the problems.
private func load(_ lines: [String]) -> (catalog: Catalog, problems: [LocaleProblem]) {
  var catalog = catalog()
  let files = MemoryFiles(["\(folder)/mine.en.strings": lines.joined(separator: "\n")])
  let problems = catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files)
  return (catalog, problems)
}

/// A pack entry line: `"key" = "value";`, the value escaped as a strings file needs.
private func entry(_ key: String, _ value: String) -> String {
  var escaped = ""
  for character in value {
    switch character {
    case "\n": escaped += "\\n"
    case "\t": escaped += "\\t"
    case "\"": escaped += "\\\""
    case "\\": escaped += "\\\\"
    default: escaped.append(character)
    }
  }
  return "\"\(key)\" = \"\(escaped)\";"
}

@Suite("Text a location pack may hold")
struct PackTextTests {
  /// Text whose width terminals disagree on, with the scalar the notice names.
  static let refused: [(text: String, scalar: String)] = [
    // A family: man, ZWJ, woman, ZWJ, girl (one emoji where the font has it, three elsewhere).
    ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} Family", "U+200D"),
    // The rainbow flag: white flag, VS16, ZWJ, rainbow.
    ("Pride \u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "U+FE0F"),
    // The Greek flag: two regional indicators.
    ("Athens \u{1F1EC}\u{1F1F7}", "U+1F1EC"),
    // Thumbs up with a skin tone: a second emoji joined to the first.
    ("Thumbs \u{1F44D}\u{1F3FD} up", "U+1F3FD"),
    // A skin tone after a letter or a space joins it too.
    ("a\u{1F3FD}", "U+1F3FD"),
    ("Tone \u{1F3FD}", "U+1F3FD"),
    // A red heart with the emoji selector: one column or two.
    ("Love \u{2764}\u{FE0F}", "U+FE0F"),
    // Keycaps, with and without the selector.
    ("Room 1\u{FE0F}\u{20E3}", "U+FE0F"),
    ("Room 1\u{20E3}", "U+20E3"),
    // One regional indicator alone.
    ("Letter \u{1F1EC}", "U+1F1EC"),
    // A spacing mark joins the letter before it but takes its own column.
    ("\u{915}\u{93E}", "U+093E"),
    // A combining accent with nothing to sit on.
    ("\u{301}Ola", "U+0301"),
    // Invisible and control characters.
    ("Two\nlines", "U+000A"),
    ("Tab\there", "U+0009"),
    ("Esc \u{1B}[2J", "U+001B"),
    ("Right \u{202E}tfel", "U+202E"),
    ("Soft\u{AD}hyphen", "U+00AD"),
    ("Zero\u{200B}width", "U+200B"),
    ("Private \u{E000}", "U+E000"),
    ("Line\u{2028}separator", "U+2028"),
  ]

  @Test(arguments: refused)
  func refusedInANameWithItsLine(text: String, scalar: String) throws {
    let (catalog, problems) = load([
      "// A pack with a name no terminal agrees on.",
      entry("location.family.name", text),
      entry("location.family.role.1", "Parent"),
    ])
    #expect(problems.count == 1)
    let problem = try #require(problems.first)
    #expect(problem.file == "\(folder)/mine.en.strings")
    #expect(problem.line == 2)
    #expect(problem.reasonText.key == "error.locationPack.reason.unsafeText")
    #expect(problem.reasonText.arguments == ["key": "location.family.name", "character": scalar])
    // The pack is skipped whole; the built-in location stays.
    #expect(catalog.locations() == [Location(id: "zoo", roleCount: 1)])
    #expect(!catalog.contains("location.family.name", in: .en))
  }

  @Test(arguments: refused)
  func refusedInARole(text: String, scalar: String) {
    let (catalog, problems) = load([
      entry("location.family.name", "Family"),
      entry("location.family.role.1", "Parent"),
      entry("location.family.role.2", text),
    ])
    #expect(problems.map(\.line) == [3])
    #expect(
      problems.map(\.reasonText.arguments) == [
        ["key": "location.family.role.2", "character": scalar]
      ])
    #expect(catalog.locations() == [Location(id: "zoo", roleCount: 1)])
  }

  @Test(arguments: [
    "Παλέρμο",  // precomposed accent
    "Παλε\u{301}ρμο",  // decomposed: ε and a combining acute
    "Cafe\u{301}",  // café with a combining acute
    "Ταβέρνα «Ο Μήτσος» — κάτω από τον πλάτανο…",
    "Pizzeria \u{1F355}",  // one emoji that is two columns everywhere
    "Coffee \u{2615}",
    "Ζωολογικός κήπος \u{1F981}",
    "Μαΐου",
    "Zoo: 1–2 € & “quotes”",
  ])
  func acceptedText(text: String) {
    let (catalog, problems) = load([
      entry("location.fine.name", text), entry("location.fine.role.1", text),
    ])
    #expect(problems.isEmpty)
    #expect(catalog.locationName("fine") == text)
    #expect(catalog.locationRole("fine", index: 0) == text)
  }

  /// A pack copied from the built-in tables is accepted: every built-in
  /// location name and role passes the same rule.
  @Test(.enabled(if: !Catalog.builtIn(.en).locations().isEmpty))
  func everyBuiltInLocationTextIsAccepted() {
    for language in Language.allCases {
      let builtIn = Catalog.builtIn(language)
      var lines: [String] = []
      for location in builtIn.locations() {
        lines.append(
          entry("location.\(location.id.rawValue).name", builtIn.locationName(location.id)))
        for index in 0..<location.roleCount {
          lines.append(
            entry(
              "location.\(location.id.rawValue).role.\(index + 1)",
              builtIn.locationRole(location.id, index: index)))
        }
      }
      var catalog = catalog()
      let files = MemoryFiles([
        "\(folder)/copy.\(language.rawValue).strings": lines.joined(separator: "\n")
      ])
      let problems = catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files)
      #expect(problems.isEmpty, "\(language): \(problems)")
      let ids = Set(builtIn.locations().map(\.id)).union(["zoo"])
      #expect(Set(catalog.locations().map(\.id)) == ids)
    }
  }

  /// The first problem by line is reported, whichever check found it.
  @Test func theEarliestLineIsReported() {
    let (_, problems) = load([
      entry("location.a.name", "A"),
      entry("location.a.role.1", "Two\u{200D}one"),
      entry("menu.play", "Hijack"),
    ])
    #expect(problems.map(\.line) == [2])
    #expect(problems.map(\.reasonText.key) == ["error.locationPack.reason.unsafeText"])
  }

  /// Text the pack brings into a notice (a key, a placeholder, an escape)
  /// shows the characters it may not draw as code points.
  @Test func noticesShowUnsafeCharactersAsCodePoints() {
    let (_, keyProblems) = load([
      entry("menu\u{202E}play \u{1F44D}\u{1F3FD} \u{1F1EC}\u{1F1F7}", "Hijack")
    ])
    #expect(
      keyProblems.map(\.reasonText.arguments) == [
        ["key": "menu<U+202E>play \u{1F44D}<U+1F3FD> <U+1F1EC><U+1F1F7>"]
      ])
    let (_, placeholderProblems) = load([entry("location.a.name", "{\u{200D}}")])
    #expect(placeholderProblems.map(\.reasonText.arguments) == [["text": "{<U+200D>}"]])
    // A backslash before an escape character: the notice names the escape.
    let (_, escapeProblems) = load(["\"location.a.name\" = \"a\\\u{1B}\";"])
    #expect(escapeProblems.map(\.reasonText.arguments) == [["escape": "\\<U+001B>"]])
  }
}
