import PareaStrings

/// Where a key is written: a file under `Locales/` and a line.
public struct KeyPlace: Hashable, Sendable, CustomStringConvertible {
  /// The file's path relative to `Locales/`, e.g. `el/games.strings`.
  public let file: String
  /// The line (from 1).
  public let line: Int

  /// Creates a place.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// `file:line`.
  public var description: String { "\(file):\(line)" }
}

/// A difference or error found by `Locales.validate`, for developers.
public enum LocaleIssue: Hashable, Sendable, CustomStringConvertible {
  /// A file does not parse.
  case invalidFile(StringsError)
  /// A file is not inside a language folder (`en/`, `el/`).
  case unknownLanguage(file: String)
  /// The same key in two files of one language.
  case duplicateKey(language: Language, key: String, first: KeyPlace, second: KeyPlace)
  /// A key English has and `language` lacks, or the reverse; `expectedFile` is where it belongs.
  case missingKey(key: String, language: Language, expectedFile: String, foundAt: KeyPlace)
  /// The key exists in both languages but in files of different names.
  case misplacedKey(key: String, place: KeyPlace, expectedFile: String)
  /// The key's placeholders differ from English's.
  case placeholdersDiffer(
    key: String, english: KeyPlace, englishNames: [String], other: KeyPlace, otherNames: [String])
  /// A Spy location key breaks the `location.<id>.name` / `.role.<n>` scheme.
  case badLocation(LocationKeyProblem, place: KeyPlace)

  /// The issue as `file:line: message`.
  public var description: String {
    switch self {
    case .invalidFile(let error):
      "\(error)"
    case .unknownLanguage(let file):
      "\(file): not inside a language folder (\(Language.allCases.map(\.rawValue).joined(separator: ", ")))"
    case .duplicateKey(let language, let key, let first, let second):
      "\(second): \(language.rawValue): key \"\(key)\" is also defined at \(first)"
    case .missingKey(let key, let language, let expectedFile, let found):
      "\(expectedFile): \(language.rawValue): missing key \"\(key)\" (defined at \(found))"
    case .misplacedKey(let key, let place, let expectedFile):
      "\(place): key \"\(key)\" belongs in \(expectedFile), as in the other language"
    case .placeholdersDiffer(let key, let english, let englishNames, let other, let otherNames):
      "\(other): placeholders of \"\(key)\" are \(Self.list(otherNames)) but at \(english) they are \(Self.list(englishNames))"
    case .badLocation(let problem, let place):
      "\(place): \(problem)"
    }
  }

  private static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.sorted().map { "{\($0)}" }.joined(separator: " ")
  }
}

extension Locales {
  /// Checks locale files: each parses; no key twice in a language; every
  /// language has exactly English's keys, in the same-named file, with the
  /// same placeholders (but a pronunciation, `speech.<word>`, belongs to one
  /// language's voice); the location keys follow their scheme.
  ///
  /// Returns every issue found (empty when all is well), in file order.
  public static func validate(_ files: [LocaleFile] = embedded) -> [LocaleIssue] {
    var issues: [LocaleIssue] = []
    // language → key → (place, value)
    var keys: [Language: [String: (place: KeyPlace, value: String)]] = [:]
    var order: [Language: [String]] = [:]
    for file in files.sorted(by: { $0.path < $1.path }) {
      guard let language = file.language else {
        issues.append(.unknownLanguage(file: file.path))
        continue
      }
      let entries: [StringsEntry]
      do {
        entries = try StringsParser.parse(file.text, file: file.path)
      } catch {
        issues.append(.invalidFile(error))
        continue
      }
      for found in LocationKeyProblem.find(in: entries, onlyLocations: false) {
        issues.append(
          .badLocation(found.problem, place: KeyPlace(file: file.path, line: found.line)))
      }
      for entry in entries {
        let place = KeyPlace(file: file.path, line: entry.line)
        if let first = keys[language]?[entry.key] {
          issues.append(
            .duplicateKey(language: language, key: entry.key, first: first.place, second: place))
          continue
        }
        keys[language, default: [:]][entry.key] = (place, entry.value)
        order[language, default: []].append(entry.key)
      }
    }
    let english = keys[.en] ?? [:]
    for language in Language.allCases where language != .en {
      let other = keys[language] ?? [:]
      for key in order[.en] ?? [] where !key.hasPrefix(Catalog.pronunciationPrefix) {
        guard let reference = english[key] else { continue }
        guard let found = other[key] else {
          issues.append(
            .missingKey(
              key: key, language: language,
              expectedFile: counterpart(of: reference.place.file, in: language),
              foundAt: reference.place))
          continue
        }
        let expectedFile = counterpart(of: reference.place.file, in: language)
        if found.place.file != expectedFile {
          issues.append(.misplacedKey(key: key, place: found.place, expectedFile: expectedFile))
        }
        let referenceNames = Placeholders.names(in: reference.value)
        let foundNames = Placeholders.names(in: found.value)
        if Set(referenceNames) != Set(foundNames) {
          issues.append(
            .placeholdersDiffer(
              key: key, english: reference.place, englishNames: referenceNames, other: found.place,
              otherNames: foundNames))
        }
      }
      for key in order[language] ?? [] where english[key] == nil && !key.hasPrefix(Catalog.pronunciationPrefix) {
        guard let found = other[key] else { continue }
        issues.append(
          .missingKey(
            key: key, language: .en, expectedFile: counterpart(of: found.place.file, in: .en),
            foundAt: found.place))
      }
    }
    return issues
  }

  /// The same-named file in another language: `en/games.strings` → `el/games.strings`.
  private static func counterpart(of path: String, in language: Language) -> String {
    "\(language.rawValue)/\(LocaleFile(path: path, text: "").name)"
  }
}
