import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The real `parea` binary running in a private tmux server: type keys, read
/// the screen, resize, signal, and look at the terminal after it exits.
///
/// Each session has its own temporary folder holding the server's socket, the
/// program's config and state folders (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`;
/// pass `dataDirectory` to share them between sessions, e.g. to resume a
/// game), its exit status and the `stty -a` taken in the pane right after it
/// exits. The pane's shell stays alive after the program exits, so its screen
/// and history can still be read.
final class TmuxSession {
  /// The session's temporary folder.
  let directory: String
  /// The tmux server's socket.
  let socket: String
  /// Holds the program's config and state folders.
  let dataDirectory: String
  /// Config folder given to the program (`XDG_CONFIG_HOME`).
  var configHome: String { dataDirectory + "/config" }
  /// State folder given to the program (`XDG_STATE_HOME`).
  var stateHome: String { dataDirectory + "/state" }
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
  init(
    arguments: [String] = [], width: Int = 80, height: Int = 24,
    environment: [String: String] = [:], dataDirectory: String? = nil,
    stdoutRedirect: String? = nil, binary: String? = nil, workingDirectory: String? = nil
  ) throws {
    guard Spawn.isInstalled("tmux") else {
      throw HarnessError("tmux is not installed (scripts/setup --test installs it)")
    }
    var template = Array("/tmp/parea-e2e.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
    directory = String(cString: made)
    socket = directory + "/tmux.sock"
    self.dataDirectory = dataDirectory ?? directory
    try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)

    var paneEnvironment = [
      "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "XDG_CONFIG_HOME": configHome,
      "XDG_STATE_HOME": stateHome,
    ]
    paneEnvironment.merge(environment) { $1 }

    // The pane runs a small script: the environment (exported here too, as
    // tmux sets TERM in the pane from its own default-terminal option), the
    // program, then its exit status and the terminal's modes as the shell
    // finds them afterwards; then it stays alive, so the pane is read as the
    // program left it (a dead pane gets tmux's own "Pane is dead" line).
    let binary = try binary ?? Self.binary()
    var command = ([binary] + arguments).map(Self.quote).joined(separator: " ")
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

  /// Polls the screen every 20 ms until it contains `text`; returns that
  /// screen. Fails after `timeout` with the last screen in the message.
  @discardableResult
  func waitFor(_ text: String, timeout: Duration = .seconds(5)) throws -> String {
    try waitUntil("the screen shows \"\(text)\"", timeout: timeout) { $0.contains(text) }
  }

  /// Polls until `text` is no longer on the screen.
  @discardableResult
  func waitForAbsence(of text: String, timeout: Duration = .seconds(5)) throws -> String {
    try waitUntil("\"\(text)\" leaves the screen", timeout: timeout) { !$0.contains(text) }
  }

  /// Polls the screen every 20 ms until `condition` holds for it.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: Duration = .seconds(5), _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    var screen = ""
    while true {
      screen = try capture()
      if condition(screen) { return screen }
      if ContinuousClock.now >= deadline { break }
      usleep(20_000)
    }
    throw HarnessError(
      "timed out after \(timeout) waiting until \(what); the screen was:\n\(Self.framed(screen))")
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
    guard let shell = Int32(try format("#{pane_pid}")) else {
      throw HarnessError("no pane pid")
    }
    let children =
      (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
    guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
      throw HarnessError("the program is not running (no child of the pane's shell \(shell))")
    }
    return pid
  }

  /// Sends a signal to the program.
  func signal(_ number: Int32) throws {
    let pid = try programPID()
    guard Glibc.kill(pid, number) == 0 else { throw HarnessError("kill(\(pid), \(number)) failed") }
  }

  /// Waits for the program to exit; its exit status.
  func waitForExit(timeout: Duration = .seconds(5)) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOfFile: statusFile, encoding: .utf8),
        let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return status
      }
      usleep(20_000)
    }
    throw HarnessError(
      "the program did not exit within \(timeout); the screen was:\n\(Self.framed((try? capture()) ?? ""))"
    )
  }

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
  /// (not a `dataDirectory` passed in).
  func kill() {
    guard !killed else { return }
    killed = true
    _ = try? tmux(["kill-server"])
    unlink(socket)  // kill-server leaves the socket behind
    try? FileManager.default.removeItem(atPath: directory)
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
