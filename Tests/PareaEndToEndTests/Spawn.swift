import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Starting child processes the way the end-to-end tests need: no `Pipe`
/// (a tmux server daemon would inherit it and reads would never end), output
/// to files, and an empty signal mask with default dispositions (Swift
/// Testing's threads block SIGINT/SIGTERM/SIGHUP, and children inherit that).
enum Spawn {
  /// What a finished child left behind.
  struct Result {
    /// Exit status, or 128 + signal when it was killed.
    var status: Int32
    /// Everything it wrote to standard output.
    var output: String
    /// Everything it wrote to standard error.
    var errorOutput: String
  }

  /// Runs `arguments` (found in `PATH` when not a path) and waits for it.
  /// Standard input is `/dev/null` unless `input` names a file.
  static func run(
    _ arguments: [String], environment: [String: String], input: String = "/dev/null",
    in directory: String
  ) throws -> Result {
    let outputPath = directory + "/spawn.out"
    let errorPath = directory + "/spawn.err"
    let pid = try start(
      arguments, environment: environment, input: input, output: outputPath, error: errorPath)
    let status = wait(for: pid)
    return Result(
      status: status, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      errorOutput: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }

  /// Starts `arguments` with its standard streams on the given files.
  static func start(
    _ arguments: [String], environment: [String: String], input: String, output: String,
    error: String
  ) throws -> pid_t {
    markDescriptorsCloseOnExec()

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH,
      SIGUSR1, SIGUSR2, SIGALRM,
    ] {
      sigaddset(&defaults, number)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw HarnessError("could not start \(arguments[0]): \(String(cString: strerror(result)))")
    }
    return pid
  }

  /// Waits for a child; its exit status, or 128 + the signal that ended it.
  static func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    let low = status & 0x7F
    if low == 0 { return (status >> 8) & 0xFF }
    return 128 + low
  }

  /// Marks every descriptor above stderr close-on-exec, so no child (least of
  /// all a tmux server, which lives on as a daemon) inherits the test runner's
  /// pipes. Harmless for this process, whose own use of them is unchanged.
  private static func markDescriptorsCloseOnExec() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
      return
    }
    for name in names {
      guard let descriptor = Int32(name), descriptor > 2 else { continue }
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0, flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// Whether an executable called `name` is in `PATH`.
  static func isInstalled(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
  }
}

/// A harness failure, with whatever helps to understand it (often the screen).
struct HarnessError: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String
  init(_ description: String) { self.description = description }
}
