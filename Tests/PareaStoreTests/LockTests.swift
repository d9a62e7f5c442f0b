import Dispatch
import FoundationEssentials
import Synchronization
import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The lock one Parea at a time holds on the saved files, against a real
/// second process: `flock(1)` from util-linux holding the same lock file.
@Suite("One Parea at a time on the saved files")
struct LockTests {
  /// A sandbox's store folders.
  static func paths(_ sandbox: Sandbox) -> StorePaths {
    StorePaths(configFolder: sandbox.path("config/parea"), stateFolder: sandbox.path("state/parea"))
  }

  /// Another process holding `lock`: `flock -F LOCK sh -c 'touch READY; exec
  /// sleep 30'` is one process all along (-F: flock does not fork; exec:
  /// nor does the shell), so killing it frees the lock. Returns once it holds
  /// the lock (READY made), polling with a timeout.
  static func holder(of lock: String, in sandbox: Sandbox) throws -> pid_t {
    let ready = sandbox.path("holder-ready")
    let arguments = ["flock", "-F", lock, "sh", "-c", "touch \"$0\"; exec sleep 30", ready]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
    }
    // None of the test runner's other descriptors (its output pipes): closed
    // in the child alone, so no other test's descriptors are touched.
    try #require(spawnActionCloseFrom(&actions, 3) == 0)
    let argv = arguments.map { strdup($0) } + [nil]
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    let envp = [strdup("PATH=" + path), nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let started = posix_spawnp(&pid, "flock", &actions, nil, argv, envp)
    try #require(started == 0, "flock(1) from util-linux could not be started: \(started)")
    let deadline = ContinuousClock.now + .seconds(30)
    while !exists(ready) {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        Issue.record("flock ended before it held the lock (status \(status))")
        throw HolderFailed()
      }
      if ContinuousClock.now > deadline {
        end(pid)
        Issue.record("flock did not take the lock within 30 s")
        throw HolderFailed()
      }
      usleep(10_000)
    }
    return pid
  }

  struct HolderFailed: Error {}

  /// kill -9, and reap: once this returns, the process is gone.
  static func end(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  /// The lock held, or the test fails.
  static func held(_ outcome: StoreLock.Outcome, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> StoreLock
  {
    guard case .held(let lock) = outcome else {
      Issue.record("not held: \(outcome)", sourceLocation: sourceLocation)
      throw HolderFailed()
    }
    return lock
  }

  /// The lock busy, or the test fails.
  static func busy(_ outcome: StoreLock.Outcome, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> StoreLock
  {
    guard case .busy(let lock) = outcome else {
      Issue.record("not busy: \(outcome)", sourceLocation: sourceLocation)
      throw HolderFailed()
    }
    return lock
  }

  /// Whether the outcome says the lock is held (without keeping it).
  static func isHeld(_ outcome: StoreLock.Outcome) -> Bool {
    if case .held = outcome { return true }
    return false
  }

  /// Whether the outcome says another process holds it.
  static func isBusy(_ outcome: StoreLock.Outcome) -> Bool {
    if case .busy = outcome { return true }
    return false
  }

  /// Whether the outcome says there is nothing to guard.
  static func guardsNothing(_ outcome: StoreLock.Outcome) -> Bool {
    if case .nothingToGuard = outcome { return true }
    return false
  }

  /// The problem of an unusable lock, nil otherwise.
  static func problem(_ outcome: StoreLock.Outcome) -> StoreLock.Problem? {
    if case .unusable(let problem, _) = outcome { return problem }
    return nil
  }

  @Test("The lock file is made 0600 in a 0700 folder, and is not passed to programs Parea starts")
  func made() throws {
    let sandbox = Sandbox()
    let lock = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    #expect(lock.path == sandbox.path("state/parea/lock"))
    #expect(mode(lock.path) == 0o600)
    #expect(mode(sandbox.path("state/parea")) == 0o700)
    #expect(lock.isClosedOnExec)
    #expect(lock.check() == .held, "checking changes nothing")
  }

  @Test("Held by another process: busy; that process killed with kill -9: the lock is free")
  func killNine() throws {
    let sandbox = Sandbox()
    let path = sandbox.path("state/parea/lock")
    sandbox.put([], at: "state/parea/lock")
    let pid = try Self.holder(of: path, in: sandbox)
    defer { Self.end(pid) }
    #expect(Self.isBusy(StoreLock.acquire(paths: Self.paths(sandbox))))
    #expect(Self.isBusy(StoreLock.acquire(paths: Self.paths(sandbox))), "asking does not wait or take")
    Self.end(pid)
    #expect(Self.isHeld(StoreLock.acquire(paths: Self.paths(sandbox))), "kill -9 leaves no stale lock")
  }

  @Test("Waiting blocks while another process holds the lock, and takes it when that one is killed")
  func waits() throws {
    let sandbox = Sandbox()
    let path = sandbox.path("state/parea/lock")
    sandbox.put([], at: "state/parea/lock")
    let pid = try Self.holder(of: path, in: sandbox)
    defer { Self.end(pid) }
    let lock = try Self.busy(StoreLock.acquire(paths: Self.paths(sandbox)))

    let result = Outcome()
    let done = DispatchSemaphore(value: 0)
    // A queue of its own: a thread that may block, outside the pool the tests run on.
    DispatchQueue(label: "parea.lock-test.wait").async {
      let held = Self.isHeld(lock.wait())
      result.held.withLock { $0 = held }
      done.signal()
    }
    // The kernel lists a blocked flock as a waiter ("->") on the file's inode.
    var status = stat()
    try #require(stat(lock.path, &status) == 0)
    let inode = ":\(status.st_ino) "
    let deadline = ContinuousClock.now + .seconds(30)
    var waiting = false
    while !waiting && ContinuousClock.now < deadline {
      let locks = FileManager.default.contents(atPath: "/proc/locks").map {
        String(decoding: $0, as: UTF8.self)
      }
      waiting = try #require(locks, "/proc/locks is readable").split(separator: "\n").contains {
        $0.contains("->") && $0.contains(inode)
      }
      if !waiting { usleep(10_000) }
    }
    #expect(waiting, "wait() blocks on the lock")
    #expect(result.held.withLock { $0 } == nil, "and has not returned")

    Self.end(pid)
    #expect(done.wait(timeout: .now() + 30) == .success, "wait() returns once the holder is gone")
    #expect(result.held.withLock { $0 } == true)
  }

  /// What the waiting thread's `wait()` gave, once it has returned.
  final class Outcome: Sendable {
    let held = Mutex<Bool?>(nil)
  }

  @Test("Two locks on the same files in one process: the second is busy until the first is let go")
  func released() throws {
    let sandbox = Sandbox()
    var first: StoreLock? = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    #expect(Self.isBusy(StoreLock.acquire(paths: Self.paths(sandbox))))
    _ = first
    first = nil
    // Let go means free at once, but not always within this instant: other
    // tests of this process start programs, and a child being started holds
    // a copy of every descriptor until its exec closes it (the lock's is
    // close-on-exec), so the lock's file may be shared a moment longer. A run
    // of the whole suite once saw it busy here. Free within seconds it must be.
    let deadline = ContinuousClock.now + .seconds(10)
    var again = StoreLock.acquire(paths: Self.paths(sandbox))
    while Self.isBusy(again), ContinuousClock.now < deadline {
      usleep(20_000)
      again = StoreLock.acquire(paths: Self.paths(sandbox))
    }
    #expect(Self.isHeld(again))
  }

  @Test("No folder to lock (no HOME, a file where the folder goes): nothing to guard, nothing to wait for")
  func nowhere() throws {
    #expect(Self.guardsNothing(StoreLock.acquire(paths: StorePaths(environment: [:]))), "no HOME")
    let sandbox = Sandbox()
    sandbox.put(Array("not a folder".utf8), at: "home")
    #expect(
      Self.guardsNothing(StoreLock.acquire(paths: StorePaths(environment: ["HOME": sandbox.path("home")]))),
      "a file where the folder goes")
    #expect(sandbox.bytes(sandbox.path("home")) == Array("not a folder".utf8))
  }

  @Test(
    "A read-only state folder: no lock can be made there (nor anything saved), so nothing is guarded",
    .enabled(if: !runningAsRoot, "root writes into a folder whatever its mode"))
  func readOnlyFolder() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "state/parea/game.json")
    chmod(sandbox.path("state/parea"), 0o500)
    #expect(Self.guardsNothing(StoreLock.acquire(paths: Self.paths(sandbox))))
  }

  /// What can stand at the lock's path instead of a plain file.
  enum Impostor: String, CaseIterable, CustomStringConvertible, Sendable {
    case folder, fifo, linkToAFile, danglingLink, socket
    var description: String { rawValue }

    /// The locale key of its kind, as the problem names it.
    var kind: String {
      switch self {
      case .folder: "store.lock.kind.folder"
      case .fifo: "store.lock.kind.fifo"
      case .linkToAFile, .danglingLink: "store.lock.kind.link"
      case .socket: "store.lock.kind.socket"
      }
    }

    /// Puts it at `path` (its folder exists).
    func make(at path: String, in sandbox: Sandbox) throws {
      switch self {
      case .folder: try #require(mkdir(path, 0o700) == 0)
      case .fifo: try #require(mkfifo(path, 0o600) == 0)
      case .linkToAFile:
        sandbox.put([], at: "elsewhere")
        try #require(symlink(sandbox.path("elsewhere"), path) == 0)
      case .danglingLink: try #require(symlink(sandbox.path("nowhere"), path) == 0)
      case .socket:
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
          for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
          }
        }
        try #require(bound == 0)
      }
    }
  }

  @Test(
    "Anything but a plain file at the lock's path is a problem that names its kind, never a lock, and is left as it is",
    arguments: Impostor.allCases)
  func notAFile(_ impostor: Impostor) throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "state/parea/game.json")
    let path = sandbox.path("state/parea/lock")
    try impostor.make(at: path, in: sandbox)
    var before = stat()
    try #require(lstat(path, &before) == 0)
    let outcome = StoreLock.acquire(paths: Self.paths(sandbox))
    #expect(Self.problem(outcome) == .notAFile(kind: impostor.kind), "\(outcome)")
    var after = stat()
    try #require(lstat(path, &after) == 0)
    #expect(after.st_ino == before.st_ino && after.st_mode == before.st_mode, "left as it is")
    #expect(!exists(sandbox.path("nowhere")), "a dangling link's target is not made")
  }

  @Test("The lock file removed while held: the next check makes a new one and holds it")
  func removedAndRetaken() throws {
    let sandbox = Sandbox()
    let lock = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    try #require(unlink(lock.path) == 0)
    #expect(lock.check() == .retaken)
    #expect(exists(lock.path))
    #expect(lock.check() == .held)
    #expect(Self.isBusy(StoreLock.acquire(paths: Self.paths(sandbox))), "a second copy now waits")
  }

  @Test("The state folder removed while held: made again and locked again, not lost")
  func folderRemoved() throws {
    let sandbox = Sandbox()
    let lock = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    try FileManager.default.removeItem(atPath: sandbox.path("state/parea"))
    #expect(lock.check() == .retaken)
    #expect(exists(lock.path))
    #expect(lock.check() == .held)
  }

  @Test("The lock file replaced by one another process holds (a second Parea started meanwhile): lost, for good")
  func replacedAndLost() throws {
    let sandbox = Sandbox()
    let lock = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    try #require(unlink(lock.path) == 0)
    let second = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    #expect(lock.check() == .lost)
    #expect(second.check() == .held)
    #expect(lock.check() == .lost, "lost for good")
  }

  @Test("The lock file replaced by another plain file nobody holds: taken on the new file")
  func replacedByAFreeFile() throws {
    let sandbox = Sandbox()
    let lock = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    sandbox.put([], at: "state/parea/lock.new")
    try #require(rename(sandbox.path("state/parea/lock.new"), lock.path) == 0)
    #expect(lock.check() == .retaken)
    #expect(Self.isBusy(StoreLock.acquire(paths: Self.paths(sandbox))))
  }

  @Test("Waiting for a lock whose file is removed before it is let go: the wait ends holding the file the path names")
  func waitedForARemovedFile() throws {
    let sandbox = Sandbox()
    var first: StoreLock? = try Self.held(StoreLock.acquire(paths: Self.paths(sandbox)))
    let second = try Self.busy(StoreLock.acquire(paths: Self.paths(sandbox)))
    try #require(unlink(second.path) == 0)
    _ = first
    first = nil
    let after = try Self.held(second.wait())
    #expect(after.check() == .held)
    #expect(exists(after.path))
  }

  @Test("Waiting, the user's saved language is read without setting a bad file aside")
  func peekSettings() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    #expect(store.peekSettings() == nil)
    try store.save(Settings(language: .el))
    #expect(store.peekSettings() == Settings(language: .el))
    sandbox.put(Array("{".utf8), at: "config/parea/settings.json")
    #expect(store.peekSettings() == nil)
    #expect(sandbox.names(in: sandbox.path("config/parea")) == ["settings.json"])
  }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which
/// the Swift Glibc module does not declare.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

/// A store without a working lock reads only.
@Suite("Reading only, without a working lock")
struct ReadOnlyStoreTests {
  @Test("A bad file stays where it is, no save writes or deletes anything, and none is reported again")
  func readsOnly() throws {
    let sandbox = Sandbox()
    sandbox.put(Array("{".utf8), at: "config/parea/settings.json")
    sandbox.put(Array("{".utf8), at: "state/parea/game.json")
    // A temporary file of a process that is gone: a store that writes removes it (below).
    sandbox.put(Array("x".utf8), at: "state/parea/game.json.tmp-2147483647")
    var store = sandbox.store()
    store.isReadOnly = true
    let before = [
      sandbox.names(in: sandbox.path("config/parea")), sandbox.names(in: sandbox.path("state/parea")),
    ]
    #expect(
      store.loadSettings().problems == [
        .corrupt(file: sandbox.path("config/parea/settings.json"), keptAs: nil)
      ])
    #expect(
      store.loadGame().problems == [.corrupt(file: sandbox.path("state/parea/game.json"), keptAs: nil)])
    for which in 0..<3 {
      do throws(StoreError) {
        switch which {
        case 0: try store.save(Settings(language: .el))
        case 1: try store.savePlayers(["Anna"])
        default: try store.saveGame(nil)
        }
        Issue.record("save \(which) went through")
      } catch {
        #expect(error.problem == nil, "refused quietly: the user was told once")
      }
    }
    #expect(
      [sandbox.names(in: sandbox.path("config/parea")), sandbox.names(in: sandbox.path("state/parea"))]
        == before)
    #expect(sandbox.bytes(sandbox.path("config/parea/settings.json")) == Array("{".utf8))

    // The control: a store that may write sets the bad file aside and removes the temporary.
    var writing = sandbox.store()
    _ = writing.loadGame()
    #expect(!exists(sandbox.path("state/parea/game.json.tmp-2147483647")))
    #expect(!exists(sandbox.path("state/parea/game.json")))
  }
}
