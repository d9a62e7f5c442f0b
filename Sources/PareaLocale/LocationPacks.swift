import PareaRules
import PareaStrings

/// A user file that could not be used, to be shown by the app; its file is skipped.
public struct LocaleProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's full path.
  public let file: String
  /// The line (from 1) the problem is on, or nil if it is about the whole file.
  public let line: Int?
  /// What is wrong.
  public let reason: Reason

  /// What is wrong with a user's file.
  public enum Reason: Hashable, Sendable {
    /// The file could not be read (permissions, a folder with a file's name).
    case unreadable
    /// The file is not a valid strings file.
    case invalid(StringsError)
    /// The file parses but its keys do not describe locations.
    case location(LocationKeyProblem)
    /// The text of `key` holds `scalar`, which terminals draw at different
    /// widths (a joined emoji, a flag, a control character…: see `PackText`).
    case unsafeText(key: String, scalar: Unicode.Scalar)
  }

  /// Creates a problem.
  public init(file: String, line: Int?, reason: Reason) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// The problem as `file:line: reason`, for developers and logs.
  public var description: String {
    switch reason {
    case .unreadable: "\(file): cannot be read"
    case .invalid(let error): error.description
    case .location(let problem): "\(file):\(line ?? 1): \(problem)"
    case .unsafeText(let key, let scalar):
      "\(file):\(line ?? 1): the text of \"\(key)\" holds \(PackText.code(scalar)), which terminals draw at different widths"
    }
  }

  /// The locale key of the reason, and the values of its placeholders.
  /// Text taken from the pack (a key, a broken placeholder, an escape) has
  /// the characters a terminal may not draw exactly written as `<U+XXXX>`.
  public var reasonText: (key: String, arguments: [String: String]) {
    let stem = "error.locationPack.reason."
    switch reason {
    case .unreadable:
      return (stem + "unreadable", [:])
    case .invalid(let error):
      switch error {
      case .notUTF8: return (stem + "notUTF8", [:])
      case .syntax(_, _, let column, _, _): return (stem + "syntax", ["column": String(column)])
      case .unterminatedString(_, _, let column):
        return (stem + "unterminatedString", ["column": String(column)])
      case .unterminatedComment(_, _, let column):
        return (stem + "unterminatedComment", ["column": String(column)])
      case .badEscape(_, _, _, let escape):
        return (stem + "badEscape", ["escape": "\\" + PackText.visible(escape)])
      case .duplicateKey(_, let key, let firstLine, _):
        return (
          stem + "duplicateKey", ["key": PackText.visible(key), "firstLine": String(firstLine)]
        )
      case .badPlaceholder(_, _, _, _, let text):
        return (stem + "badPlaceholder", ["text": PackText.visible(text)])
      case .empty: return (stem + "empty", [:])
      }
    case .location(let problem):
      switch problem {
      case .notLocationKey(let key):
        return (stem + "notLocationKey", ["key": PackText.visible(key)])
      case .missingName(let id): return (stem + "missingName", ["id": id.rawValue])
      case .missingRoles(let id): return (stem + "missingRoles", ["id": id.rawValue])
      case .roleGap(let id, let missing):
        return (stem + "roleGap", ["id": id.rawValue, "number": String(missing)])
      }
    case .unsafeText(let key, let scalar):
      return (
        stem + "unsafeText", ["key": PackText.visible(key), "character": PackText.code(scalar)]
      )
    }
  }

  /// Every locale key the problem messages use (for the key-coverage test).
  public static let messageKeys: [String] =
    ["error.locationPack.title", "error.locationPack.message", "error.locationPack.messageNoLine"]
    + [
      "unreadable", "notUTF8", "syntax", "unterminatedString", "unterminatedComment", "badEscape",
      "duplicateKey", "badPlaceholder", "empty", "notLocationKey", "missingName", "missingRoles",
      "roleGap", "unsafeText",
    ].map { "error.locationPack.reason.\($0)" }
}

extension Catalog {
  /// The title and message that tell a user what is wrong with one of their files.
  public func message(for problem: LocaleProblem) -> (title: String, message: String) {
    let reason = problem.reasonText
    var arguments = ["file": problem.file, "reason": text(reason.key, reason.arguments)]
    let key: String
    if let line = problem.line {
      arguments["line"] = String(line)
      key = "error.locationPack.message"
    } else {
      key = "error.locationPack.messageNoLine"
    }
    return (text("error.locationPack.title"), text(key, arguments))
  }

  /// The folder of the user's location packs: `$XDG_CONFIG_HOME/parea/locations`,
  /// else `$HOME/.config/parea/locations`; nil when neither is set.
  public static func locationPacksDirectory(environment: [String: String]) -> String? {
    // The XDG spec ignores a relative XDG_CONFIG_HOME.
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return Self.join(config, "parea/locations")
    }
    if let home = environment["HOME"], !home.isEmpty {
      return Self.join(home, ".config/parea/locations")
    }
    return nil
  }

  /// Adds the user's location packs from their configuration folder on top
  /// of the tables, and returns what was wrong with the packs it skipped.
  public mutating func addLocationPacks(
    environment: [String: String], files: some LocaleFileSystem = PosixFileSystem()
  ) -> [LocaleProblem] {
    guard let directory = Self.locationPacksDirectory(environment: environment) else { return [] }
    return addLocationPacks(in: directory, files: files)
  }

  /// Adds the location packs in `directory`: files named
  /// `<pack>.<language>.strings` (e.g. `islands.el.strings`) holding only
  /// `location.<id>.name` and `location.<id>.role.<n>` keys.
  ///
  /// A pack's locations replace built-in ones with the same id. A pack
  /// written in one language only is used for both. A pack with a broken
  /// file is skipped whole, and each broken file is reported; the built-in
  /// locations stay. A missing folder is not a problem.
  public mutating func addLocationPacks(in directory: String, files: some LocaleFileSystem)
    -> [LocaleProblem]
  {
    guard let names = files.fileNames(in: directory) else { return [] }
    var packs: [String: [Language: String]] = [:]  // pack → language → file name
    for name in names where !name.hasPrefix(".") && name.hasSuffix(".strings") {
      let base = name.dropLast(".strings".count)
      guard let dot = base.lastIndex(of: "."), dot != base.startIndex,
        let language = Language(rawValue: String(base[base.index(after: dot)...]))
      else { continue }
      packs[String(base[..<dot]), default: [:]][language] = name
    }
    var problems: [LocaleProblem] = []
    for pack in packs.keys.sorted() {
      var entries: [Language: [StringsEntry]] = [:]
      var broken = false
      for language in Language.allCases {
        guard let name = packs[pack]?[language] else { continue }
        let path = Self.join(directory, name)
        switch Self.readPack(path, files: files) {
        case .success(let read): entries[language] = read
        case .failure(let problem):
          problems.append(problem)
          broken = true
        }
      }
      if !broken { add(pack: entries) }
    }
    return problems
  }

  /// Parses and checks one pack file.
  private static func readPack(_ path: String, files: some LocaleFileSystem) -> Result<
    [StringsEntry], LocaleProblem
  > {
    guard let bytes = files.contents(of: path) else {
      return .failure(LocaleProblem(file: path, line: nil, reason: .unreadable))
    }
    let entries: [StringsEntry]
    do {
      entries = try StringsParser.parse(bytes, file: path)
    } catch {
      return .failure(LocaleProblem(file: path, line: error.line, reason: .invalid(error)))
    }
    // The first problem by line, whichever check finds it (the key check's on a tie).
    var problem = LocationKeyProblem.find(in: entries, onlyLocations: true).first.map {
      LocaleProblem(file: path, line: $0.line, reason: .location($0.problem))
    }
    // Every value of a pack is a location's name or role: all of it reaches the screen.
    for entry in entries where entry.line < (problem?.line ?? Int.max) {
      if let scalar = PackText.firstRefusedScalar(in: entry.value) {
        problem = LocaleProblem(
          file: path, line: entry.line, reason: .unsafeText(key: entry.key, scalar: scalar))
        break
      }
    }
    if let problem { return .failure(problem) }
    return .success(entries)
  }

  /// Puts a checked pack into every language's table; a language the pack
  /// lacks (or a key it lacks there) takes the pack's text in another language.
  private mutating func add(pack: [Language: [StringsEntry]]) {
    var values: [Language: [String: String]] = [:]
    var ids: Set<LocationID> = []
    for (language, entries) in pack {
      for entry in entries {
        values[language, default: [:]][entry.key] = entry.value
        if let key = LocationKey(entry.key) { ids.insert(key.id) }
      }
    }
    // Replace a location whole (built-in or from an earlier pack), so no stale roles remain.
    if usesBuiltIn { replacedLocations.formUnion(ids) }
    // English first, so a missing key prefers the English text.
    let sources = Language.allCases.filter { values[$0] != nil }
    let keys = Set(values.values.flatMap(\.keys))
    for language in Language.allCases {
      var table = overlay[language] ?? [:]
      for key in table.keys {
        if let location = LocationKey(key), ids.contains(location.id) { table[key] = nil }
      }
      for key in keys {
        let source = ([language] + sources).first { values[$0]?[key] != nil }
        if let source { table[key] = values[source]?[key] }
      }
      overlay[language] = table
    }
  }

  private static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
