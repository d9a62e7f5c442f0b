import PareaStrings

/// One file of the locale tables, e.g. `el/games.strings` and its text.
public struct LocaleFile: Hashable, Sendable {
  /// The path relative to `Locales/`, e.g. `el/games.strings`.
  public let path: String
  /// The file's text.
  public let text: String

  /// Creates a file from its relative path and text.
  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }

  /// The language named by the file's folder, or nil if the folder is not a known language.
  public var language: Language? {
    guard let slash = path.firstIndex(of: "/") else { return nil }
    return Language(rawValue: String(path[..<slash]))
  }

  /// The path below the language folder, e.g. `games.strings`.
  public var name: String {
    guard let slash = path.firstIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}

/// The locale tables built into the program.
public enum Locales {
  /// Every file under the package's `Locales/` folder, sorted by path, as
  /// embedded at build time by the EmbedLocales plugin.
  public static let embedded: [LocaleFile] = embeddedLocaleFiles.map {
    LocaleFile(path: $0.path, text: $0.text)
  }

  /// The built-in table of `language`, made on first use, once. Normally
  /// the build merged and sorted it already; otherwise it is built from the
  /// files here. A file that does not parse is left out (the checks and tests
  /// report it).
  static func builtInTable(_ language: Language) -> SortedTable {
    switch language {
    case .en: englishTable
    case .el: greekTable
    }
  }

  // Separate lazily initialised globals, so a Greek session that never
  // misses a key never touches the English table, and the reverse.
  private static let englishTable = sortedTable(for: .en)
  private static let greekTable = sortedTable(for: .el)

  /// The table the build sorted for `language`, else one built from the files.
  static func sortedTable(for language: Language) -> SortedTable {
    if let entries = embeddedSortedTable(language.rawValue) {
      return SortedTable(sortedEntries: entries)
    }
    return SortedTable(table(for: language, from: embedded, preparsed: embeddedLocaleEntries))
  }

  /// The key–value table of `language` in `files`. Files that do not parse
  /// are skipped; of keys repeated across files, the first (by path) wins.
  ///
  /// `preparsed` holds the entries the build already split out (by path) with
  /// the same parser; a file found there is not parsed again.
  static func table(
    for language: Language, from files: [LocaleFile],
    preparsed: [String: [(key: String, value: String)]] = [:]
  ) -> [String: String] {
    var table: [String: String] = [:]
    for file in files where file.language == language {
      let entries: [(key: String, value: String)]
      if let ready = preparsed[file.path] {
        entries = ready
      } else if let parsed = try? StringsParser.parse(file.text, file: file.path) {
        entries = parsed.map { ($0.key, $0.value) }
      } else {
        continue
      }
      table.reserveCapacity(table.count + entries.count)
      for entry in entries where table[entry.key] == nil {
        table[entry.key] = entry.value
      }
    }
    return table
  }
}

/// A read-only key–value table kept as one array sorted by key: nothing to
/// hash when it is made, a binary search to look a key up.
struct SortedTable: Sendable {
  /// The entries, sorted by key, each key once.
  let entries: [(key: String, value: String)]

  /// A table from entries already sorted by key, each key once (the build's).
  init(sortedEntries: [(key: String, value: String)]) {
    entries = sortedEntries
  }

  /// A table holding `dictionary`.
  init(_ dictionary: [String: String]) {
    entries = dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// The text for `key`, or nil.
  subscript(key: String) -> String? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = entries[middle].key
      if candidate == key { return entries[middle].value }
      if candidate < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Every key, in order.
  var keys: [String] { entries.map(\.key) }
}
