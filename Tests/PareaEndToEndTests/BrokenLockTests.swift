import Foundation
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// A lock must be a lock: whatever stands at the lock's path that is not a
  /// plain file Parea can lock, and a file system where `flock` fails, make
  /// Parea ask, before anything else, whether to play without saving or to
  /// quit; either way it writes nothing. A lock removed or replaced while
  /// Parea runs is made again, or, when another copy has it, stops this
  /// one's saving.
  @Suite
  struct BrokenLockTests {
    /// What stands in the lock's way.
    enum Breakage: String, CaseIterable, CustomStringConvertible, Sendable {
      case folder, fifo, linkToAFile, danglingLink
      /// A file of root's, 0600, that the user (here `nobody`) cannot open:
      /// left by one `sudo parea`. Needs root to set up.
      case foreignFile
      /// `flock` fails (a file system without locks), by a preloaded library.
      case flockFails

      var description: String { rawValue }

      /// Whether this run can set it up: root's file needs root (to run Parea
      /// as nobody); a preloaded library cannot reach the release binary,
      /// which is fully static (`scripts/test` runs this suite on the debug
      /// binary too, for this case).
      var canBeSetUp: Bool {
        switch self {
        case .foreignFile: geteuid() == 0
        case .flockFails: ProcessInfo.processInfo.environment["PAREA_RELEASE_BUILD"] == nil
        default: true
        }
      }

      /// The reason's words the question shows, in English.
      func reason(_ words: Catalog) -> String {
        switch self {
        case .folder, .fifo, .linkToAFile, .danglingLink:
          let kind =
            switch self {
            case .folder: "store.lock.kind.folder"
            case .fifo: "store.lock.kind.fifo"
            default: "store.lock.kind.link"
            }
          return words.text("store.lock.reason.notAFile", ["kind": words.text(kind)])
        case .foreignFile: return words.text("store.lock.reason.cannotOpen")
        case .flockFails: return words.text("store.lock.reason.cannotLock")
        }
      }
    }

    /// The screen's words as one line, with the boxes' sides left out (a
    /// question's message wraps inside its frame).
    static func boxText(_ screen: String) -> String {
      Screens.flat(screen.replacingOccurrences(of: "│", with: " ")).split(separator: " ")
        .joined(separator: " ")
    }

    /// A shared library that makes every `flock` fail with ENOLCK, built
    /// with the machine's C compiler into `folder`.
    static func noLocksLibrary(in folder: String) throws -> String {
      let source = folder + "/nolocks.c"
      let library = folder + "/nolocks.so"
      try """
      #include <errno.h>
      int flock(int descriptor, int operation) {
        (void)descriptor; (void)operation;
        errno = ENOLCK;
        return -1;
      }

      """.write(toFile: source, atomically: true, encoding: .utf8)
      let compiler = Spawn.isInstalled("cc") ? "cc" : "clang"
      let result = try Spawn.run(
        [compiler, "-shared", "-fPIC", "-o", library, source],
        environment: ProcessInfo.processInfo.environment, in: folder)
      guard result.status == 0 else {
        throw HarnessError("\(compiler) could not build \(library): \(result.errorOutput)")
      }
      return library
    }

    /// Gives `path` and everything in it to `nobody` (uid and gid 65534).
    static func giveToNobody(_ path: String) throws {
      let result = try Spawn.run(
        ["chown", "-R", "65534:65534", path], environment: ProcessInfo.processInfo.environment,
        in: NSTemporaryDirectory())
      guard result.status == 0 else { throw HarnessError("chown failed: \(result.errorOutput)") }
    }

    /// Starts Parea on `data` with the lock broken as `breakage` says.
    static func start(_ breakage: Breakage, data: String) throws -> TmuxSession {
      let state = data + "/state/parea"
      let lock = state + "/lock"
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      var environment: [String: String] = [:]
      var binary: String?
      var arguments: [String] = []
      switch breakage {
      case .folder: try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
      case .fifo: guard mkfifo(lock, 0o600) == 0 else { throw HarnessError("mkfifo failed") }
      case .linkToAFile:
        try "".write(toFile: data + "/elsewhere", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: data + "/elsewhere")
      case .danglingLink:
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: data + "/nowhere")
      case .foreignFile:
        try giveToNobody(data)
        try "".write(toFile: lock, atomically: true, encoding: .utf8)
        guard chown(lock, 0, 0) == 0, chmod(lock, 0o600) == 0 else { throw HarnessError("chown lock") }
        // The pane runs Parea as nobody, the lock being root's.
        arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try TmuxSession.binary()]
        binary = "/usr/bin/setpriv"
      case .flockFails:
        environment["LD_PRELOAD"] = try noLocksLibrary(in: data)
      }
      return try TmuxSession(
        arguments: arguments, environment: environment, dataDirectory: data, binary: binary,
        fakeVoice: true)
    }

    @Test(
      "no working lock: Parea asks first and names why; yes plays on reading only (the game resumes, nothing is written), and the notice says so",
      arguments: Breakage.allCases.filter(\.canBeSetUp))
    func playsWithoutSaving(_ breakage: Breakage) throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      try NothingOutlivesTests.saveNarratedAtDusk(in: data)
      // A temporary file a crashed save left: a Parea with the lock removes it at start.
      let stale = data + "/state/parea/game.json.tmp-2147483647"
      try "{".write(toFile: stale, atomically: false, encoding: .utf8)
      let session = try Self.start(breakage, data: data)
      defer { session.kill() }
      // Running as nobody, Parea finds the stand-in voice in the session's folder.
      if breakage == .foreignFile { chmod(session.directory, 0o755) }
      let play = Driver(session)
      let words = Catalog.builtIn(.en)

      let asked = Self.boxText(try session.settled(play.text("confirm.playWithoutSaving.title")))
      #expect(asked.contains(breakage.reason(words)), "the question names why:\n\(asked)")
      // The lock file may have been made before it turned out that it cannot be locked.
      let before = SingleCopyTests.snapshot(data)
      try play.waitForKeys()
      try session.type(play.text("confirm.yes.key"))
      let home = Screens.flat(try session.settled(play.text("store.readOnly.title")))
      #expect(home.contains(play.text("home.title")))

      // The saved game resumes; night falls, the game is left: nothing is written.
      try session.sendKeys("Enter")
      try session.waitFor(play.text("key.nightFalls"))
      try session.sendKeys("Enter")
      try play.waitForLine(play.text("narrator.say.nightFalls", ["night": play.text("narrator.night.1")]), mode: .parea)
      try play.leaveGameAndQuit()
      #expect(SingleCopyTests.snapshot(data) == before, "nothing written, renamed or removed")
      #expect(FileManager.default.fileExists(atPath: stale), "not even at start")
    }

    @Test("no working lock: No (the answer highlighted first) quits at once, having written nothing")
    func noQuits() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      // A damaged settings file, which a Parea with the lock would set aside.
      try FileManager.default.createDirectory(
        atPath: data + "/config/parea", withIntermediateDirectories: true)
      try "{".write(toFile: data + "/config/parea/settings.json", atomically: false, encoding: .utf8)
      let session = try Self.start(.folder, data: data)
      defer { session.kill() }
      let before = SingleCopyTests.snapshot(data)
      let play = Driver(session)
      try session.settled(play.text("confirm.playWithoutSaving.title"))
      try play.waitForKeys()
      try session.sendKeys("Enter")
      #expect(try session.waitForExit() == 0)
      expectRestored(try session.sttyAfterExit())
      #expect(SingleCopyTests.snapshot(data) == before)
      // Not even at start, before the question: the bad file is where it was, as it was.
      #expect(try String(contentsOfFile: data + "/config/parea/settings.json", encoding: .utf8) == "{")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: data + "/config/parea") == ["settings.json"])
    }

    @Test(
      "the lock removed while Parea runs (a user's \"stale lock\"): it is made again at once, and a second Parea waits"
    )
    func removedWhileRunning() throws {
      let run = try ResumeTests.Run()
      let first = try run.start()
      try Driver(first).waitForHome()
      let lock = run.data + "/state/parea/lock"
      var original = stat()
      guard stat(lock, &original) == 0 else { throw HarnessError("no lock file") }
      try #require(unlink(lock) == 0)
      let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
      var remade = stat()
      while stat(lock, &remade) != 0 && ContinuousClock.now < deadline { usleep(10_000) }
      #expect(stat(lock, &remade) == 0, "the running Parea made the lock again")

      let second = try run.start()
      try second.waitUntil("the second Parea says it is waiting") {
        SingleCopyTests.showsWaiting($0, in: .en)
      }
      try first.sendKeys(Screens.quitKey)
      #expect(try first.waitForExit() == 0)
      try Driver(second).waitForHome()
      try second.sendKeys(Screens.quitKey)
      #expect(try second.waitForExit() == 0)
    }

    @Test(
      "the lock replaced by one another process holds (a second copy got in first): Parea says it no longer saves, and writes nothing more"
    )
    func takenOverWhileRunning() throws {
      let run = try ResumeTests.Run()
      let first = try run.start()
      let play = Driver(first)
      try play.waitForHome()
      let lock = run.data + "/state/parea/lock"
      // Another holder locks a new file and puts it in the lock's place in
      // one rename: the running Parea cannot make its own in between.
      let fresh = lock + ".new"
      try "".write(toFile: fresh, atomically: false, encoding: .utf8)
      let holder = try LockTestsSupport.hold(fresh, in: run.data)
      defer { LockTestsSupport.end(holder) }
      try #require(rename(fresh, lock) == 0)

      try first.settled(play.text("store.lockLost.title"))
      let before = SingleCopyTests.snapshot(run.data)
      // Settings → Language: Greek. It would be saved; it is not.
      try first.sendKeys("s")
      try first.waitFor(play.text("settings.title"))
      try first.sendKeys("Right")
      let greek = Driver(first, language: .el)
      try first.waitFor(greek.text("settings.title"))
      try first.sendKeys("Escape")
      try greek.waitForHome()
      try first.sendKeys(Screens.quitKey)
      #expect(try first.waitForExit() == 0)
      #expect(SingleCopyTests.snapshot(run.data) == before, "nothing written after the lock was lost")
    }
  }
}

/// Another process holding a lock file: `flock(1)` from util-linux.
enum LockTestsSupport {
  /// Starts `flock -F FILE sh -c 'touch READY; exec sleep 60'`; returns once it holds the lock.
  static func hold(_ file: String, in folder: String) throws -> pid_t {
    let ready = folder + "/holder-ready"
    let pid = try Spawn.start(
      ["flock", "-F", file, "sh", "-c", "touch \"$0\"; exec sleep 60", ready],
      environment: ProcessInfo.processInfo.environment, input: "/dev/null", output: "/dev/null",
      error: "/dev/null")
    let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
    while !FileManager.default.fileExists(atPath: ready) {
      if ContinuousClock.now > deadline { throw HarnessError("flock did not take \(file)") }
      usleep(10_000)
    }
    return pid
  }

  /// kill -9, and reap.
  static func end(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
