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

  @Test("The lock file is made 0600 in a 0700 folder, and is not passed to programs Parea starts")
  func made() throws {
    let sandbox = Sandbox()
    let lock = try #require(StoreLock(paths: Self.paths(sandbox)))
    #expect(lock.path == sandbox.path("state/parea/lock"))
    #expect(mode(lock.path) == 0o600)
    #expect(mode(sandbox.path("state/parea")) == 0o700)
    #expect(lock.isClosedOnExec)
    #expect(lock.take() == .held)
    #expect(lock.take() == .held, "taking it again changes nothing")
  }

  @Test("Held by another process: busy; that process killed with kill -9: the lock is free")
  func killNine() throws {
    let sandbox = Sandbox()
    let lock = try #require(StoreLock(paths: Self.paths(sandbox)))
    let pid = try Self.holder(of: lock.path, in: sandbox)
    defer { Self.end(pid) }
    #expect(lock.take() == .busy)
    #expect(lock.take() == .busy, "still busy: asking does not wait or take")
    Self.end(pid)
    #expect(lock.take() == .held, "kill -9 leaves no stale lock")
  }

  @Test("Waiting blocks while another process holds the lock, and takes it when that one is killed")
  func waits() throws {
    let sandbox = Sandbox()
    let lock = try #require(StoreLock(paths: Self.paths(sandbox)))
    let pid = try Self.holder(of: lock.path, in: sandbox)
    defer { Self.end(pid) }
    #expect(lock.take() == .busy)

    let result = Outcome()
    let done = DispatchSemaphore(value: 0)
    // A queue of its own: a thread that may block, outside the pool the tests run on.
    DispatchQueue(label: "parea.lock-test.wait").async {
      let state = lock.wait()
      result.state.withLock { $0 = state }
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
    #expect(result.state.withLock { $0 } == nil, "and has not returned")

    Self.end(pid)
    #expect(done.wait(timeout: .now() + 30) == .success, "wait() returns once the holder is gone")
    #expect(result.state.withLock { $0 } == .held)
  }

  /// What the waiting thread's `wait()` gave, once it has returned.
  final class Outcome: Sendable {
    let state = Mutex<StoreLock.State?>(nil)
  }

  @Test("Two locks on the same files in one process: the second is busy until the first is let go")
  func released() throws {
    let sandbox = Sandbox()
    var first = StoreLock(paths: Self.paths(sandbox))
    try #require(first != nil)
    let second = try #require(StoreLock(paths: Self.paths(sandbox)))
    #expect(first?.take() == .held)
    #expect(second.take() == .busy)
    first = nil
    #expect(second.take() == .held)
  }

  @Test("No folder to lock (no HOME, a file where the folder goes): no lock, nothing to wait for")
  func nowhere() throws {
    #expect(StoreLock(paths: StorePaths(environment: [:])) == nil)
    let sandbox = Sandbox()
    sandbox.put(Array("not a folder".utf8), at: "home")
    #expect(StoreLock(paths: StorePaths(environment: ["HOME": sandbox.path("home")])) == nil)
    #expect(sandbox.bytes(sandbox.path("home")) == Array("not a folder".utf8))
  }

  @Test(
    "A read-only state folder: no lock can be made there, so none is waited for",
    .enabled(if: !runningAsRoot, "root writes into a folder whatever its mode"))
  func readOnlyFolder() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "state/parea/game.json")
    chmod(sandbox.path("state/parea"), 0o500)
    #expect(StoreLock(paths: Self.paths(sandbox)) == nil)
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
