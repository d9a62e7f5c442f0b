import FoundationEssentials
import PareaLocale
import PareaRules
import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A private temporary folder for one test, removed when the test is done.
final class Sandbox {
  /// The folder's absolute path.
  let root: String

  init() {
    var template = Array("/tmp/parea-store-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  deinit {
    // Give back write permission first, or a chmod 0500 folder stops the removal.
    Self.allowWrites(root)
    try? FileManager.default.removeItem(atPath: root)
  }

  private static func allowWrites(_ folder: String) {
    // Files need nothing: only folders can stop the clean-up.
    if DiskFile.isFolder(folder) {
      chmod(folder, 0o700)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        allowWrites(folder + "/" + name)
      }
    }
  }

  /// `root/relative`.
  func path(_ relative: String) -> String { root + "/" + relative }

  /// A store with both folders inside the sandbox and a fixed clock (2024-03-01 10:05:02 UTC).
  func store(clock: Int = Sandbox.fixedTime) -> Store {
    Store(
      paths: StorePaths(
        configFolder: path("config/parea"), stateFolder: path("state/parea"), decksFolder: path("data/parea/decks")),
      clock: { clock })
  }

  /// What `body` gives with a fresh store, as a program started anew would see it.
  func restart<T>(_ body: (inout Store) -> T) -> T {
    var store = store()
    return body(&store)
  }

  static let fixedTime = 1_709_287_502
  static let fixedStamp = "20240301-100502"

  /// Writes `bytes` to `relative`, creating folders.
  func put(_ bytes: [UInt8], at relative: String) {
    let file = path(relative)
    let folder = DiskFile.split(file).folder
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try! Data(bytes).write(to: URL(fileURLWithPath: file))
  }

  /// The bytes of `path` (absolute), or nil if missing.
  func bytes(_ path: String) -> [UInt8]? {
    if case .bytes(let bytes) = DiskFile.contents(of: path) { return bytes }
    return nil
  }

  /// Entry names in `folder` (absolute), sorted.
  func names(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }
}

/// The permission bits of `path`, or nil if it does not exist.
func mode(_ path: String) -> mode_t? {
  var status = stat()
  guard lstat(path, &status) == 0 else { return nil }
  return status.st_mode & 0o7777
}

func exists(_ path: String) -> Bool { mode(path) != nil }

/// Whether the tests run as root, for whom chmod does not stop writes.
var runningAsRoot: Bool { geteuid() == 0 }

/// A valid game in progress: Palermo for five, dealt with a fixed seed,
/// halfway through the first round of reveals.
func sampleGame() throws -> GameSession {
  let names = ["Άννα", "Bob", "Χρήστος", "Dora", "Eve"]
  let rules = Palermo()
  let setup = try #require(rules.suggestedSetup(players: names.count))
  var generator = SplitMix64(seed: 42)
  let table = try rules.deal(players: names, setup: setup, using: &generator)
  var session = GameSession(table: table, players: names, setup: setup)
  session.nextReveal = 2
  return session
}

/// `value` as the store writes it.
func json(_ value: some Encodable) -> [UInt8] { Store.encode(value) }

extension Array where Element == UInt8 {
  /// The bytes as UTF-8 text (tests only, for readable comparisons).
  var text: String { String(decoding: self, as: UTF8.self) }
}
