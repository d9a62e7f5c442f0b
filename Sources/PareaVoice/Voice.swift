import CProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The narrator's voice: each line is spoken by its own `espeak-ng` process.
///
/// The process runs beside the program and never blocks it: `speak` starts
/// it and returns at once, so keys and timers keep working while it talks.
/// It is started in a session of its own (so it has no controlling terminal:
/// `/dev/tty` cannot be opened there, and the terminal's signals never reach
/// it) with standard input and output on `/dev/null` and standard error on a
/// pipe this object reads (or on `/dev/null`). A new line kills the one being
/// spoken together with everything it started that is still in its session,
/// even after the line itself has ended (a wrapper that plays the sound in
/// the background and exits); `stop()` does the same; `reap()`, called once
/// per turn of the run loop, collects what ended or was killed, so no zombie
/// stays; `shutDown()` (at the program's end) kills and waits until nothing
/// is left.
///
/// A process that leaves the line's session (`setsid`) cannot be found by its
/// session. With `adoptsOrphans` the voice makes this process a child
/// subreaper: such a process becomes this process's child when its parent
/// ends, and the voice kills every child of this process at a new line, at
/// `stop()` and at `shutDown()`. Only the program (which starts no other
/// child) asks for that; a test process, which has children of its own, does not.
///
/// Nothing happens when a `Voice` is made: `espeak-ng` is looked for on
/// `PATH` when the first line is to be spoken, not at start-up.
///
/// Whether the voice can be heard is found out on the way (`availability`):
/// no `espeak-ng`, a failed start, or a first line that complains on standard
/// error or exits with a non-zero status (without a sound card espeak-ng
/// still exits 0, after a screenful of ALSA errors) make it `missing`, and
/// from then on `speak` does nothing and returns false, so the caller can
/// mark the step another way (the terminal's bell).
///
/// Not thread-safe: one thread (the run loop's) uses it.
public final class Voice {
  /// Whether lines spoken by this voice can be heard.
  public enum Availability: Hashable, Sendable {
    /// Not known yet: no line has been spoken, or every line so far was cut
    /// short before it could tell.
    case unknown
    /// A line was spoken to its end without a complaint.
    case working
    /// Speaking does not work in this run (and is not tried again).
    case missing(Problem)
  }

  /// Why lines cannot be heard.
  public enum Problem: Hashable, Sendable {
    /// No `espeak-ng` on `PATH`, or the given executable is not an executable file.
    case notInstalled
    /// `posix_spawn` (or the pipe for its errors) failed with this `errno`.
    case cannotStart(errno: Int32)
    /// `espeak-ng` ran but its first line wrote to standard error (kept here,
    /// its beginning) or exited with a non-zero status (the exit status, or
    /// 128 + the signal that ended it; nil for a line cut short): as a rule
    /// there is no working audio device.
    case noAudio(status: Int32?, errorOutput: String)
  }

  /// What is known so far about whether the voice can be heard.
  public private(set) var availability: Availability = .unknown

  /// The process speaking now (the leader of its own process group), if any:
  /// for tests and diagnostics.
  public var speakingProcess: pid_t? { current?.pid }

  /// The processes started so far and not yet reaped: the one speaking and
  /// those killed that had not ended yet (for tests and diagnostics).
  public var unreapedProcesses: [pid_t] {
    (current.map { [$0.pid] } ?? []) + (openSession.map { [$0] } ?? []).filter { $0 != current?.pid }
      + dyingSessions.sorted()
  }

  /// Whether this process is a child subreaper, so that what a line starts in
  /// a session of its own comes back to it (see the type's notes).
  public let adoptsOrphans: Bool

  /// Where the executable comes from: an explicit path, or `PATH`.
  private let explicitExecutable: String?
  /// `PATH` to search instead of the environment's (tests).
  private let searchPath: String?
  /// The executable once found (looked up at the first line, once).
  private var executable: String?
  /// The line being spoken.
  private var current: Line?
  /// The session of the line being spoken, or of the last one while what it
  /// started still runs there (a player it left in the background): the
  /// line's process id, whose process (the session's leader, this process's
  /// child) is running or, once it has ended, kept as a zombie, not reaped,
  /// until the next line or `stop()`. A zombie keeps its number: no other
  /// session can get that id while the voice may still kill by it.
  private(set) var openSession: pid_t?
  /// Sessions of stopped lines whose processes may not all have gone yet:
  /// each sweep kills what is left; a session's leader (kept as a zombie) is
  /// reaped, and the session forgotten, once nothing else in it runs.
  var dyingSessions: Set<pid_t> = []

  /// The program that speaks, looked for on `PATH`.
  public static let programName = "espeak-ng"

  /// How much of a line's standard error is kept (for `Problem.noAudio`).
  static let errorOutputLimit = 1024

  /// How long `shutDown()` waits at most for killed lines to end. A killed
  /// process is gone within a few milliseconds (0.2 to 4 ms measured on a
  /// busy two-core machine); this only bounds the rare case where it is not.
  private static let shutDownWaitNanoseconds: Int64 = 500_000_000

  /// A voice that speaks with `executable`, or with `espeak-ng` found on
  /// `searchPath` (by default the `PATH` environment variable when the first
  /// line is spoken). Does no work now.
  /// With `adoptsOrphans`, this process becomes a child subreaper at once
  /// (before any line is started), and every child of it counts as the
  /// voice's: only for a program that starts no other child.
  public init(executable: String? = nil, searchPath: String? = nil, adoptsOrphans: Bool = false) {
    self.explicitExecutable = executable
    self.searchPath = searchPath
    self.adoptsOrphans = adoptsOrphans && parea_become_child_subreaper() == 0
  }

  deinit { shutDown() }

  /// Says `text` in `voice` (espeak-ng's `-v`, e.g. "el" or "en") at
  /// `wordsPerMinute` (its `-s`), cutting short the line being spoken. Returns
  /// at once, true when a process was started to say it; false when the
  /// voice is `missing` (now or already), so the caller marks the line
  /// another way. An empty text only stops the line being spoken. With
  /// `markup`, the text is SSML (`SpeechMarkup`), given with `-m`.
  @discardableResult
  public func speak(_ text: String, voice: String, wordsPerMinute: Int, markup: Bool = false) -> Bool {
    stop()
    if case .missing = availability { return false }
    if text.allSatisfy(\.isWhitespace) { return true }
    guard let executable = findExecutable() else {
      availability = .missing(.notInstalled)
      return false
    }
    // "--" ends the options: a line that starts with "-" is said, not taken
    // for an option (without it espeak-ng would read "-s…" as a speed and say nothing).
    let arguments = [executable, "-v", voice, "-s", String(wordsPerMinute)] + (markup ? ["-m"] : []) + ["--", text]
    switch Self.spawn(arguments, captureErrors: availability == .unknown) {
    case .success(let line):
      current = line
      openSession = line.pid
      return true
    case .failure(let error):
      availability = .missing(.cannotStart(errno: error.number))
      return false
    }
  }

  /// Stops speaking at once: kills the line being spoken and everything it
  /// started (its session; with `adoptsOrphans`, every child of this process)
  /// without waiting for them to end (that takes a few milliseconds, which a
  /// new line or a key should not wait for); `reap()` collects them then.
  /// Safe to call at any time, more than once.
  public func stop() {
    if var line = current {
      current = nil
      // A line that has just ended on its own still tells how it went; only
      // a process that is still there is killed.
      let status = Self.endedStatus(of: line.pid)
      if status == nil { kill(-line.pid, SIGKILL) }
      line.drainErrors()
      line.closeErrors()
      learn(from: line, exitStatus: status ?? nil)
    }
    if let session = openSession {
      openSession = nil
      dyingSessions.insert(session)
    }
    if !dyingSessions.isEmpty || adoptsOrphans { sweep(killingAdopted: true) }
  }

  /// Stops speaking and waits until every process this voice started has
  /// ended and been reaped (half a second at most): for the program's way
  /// out, so that no line outlives it, not even as a zombie.
  public func shutDown() {
    stop()
    let start = Self.monotonicNanoseconds()
    while hasProcessesLeft() && Self.monotonicNanoseconds() - start < Self.shutDownWaitNanoseconds {
      var pause = timespec(tv_sec: 0, tv_nsec: 200_000)
      nanosleep(&pause, nil)
      // A process that left the session comes back as a child only once its
      // parent has ended: each look kills what has come back since.
      sweep(killingAdopted: true)
    }
  }

  /// Whether anything the voice started may still be there: a stopped
  /// line's session not empty yet, or (adopting) any child of this process.
  private func hasProcessesLeft() -> Bool {
    if !dyingSessions.isEmpty { return true }
    guard adoptsOrphans else { return false }
    // Any child at all, running or not reaped yet (ECHILD: none).
    var info = siginfo_t()
    return waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0
  }

  /// Collects what has ended, without waiting: the line speaking (once it
  /// has said everything, which may tell whether it was heard), and what is
  /// left of stopped lines (killed again if need be). Call it once per turn
  /// of the run loop. True when some process of the voice ended since the
  /// last call: whatever it may have written to the terminal by a way the
  /// voice cannot close (the terminal's device opened by its path) is then
  /// for the caller to paint over.
  ///
  /// What the line speaking left running in its session (a player in the
  /// background) is left alone until the next line or `stop()`.
  @discardableResult
  public func reap() -> Bool {
    var ended = false
    if !dyingSessions.isEmpty { ended = sweep(killingAdopted: false) }
    guard var line = current else { return ended }
    line.drainErrors()
    current = line
    guard let status = Self.endedStatus(of: line.pid) else { return ended }
    current = nil
    line.drainErrors()
    line.closeErrors()
    learn(from: line, exitStatus: status)
    // With nothing left in its session, nothing will be killed by its id:
    // the line's process is reaped now. Otherwise it is kept (a zombie that
    // holds the id) until the next line or `stop()` ends its session.
    if !Self.sessionHasOthers(line.pid) {
      _ = waitpid(line.pid, nil, WNOHANG)
      openSession = nil
    }
    return true
  }

  /// Whether `pid` (a child of this process) has ended, without reaping it:
  /// nil while it runs; its exit status (or 128 + the signal) once it has
  /// ended; `.some(nil)` when it is gone already (reaped by other means).
  private static func endedStatus(of pid: pid_t) -> Int32?? {
    var info = siginfo_t()
    while true {
      let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
      if result == 0 {
        guard info._sifields._sigchld.si_pid == pid else { return nil }
        let code = info.si_code
        let value = info._sifields._sigchld.si_status
        return .some(code == Int32(CLD_EXITED) ? value : 128 + value)
      }
      if errno == EINTR { continue }
      return .some(nil)
    }
  }

  /// Whether any process other than `session`'s leader still runs in it.
  private static func sessionHasOthers(_ session: pid_t) -> Bool {
    processes().contains { $0.session == session && $0.pid != session && $0.state != "Z" }
  }

  /// What a line that is over tells about the voice, while that is unknown:
  /// a complaint on standard error, or a non-zero exit, means it was not
  /// heard; a line that ran to its end (`exitStatus` given) without either
  /// means it was. A line cut short (`exitStatus` nil) without a complaint
  /// tells nothing.
  private func learn(from line: Line, exitStatus: Int32?) {
    guard availability == .unknown, line.capturesErrors else { return }
    if !line.errorOutput.isEmpty || (exitStatus ?? 0) != 0 {
      availability = .missing(.noAudio(status: exitStatus, errorOutput: line.errorText))
    } else if exitStatus != nil {
      availability = .working
    }
  }

  // MARK: Finding the program

  /// The executable to run, looked up once (later lines reuse it).
  private func findExecutable() -> String? {
    if let executable { return executable }
    let found: String?
    if let explicitExecutable {
      found = Self.isExecutableFile(explicitExecutable) ? explicitExecutable : nil
    } else {
      let path = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
      found = Self.find(Self.programName, in: path)
    }
    executable = found
    return found
  }

  /// Whether the program that speaks is there (looked for once, without a sound).
  public var isFound: Bool { findExecutable() != nil }

  /// The first executable file called `name` in the folders of `path`
  /// (colon-separated). Empty entries (the current folder) are skipped: the
  /// narrator does not run a program that happens to lie where Parea was started.
  static func find(_ name: String, in path: String) -> String? {
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      guard folder.hasPrefix("/") else { continue }
      let candidate = String(folder) + (folder.hasSuffix("/") ? "" : "/") + name
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// Whether `path` is a regular file this process may execute.
  static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
