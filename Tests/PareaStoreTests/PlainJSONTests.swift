import FoundationEssentials
import PareaLanguage
import PareaRules
import Testing

@testable import PareaStore

/// The store reads files with its own plain JSON reader first (start-up
/// pays far less than JSONDecoder's first use), and asks JSONDecoder about
/// anything that reader refuses. So the reader may refuse what JSONDecoder
/// reads, but never read what JSONDecoder would not, nor read it otherwise.
@Suite("The plain JSON reader")
struct PlainJSONTests {
  /// Files as the store writes them, and the benchmark's hand-kept ones.
  static func corpus() throws -> [(name: String, bytes: [UInt8])] {
    var files: [(String, [UInt8])] = []
    files.append(("game", json(SavedGame(try sampleGame()))))
    files.append(("between rounds", json(SavedGame(try sampleSession()))))
    var settings = Settings(language: .el)
    settings.excludedLocations = ["beach", "Καφενείο \"Η Ωραία\"\\n"]
    settings.houseRules.revealDeadRoles = true
    settings.houseRules.dealt.doctorMayRepeat = true
    settings.preferences.narration = .parea
    files.append(("settings", json(settings)))
    files.append(("default settings", json(Settings())))
    files.append(("players", json(PlayersFile(version: 1, names: ["Άννα", "Bob \u{1F600}", "Zoë"]))))
    let root = "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/") + "/bench/fixtures/"
    for file in [
      "returning/config/parea/settings.json", "returning/state/parea/game.json", "returning/state/parea/players.json",
      "narrated/state/parea/game.json",
    ] {
      let bytes = try #require(Sandbox().bytes(root + file), "\(file)")
      files.append((file, bytes))
    }
    return files
  }

  /// Whether `bytes` read the same through both readers, as `T`: the plain
  /// reader either refuses or gives JSONDecoder's value.
  static func agrees<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8]) -> Bool {
    let registry = GameRegistry.standard
    var agree = true
    if let plain = try? PlainJSON.decode(type, from: bytes, userInfo: [GameRegistry.userInfoKey: registry]) {
      let decoder = JSONDecoder()
      decoder.userInfo[GameRegistry.userInfoKey] = registry
      agree = (try? decoder.decode(type, from: Data(bytes))) == plain
    }
    return agree
  }

  static func agreesAsEveryFile(_ bytes: [UInt8]) -> Bool {
    agrees(Settings.self, bytes) && agrees(SavedGame.self, bytes) && agrees(SavedGameSummary.self, bytes)
      && agrees(PlayersFile.self, bytes)
  }

  @Test("Every file the store writes is read by the plain reader, as JSONDecoder reads it")
  func filesAsWritten() throws {
    for (name, bytes) in try Self.corpus() {
      let readers = [
        (try? PlainJSON.decode(Settings.self, from: bytes)) != nil,
        (try? PlainJSON.decode(SavedGame.self, from: bytes)) != nil,
        (try? PlainJSON.decode(PlayersFile.self, from: bytes)) != nil,
      ]
      #expect(readers.contains(true), "\(name): the plain reader refused it")
      #expect(Self.agreesAsEveryFile(bytes), "\(name)")
    }
  }

  @Test("A damaged or hand-edited file: the plain reader never reads what JSONDecoder would not, nor otherwise")
  func mutations() throws {
    let inserts: [String] = [
      "\"", ",", "{", "}", "[", "]", ":", "0", "-", ".", "e", "\\", " ", "n", "1.0", "1e0", "-0", "00",
      "99999999999999999999", "\\u00e9", "\\ud83d\\ude00", "\\ud83d", "null", "true", "\t", "\u{0}",
    ]
    var checked = 0
    var generator = SplitMix64(seed: 2026)
    for (name, bytes) in try Self.corpus() {
      for round in 0..<300 {
        var mutated = bytes
        let at = generator.uniform(below: mutated.count)
        switch round % 4 {
        case 0: mutated.remove(at: at)
        case 1: mutated.insert(contentsOf: Array(inserts[generator.uniform(below: inserts.count)].utf8), at: at)
        case 2:
          // A line written twice: a key twice, or a value more in a list.
          let lines = mutated.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
          let line = generator.uniform(below: lines.count)
          var copy = Array(lines)
          copy.insert(lines[line], at: line)
          mutated = Array(copy.joined(separator: [UInt8(ascii: "\n")]))
        default:
          // A number or a letter changed.
          let replacement = Array("0123456789-+.eE\"nul".utf8)
          mutated[at] = replacement[generator.uniform(below: replacement.count)]
        }
        guard String(validating: mutated, as: UTF8.self) != nil else { continue }
        checked += 1
        #expect(Self.agreesAsEveryFile(mutated), "\(name), mutation \(round): \(mutated.text)")
      }
    }
    #expect(checked > 2_000)
  }

  @Test(
    "The grammar: what JSON allows and nothing else",
    arguments: [
      ("{}", true), ("[]", true), ("\"a\"", true), ("0", true), ("-0", true), ("1.5e-3", true), ("true", true),
      ("null", true), (" {\"a\" : [1, 2, {\"b\": null}]} \n", true), ("\"\\u00e9\\n\\\"\"", true),
      ("\"\\ud83d\\ude00\"", true), ("{\"a\":1,}", false), ("[1,]", false), ("01", false), ("1.", false),
      (".5", false), ("+1", false), ("1e", false), ("\"\\x\"", false), ("\"\\ud83d\"", false), ("\"a\tb\"", false),
      ("{\"a\":1 \"b\":2}", false), ("{\"a\":1,\"a\":2}", false), ("[1] 2", false), ("", false), ("nul", false),
      ("'a'", false), ("NaN", false), ("{a:1}", false),
    ])
  func grammar(text: String, valid: Bool) {
    #expect(((try? PlainJSON.parse(Array(text.utf8))) != nil) == valid)
  }

  @Test("Strings come back as written: escapes, surrogate pairs, Greek")
  func strings() throws {
    let node = try PlainJSON.parse(Array("[\"Καφενείο\", \"a\\\"b\\\\c\\/d\\u0394\\ud83d\\ude00\\n\", \"\"]".utf8))
    var texts: [String] = []
    if case .array(let items) = node {
      for item in items {
        if case .string(let text) = item { texts.append(text) }
      }
    }
    #expect(texts == ["Καφενείο", "a\"b\\c/dΔ😀\n", ""])
  }
}
