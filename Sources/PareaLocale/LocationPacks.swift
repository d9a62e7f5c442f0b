import PareaRules
import PareaStrings

/// How much of the user's location packs Parea reads, far above any real
/// pack (the 42 built-in locations take 18 KB in English, 24 KB in Greek):
/// enough that no folder of packs can stall start-up or fill the memory.
public enum LocationPackLimits {
  /// The largest pack file, in bytes (1 MiB).
  public static let fileSize = 1 << 20
  /// The most bytes read from all pack files together (4 MiB).
  public static let totalSize = 4 << 20
  /// The most pack files read (a pack is one file per language).
  public static let files = 100
  /// The most locations the packs may hold together.
  public static let locations = 1000
}

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
    /// The file could not be read (permissions, an I/O error, a link to nowhere).
    case unreadable
    /// The name is a folder, a device, a FIFO or a socket, not a regular file.
    case notRegularFile
    /// The file is larger than `megabytes` MiB.
    case tooBig(megabytes: Int)
    /// With this file the packs would come to more than `megabytes` MiB: it,
    /// its pack and the packs after it are skipped.
    case packsTooBig(megabytes: Int)
    /// This file is past the first `limit` pack files: its pack and the packs after it are skipped.
    case tooManyFiles(limit: Int)
    /// With this pack there would be more than `limit` locations from packs:
    /// it and the packs after it are skipped.
    case tooManyLocations(limit: Int)
    /// The folder of packs (`file`) cannot be listed: no pack is used.
    case unreadableFolder
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
    case .notRegularFile: "\(file): not a regular file (a folder, a device, a FIFO or a socket)"
    case .tooBig(let megabytes): "\(file): larger than \(megabytes) MiB"
    case .packsTooBig(let megabytes):
      "\(file): the packs would come to more than \(megabytes) MiB; it and the packs after it are skipped"
    case .tooManyFiles(let limit):
      "\(file): more than \(limit) pack files; it and the packs after it are skipped"
    case .tooManyLocations(let limit):
      "\(file): the packs would hold more than \(limit) locations; it and the packs after it are skipped"
    case .unreadableFolder: "\(file): the folder cannot be read; no pack is used"
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
    case .notRegularFile:
      return (stem + "notRegularFile", [:])
    case .tooBig(let megabytes):
      return (stem + "tooBig", ["megabytes": String(megabytes)])
    case .packsTooBig(let megabytes):
      return (stem + "packsTooBig", ["megabytes": String(megabytes)])
    case .tooManyFiles(let limit):
      return (stem + "tooManyFiles", ["count": String(limit)])
    case .tooManyLocations(let limit):
      return (stem + "tooManyLocations", ["count": String(limit)])
    case .unreadableFolder:
      return (stem + "unreadableFolder", [:])
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
      "unreadable", "notRegularFile", "tooBig", "packsTooBig", "tooManyFiles", "tooManyLocations",
      "unreadableFolder", "notUTF8", "syntax", "unterminatedString", "unterminatedComment",
      "badEscape", "duplicateKey", "badPlaceholder", "empty", "notLocationKey", "missingName",
      "missingRoles", "roleGap", "unsafeText",
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
  /// locations stay. A missing folder is not a problem; one that cannot be
  /// listed is. Packs are read in name order within `LocationPackLimits`:
  /// the pack that would pass the files, bytes or locations allowed in all
  /// is skipped with the packs after it, and reported once.
  public mutating func addLocationPacks(in directory: String, files: some LocaleFileSystem)
    -> [LocaleProblem]
  {
    let names: [String]
    switch files.listing(of: directory) {
    case .missing: return []
    case .unreadable: return [LocaleProblem(file: directory, line: nil, reason: .unreadableFolder)]
    case .names(let found): names = found
    }
    var packs: [String: [Language: String]] = [:]  // pack → language → file name
    for name in names where !name.hasPrefix(".") && name.hasSuffix(".strings") {
      let base = name.dropLast(".strings".count)
      guard let dot = base.lastIndex(of: "."), dot != base.startIndex,
        let language = Language(rawValue: String(base[base.index(after: dot)...]))
      else { continue }
      packs[String(base[..<dot]), default: [:]][language] = name
    }
    var problems: [LocaleProblem] = []
    var filesRead = 0
    var bytesRead = 0
    var locations: Set<LocationID> = []
    for pack in packs.keys.sorted() {
      var entries: [Language: [StringsEntry]] = [:]
      var firstFile: String?
      var broken = false
      for language in Language.allCases {
        guard let name = packs[pack]?[language] else { continue }
        let path = Self.join(directory, name)
        firstFile = firstFile ?? path
        guard filesRead < LocationPackLimits.files else {
          problems.append(
            LocaleProblem(
              file: path, line: nil, reason: .tooManyFiles(limit: LocationPackLimits.files)))
          return problems
        }
        filesRead += 1
        let limit = min(LocationPackLimits.fileSize, LocationPackLimits.totalSize - bytesRead)
        let read = files.contents(of: path, limit: limit)
        if case .tooBig = read, limit < LocationPackLimits.fileSize {
          // What is left of the total is less than this file holds.
          problems.append(
            LocaleProblem(
              file: path, line: nil,
              reason: .packsTooBig(megabytes: LocationPackLimits.totalSize >> 20)))
          return problems
        }
        if case .bytes(let bytes) = read { bytesRead += bytes.count }
        switch Self.checkPack(read, file: path) {
        case .success(let checked): entries[language] = checked
        case .failure(let problem):
          problems.append(problem)
          broken = true
        }
      }
      guard !broken else { continue }
      let together = locations.union(Self.locationIDs(in: entries))
      guard together.count <= LocationPackLimits.locations else {
        problems.append(
          LocaleProblem(
            file: firstFile ?? directory, line: nil,
            reason: .tooManyLocations(limit: LocationPackLimits.locations)))
        return problems
      }
      locations = together
      add(pack: entries)
    }
    return problems
  }

  /// The locations a pack's entries name.
  private static func locationIDs(in pack: [Language: [StringsEntry]]) -> Set<LocationID> {
    var ids: Set<LocationID> = []
    for entries in pack.values {
      for entry in entries {
        if let key = LocationKey(entry.key) { ids.insert(key.id) }
      }
    }
    return ids
  }

  /// Parses and checks what reading one pack file gave.
  private static func checkPack(_ read: FileRead, file path: String) -> Result<
    [StringsEntry], LocaleProblem
  > {
    let bytes: [UInt8]
    switch read {
    case .bytes(let found): bytes = found
    case .tooBig:
      return .failure(
        LocaleProblem(
          file: path, line: nil, reason: .tooBig(megabytes: LocationPackLimits.fileSize >> 20)))
    case .notRegularFile:
      return .failure(LocaleProblem(file: path, line: nil, reason: .notRegularFile))
    case .unreadable:
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
