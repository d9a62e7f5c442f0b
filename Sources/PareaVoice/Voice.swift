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
  private var openSession: pid_t?
  /// Sessions of stopped lines whose processes may not all have gone yet:
  /// each sweep kills what is left; a session's leader (kept as a zombie) is
  /// reaped, and the session forgotten, once nothing else in it runs.
  private var dyingSessions: Set<pid_t> = []

  /// The program that speaks, looked for on `PATH`.
  public static let programName = "espeak-ng"

  /// How much of a line's standard error is kept (for `Problem.noAudio`).
  private static let errorOutputLimit = 1024

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
  /// another way. An empty text only stops the line being spoken.
  @discardableResult
  public func speak(_ text: String, voice: String, wordsPerMinute: Int) -> Bool {
    stop()
    if case .missing = availability { return false }
    if text.allSatisfy(\.isWhitespace) { return true }
    guard let executable = findExecutable() else {
      availability = .missing(.notInstalled)
      return false
    }
    // "--" ends the options: a line that starts with "-" is said, not taken
    // for an option (without it espeak-ng would read "-s…" as a speed and say nothing).
    let arguments = [executable, "-v", voice, "-s", String(wordsPerMinute), "--", text]
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

  // MARK: Processes

  /// One line's process and what it has written to standard error so far.
  private struct Line {
    /// The process (and its process group).
    var pid: pid_t
    /// The read end of its standard error's pipe, or -1 when not captured
    /// (or once closed).
    var errors: Int32
    /// Whether standard error was captured (only while availability is
    /// unknown: a line started later has nothing to tell).
    let capturesErrors: Bool
    /// Its standard error so far (the first `errorOutputLimit` bytes).
    var errorOutput: [UInt8] = []

    init(pid: pid_t, errors: Int32) {
      self.pid = pid
      self.errors = errors
      self.capturesErrors = errors >= 0
    }

    /// Standard error as text, for `Problem.noAudio`.
    var errorText: String { String(decoding: errorOutput, as: UTF8.self) }

    /// Reads what the process has written to standard error, without waiting.
    mutating func drainErrors() {
      guard errors >= 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 512)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
        if count > 0 {
          let room = Voice.errorOutputLimit - errorOutput.count
          if room > 0 { errorOutput += buffer[0..<min(count, room)] }
          continue
        }
        if count < 0 && errno == EINTR { continue }
        return  // 0: end of file; EAGAIN: nothing more for now
      }
    }

    /// Closes the pipe (once everything has been read).
    mutating func closeErrors() {
      if errors >= 0 { close(errors) }
      errors = -1
    }
  }

  /// An `errno` from starting a process.
  private struct SpawnError: Error {
    var number: Int32
  }

  /// Starts `arguments[0]` (a path) with `arguments` in a session of its own
  /// (no controlling terminal), standard input and output on `/dev/null`, standard error on a
  /// non-blocking pipe (`captureErrors`) or `/dev/null`, no other descriptor
  /// of this process, an empty signal mask and default signal handling.
  private static func spawn(_ arguments: [String], captureErrors: Bool) -> Result<Line, SpawnError>
  {
    var pipeEnds: [Int32] = [-1, -1]
    if captureErrors {
      guard pipe(&pipeEnds) == 0 else { return .failure(SpawnError(number: errno)) }
      for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      _ = fcntl(pipeEnds[0], F_SETFL, fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK)
    }
    markDescriptorsCloseOnExec()

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    if captureErrors {
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own session (and so its own process group): no controlling
    // terminal, so nothing it starts can open /dev/tty and write over the
    // game; the terminal's signals never reach it; what it starts stays in
    // the session, where a new line finds and kills it.
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, number)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(Self.spawnSetSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    var result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    // "Text file busy": some process has the program open for writing at
    // this instant (an upgrade replacing it, or a child forked by another
    // thread that has not reached its own exec yet). It passes: try again a
    // few times, a millisecond apart, before calling the voice missing.
    for attempt in 1...3 where result == ETXTBSY {
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000 * attempt)
      nanosleep(&pause, nil)
      result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    }
    if captureErrors { close(pipeEnds[1]) }
    guard result == 0 else {
      if captureErrors { close(pipeEnds[0]) }
      return .failure(SpawnError(number: result))
    }
    return .success(Line(pid: pid, errors: captureErrors ? pipeEnds[0] : -1))
  }

  /// glibc's `POSIX_SPAWN_SETSID` (since 2.26; Swift's Glibc module leaves it
  /// out): the child calls `setsid()` before it runs the program. Not to be
  /// combined with `POSIX_SPAWN_SETPGROUP` (a session leader cannot change
  /// its group: the spawn would fail).
  private static let spawnSetSession: Int32 = 0x80

  /// Marks every descriptor above standard error close-on-exec, so a line's
  /// process inherits none of this program's files, pipes or terminal
  /// descriptors (only the three it is given). Harmless for this process.
  private static func markDescriptorsCloseOnExec() {
    guard let directory = opendir("/proc/self/fd") else { return }
    defer { closedir(directory) }
    let own = dirfd(directory)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let descriptor = Int32(name), descriptor > 2, descriptor != own else { continue }
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0, flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// Kills (SIGKILL) every process still running in a stopped line's
  /// session and, with `killingAdopted`, every other child of this process
  /// (adopting) outside the open session; reaps this process's children that
  /// have ended, other than the leaders still kept; reaps the leader of a
  /// stopped session once nothing else in it runs, and forgets the session.
  /// True when some process was reaped.
  @discardableResult
  private func sweep(killingAdopted: Bool) -> Bool {
    let me = getpid()
    var reaped = false
    var occupied: Set<pid_t> = []
    for process in Self.processes() where process.pid != me {
      let kept = dyingSessions.contains(process.pid) || process.pid == openSession
      if process.state == "Z" {
        // Ended: adopting, every child is the voice's to reap, unless it is a
        // leader kept for its session's sake. (Not adopting, this process's
        // other children are not the voice's: its leaders are reaped below.)
        if adoptsOrphans, process.parent == me, !kept, waitpid(process.pid, nil, WNOHANG) == process.pid {
          reaped = true
        }
        continue
      }
      if dyingSessions.contains(process.session) {
        kill(process.pid, SIGKILL)
        occupied.insert(process.session)
      } else if killingAdopted, adoptsOrphans, process.parent == me, !kept,
        openSession == nil || process.session != openSession
      {
        kill(process.pid, SIGKILL)
      }
    }
    for session in dyingSessions where !occupied.contains(session) {
      // Only its leader, ended, is left: reaped (or gone already), the session forgotten.
      let result = waitpid(session, nil, WNOHANG)
      if result == session || (result < 0 && errno == ECHILD) {
        dyingSessions.remove(session)
        reaped = true
      }
    }
    return reaped
  }

  /// One process as `/proc/<pid>/stat` describes it.
  struct ProcessEntry {
    var pid: pid_t
    /// R, S, D, Z (a zombie)…
    var state: Character
    var parent: pid_t
    var session: pid_t
  }

  /// Every process this one can see in `/proc` (empty where there is none).
  static func processes() -> [ProcessEntry] {
    guard let directory = opendir("/proc") else { return [] }
    defer { closedir(directory) }
    var found: [ProcessEntry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = pid_t(name), let entry = processEntry(pid) else { continue }
      found.append(entry)
    }
    return found
  }

  /// `/proc/<pid>/stat` read: "pid (name) state ppid pgrp session …" (the
  /// name may hold spaces and parentheses: the fields follow the last ")").
  static func processEntry(_ pid: pid_t) -> ProcessEntry? {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let bytes = buffer[0..<count]
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count >= 4,
      let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
      let session = pid_t(String(decoding: fields[3], as: UTF8.self))
    else { return nil }
    let state = Character(UnicodeScalar(fields[0].first ?? UInt8(ascii: "?")))
    return ProcessEntry(pid: pid, state: state, parent: parent, session: session)
  }

  /// The monotonic clock in nanoseconds.
  private static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
