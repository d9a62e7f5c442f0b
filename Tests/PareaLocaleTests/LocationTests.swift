import PareaLocale
import PareaRules
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Three built-in locations, in English and (partly) Greek.
private func catalog(_ language: Language) -> Catalog {
  Catalog(
    language: language,
    tables: [
      .en: [
        "menu.play": "Play",
        "location.zoo.name": "Zoo",
        "location.zoo.role.1": "Keeper",
        "location.zoo.role.2": "Vet",
        "location.zoo.role.3": "Visitor",
        "location.bank.name": "Bank",
        "location.bank.role.1": "Cashier",
        "location.bank.role.2": "Guard",
        "location.airport.name": "Airport",
        "location.airport.role.1": "Pilot",
      ],
      .el: [
        "location.zoo.name": "Ζωολογικός κήπος",
        "location.zoo.role.1": "Φύλακας",
        "location.zoo.role.2": "Κτηνίατρος",
        "location.zoo.role.3": "Επισκέπτης",
        "location.bank.name": "Τράπεζα",
        "location.bank.role.1": "Ταμίας",
        "location.bank.role.2": "Φρουρός",
        "location.airport.name": "Αεροδρόμιο",
        "location.airport.role.1": "Πιλότος",
      ],
    ])
}

private let packs = "/home/test/.config/parea/locations"

@Suite("Spy locations")
struct LocationTests {
  @Test func listsLocationsSortedByTheCurrentLanguagesName() {
    #expect(
      catalog(.en).locations() == [
        Location(id: "airport", roleCount: 1), Location(id: "bank", roleCount: 2),
        Location(id: "zoo", roleCount: 3),
      ])
    // Αεροδρόμιο, Ζωολογικός κήπος, Τράπεζα
    #expect(catalog(.el).locations().map(\.id) == ["airport", "zoo", "bank"])
  }

  @Test func sortingIgnoresAccents() {
    let tables: [Language: [String: String]] = [
      .el: [
        "location.b.name": "Άγαλμα", "location.b.role.1": "x",
        "location.a.name": "Αγορά", "location.a.role.1": "x",
        "location.c.name": "αβγό", "location.c.role.1": "x",
      ]
    ]
    #expect(Catalog(language: .el, tables: tables).locations().map(\.id) == ["c", "b", "a"])
  }

  @Test func namesAndRolesByTheDealtIndex() {
    let el = catalog(.el)
    #expect(el.locationName("zoo") == "Ζωολογικός κήπος")
    #expect(el.locationRole("zoo", index: 0) == "Φύλακας")
    #expect(el.locationRole("zoo", index: 2) == "Επισκέπτης")
  }

  @Test func roleCountStopsAtTheFirstGap() {
    let tables: [Language: [String: String]] = [
      .en: [
        "location.x.name": "X", "location.x.role.1": "a", "location.x.role.2": "b",
        "location.x.role.4": "d",
      ]
    ]
    #expect(Catalog(language: .en, tables: tables).locations() == [Location(id: "x", roleCount: 2)])
  }

  @Test func noPackFolderIsNoProblem() {
    var catalog = catalog(.en)
    #expect(
      catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: MemoryFiles()).isEmpty)
    #expect(catalog.locations().count == 3)
  }

  @Test func packFolderFollowsXDG() {
    #expect(
      Catalog.locationPacksDirectory(environment: ["HOME": "/home/a"])
        == "/home/a/.config/parea/locations")
    #expect(
      Catalog.locationPacksDirectory(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "/cfg/"])
        == "/cfg/parea/locations")
    // A relative or empty XDG_CONFIG_HOME is ignored, as the XDG spec says.
    #expect(
      Catalog.locationPacksDirectory(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "cfg"])
        == "/home/a/.config/parea/locations")
    #expect(
      Catalog.locationPacksDirectory(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": ""])
        == "/home/a/.config/parea/locations")
    #expect(Catalog.locationPacksDirectory(environment: [:]) == nil)
  }

  @Test func userPackIsLoadedInBothLanguages() {
    let files = MemoryFiles([
      "/xdg/parea/locations/islands.en.strings": """
      "location.lighthouse.name" = "Lighthouse";
      "location.lighthouse.role.1" = "Keeper";
      "location.lighthouse.role.2" = "Sailor";
      """,
      "/xdg/parea/locations/islands.el.strings": """
      "location.lighthouse.name" = "Φάρος";
      "location.lighthouse.role.1" = "Φαροφύλακας";
      "location.lighthouse.role.2" = "Ναύτης";
      """,
      "/xdg/parea/locations/notes.txt": "not a pack",
      "/xdg/parea/locations/islands.fr.strings": "not a language we speak",
    ])
    var catalog = catalog(.el)
    let problems = catalog.addLocationPacks(
      environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/x"], files: files)
    #expect(problems.isEmpty)
    #expect(catalog.locations().map(\.id) == ["airport", "zoo", "bank", "lighthouse"])
    #expect(catalog.locations().last == Location(id: "lighthouse", roleCount: 2))
    #expect(catalog.locationRole("lighthouse", index: 1) == "Ναύτης")
    catalog.language = .en
    #expect(catalog.locationName("lighthouse") == "Lighthouse")
  }

  @Test func packWithOnlyOneLanguageServesBoth() {
    let files = MemoryFiles([
      "\(packs)/mine.el.strings": """
      // Μόνο ελληνικά.
      "location.kafeneio.name" = "Καφενείο";
      "location.kafeneio.role.1" = "Καφετζής";
      """
    ])
    var catalog = catalog(.en)
    #expect(catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files).isEmpty)
    #expect(catalog.locations().contains(Location(id: "kafeneio", roleCount: 1)))
    #expect(catalog.locationName("kafeneio") == "Καφενείο")
    catalog.language = .el
    #expect(catalog.locationName("kafeneio") == "Καφενείο")
  }

  @Test func packReplacesABuiltInLocationWhole() {
    let files = MemoryFiles([
      "\(packs)/zoo.en.strings":
        #""location.zoo.name" = "Petting zoo"; "location.zoo.role.1" = "Goat";"#
    ])
    var catalog = catalog(.el)
    #expect(catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files).isEmpty)
    #expect(catalog.locations().first { $0.id == "zoo" }?.roleCount == 1)
    #expect(catalog.locationName("zoo") == "Petting zoo")
    #expect(!catalog.contains("location.zoo.role.2", in: .el))
  }

  @Test func brokenPackIsReportedWithFileAndLineAndBuiltInsStay() {
    let files = MemoryFiles([
      "\(packs)/broken.en.strings": """
      "location.cave.name" = "Cave";
      "location.cave.role.1" = "Explorer"
      "location.cave.role.2" = "Bat";
      """,
      "\(packs)/broken.el.strings": """
      "location.cave.name" = "Σπηλιά";
      "location.cave.role.1" = "Εξερευνητής";
      """,
      "\(packs)/good.en.strings":
        #""location.farm.name" = "Farm"; "location.farm.role.1" = "Farmer";"#,
    ])
    var catalog = catalog(.en)
    let problems = catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files)
    let file = "\(packs)/broken.en.strings"
    #expect(
      problems == [
        LocaleProblem(
          file: file, line: 3,
          reason: .invalid(
            .syntax(file: file, line: 3, column: 1, expected: .semicolon, found: "\"")))
      ])
    // The whole broken pack is skipped, in both languages; the others stay.
    #expect(catalog.locations().map(\.id) == ["airport", "bank", "farm", "zoo"])
    #expect(!catalog.contains("location.cave.name", in: .el))
    #expect(problems.first?.description == "\(file):3:1: expected `;` after the value, found `\"`")
  }

  @Test(arguments: [
    (
      #""location.x.name" = "X"; "menu.play" = "Hijack";"#, 1,
      LocationKeyProblem.notLocationKey("menu.play")
    ),
    ("\"location.x.role.1\" = \"a\";\n\"location.x.role.2\" = \"b\";", 1, .missingName("x")),
    ("\n\"location.x.name\" = \"X\";", 2, .missingRoles("x")),
    (
      "\"location.x.name\" = \"X\";\n\"location.x.role.1\" = \"a\";\n\"location.x.role.3\" = \"c\";",
      3, .roleGap("x", missing: 2)
    ),
    (#""location.x.role.01" = "a";"#, 1, .notLocationKey("location.x.role.01")),
    (#""location.x.y.name" = "a";"#, 1, .notLocationKey("location.x.y.name")),
  ])
  func packsMustDescribeLocations(text: String, line: Int, problem: LocationKeyProblem) {
    let path = "\(packs)/p.en.strings"
    var catalog = catalog(.en)
    let problems = catalog.addLocationPacks(
      environment: ["HOME": "/home/test"], files: MemoryFiles([path: text]))
    #expect(problems == [LocaleProblem(file: path, line: line, reason: .location(problem))])
    #expect(catalog.text("menu.play") == "Play")
    #expect(catalog.locations().count == 3)
  }

  @Test func unreadableAndNonUTF8Packs() {
    var files = MemoryFiles()
    files.files["\(packs)/latin1.el.strings"] =
      Array("\"location.a.name\" = \"caf".utf8) + [0xE9, 0x22, 0x3B]
    files.files["\(packs)/empty.en.strings"] = []
    var catalog = catalog(.en)
    let problems = catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files)
    #expect(
      problems == [
        LocaleProblem(
          file: "\(packs)/empty.en.strings", line: 1,
          reason: .invalid(.empty(file: "\(packs)/empty.en.strings"))),
        LocaleProblem(
          file: "\(packs)/latin1.el.strings", line: 1,
          reason: .invalid(.notUTF8(file: "\(packs)/latin1.el.strings", line: 1))),
      ])
    #expect(catalog.locations().count == 3)
  }

  @Test func packOnRealDiskIsRead() throws {
    // The real POSIX file system, in a temporary folder (never the real home).
    var template = Array("/tmp/parea-locale-test-XXXXXX".utf8CString)
    let directory = try #require(
      template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map {
        String(cString: $0)
      })
    let path = directory + "/cafe.en.strings"
    let text = "\"location.cafe.name\" = \"Café\";\n\"location.cafe.role.1\" = \"Barista\";\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(descriptor >= 0)
    _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    defer {
      unlink(path)
      rmdir(directory)
    }
    var catalog = catalog(.en)
    let problems = catalog.addLocationPacks(in: directory, files: PosixFileSystem())
    #expect(problems.isEmpty)
    #expect(catalog.locations().contains(Location(id: "cafe", roleCount: 1)))
    #expect(catalog.locationName("cafe") == "Café")
    #expect(PosixFileSystem().contents(of: directory, limit: 1 << 20) == .notRegularFile)
    #expect(PosixFileSystem().listing(of: directory + "/missing") == .missing)
  }

  @Test(.enabled(if: !Catalog.builtIn(.en).locations().isEmpty))
  func packOverTheBuiltInTables() throws {
    var catalog = Catalog.builtIn(.el)
    let builtIn = catalog.locations()
    let replaced = try #require(builtIn.first)
    let id = replaced.id.rawValue
    let files = MemoryFiles([
      "\(packs)/mine.en.strings": """
      "location.\(id).name" = "Replaced"; "location.\(id).role.1" = "Only role";
      "location.packOnly.name" = "Pack only"; "location.packOnly.role.1" = "Someone";
      """
    ])
    #expect(catalog.addLocationPacks(environment: ["HOME": "/home/test"], files: files).isEmpty)
    let locations = catalog.locations()
    #expect(locations.count == builtIn.count + 1)
    #expect(locations.contains(Location(id: replaced.id, roleCount: 1)))
    #expect(locations.contains(Location(id: "packOnly", roleCount: 1)))
    #expect(catalog.locationName(replaced.id) == "Replaced")
    #expect(!catalog.contains("location.\(id).role.2", in: .el))
    #expect(!catalog.contains("location.\(id).role.2", in: .en))
    #expect(!catalog.keys(in: .en).contains("location.\(id).role.2"))
    #expect(catalog.keys(in: .el).contains("location.packOnly.name"))
    // Everything else is untouched.
    #expect(catalog.text("game.spy.name") == Catalog.builtIn(.el).text("game.spy.name"))
  }

  @Test(.enabled(if: !Catalog.builtIn(.en).locations().isEmpty))
  func builtInListIsInEachLanguagesAlphabeticalOrder() {
    for language in Language.allCases {
      let catalog = Catalog.builtIn(language)
      let names = catalog.locations().map { catalog.upper(catalog.locationName($0.id)) }
      let folded = names.map { name in
        String(
          String.UnicodeScalarView(
            name.unicodeScalars.map { $0 == "Ϊ" ? "Ι" : $0 == "Ϋ" ? "Υ" : $0 }))
      }
      #expect(folded == folded.sorted(), "\(language)")
      #expect(Set(catalog.locations().map(\.id)) == Set(Catalog.builtIn(.en).locations().map(\.id)))
    }
  }

  @Test func problemMessagesUseLocaleKeys() {
    let tables: [Language: [String: String]] = [
      .en: [
        "error.locationPack.title": "Location pack skipped",
        "error.locationPack.message": "{file}, line {line}: {reason}",
        "error.locationPack.messageNoLine": "{file}: {reason}",
        "error.locationPack.reason.duplicateKey": "\"{key}\" is already on line {firstLine}.",
        "error.locationPack.reason.unreadable": "The file cannot be read.",
      ]
    ]
    let catalog = Catalog(language: .el, tables: tables)
    let duplicate = LocaleProblem(
      file: "/p/a.en.strings", line: 4,
      reason: .invalid(
        .duplicateKey(file: "/p/a.en.strings", key: "location.x.name", firstLine: 2, line: 4)))
    #expect(catalog.message(for: duplicate).title == "Location pack skipped")
    #expect(
      catalog.message(for: duplicate).message
        == "/p/a.en.strings, line 4: \"location.x.name\" is already on line 2.")
    let unreadable = LocaleProblem(file: "/p/b.el.strings", line: nil, reason: .unreadable)
    #expect(catalog.message(for: unreadable).message == "/p/b.el.strings: The file cannot be read.")
  }
}
