import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

#if canImport(Glibc)
  import Glibc
#endif

/// Every key the front end asks for exists in English and in Greek.
@Suite struct LocaleKeyTests {
  /// Keys written literally in the app's sources: `words("…")`, `"….title"`-style
  /// notice keys and `confirm.…`. Read from the sources so a typo fails here.
  static func literalKeys() -> Set<String> {
    let root = String(#filePath.split(separator: "/Tests/")[0])
    var keys: Set<String> = []
    let files = swiftFiles(in: root + "/Sources/PareaApp") + swiftFiles(in: root + "/Sources/parea")
    for path in files {
      guard let text = read(path) else { continue }
      for match in text.matches(of: /"([a-z]+(?:\.[A-Za-z0-9]+)+)"/) {
        let key = String(match.1)
        // Identifiers of the rules library also look like this; they are not keys.
        if key.hasPrefix("palermo.") || key.hasPrefix("spy.") || key.hasPrefix("killer.") { continue }
        keys.insert(key)
      }
    }
    return keys
  }

  static func swiftFiles(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var files: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name.hasPrefix(".") { continue }
      let path = folder + "/" + name
      if name.hasSuffix(".swift") { files.append(path) } else { files += swiftFiles(in: path) }
    }
    return files
  }

  /// Keys built from identifiers: every game, side, role, cause and table command.
  static func derivedKeys() -> Set<String> {
    var keys: Set<String> = []
    for game in GameRegistry.all {
      keys.formUnion(["game.\(game.id).name", "game.\(game.id).blurb", "game.\(game.id).rules"])
      if !game.usesPhases { keys.insert("game.\(game.id).tableHint") }
      for side in game.sides { keys.formUnion(["side.\(side.id).name", "side.\(side.id).win"]) }
      for role in game.roles { keys.formUnion(["role.\(role.id).name", "role.\(role.id).description"]) }
      if case .countBad(let bad, _, let fixed, let filler) = game.setupKind {
        keys.insert("game.\(game.id).badCount.label")
        for role in [bad, filler] + fixed {
          keys.formUnion(["role.\(role).count.one", "role.\(role).count.other"])
        }
      }
      for rule in ["needsThief", "thievesOutnumberTown"] where game.id == "palermo" {
        keys.formUnion(["error.palermo.\(rule).title", "error.palermo.\(rule).message"])
      }
    }
    for cause in DeathCause.allCases { keys.insert("cause.\(cause)") }
    for language in Language.allCases { keys.insert("language.\(language.rawValue)") }
    let errors: [SetupError] = [
      .emptyName, .duplicateName(""), .tooFewPlayers(minimum: 0, count: 0),
      .tooManyPlayers(maximum: 0, count: 0), .moreRolesThanPlayers(roles: 0, players: 0),
      .rolesDoNotMatchPlayers(roles: 0, players: 0), .invalidRole(""), .badCount(count: 0, allowed: nil),
      .noLocations,
    ]
    for error in errors { keys.formUnion(["error.\(error.key).title", "error.\(error.key).message"]) }
    let commands: [TableScreen.Command] = [
      .look, .markDead, .nextPhase, .accuse, .tableAccuses, .guessLocation, .roles, .locations,
      .undo, .settings, .end,
    ]
    for command in commands { keys.insert(command.label) }
    let questions: [PareaApp.Confirmation.Question] = [.abandonGame, .endGame, .discardSavedGame, .finalGuess("zoo"), .leaveSession]
    for question in questions {
      let key = PareaApp.Confirmation(question).key
      keys.formUnion([key + ".title", key + ".message"])
    }
    // Questions whose message names what they are about.
    keys.formUnion([
      "confirm.secondDeath.title", "confirm.secondDeath.night.message", "confirm.secondDeath.day.message",
      "confirm.undo.title", "confirm.undo.message",
    ])
    return keys
  }

  @Test(arguments: Language.allCases) func everyKeyExists(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    let derived = Self.derivedKeys()
    // A literal that is only the stem of derived keys ("confirm.endGame") is not a key itself.
    let literal = Self.literalKeys().filter { !derived.contains($0 + ".title") }
    let keys = literal.union(derived)
    #expect(keys.count > 150)
    let missing = keys.filter { !catalog.contains($0, in: language) }.sorted()
    #expect(missing.isEmpty, "missing in \(language): \(missing)")
  }

  @Test func theScanFindsKnownKeys() {
    let keys = Self.literalKeys()
    #expect(keys.contains("home.title"))
    #expect(keys.contains("players.prompt"))
    #expect(keys.contains("error.nameTooLong.title"))
  }
}
