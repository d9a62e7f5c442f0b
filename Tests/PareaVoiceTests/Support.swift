import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How long a condition is polled before a test fails. Generous: the suite
/// runs on loaded two-core machines, and a poll returns as soon as its
/// condition holds, so only a failing test waits this long. No test asserts
/// on how long anything took.
let pollDeadline: Duration = .seconds(10)

/// Polls `condition` every 10 ms until it holds (true) or `pollDeadline`
/// passes (false). `step` runs before each check (e.g. the run loop's `reap`).
func eventually(step: () -> Any = { () }, _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + pollDeadline
  while true {
    _ = step()
    if condition() { return true }
    if ContinuousClock.now >= deadline { return false }
    usleep(10_000)
  }
}

/// Whether no process `pid` exists any more: ended and reaped (a zombie
/// still answers `kill(pid, 0)`).
func isGone(_ pid: pid_t) -> Bool {
  kill(pid, 0) != 0 && errno == ESRCH
}

/// Whether process `pid` has ended: gone, or a zombie (a process whose parent
/// has gone is reaped by init, or by nobody in a container whose first
/// process does not reap).
func hasEnded(_ pid: pid_t) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return true }
  let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
  return state == "Z" || state == "X"
}

/// A fresh temporary folder, removed by `remove()`.
struct TemporaryFolder {
  /// The folder's path.
  let path: String

  init() throws {
    var template = Array("/tmp/parea-voice.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw TestError("mkdtemp failed") }
    path = String(cString: made)
  }

  /// Removes the folder and what it holds.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A stand-in for `espeak-ng`: a shell script written at test time that logs
/// each call (its process id and arguments, one line per call) and then
/// behaves as asked. The real program is never run by these tests.
struct FakeEspeak {
  /// How the stand-in behaves after logging its call.
  enum Behaviour {
    /// Speaks "for ever": `exec sleep 30` (the same process, so killing it works).
    case speaksLong
    /// Says its line and exits 0 without a word on standard error (a working voice).
    case speaksBriefly
    /// Writes ALSA-like errors to standard error and exits 0 (espeak-ng
    /// without a sound card).
    case complainsAndExits
    /// Writes an error to standard error, then keeps "speaking".
    case complainsAndSpeaksLong
    /// Exits with status 3, silently.
    case fails
    /// Starts a "player" in the background (`sleep 30 &`, its pid written
    /// to `players.log`) and exits 0: a wrapper that plays the sound and returns.
    case leavesAPlayerAndExits
  }

  /// The folder holding the script (`espeak-ng`) and its log.
  let folder: String
  /// The script's path.
  var executable: String { folder + "/espeak-ng" }
  /// The log: one line per call, "PID<TAB>ARG<TAB>ARG…".
  var log: String { folder + "/calls.log" }

  /// Writes the script into `folder`.
  init(in folder: String, behaviour: Behaviour) throws {
    self.folder = folder
    // What it writes to standard error first, then how it ends.
    let complaint: String
    let ending: String
    switch behaviour {
    case .speaksLong: (complaint, ending) = ("", "exec sleep 30")
    case .speaksBriefly: (complaint, ending) = ("", "exit 0")
    case .complainsAndExits:
      complaint = """
        echo 'ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default' >&2
        echo 'error: No such file or directory' >&2
        """
      ending = "exit 0"
    case .complainsAndSpeaksLong:
      (complaint, ending) = ("echo 'error: No such file or directory' >&2", "exec sleep 30")
    case .fails: (complaint, ending) = ("", "exit 3")
    case .leavesAPlayerAndExits:
      complaint = ""
      ending = "sleep 30 &\necho $! >> \(Self.quote(folder + "/players.log"))\nexit 0"
    }
    // The log line is written whole by one printf, after the complaint, so a
    // test that sees it knows the script got that far.
    let script = """
      #!/bin/sh
      line="$$"
      for argument in "$@"; do line="$line$(printf '\\t')$argument"; done
      \(complaint)
      printf '%s\\n' "$line" >> \(Self.quote(log))
      \(ending)

      """
    try writeExecutable(script, to: executable)
  }

  /// The calls logged so far: each one's process id and arguments.
  func calls() -> [(pid: pid_t, arguments: [String])] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return (pid_t(fields[0]) ?? -1, Array(fields.dropFirst()))
    }
  }

  /// The players started in the background (`leavesAPlayerAndExits`), oldest first.
  func leftPlayers() -> [pid_t] {
    guard let text = try? String(contentsOfFile: folder + "/players.log", encoding: .utf8) else {
      return []
    }
    return text.split(separator: "\n").compactMap { pid_t($0) }
  }

  /// Shell quoting for one word.
  static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// Writes an executable file through a descriptor that no child process can
/// keep: close-on-exec, so a process another test spawns meanwhile drops it
/// at its exec (a program open for writing anywhere cannot be executed:
/// ETXTBSY, "text file busy").
func writeExecutable(_ text: String, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw TestError("cannot create \(path): errno \(errno)") }
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
  guard written == bytes.count else { throw TestError("cannot write \(path)") }
}

/// A test's own failure, with what helps to understand it.
struct TestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Runs a program to its end (killed after `pollDeadline`), its standard
/// output and error in files; returns its exit status and standard error.
/// An empty signal mask and default dispositions, as Swift Testing's threads
/// block some signals and children inherit that.
func run(_ arguments: [String], in folder: String) throws -> (status: Int32, errorOutput: String) {
  let errorPath = folder + "/run.err"
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(
    &actions, 1, folder + "/run.out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var empty = sigset_t()
  sigemptyset(&empty)
  posix_spawnattr_setsigmask(&attributes, &empty)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
  let argv = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
  guard result == 0 else {
    throw TestError("could not start \(arguments[0]): \(String(cString: strerror(result)))")
  }
  var status: Int32 = 0
  var ended = false
  let deadline = ContinuousClock.now + pollDeadline
  while !ended {
    let reaped = waitpid(pid, &status, WNOHANG)
    if reaped == pid {
      ended = true
    } else if ContinuousClock.now >= deadline {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      throw TestError("\(arguments) did not end within \(pollDeadline)")
    } else {
      usleep(2_000)
    }
  }
  let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  return (exit, errors)
}
