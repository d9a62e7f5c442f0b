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

  /// The parsed built-in table of `language`, parsed on first use, once.
  /// A file that does not parse is left out (the checks and tests report it).
  static func builtInTable(_ language: Language) -> [String: String] {
    switch language {
    case .en: englishTable
    case .el: greekTable
    }
  }

  // Separate lazily initialised globals, so a Greek session that never
  // misses a key never parses the English files, and the reverse.
  private static let englishTable = table(for: .en, from: embedded, preparsed: embeddedLocaleEntries)
  private static let greekTable = table(for: .el, from: embedded, preparsed: embeddedLocaleEntries)

  /// The key–value table of `language` in `files`. Files that do not parse
  /// are skipped; of keys repeated across files, the first (by path) wins.
  ///
  /// `preparsed` holds the entries the build already split out (by path); a
  /// file found there is not parsed again. A duplicate key makes the parser
  /// refuse a file, so preparsed files are only trusted when they have none.
  static func table(
    for language: Language, from files: [LocaleFile],
    preparsed: [String: [(key: String, value: String)]] = [:]
  ) -> [String: String] {
    var table: [String: String] = [:]
    for file in files where file.language == language {
      let entries: [(key: String, value: String)]
      if let ready = preparsed[file.path], Set(ready.map(\.key)).count == ready.count {
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
