import PareaLocale

/// An in-memory file system: full paths to bytes.
struct MemoryFiles: LocaleFileSystem {
  var files: [String: [UInt8]] = [:]

  init(_ files: [String: String] = [:]) {
    self.files = files.mapValues { Array($0.utf8) }
  }

  /// A folder exists when some file is in it.
  func listing(of directory: String) -> FolderListing {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let names = files.keys.filter { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
    .filter { !$0.contains("/") }
    return names.isEmpty ? .missing : .names(names.sorted())
  }

  func contents(of path: String, limit: Int) -> FileRead {
    guard let bytes = files[path] else { return .unreadable }
    return bytes.count > limit ? .tooBig : .bytes(bytes)
  }
}

/// The package root, found by walking up from this file to `Package.swift`.
func packageRoot(from file: String = #filePath) -> String? {
  var directory = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
  let disk = PosixFileSystem()
  while !directory.isEmpty {
    if case .bytes = disk.contents(of: directory + "/Package.swift", limit: 1 << 20) {
      return directory
    }
    guard let slash = directory.lastIndex(of: "/") else { return nil }
    directory = String(directory[..<slash])
  }
  return nil
}

/// Every `.strings` file under `root`, as (path relative to root, bytes), recursively.
func stringsFiles(under root: String, relative: String = "") -> [(path: String, bytes: [UInt8])] {
  let disk = PosixFileSystem()
  let directory = relative.isEmpty ? root : root + "/" + relative
  var found: [(path: String, bytes: [UInt8])] = []
  guard case .names(let names) = disk.listing(of: directory) else { return [] }
  for name in names.sorted() where !name.hasPrefix(".") {
    let path = relative.isEmpty ? name : relative + "/" + name
    if case .names = disk.listing(of: root + "/" + path) {
      found += stringsFiles(under: root, relative: path)
    } else if name.hasSuffix(".strings"),
      case .bytes(let bytes) = disk.contents(of: root + "/" + path, limit: 1 << 20)
    {
      found.append((path, bytes))
    }
  }
  return found
}

/// A small hand-made catalog for lookup tests.
func sampleCatalog(_ language: Language) -> Catalog {
  Catalog(
    language: language,
    tables: [
      .en: [
        "greeting": "Hello, {name}!",
        "only.english": "Only in English",
        "players.one": "{count} player",
        "players.other": "{count} players",
        "spies.other": "{count} spies at {place}",
        "title": "Palermo",
      ],
      .el: [
        "greeting": "Γεια σου, {name}!",
        "players.one": "{count} παίκτης",
        "players.other": "{count} παίκτες",
        "title": "Παλέρμο",
      ],
    ])
}
