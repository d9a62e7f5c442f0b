import PareaLocale
import Testing

/// Whether the content has reached the embedded tables yet.
private let hasLocations = !Catalog.builtIn(.en).locations().isEmpty

/// The words of the built-in Spy locations: the original app's Greek names,
/// one grammatical gender for a job, roles that fit the summary.
@Suite("Spy location wording", .enabled(if: hasLocations))
struct LocationWordingTests {
  /// Every role of every built-in location in `language`, as (location, text).
  static func roles(_ language: Language) -> [(location: String, text: String)] {
    var catalog = Catalog.builtIn(language)
    catalog.language = language
    return catalog.locations().flatMap { location in
      (0..<location.roleCount).map { (location.id.rawValue, catalog.locationRole(location.id, index: $0)) }
    }
  }

  /// The original app's Greek names for three of its thirteen places.
  @Test func theOriginalGreekNames() {
    let el = Catalog.builtIn(.el)
    #expect(el.locationName("bedroom") == "Υπνοδωμάτιο")
    #expect(el.locationName("scienceLab") == "Εργαστήριο φυσικής")
    #expect(el.locationName("netCafe") == "Ίντερνετ καφέ")
    // The English says the same place.
    #expect(Catalog.builtIn(.en).locationName("scienceLab") == "Physics lab")
  }

  /// The summary gives a role 24 columns; a longer one would be cut.
  @Test(arguments: [Language.en, .el]) func everyRoleFitsTheSummary(_ language: Language) {
    for (location, text) in Self.roles(language) {
      #expect(text.count <= 24, "\(language) \(location): «\(text)» is \(text.count) characters")
    }
  }

  /// A job is written in the masculine, the dictionary form, at every location:
  /// no feminine job form (καθαρίστρια, μαγείρισσα, καμαριέρα). Roles that are
  /// a woman by their meaning (Νύφη, Γιαγιά, Μητέρα της νύφης) and animals are not jobs.
  @Test func oneGenderForEveryJob() {
    let feminineEndings = ["τρια", "τρία", "ισσα", "ίσσα", "έρα", "ούλα"]
    let womenByMeaning: Set<String> = ["μητέρα", "γιαγιά", "νύφη"]
    for (location, text) in Self.roles(.el) {
      guard let first = text.split(separator: " ").first?.lowercased(), !womenByMeaning.contains(first) else { continue }
      for ending in feminineEndings where first.hasSuffix(ending) {
        Issue.record("\(location): «\(text)» is a feminine job; the rule is the masculine")
      }
    }
  }

  /// The same job in the same words wherever it appears: a Greek role's first
  /// word never appears elsewhere in another gender (Ταξιθέτης here, Ταξιθέτρια there).
  @Test func noJobInTwoGenders() {
    // Compared without accents: the accent moves between the genders (μάγειρας, μαγείρισσα).
    let firstWords = Set(Self.roles(.el).compactMap { $0.text.split(separator: " ").first.map { Self.bare(String($0)) } })
    let pairs = [("ης", "ρια"), ("ης", "τρια"), ("ας", "ισσα"), ("ος", "α"), ("ης", "ισσα"), ("ης", "α")]
    for word in firstWords {
      for (masculine, feminine) in pairs where word.hasSuffix(masculine) {
        let stem = word.dropLast(masculine.count)
        let other = stem + feminine
        #expect(!firstWords.contains(String(other)), "«\(word)» and «\(other)» are the same job in two genders")
      }
    }
  }

  /// `word` in lower case without Greek accents.
  static func bare(_ word: String) -> String {
    let plain: [Character: Character] = [
      "ά": "α", "έ": "ε", "ή": "η", "ί": "ι", "ό": "ο", "ύ": "υ", "ώ": "ω", "ϊ": "ι", "ΐ": "ι", "ϋ": "υ", "ΰ": "υ",
    ]
    return String(word.lowercased().map { plain[$0] ?? $0 })
  }

  @Test func theComparisonIgnoresAccents() {
    #expect(Self.bare("Μαγείρισσα") == "μαγειρισσα")
    #expect(Self.bare("Μάγειρας").dropLast(2) + "ισσα" == "μαγειρισσα")
  }

  /// Lake and River are both the original's: locals at each answer
  /// differently, so no job is found at both (a child may be at either).
  @Test(arguments: [Language.en, .el]) func lakeAndRiverShareNoJob(_ language: Language) {
    let roles = Self.roles(language)
    func jobs(_ location: String) -> Set<String> {
      Set(roles.filter { $0.location == location }.compactMap { $0.text.split(separator: " ").first.map(String.init) })
        .subtracting(["Child", "Παιδί"])
    }
    #expect(!jobs("lake").isEmpty && !jobs("river").isEmpty)
    #expect(jobs("lake").isDisjoint(with: jobs("river")), "\(language): \(jobs("lake").intersection(jobs("river")))")
  }
}
