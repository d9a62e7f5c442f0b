import PareaLocale
import PareaRules
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder under /tmp, removed with everything in it when the value goes.
private final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/parea-packs-test-XXXXXX".utf8CString)
    path = try #require(
      template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map {
        String(cString: $0)
      })
  }

  deinit { Self.remove(path) }

  func at(_ name: String) -> String { path + "/" + name }

  /// Writes `bytes` to a new file `name` with `mode`.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o600) throws -> String {
    let file = at(name)
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0, "cannot create \(file)")
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        writeBytes(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      try #require(written > 0, "cannot write \(file)")
      offset += written
    }
    try #require(fchmod(descriptor, mode) == 0)
    return file
  }

  @discardableResult
  func write(_ name: String, _ text: String, mode: mode_t = 0o600) throws -> String {
    try write(name, Array(text.utf8), mode: mode)
  }

  @discardableResult
  func makeFIFO(_ name: String) throws -> String {
    try #require(mkfifo(at(name), 0o600) == 0, "mkfifo: \(errno)")
    return at(name)
  }

  func link(_ name: String, to target: String) throws {
    try #require(symlink(target, at(name)) == 0, "symlink: \(errno)")
  }

  @discardableResult
  func makeFolder(_ name: String, mode: mode_t = 0o700) throws -> String {
    try #require(mkdir(at(name), 0o700) == 0, "mkdir: \(errno)")
    try #require(chmod(at(name), mode) == 0)
    return at(name)
  }

  /// Removes `path` and, for a folder (made readable first), everything in it; links are not followed.
  private static func remove(_ path: String) {
    var status = stat()
    let present = lstat(path, &status) == 0  // nothing to remove otherwise
    if present, status.st_mode & S_IFMT == S_IFDIR {
      chmod(path, 0o700)
      for name in names(in: path) { remove(path + "/" + name) }
      rmdir(path)
    } else if present {
      unlink(path)
    }
  }
}

/// The C library's `write` (the folder's own `write` hides it inside the class).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// The names in a folder but `.` and `..`, or none if it cannot be listed (for cleaning up).
private func names(in directory: String) -> [String] {
  guard let stream = opendir(directory) else { return [] }
  defer { closedir(stream) }
  var names: [String] = []
  while let entry = readdir(stream) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names
}

/// What loading packs gave: the problems and the ids of the locations in play.
private struct Loaded: Sendable {
  var problems: [LocaleProblem]
  var ids: [LocationID]
}

/// Loads the packs in `directory` from the real disk on top of one built-in location.
private func loadPacks(in directory: String) -> Loaded {
  var catalog = Catalog(
    language: .en, tables: [.en: ["location.zoo.name": "Zoo", "location.zoo.role.1": "Keeper"]])
  let problems = catalog.addLocationPacks(in: directory, files: PosixFileSystem())
  return Loaded(problems: problems, ids: catalog.locations().map(\.id))
}

/// The state a watched body shares with the test's thread; the semaphore orders the accesses.
private final class WatchedRun: @unchecked Sendable {
  let body: @Sendable () -> Void
  let finished = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
    sem_init(finished, 0, 0)
  }

  deinit {
    sem_destroy(finished)
    finished.deallocate()
  }

  /// Waits up to `seconds` for the body to finish.
  func wait(seconds: Double) -> Bool {
    var waited = 0.0
    while sem_trywait(finished) != 0 {
      if waited >= seconds { return false }
      usleep(10_000)
      waited += 0.01
    }
    return true
  }
}

private final class Box<T>: @unchecked Sendable {
  var value: T?
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it, so
/// a load that blocks (a FIFO opened for reading waits for a writer) fails
/// the test instead of hanging the run. On time-out `release` unblocks the
/// body (for a FIFO: opens its other end) and the test fails; a body that
/// still does not end (reading /dev/zero forever) cannot be stopped from
/// here, so the run stops with a message before it eats the machine's memory.
private func finishing<T: Sendable>(
  within seconds: Double, release: () -> Void = {}, _ body: @escaping @Sendable () -> T,
  sourceLocation: SourceLocation = #_sourceLocation
) -> T? {
  let result = Box<T>()
  let run = WatchedRun { result.value = body() }
  var thread = pthread_t()
  let started = pthread_create(
    &thread, nil,
    { context in
      let run = Unmanaged<WatchedRun>.fromOpaque(context!).takeRetainedValue()
      run.body()
      sem_post(run.finished)
      return nil
    }, Unmanaged.passRetained(run).toOpaque())
  guard started == 0 else {
    Issue.record("cannot start a thread: \(started)", sourceLocation: sourceLocation)
    return nil
  }
  pthread_detach(thread)
  if run.wait(seconds: seconds) { return result.value }
  Issue.record(
    "loading the packs did not return within \(seconds) s", sourceLocation: sourceLocation)
  release()
  if !run.wait(seconds: 5) {
    fatalError("loading the packs never returned, even after its file was released")
  }
  return nil
}

/// A pack of one location, `id`, named `name`.
private func pack(_ id: String, _ name: String) -> String {
  "\"location.\(id).name\" = \"\(name)\";\n\"location.\(id).role.1\" = \"Someone\";\n"
}

/// Generous: the loads below take well under a millisecond; only a blocked one comes near.
private let patience = 20.0

@Suite("Location pack files on disk")
struct PackFileTests {
  @Test func aFIFOIsSkippedWithoutWaitingForAWriter() throws {
    let folder = try TemporaryFolder()
    let fifo = try folder.makeFIFO("f.en.strings")
    try folder.write("good.en.strings", pack("farm", "Farm"))
    let directory = folder.path
    let result = finishing(
      within: patience,
      release: {
        // A writer lets a blocked open return; closing it ends the read.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if writer >= 0 { close(writer) }
      }, { loadPacks(in: directory) })
    let loaded = try #require(result)
    #expect(loaded.problems.map(\.file) == [fifo])
    #expect(loaded.problems.map(\.line) == [nil])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.notRegularFile"])
    #expect(loaded.ids == ["farm", "zoo"])
  }

  @Test func aLinkToDevZeroIsSkippedWithoutReadingIt() throws {
    let folder = try TemporaryFolder()
    try folder.link("zero.en.strings", to: "/dev/zero")
    let directory = folder.path
    let result = finishing(within: patience, { loadPacks(in: directory) })
    let loaded = try #require(result)
    #expect(loaded.problems.map(\.file) == [folder.at("zero.en.strings")])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.notRegularFile"])
    #expect(loaded.ids == ["zoo"])
  }

  /// A device that ends at once is no pack either (not "a file without entries").
  @Test func aLinkToDevNullIsNotAnEmptyPack() throws {
    let folder = try TemporaryFolder()
    try folder.link("null.el.strings", to: "/dev/null")
    let loaded = loadPacks(in: folder.path)
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.notRegularFile"])
  }

  @Test func aFolderNamedLikeAPackIsNotAPack() throws {
    let folder = try TemporaryFolder()
    try folder.makeFolder("islands.en.strings")
    try folder.write("islands.el.strings", pack("lighthouse", "Φάρος"))
    let loaded = loadPacks(in: folder.path)
    #expect(loaded.problems.map(\.file) == [folder.at("islands.en.strings")])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.notRegularFile"])
    // The pack is skipped whole, its Greek file too.
    #expect(loaded.ids == ["zoo"])
  }

  /// A link to a pack kept elsewhere is followed: it is a regular file.
  @Test func aLinkToARegularFileIsRead() throws {
    let folder = try TemporaryFolder()
    let elsewhere = try folder.write("kept.txt", pack("farm", "Farm"))
    try folder.link("farm.en.strings", to: elsewhere)
    let loaded = loadPacks(in: folder.path)
    #expect(loaded.problems.isEmpty)
    #expect(loaded.ids == ["farm", "zoo"])
  }

  /// 1 MiB is the most one file may hold: up to it a pack loads, one byte more and it is skipped.
  @Test func aFileOverOneMegabyteIsSkipped() throws {
    let folder = try TemporaryFolder()
    let limit = 1 << 20
    let text = Array(pack("big", "Big").utf8)
    let padding = "// " + String(repeating: "x", count: limit - text.count - 4) + "\n"
    let full = text + Array(padding.utf8)
    try #require(full.count == limit)
    try folder.write("a.en.strings", full)
    try folder.write("b.en.strings", full + Array("\n".utf8))
    let loaded = loadPacks(in: folder.path)
    #expect(loaded.problems.map(\.file) == [folder.at("b.en.strings")])
    #expect(loaded.problems.map(\.line) == [nil])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.tooBig"])
    #expect(loaded.problems.map(\.reasonText.arguments) == [["megabytes": "1"]])
    #expect(loaded.ids == ["big", "zoo"])
  }

  /// A regular file whose size says 0 but that reads on and on (the kernel's
  /// page map of the reading process) is cut off at the cap while reading.
  @Test(.enabled(if: canRead("/proc/self/pagemap")))
  func aFileLongerThanItsSizeIsCutOffWhileReading() throws {
    let folder = try TemporaryFolder()
    try folder.link("pages.en.strings", to: "/proc/self/pagemap")
    let directory = folder.path
    let result = finishing(within: patience, { loadPacks(in: directory) })
    let loaded = try #require(result)
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.tooBig"])
    #expect(loaded.ids == ["zoo"])
  }

  /// Root reads a mode-000 file anyway, so this runs only for other users.
  @Test(.enabled(if: getuid() != 0))
  func aPackFileWithoutReadPermission() throws {
    let folder = try TemporaryFolder()
    try folder.write("secret.en.strings", pack("vault", "Vault"), mode: 0)
    let loaded = loadPacks(in: folder.path)
    #expect(loaded.problems.map(\.file) == [folder.at("secret.en.strings")])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.unreadable"])
    #expect(loaded.ids == ["zoo"])
  }

  @Test func aFileWhereTheFolderShouldBe() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("locations", "not a folder")
    let loaded = loadPacks(in: file)
    #expect(loaded.problems.map(\.file) == [file])
    #expect(loaded.problems.map(\.line) == [nil])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.unreadableFolder"])
    #expect(loaded.ids == ["zoo"])
  }

  /// Root lists a mode-000 folder anyway, so this runs only for other users.
  @Test(.enabled(if: getuid() != 0))
  func aFolderWithoutReadPermission() throws {
    let folder = try TemporaryFolder()
    let locations = try folder.makeFolder("locations")
    try folder.write("locations/farm.en.strings", pack("farm", "Farm"))
    try #require(chmod(locations, 0) == 0)
    let loaded = loadPacks(in: locations)
    #expect(loaded.problems.map(\.file) == [locations])
    #expect(loaded.problems.map(\.reasonText.key) == ["error.locationPack.reason.unreadableFolder"])
    #expect(loaded.ids == ["zoo"])
  }

  @Test func aMissingFolderIsSilent() throws {
    let folder = try TemporaryFolder()
    #expect(loadPacks(in: folder.at("locations")).problems.isEmpty)
    // A link to nowhere is a missing folder too.
    try folder.link("dangling", to: folder.at("nowhere"))
    #expect(loadPacks(in: folder.at("dangling")).problems.isEmpty)
  }
}

/// Whether the first bytes of `path` can be read (some kernels or sandboxes refuse the page map).
private func canRead(_ path: String) -> Bool {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  var word: UInt64 = 0
  return read(descriptor, &word, 8) == 8
}

/// A pack of `count` locations `<prefix>1`, `<prefix>2`…, one role each.
private func pack(prefix: String, count: Int) -> String {
  (1...count).map { pack("\(prefix)\($0)", "\(prefix) \($0)") }.joined()
}

private let limitsFolder = "/home/test/.config/parea/locations"

/// Loads in-memory packs on top of one built-in location.
private func loadPacks(_ files: [String: String]) -> Loaded {
  var catalog = Catalog(
    language: .en, tables: [.en: ["location.zoo.name": "Zoo", "location.zoo.role.1": "Keeper"]])
  let problems = catalog.addLocationPacks(
    in: limitsFolder,
    files: MemoryFiles(
      Dictionary(uniqueKeysWithValues: files.map { (limitsFolder + "/" + $0, $1) })))
  return Loaded(problems: problems, ids: catalog.locations().map(\.id))
}

@Suite("How much of the location packs is read")
struct PackLimitTests {
  /// Packs are read in name order up to 4 MiB in all; the one that would pass it is
  /// reported, and it and the packs after it are skipped.
  @Test func packsPastFourMegabytesInAllAreSkipped() {
    var files: [String: String] = [:]
    for name in ["a", "b", "c", "d", "e"] {
      let text = pack(name, name.uppercased())
      files["\(name).en.strings"] =
        text + "// " + String(repeating: "x", count: 900_000 - text.utf8.count - 4) + "\n"
    }
    files["f.en.strings"] = pack("f", "F")
    let loaded = loadPacks(files)
    #expect(
      loaded.problems == [
        LocaleProblem(
          file: "\(limitsFolder)/e.en.strings", line: nil, reason: .packsTooBig(megabytes: 4))
      ])
    #expect(loaded.problems.map(\.reasonText.arguments) == [["megabytes": "4"]])
    #expect(loaded.ids == ["a", "b", "c", "d", "zoo"])
  }

  @Test func atMostAHundredPackFilesAreRead() {
    var files: [String: String] = [:]
    for number in 0...100 {
      let id = "p" + String(String(number + 1000).dropFirst())  // p000 … p100
      files["\(id).en.strings"] = pack(id, id)
    }
    let loaded = loadPacks(files)
    #expect(
      loaded.problems == [
        LocaleProblem(
          file: "\(limitsFolder)/p100.en.strings", line: nil, reason: .tooManyFiles(limit: 100))
      ])
    #expect(loaded.problems.map(\.reasonText.arguments) == [["count": "100"]])
    #expect(loaded.ids.count == 101)
    #expect(!loaded.ids.contains("p100"))
  }

  /// A pack's replacement of a built-in location counts as one of its locations.
  @Test func atMostAThousandLocationsFromPacks() {
    let loaded = loadPacks([
      "a.en.strings": pack(prefix: "a", count: 999),
      "b.en.strings": pack("zoo", "Petting zoo"),
      "c.en.strings": pack("cave", "Cave"),
      "d.en.strings": pack("dock", "Dock"),
    ])
    #expect(
      loaded.problems == [
        LocaleProblem(
          file: "\(limitsFolder)/c.en.strings", line: nil, reason: .tooManyLocations(limit: 1000))
      ])
    #expect(loaded.problems.map(\.reasonText.arguments) == [["count": "1000"]])
    #expect(loaded.ids.count == 1000)
    #expect(loaded.ids.contains("zoo") && !loaded.ids.contains("cave"))
  }

  /// Each new reason has its own words in every language.
  @Test func everyReasonHasItsOwnWords() {
    let reasons: [LocaleProblem.Reason] = [
      .notRegularFile, .tooBig(megabytes: 1), .packsTooBig(megabytes: 4),
      .tooManyFiles(limit: 100), .tooManyLocations(limit: 1000), .unreadableFolder,
      .unsafeText(key: "location.a.name", scalar: "\u{200D}"),
    ]
    for language in Language.allCases {
      let catalog = Catalog.builtIn(language)
      var seen: Set<String> = []
      for reason in reasons {
        let problem = LocaleProblem(file: "/p/a.en.strings", line: nil, reason: reason)
        let message = catalog.message(for: problem).message
        #expect(!message.contains("{"), "\(language): \(message)")
        #expect(!message.contains("error.locationPack"), "\(language): \(message)")
        #expect(seen.insert(message).inserted, "\(language): the same words twice: \(message)")
      }
    }
  }
}
