import CProcess
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The voice's processes: starting a line's process in a session of its own,
// finding and killing what is left of a line (by the session field of
// /proc/<pid>/stat), and the children the program adopts as a subreaper.
// `Voice.swift` decides when; this file does it.

extension Voice {
  /// One line's process and what it has written to standard error so far.
  struct Line {
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
  struct SpawnError: Error {
    var number: Int32
  }

  /// Starts `arguments[0]` (a path) with `arguments` in a session of its own
  /// (no controlling terminal), standard input and output on `/dev/null`, standard error on a
  /// non-blocking pipe (`captureErrors`) or `/dev/null`, no other descriptor
  /// of this process, an empty signal mask and default signal handling.
  static func spawn(_ arguments: [String], captureErrors: Bool) -> Result<Line, SpawnError>
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
  static let spawnSetSession: Int32 = 0x80

  /// Marks every descriptor above standard error close-on-exec, so a line's
  /// process inherits none of this program's files, pipes or terminal
  /// descriptors (only the three it is given). Harmless for this process.
  static func markDescriptorsCloseOnExec() {
    guard let directory = opendir("/proc/self/fd") else { return }
    defer { closedir(directory) }
    let own = dirfd(directory)
    while let entry = readdir(directory) {
      let name = String(
        // The name read up to its end, never as the whole `d_name` array: a
        // record may be shorter, and the last one of a buffer can end a mapping.
        cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
          .assumingMemoryBound(to: CChar.self))
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
  func sweep(killingAdopted: Bool) -> Bool {
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
      let name = String(
        // The name read up to its end, never as the whole `d_name` array: a
        // record may be shorter, and the last one of a buffer can end a mapping.
        cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
          .assumingMemoryBound(to: CChar.self))
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
  static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
