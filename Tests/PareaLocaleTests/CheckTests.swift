import PareaLocale
import PareaRules
import PareaStrings
import Testing

/// Whether the content has reached the embedded tables yet.
private let hasLocations = !Catalog.builtIn(.en).locations().isEmpty
private let hasAppStrings = Locales.embedded.contains { $0.name == "app.strings" }

/// The first line (from 1) where `bytes` and `text` differ, to keep failure messages short.
private func firstDifferentLine(_ bytes: [UInt8], _ text: String) -> Int {
  let left = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
  let right = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
  for index in 0..<min(left.count, right.count) where left[index] != right[index] {
    return index + 1
  }
  return min(left.count, right.count) + 1
}

@Suite("Checks over the real tables")
struct RealTableTests {
  @Test func everyFileParses() {
    for file in Locales.embedded {
      #expect(throws: Never.self, "\(file.path)") {
        try StringsParser.parse(file.text, file: file.path)
      }
    }
  }

  @Test func everyFileIsInALanguageFolder() {
    for file in Locales.embedded { #expect(file.language != nil, "\(file.path)") }
  }

  @Test func bothLanguagesHaveTheSameKeysAndPlaceholders() {
    let issues = Locales.validate()
    #expect(issues.isEmpty, "\(issues.map(\.description).joined(separator: "\n"))")
  }

  @Test func embeddedFilesEqualTheFilesOnDisk() throws {
    // Proves the plugin picks up edits: the embedded text is byte for byte
    // what Locales/ holds now (a stale build fails here).
    let root = try #require(packageRoot(), "no Package.swift above \(#filePath)")
    let onDisk = stringsFiles(under: root + "/Locales")
    #expect(onDisk.map(\.path) == Locales.embedded.map(\.path))
    for (disk, embedded) in zip(onDisk, Locales.embedded) {
      let same = disk.bytes == Array(embedded.text.utf8)
      #expect(
        same,
        "\(disk.path) differs from its embedded copy from line \(firstDifferentLine(disk.bytes, embedded.text))"
      )
    }
  }

  @Test(.enabled(if: hasLocations)) func atLeastThirtyLocationsWithSixRolesEach() {
    for language in Language.allCases {
      let catalog = Catalog.builtIn(language)
      let locations = catalog.locations()
      #expect(locations.count >= 30, "\(language): \(locations.count) locations")
      for location in locations {
        #expect(
          location.roleCount >= 6, "\(language): \(location.id) has \(location.roleCount) roles")
        let named = catalog.contains("location.\(location.id).name", in: language)
        #expect(named, "\(language): \(location.id) has no name of its own")
      }
    }
  }

  @Test(.enabled(if: hasLocations)) func theOriginalThirteenLocationsAreThere() {
    // train, net café, spaceship, lake, river, gym, zoo, radio station,
    // science lab, school, casino, restaurant, bedroom: checked by English name.
    let names = Set(
      Catalog.builtIn(.en).locations().map { Catalog.builtIn(.en).locationName($0.id).lowercased() }
    )
    for word in [
      "train", "café", "space", "lake", "river", "gym", "zoo", "radio", "lab", "school", "casino",
      "restaurant", "bedroom",
    ] {
      #expect(names.contains { $0.contains(word) }, "no location named like \(word)")
    }
  }

  @Test(.enabled(if: hasAppStrings)) func everyKeyTheLocaleLayerUsesExists() {
    let catalog = Catalog.builtIn(.en)
    let missing = Language.allCases.flatMap { language in
      LocaleProblem.messageKeys.filter { !catalog.contains($0, in: language) }.map {
        "\(language.rawValue): \($0)"
      }
    }
    #expect(
      missing.isEmpty,
      "keys the locale layer uses but the tables lack:\n\(missing.joined(separator: "\n"))")
  }

  @Test func builtInCatalogParsesOnceAndLooksUp() {
    let el = Catalog.builtIn(.el)
    for file in Locales.embedded where file.language == .el {
      let entries = (try? StringsParser.parse(file.text, file: file.path)) ?? []
      for entry in entries.prefix(20) {
        let found = el.text(entry.key)
        #expect(found == entry.value, "\(entry.key)")
      }
    }
  }
}

@Suite("Checks over synthetic tables")
struct SyntheticCheckTests {
  @Test func matchingTablesHaveNoIssues() {
    let files = [
      LocaleFile(path: "en/app.strings", text: #""a" = "Hi {name}"; "b" = "Bye";"#),
      LocaleFile(path: "el/app.strings", text: #""b" = "Αντίο"; "a" = "Γεια {name}";"#),
    ]
    #expect(Locales.validate(files) == [])
  }

  @Test func missingKeyIsReportedByLanguageFileAndKey() {
    let files = [
      LocaleFile(path: "en/app.strings", text: "\"a\" = \"A\";\n\"b\" = \"B\";"),
      LocaleFile(path: "el/app.strings", text: "\"a\" = \"Α\";\n\"c\" = \"Γ\";"),
    ]
    let issues = Locales.validate(files)
    #expect(
      issues == [
        .missingKey(
          key: "b", language: .el, expectedFile: "el/app.strings",
          foundAt: KeyPlace(file: "en/app.strings", line: 2)),
        .missingKey(
          key: "c", language: .en, expectedFile: "en/app.strings",
          foundAt: KeyPlace(file: "el/app.strings", line: 2)),
      ])
    #expect(
      issues[0].description == "el/app.strings: el: missing key \"b\" (defined at en/app.strings:2)"
    )
  }

  @Test func aWholeMissingFileIsReportedKeyByKey() {
    let files = [
      LocaleFile(path: "en/app.strings", text: #""a" = "A";"#),
      LocaleFile(path: "en/games.strings", text: #""g" = "G";"#),
      LocaleFile(path: "el/app.strings", text: #""a" = "Α";"#),
    ]
    #expect(
      Locales.validate(files) == [
        .missingKey(
          key: "g", language: .el, expectedFile: "el/games.strings",
          foundAt: KeyPlace(file: "en/games.strings", line: 1))
      ])
  }

  @Test func differingPlaceholdersAreReported() {
    let files = [
      LocaleFile(
        path: "en/app.strings", text: "\"x\" = \"ok\";\n\"k\" = \"{name} is the {role}\";"),
      LocaleFile(
        path: "el/app.strings", text: "\"x\" = \"εντάξει\";\n\n\"k\" = \"{name} είναι {rol}\";"),
    ]
    let issues = Locales.validate(files)
    #expect(
      issues == [
        .placeholdersDiffer(
          key: "k", english: KeyPlace(file: "en/app.strings", line: 2),
          englishNames: ["name", "role"],
          other: KeyPlace(file: "el/app.strings", line: 3), otherNames: ["name", "rol"])
      ])
    #expect(
      issues.first?.description
        == "el/app.strings:3: placeholders of \"k\" are {name} {rol} but at en/app.strings:2 they are {name} {role}"
    )
  }

  @Test func placeholderOrderMayDiffer() {
    let files = [
      LocaleFile(path: "en/a.strings", text: #""k" = "{a} then {b}";"#),
      LocaleFile(path: "el/a.strings", text: #""k" = "{b} μετά {a} και {a}";"#),
    ]
    #expect(Locales.validate(files) == [])
  }

  @Test func parseErrorsDuplicatesAcrossFilesAndMisplacedKeys() {
    let files = [
      LocaleFile(path: "en/a.strings", text: #""k" = "K"; "m" = "M";"#),
      LocaleFile(path: "en/b.strings", text: "\n\"k\" = \"again\";"),
      LocaleFile(path: "el/a.strings", text: #""k" = "Κ";"#),
      LocaleFile(path: "el/b.strings", text: #""m" = "Μ";"#),
      LocaleFile(path: "el/c.strings", text: #""broken" = "no semicolon""#),
      LocaleFile(path: "fr/a.strings", text: #""k" = "K";"#),
    ]
    #expect(
      Locales.validate(files) == [
        .invalidFile(
          .syntax(file: "el/c.strings", line: 1, column: 26, expected: .semicolon, found: "")),
        .duplicateKey(
          language: .en, key: "k", first: KeyPlace(file: "en/a.strings", line: 1),
          second: KeyPlace(file: "en/b.strings", line: 2)),
        .unknownLanguage(file: "fr/a.strings"),
        .misplacedKey(
          key: "m", place: KeyPlace(file: "el/b.strings", line: 1), expectedFile: "el/a.strings"),
      ])
  }

  @Test func locationKeysAreChecked() {
    let text =
      "\"location.a.name\" = \"A\";\n\"location.a.role.2\" = \"b\";\n\"location.b.role.1\" = \"x\";\n\"location.list\" = \"?\";"
    let files = [
      LocaleFile(path: "en/l.strings", text: text), LocaleFile(path: "el/l.strings", text: text),
    ]
    let issues = Locales.validate(files).filter { $0.description.hasPrefix("en/") }
    #expect(
      issues == [
        .badLocation(.roleGap("a", missing: 1), place: KeyPlace(file: "en/l.strings", line: 2)),
        .badLocation(.missingName("b"), place: KeyPlace(file: "en/l.strings", line: 3)),
        .badLocation(
          .notLocationKey("location.list"), place: KeyPlace(file: "en/l.strings", line: 4)),
      ])
  }
}
