import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Why one file of this length: the tmux driver is one type (start, keys,
// screens, resize, signals, what is left after exit) whose parts share its
// private server and its waiting rules.

/// The real `parea` binary running in a private tmux server: type keys, read
/// the screen, resize, signal, and look at the terminal after it exits.
///
/// Each session has its own temporary folder holding the server's socket, the
/// program's config, state and data folders (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `XDG_DATA_HOME`;
/// pass `dataDirectory` to share them between sessions, e.g. to resume a
/// game), its exit status and the `stty -a` taken in the pane right after it
/// exits. The pane's shell stays alive after the program exits, so its screen
/// and history can still be read.
final class TmuxSession {
  /// The session's temporary folder.
  let directory: String
  /// The tmux server's socket.
  let socket: String
  /// Holds the program's config, state and data folders.
  let dataDirectory: String
  /// The stand-in for espeak-ng first on the program's `PATH`, when the
  /// session was started with `fakeVoice: true`: what the narrator said
  /// (`calls()`, or the log file `log`) and what is still running (`leftBehind()`).
  /// Its log lives in the session's folder: read it before `kill()`.
  let fakeVoice: FakeVoice?
  /// Config folder given to the program (`XDG_CONFIG_HOME`).
  var configHome: String { dataDirectory + "/config" }
  /// State folder given to the program (`XDG_STATE_HOME`).
  var stateHome: String { dataDirectory + "/state" }
  /// Data folder given to the program (`XDG_DATA_HOME`: the decks).
  var dataHome: String { dataDirectory + "/data" }
  private var statusFile: String { directory + "/exit-status" }
  private var sttyFile: String { directory + "/stty-after-exit" }
  private var started = ContinuousClock.now
  private var killed = false

  /// Starts `parea` with `arguments` in an 80×24 (by default) pane.
  /// `environment` adds to (or, with "", empties) the pane's variables.
  /// `dataDirectory` (see `makeDataDirectory()`) keeps config and state
  /// across sessions; by default they are fresh and removed with the session.
  /// `stdoutRedirect` sends the program's standard output to a file (to run
  /// it with a terminal for input but not for output). `binary` runs another
  /// copy of the program than `binary()` finds, from `workingDirectory`.
  /// `fakeVoice` puts a logging stand-in for espeak-ng first on the
  /// program's `PATH` (see `FakeVoice`); without it the program finds
  /// whatever espeak-ng the machine has (in CI the real one, which has no
  /// sound card there: the narrator's first line then brings the notice
  /// that it cannot speak). `alternateScreen: false` turns tmux's alternate
  /// screen off (`alternate-screen off`): what leaves the screen goes to the
  /// pane's history, as on a terminal without one.
  init(
    arguments: [String] = [], width: Int = 80, height: Int = 24,
    environment: [String: String] = [:], dataDirectory: String? = nil,
    stdoutRedirect: String? = nil, binary: String? = nil, workingDirectory: String? = nil,
    fakeVoice: Bool = false, voice: FakeVoice.Kind = .speaksLong, alternateScreen: Bool = true
  ) throws {
    guard Spawn.isInstalled("tmux") else {
      throw HarnessError("tmux is not installed (scripts/setup --test installs it)")
    }
    var template = Array("/tmp/parea-e2e.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
    directory = String(cString: made)
    socket = directory + "/tmux.sock"
    self.dataDirectory = dataDirectory ?? directory
    self.fakeVoice = fakeVoice ? try FakeVoice(in: directory, kind: voice) : nil
    try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)

    var paneEnvironment = [
      "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "XDG_CONFIG_HOME": configHome,
      "XDG_STATE_HOME": stateHome, "XDG_DATA_HOME": dataHome,
    ]
    if let voice = self.fakeVoice {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      paneEnvironment["PATH"] = voice.folder + ":" + path
    }
    paneEnvironment.merge(environment) { $1 }

    // The pane runs a small script: the environment (exported here too, as
    // tmux sets TERM in the pane from its own default-terminal option), the
    // program, then its exit status and the terminal's modes as the shell
    // finds them afterwards, then a pane title (an invisible escape sequence:
    // once tmux shows that title it has read everything the program wrote
    // before it, see `waitForExit`); then it stays alive, so the pane is read
    // as the program left it (a dead pane gets tmux's own "Pane is dead" line).
    let binary = try binary ?? Self.binary()
    // The marker goes to the program alone (not to the pane's shell): every
    // process it starts inherits it, so that what is left after it exits is
    // found by the marker, whatever its name (`processesLeftBehind()`).
    var command =
      "\(Self.markerName)=\(Self.quote(directory)) "
      + ([binary] + arguments).map(Self.quote).joined(separator: " ")
    if let stdoutRedirect { command += " > " + Self.quote(stdoutRedirect) }
    let exports = paneEnvironment.sorted(by: { $0.key < $1.key }).map {
      "export \($0.key)=\(Self.quote($0.value))"
    }
    // Variables that change what the program shows are unset unless a test
    // sets them (the test runner's own environment may have NO_COLOR, LANG…).
    let script = """
      unset NO_COLOR LANG LANGUAGE LC_MESSAGES LC_CTYPE COLUMNS LINES
      \(exports.joined(separator: "\n"))
      \(workingDirectory.map { "cd " + Self.quote($0) } ?? "")
      \(command)
      status=$?
      stty -a > \(Self.quote(sttyFile)) 2>&1
      echo "$status" > \(Self.quote(statusFile + ".tmp")) && mv \(Self.quote(statusFile + ".tmp")) \(Self.quote(statusFile))
      printf '\\033]2;%s\\033\\\\' \(Self.quote(Self.exitedTitle))
      exec sleep 86400

      """
    try script.write(toFile: directory + "/run.sh", atomically: true, encoding: .utf8)

    var arguments = [
      "new-session", "-d", "-s", sessionName, "-x", String(width), "-y", String(height),
    ]
    for (name, value) in paneEnvironment.sorted(by: { $0.key < $1.key }) {
      arguments += ["-e", "\(name)=\(value)"]
    }
    arguments += ["sh " + Self.quote(directory + "/run.sh")]
    // Options in the same command list as new-session, so they hold before
    // the program can exit: keep the pane after exit; sizes only by command.
    arguments += [";", "set-option", "-g", "remain-on-exit", "on"]
    arguments += [";", "set-option", "-g", "window-size", "manual"]
    arguments += [";", "set-option", "-g", "history-limit", "5000"]
    if !alternateScreen { arguments += [";", "set-option", "-gw", "alternate-screen", "off"] }
    started = ContinuousClock.now
    let result = try tmux(arguments)
    guard result.status == 0 else {
      throw HarnessError("tmux new-session failed (\(result.status)): \(result.errorOutput)")
    }
  }

  deinit { kill() }

  // MARK: Keys

  /// Sends keys by tmux name: "Enter", "Escape", "BSpace", "Up", "C-c", "Tab",
  /// "BTab", or plain text that tmux does not take for a key name.
  func sendKeys(_ keys: String...) throws {
    try check(tmux(["send-keys", "-t", target] + keys), "send-keys")
  }

  /// Types `literal` character by character (Greek, spaces, anything).
  func type(_ literal: String) throws {
    try check(tmux(["send-keys", "-t", target, "-l", literal]), "send-keys -l")
  }

  // MARK: Screen

  /// The visible screen as text, one line per row.
  func capture() throws -> String {
    let result = try tmux(["capture-pane", "-p", "-t", target])
    try check(result, "capture-pane")
    return result.output
  }

  /// The visible screen with its colors and attributes as escape sequences.
  func captureWithAttributes() throws -> String {
    let result = try tmux(["capture-pane", "-p", "-e", "-t", target])
    try check(result, "capture-pane -e")
    return result.output
  }

  /// The pane's whole history (scroll-back) and screen as text.
  func history() throws -> String {
    let result = try tmux(["capture-pane", "-p", "-S", "-", "-E", "-", "-t", target])
    try check(result, "capture-pane -S -")
    return result.output
  }

  /// A tmux format about the pane, e.g. "#{cursor_flag}" or "#{pane_width}".
  func format(_ format: String) throws -> String {
    let result = try tmux(["display-message", "-p", "-t", target, format])
    try check(result, "display-message")
    return result.output.trimmingCharacters(in: .newlines)
  }

  /// How long a wait polls before it fails. Generous: the suite runs on
  /// loaded two-core machines (CI, a build beside it), and a poll returns as
  /// soon as its condition holds, so only a failing test waits this long.
  static let defaultTimeout: Duration = .seconds(30)

  /// Polls the screen every 20 ms until it contains `text`; returns that
  /// screen, which may be a frame still being drawn: use `settled` when the
  /// whole screen is then checked (or something is expected to be absent).
  /// Fails after `timeout` with the last screen in the message.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = defaultTimeout) throws -> String {
    try waitUntil("the screen shows \"\(text)\"", timeout: timeout) { $0.contains(text) }
  }

  /// Polls until `text` is no longer on the screen.
  @discardableResult
  func waitForAbsence(of text: String, timeout: Duration = defaultTimeout) throws -> String {
    try waitUntil("\"\(text)\" leaves the screen", timeout: timeout) { !$0.contains(text) }
  }

  /// Polls the screen every `pollMicroseconds` (20 ms) until `condition` holds for it.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: Duration = defaultTimeout, pollMicroseconds: UInt32 = 20_000,
    _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    var screen = ""
    while true {
      screen = try capture()
      if condition(screen) { return screen }
      if ContinuousClock.now >= deadline { break }
      usleep(pollMicroseconds)
    }
    throw HarnessError(
      "timed out after \(timeout) waiting until \(what); the screen was:\n\(Self.framed(screen))")
  }

  /// Like `waitUntil`, but returns only a whole frame: ncurses sends a frame in
  /// more than one write, and a capture can fall between them and show half of
  /// it (under load the program can be descheduled between writes for longer
  /// than any fixed pause). So a screen counts only when two captures in a row
  /// agree and each was taken after the program had been seen waiting for a
  /// key (`programIsWaitingForKeys`): by then it had written its whole frame,
  /// and by the second capture tmux has read it. Use it for a screen whose
  /// whole content is then checked or compared, or that must lack something.
  @discardableResult
  func waitUntilSettled(
    _ what: String, timeout: Duration = defaultTimeout, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    var previous: String?
    var screen = ""
    while true {
      let idle = programIsWaitingForKeys()
      screen = try capture()
      if idle, screen == previous, condition(screen) { return screen }
      previous = idle ? screen : nil
      if ContinuousClock.now >= deadline { break }
      usleep(20_000)
    }
    throw HarnessError(
      "timed out after \(timeout) waiting until \(what) (and the screen settles); the screen was:\n\(Self.framed(screen))"
    )
  }

  /// `waitFor` for a screen that is then checked as a whole.
  @discardableResult
  func settled(_ text: String, timeout: Duration = defaultTimeout) throws -> String {
    try waitUntilSettled("the screen shows \"\(text)\"", timeout: timeout) { $0.contains(text) }
  }

  /// Time from starting the session until now (for first-frame timings).
  var elapsed: Duration { ContinuousClock.now - started }

  // MARK: Window

  /// Resizes the window (and so the pane and the program's terminal).
  func resize(width: Int, height: Int) throws {
    try check(
      tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)]),
      "resize-window")
  }

  // MARK: The program

  /// The program's process id while it runs (the pane's shell's child).
  func programPID() throws -> pid_t {
    let shell = try shellPID()
    let children = Self.readProcFile("/proc/\(shell)/task/\(shell)/children") ?? ""
    guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
      throw HarnessError("the program is not running (no child of the pane's shell \(shell))")
    }
    return pid
  }

  /// The pane's shell (the same process for the pane's whole life: it ends
  /// with `exec sleep`), asked of tmux once.
  private func shellPID() throws -> pid_t {
    if let shell { return shell }
    guard let pid = Int32(try format("#{pane_pid}")) else { throw HarnessError("no pane pid") }
    shell = pid
    return pid
  }
  private var shell: pid_t?

  /// Whether the program is blocked waiting for a key (ncurses polls its
  /// input with a timeout): it has then written all of its last frame to the
  /// terminal. Also true when it is not running (it will write nothing more).
  /// Read from `/proc/PID/syscall`; where that is not readable, from
  /// `/proc/PID/wchan`, then from the process state (sleeping).
  func programIsWaitingForKeys() -> Bool {
    guard let pid = try? programPID() else { return true }
    if let call = Self.readProcFile("/proc/\(pid)/syscall"), !call.isEmpty {
      // "running", or the call's number and arguments in hex.
      let fields = call.split(separator: " ")
      guard let number = fields.first.flatMap({ Int($0) }) else { return false }
      if number == Self.pollCall {
        // poll(fds, count, timeout): a zero timeout only peeks (ncurses does
        // between the bytes of one key); a wait for the next key has one.
        return fields.count > 3 && fields[3] != "0x0"
      }
      return Self.waitCalls.contains(number)
    }
    if let channel = Self.readProcFile("/proc/\(pid)/wchan"), channel != "0", !channel.isEmpty {
      return channel.contains("poll") || channel.contains("select")
    }
    guard let stat = Self.readProcFile("/proc/\(pid)/stat") else { return true }
    // "pid (comm) S …": the state follows the last ')'.
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "R"
  }

  #if arch(x86_64)
    private static let pollCall = 7
    /// select, pselect6, ppoll, epoll_wait, epoll_pwait.
    private static let waitCalls: Set<Int> = [23, 270, 271, 232, 281]
  #elseif arch(arm64)
    private static let pollCall = -1  // aarch64 has no poll: glibc uses ppoll
    /// pselect6, ppoll, epoll_pwait.
    private static let waitCalls: Set<Int> = [72, 73, 22]
  #else
    private static let pollCall = -1
    private static let waitCalls: Set<Int> = []
  #endif

  /// A file under /proc read whole, as bytes (their size reads as 0, so read to the end).
  private static func readProcBytes(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 { return nil }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
    }
  }

  /// A file under /proc read whole, as text without white space at its ends.
  private static func readProcFile(_ path: String) -> String? {
    readProcBytes(path).map {
      String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }


  /// Whether process `pid` has ended (gone, or a zombie nobody has reaped yet).
  private static func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = readProcFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else {
      return true
    }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state == "Z" || state == "X"
  }

  /// Writes `text` straight to the pane's terminal, as another process
  /// sharing it would (a background job, a shell's "Stopped" line): the
  /// program does not know it is there.
  func writeToTerminal(_ text: String) throws {
    let tty = try format("#{pane_tty}")
    let descriptor = open(tty, O_WRONLY | O_NOCTTY)
    guard descriptor >= 0 else { throw HarnessError("cannot open \(tty)") }
    defer { close(descriptor) }
    _ = text.withCString { write(descriptor, $0, strlen($0)) }
  }

  /// Sends a signal to the program.
  func signal(_ number: Int32) throws {
    let pid = try programPID()
    guard Glibc.kill(pid, number) == 0 else { throw HarnessError("kill(\(pid), \(number)) failed") }
  }

  /// Waits for the program to exit; its exit status. Returns only once tmux
  /// has read everything the program wrote (its last output, leaving the
  /// alternate screen, a message on stderr): the pane's shell sets the pane's
  /// title after the program has ended, and tmux reads the terminal in order,
  /// so the screen, history and modes read afterwards are final.
  ///
  /// Unless `checkingLeftovers` is false (a program killed with SIGKILL can
  /// do nothing about a line it was saying), it then checks that no process
  /// the program started is left (`expectNothingLeftBehind`).
  func waitForExit(timeout: Duration = defaultTimeout, checkingLeftovers: Bool = true) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    var status: Int32?
    while ContinuousClock.now < deadline {
      if status == nil, let text = try? String(contentsOfFile: statusFile, encoding: .utf8) {
        status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      if let status, try format("#{pane_title}") == Self.exitedTitle {
        if checkingLeftovers { try expectNothingLeftBehind() }
        return status
      }
      usleep(20_000)
    }
    throw HarnessError(
      "the program did not exit within \(timeout)\(status.map { " (it did, with \($0), but tmux has not read all its output)" } ?? ""); the screen was:\n\(Self.framed((try? capture()) ?? ""))"
    )
  }

  /// The environment variable that marks the program and every process it
  /// starts; its value is this session's folder.
  static let markerName = "PAREA_E2E_RUN"

  /// The processes still running (zombies have no environment left) that
  /// carry this session's marker: after the program has exited, anything it
  /// started and left behind, whatever its name. Each as "pid name".
  func processesLeftBehind() -> [String] {
    let marker = Array((Self.markerName + "=" + directory).utf8)
    var found: [String] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(name), pid != getpid(),
        let environment = Self.readProcBytes("/proc/\(pid)/environ")
      else { continue }
      let carries = environment.split(separator: 0, omittingEmptySubsequences: true).contains {
        Array($0) == marker
      }
      if carries {
        let command = (Self.readProcBytes("/proc/\(pid)/cmdline") ?? [])
          .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        found.append("\(pid) \(command)")
      }
    }
    return found.sorted()
  }

  /// Throws unless, within a few seconds (a killed process takes a moment
  /// to go), no process started by the program is left.
  func expectNothingLeftBehind() throws {
    let deadline = ContinuousClock.now + .seconds(5)
    var left = processesLeftBehind()
    while !left.isEmpty && ContinuousClock.now < deadline {
      usleep(20_000)
      left = processesLeftBehind()
    }
    guard left.isEmpty else {
      throw HarnessError(
        "processes started by the program outlived it:\n\(left.joined(separator: "\n"))")
    }
  }

  /// The pane's title once the program has exited (see `waitForExit`).
  private static let exitedTitle = "parea-e2e-program-exited"

  /// `stty -a` as the shell saw the terminal right after the program exited.
  func sttyAfterExit() throws -> String {
    try String(contentsOfFile: sttyFile, encoding: .utf8)
  }

  /// A folder for `dataDirectory` that outlives sessions; remove it with
  /// `FileManager.default.removeItem(atPath:)` when done.
  static func makeDataDirectory() throws -> String {
    var template = Array("/tmp/parea-e2e-data.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
    return String(cString: made)
  }

  /// Ends the tmux server (and the program) and removes the temporary folder
  /// (not a `dataDirectory` passed in). Returns once the program has ended
  /// (its terminal hung up): a next session on the same `dataDirectory` never
  /// runs beside it.
  func kill() {
    // Killing twice does nothing more: the first call ended it all.
    if !killed {
      killed = true
      let program = try? programPID()
      _ = try? tmux(["kill-server"])
      unlink(socket)  // kill-server leaves the socket behind
      if let program {
        let deadline = ContinuousClock.now + Self.defaultTimeout
        while !Self.hasEnded(program) && ContinuousClock.now < deadline { usleep(10_000) }
      }
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  // MARK: Plumbing

  /// The one pane: window 0, pane 0 of the one session (exact name match).
  private var target: String { "=\(sessionName):0.0" }
  private let sessionName = "parea"

  private func tmux(_ arguments: [String]) throws -> Spawn.Result {
    try Spawn.run(
      ["tmux", "-u", "-S", socket, "-f", "/dev/null"] + arguments,
      environment: Self.tmuxEnvironment,
      in: directory)
  }

  private func check(_ result: Spawn.Result, _ what: String) throws {
    guard result.status == 0 else {
      throw HarnessError("tmux \(what) failed (\(result.status)): \(result.errorOutput)")
    }
  }

  /// The environment tmux itself runs in: ours, UTF-8, outside any tmux.
  private static let tmuxEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TMUX_PANE"] = nil
    environment["LC_ALL"] = "C.UTF-8"
    return environment
  }()

  /// Shell quoting for one word.
  static func quote(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A screen between rules, so blank lines and trailing spaces can be seen.
  static func framed(_ screen: String) -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { "|" + $0 + "|" }.joined(separator: "\n")
  }

  /// The `parea` binary built next to this test bundle.
  static func binary() throws -> String {
    // PAREA_BINARY names the binary to test (scripts/test sets it to the release
    // build); when it is set, it is that binary or a failure, never a fallback.
    if let override = ProcessInfo.processInfo.environment["PAREA_BINARY"], !override.isEmpty {
      guard access(override, X_OK) == 0 else {
        throw HarnessError("PAREA_BINARY=\(override) is not an executable file")
      }
      return override
    }
    var candidates: [String] = []
    for start in [CommandLine.arguments.first ?? "", Self.executablePath()] where !start.isEmpty {
      // From .build/<triple>/debug/PareaPackageTests.xctest (a file on Linux,
      // a bundle folder elsewhere) look in its folder and the folders above.
      var folder = URL(fileURLWithPath: start).deletingLastPathComponent()
      for _ in 0..<3 {
        candidates.append(folder.appendingPathComponent("parea").path)
        folder = folder.deletingLastPathComponent()
      }
    }
    for candidate in candidates where access(candidate, X_OK) == 0 {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
    }
    throw HarnessError(
      "the parea binary was not found next to the tests (looked at \(candidates)); build it with `swift build`"
    )
  }

  private static func executablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
  }
}
