import FoundationEssentials
import PareaRules
import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Things that can stand where a saved file goes and cannot be read as one.
enum Unreadable: String, CaseIterable, CustomTestStringConvertible {
  case fifo, linkToDevZero, loopingLink, tooBig, folder

  /// Puts the thing at `path` (its folder exists).
  func make(at path: String) throws {
    switch self {
    case .fifo: try #require(mkfifo(path, 0o600) == 0)
    case .linkToDevZero: try #require(symlink("/dev/zero", path) == 0)
    // A link to itself: opening it loops.
    case .loopingLink: try #require(symlink(DiskFile.split(path).name, path) == 0)
    case .tooBig: try Data(Self.bigBytes).write(to: URL(fileURLWithPath: path))
    case .folder:
      try #require(mkdir(path, 0o700) == 0)
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + "/inside"))
    }
  }

  /// Whether `path` is still the thing `make` put at `original`, untouched.
  func isIntact(at path: String, original: String) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    switch self {
    case .fifo: return status.st_mode & S_IFMT == S_IFIFO
    case .linkToDevZero: return linkText(path) == "/dev/zero"
    case .loopingLink: return linkText(path) == DiskFile.split(original).name
    case .tooBig:
      return FileManager.default.contents(atPath: path).map(Array.init) == Self.bigBytes
    case .folder:
      return status.st_mode & S_IFMT == S_IFDIR
        && FileManager.default.contents(atPath: path + "/inside") == Data([1, 2, 3])
    }
  }

  /// 5 MB, more than the store reads, not all alike.
  static let bigBytes: [UInt8] = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }

  var testDescription: String { rawValue }
}

/// The text of the symbolic link at `path`, or nil if it is not one.
func linkText(_ path: String) -> String? {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink(path, &buffer, buffer.count)
  guard count >= 0 else { return nil }
  return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

extension Kind {
  /// Saves a value of this kind that is not the default.
  func saveSample(_ store: inout Store) throws {
    switch self {
    case .settings: try store.save(Settings(language: .el))
    case .players: try store.savePlayers(["Anna", "Bob"])
    case .game: try store.saveGame(try sampleGame())
    }
  }

  /// Whether a fresh store (a program started anew) loads what `saveSample`
  /// saved, with nothing to report.
  func loadsSample(fresh sandbox: Sandbox) throws -> Bool {
    var store = sandbox.store()
    return switch self {
    case .settings: store.loadSettings() == Loaded(value: Settings(language: .el))
    case .players: store.loadPlayers() == Loaded(value: ["Anna", "Bob"])
    case .game: store.loadGame() == Loaded(value: try sampleGame())
    }
  }
}

@Suite("A file Parea cannot read is never written over")
struct KeptFileTests {
  /// Puts `thing` where `kind`'s file goes, loads, saves; checks that the
  /// thing is kept as `NAME.corrupt-STAMP` and the new file is saved.
  func expectKept(
    _ kind: Kind, make: (String) throws -> Void,
    isIntact: (_ kept: String, _ original: String) -> Bool
  ) throws {
    let sandbox = Sandbox()
    let file = sandbox.path(kind.relative)
    let folder = DiskFile.split(file).folder
    sandbox.put([], at: DiskFile.split(kind.relative).folder + "/other")
    try make(file)
    var store = sandbox.store()
    let keptAs = file + ".corrupt-" + Sandbox.fixedStamp
    #expect(kind.load(&store) == (true, [.unreadable(file: file, keptAs: keptAs)]))
    try kind.saveSample(&store)
    #expect(isIntact(keptAs, file), "kept as \(keptAs): \(sandbox.names(in: folder))")
    #expect(try kind.loadsSample(fresh: sandbox), "the new file is saved")
    #expect(
      sandbox.names(in: folder)
        == [DiskFile.split(file).name, DiskFile.split(keptAs).name, "other"].sorted())
  }

  @Test(
    "Not a file Parea can read: kept aside, and the next save writes a new file",
    arguments: Kind.allCases, Unreadable.allCases)
  func keptAside(kind: Kind, thing: Unreadable) throws {
    try expectKept(kind, make: thing.make, isIntact: thing.isIntact)
  }

  // Root reads a file whatever its mode, so for root a mode-000 file is
  // readable and this case cannot happen: skipped when running as root.
  @Test(
    "A file without any permission (mode 000): kept aside with its bytes and mode",
    .enabled(if: !runningAsRoot, "root reads a mode-000 file, so it is not unreadable for root"),
    arguments: Kind.allCases)
  func noPermission(kind: Kind) throws {
    let bytes = try kind.valid()
    try expectKept(
      kind,
      make: { path in
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try #require(chmod(path, 0) == 0)
      },
      isIntact: { path, _ in
        guard mode(path) == 0, chmod(path, 0o600) == 0 else { return false }
        return FileManager.default.contents(atPath: path).map(Array.init) == bytes
      })
  }

  @Test(
    "Something that can be neither read nor moved aside stays where it is and is never written over",
    arguments: Kind.allCases)
  func leftInPlace(kind: Kind) throws {
    try leftInPlace(kind: kind, damaged: false)
  }

  @Test(
    "A damaged file that cannot be moved aside stays where it is and is never written over",
    arguments: Kind.allCases)
  func damagedLeftInPlace(kind: Kind) throws {
    try leftInPlace(kind: kind, damaged: true)
  }

  /// A FIFO (unreadable) or a file of broken JSON (damaged) where `kind`'s
  /// file goes, every name it could be moved to taken.
  private func leftInPlace(kind: Kind, damaged: Bool) throws {
    let sandbox = Sandbox()
    let file = sandbox.path(kind.relative)
    let folder = DiskFile.split(file).folder
    // Every name it could be moved to is taken: the one way to make the
    // rename fail that works for root too.
    let stem = file + ".corrupt-" + Sandbox.fixedStamp
    for attempt in 1...1000 {
      sandbox.put(
        [],
        at: DiskFile.split(kind.relative).folder + "/" + DiskFile.split(stem).name
          + (attempt == 1 ? "" : "-\(attempt)"))
    }
    let broken = Array("{\"version\": 1, \"names\": [".utf8)
    if damaged {
      sandbox.put(broken, at: kind.relative)
    } else {
      try #require(mkfifo(file, 0o600) == 0)
    }
    func isUntouched() -> Bool {
      if damaged { return FileManager.default.contents(atPath: file).map(Array.init) == broken }
      var status = stat()
      return lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
    var store = sandbox.store()
    let problem: StoreProblem = damaged ? .corrupt(file: file, keptAs: nil) : .unreadable(file: file, keptAs: nil)
    #expect(kind.load(&store) == (true, [problem]))

    // Saving that file is refused, and said once.
    #expect(throws: StoreError(folder: folder, reason: .inTheWay, file: file)) {
      try kind.saveSample(&store)
    }
    #expect(
      throws: StoreError(folder: folder, reason: .inTheWay, alreadyReported: true, file: file)
    ) {
      try kind.saveSample(&store)
    }
    if kind == .game {
      // "No game in progress" does not delete it either.
      try store.saveGame(nil)
    }
    #expect(isUntouched())
    #expect(sandbox.names(in: folder).count == 1001)

    // Once the user has moved it away, the file is saved again.
    try #require(unlink(file) == 0)
    try kind.saveSample(&store)
    #expect(try kind.loadsSample(fresh: sandbox))
  }
}
