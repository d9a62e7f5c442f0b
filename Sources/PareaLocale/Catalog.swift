import PareaRules
import PareaStrings

/// The words of the program in one language, with English behind it.
///
/// A value: switching language is setting `language`, and every screen can
/// redraw at once. The built-in tables are parsed on first use, once per
/// language, and shared by every catalog.
public struct Catalog: Sendable {
  /// The language looked up first.
  public var language: Language
  /// Tables given by hand, or the user's location packs laid over the built-in tables.
  var overlay: [Language: [String: String]]
  /// Whether the built-in tables lie under the overlay.
  let usesBuiltIn: Bool
  /// Built-in locations that a pack replaced whole: their built-in keys are hidden.
  var replacedLocations: Set<LocationID> = []

  /// A catalog over the given tables only (tests and tools build small ones by hand).
  public init(language: Language, tables: [Language: [String: String]]) {
    self.language = language
    self.overlay = tables
    self.usesBuiltIn = false
  }

  private init(builtIn language: Language) {
    self.language = language
    self.overlay = [:]
    self.usesBuiltIn = true
  }

  /// The built-in tables embedded in the program.
  public static func builtIn(_ language: Language) -> Catalog {
    Catalog(builtIn: language)
  }

  /// The text for `key` with its `{placeholders}` filled from `arguments`.
  ///
  /// A key missing in the current language falls back to English; missing
  /// there too, the key itself is returned, so a typo shows instead of crashing.
  public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
    Placeholders.fill(lookup(key) ?? key, arguments)
  }

  /// The text for a count: `key.one` when `count` is 1, `key.other`
  /// otherwise, with `{count}` and the other `arguments` filled in.
  public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
    let form = count == 1 ? "\(key).one" : "\(key).other"
    var filled = arguments
    filled["count"] = String(count)
    let template = lookup(form) ?? (count == 1 ? lookup("\(key).other") : nil) ?? form
    return Placeholders.fill(template, filled)
  }

  /// `text` in capitals for a title, as the current language writes them
  /// (Greek drops its accents: "Παλέρμο" → "ΠΑΛΕΡΜΟ").
  public func upper(_ text: String) -> String {
    language.uppercase(text)
  }

  /// Whether `key` has a text in `language` itself (no fallback).
  public func contains(_ key: String, in language: Language) -> Bool {
    value(key, in: language) != nil
  }

  /// The raw text for `key` in the current language, else in English, else nil.
  public func lookup(_ key: String) -> String? {
    value(key, in: language) ?? (language == .en ? nil : value(key, in: .en))
  }

  /// The prefix of a pronunciation's key: `speech.<word in lower case>` in
  /// `Locales/<language>/speech.strings`, whose text is espeak-ng's phonemes
  /// for the word. A pronunciation belongs to one language's voice: the other
  /// language need not have it (`Locales.validate` lets these keys differ).
  public static let pronunciationPrefix = "speech."

  /// The words the voice of `language` is told how to say, each in lower case,
  /// with espeak-ng's phonemes (no English fallback: another voice's words are not this one's).
  public static func pronunciations(in language: Language) -> [String: String] {
    var found: [String: String] = [:]
    for key in Locales.builtInTable(language).keys where key.hasPrefix(Self.pronunciationPrefix) {
      guard !key.hasPrefix(Self.spokenNamePrefix) else { continue }
      found[String(key.dropFirst(Self.pronunciationPrefix.count))] = Locales.builtInTable(language)[key]
    }
    return found
  }

  /// The prefix of a name's spoken form: `speech.name.<a name in Latin
  /// letters, in lower case>` = its spelling in the voice's own script
  /// (`speech.name.kostas` = "Κώστας", in the Greek voice's table).
  public static let spokenNamePrefix = "speech.name."

  /// The names in Latin letters the voice of `language` says in its own script, by their lower case.
  public static func spokenNames(in language: Language) -> [String: String] {
    var found: [String: String] = [:]
    for key in Locales.builtInTable(language).keys where key.hasPrefix(Self.spokenNamePrefix) {
      found[String(key.dropFirst(Self.spokenNamePrefix.count))] = Locales.builtInTable(language)[key]
    }
    return found
  }

  /// Every key `language` has a text for (no fallback).
  public func keys(in language: Language) -> Set<String> {
    var keys: Set<String> = []
    if let table = overlay[language] { keys.formUnion(table.keys) }
    if usesBuiltIn {
      for key in Locales.builtInTable(language).keys where !isReplaced(key) { keys.insert(key) }
    }
    return keys
  }

  /// The raw text for `key` in `language` only.
  func value(_ key: String, in language: Language) -> String? {
    if let value = overlay[language]?[key] { return value }
    guard usesBuiltIn, !isReplaced(key) else { return nil }
    return Locales.builtInTable(language)[key]
  }

  /// Whether `key` belongs to a built-in location that a pack replaced.
  func isReplaced(_ key: String) -> Bool {
    guard !replacedLocations.isEmpty, let location = LocationKey(key) else { return false }
    return replacedLocations.contains(location.id)
  }
}
