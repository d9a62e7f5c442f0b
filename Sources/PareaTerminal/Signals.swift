import CNcursesw
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The last termination signal received, 0 when none. The handlers only store
/// into it (all they may safely do); the run loop polls it between key waits.
let receivedSignal = Atomic<Int32>(0)

/// The signals that end the program with the terminal restored.
enum TerminationSignals {
  static let all: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Unblocks every signal and installs the storing handlers. Called before
  /// ncurses starts: it installs its own handlers only where the disposition
  /// is still the default, and ours must win.
  static func install() {
    // A parent (a test runner's thread, a shell script) may have blocked
    // SIGINT/SIGTERM/SIGHUP; a blocked SIGTERM would leave us unkillable.
    var empty = sigset_t()
    sigemptyset(&empty)
    pthread_sigmask(SIG_SETMASK, &empty, nil)
    // Globals are initialised lazily on first use: make that use happen
    // here, not inside a handler.
    _ = receivedSignal.load(ordering: .relaxed)
    for number in all {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { receivedSignal.store($0, ordering: .relaxed) }
      sigemptyset(&action.sa_mask)
      // No SA_RESTART: a pending read returns early so the signal is noticed now.
      action.sa_flags = 0
      sigaction(number, &action, nil)
    }
    ContinueSignal.install()
  }

  /// The pending signal, if any; taking it clears it.
  static func take() -> Int32? {
    let number = receivedSignal.exchange(0, ordering: .relaxed)
    return number == 0 ? nil : number
  }
}

/// Set when the process is continued after a stop (SIGCONT); the run loop
/// then repaints everything.
private let continued = Atomic<Bool>(false)

/// SIGCONT: the process was stopped (`kill -STOP`, a job control stop) and
/// now runs again, on a terminal the shell has used meanwhile.
enum ContinueSignal {
  static func install() {
    _ = continued.load(ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in continued.store(true, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: the key wait returns at once and the repaint happens now.
    action.sa_flags = 0
    sigaction(SIGCONT, &action, nil)
  }

  /// True once after each continue.
  static func take() -> Bool {
    continued.exchange(false, ordering: .relaxed)
  }
}

/// True while ncurses owns the terminal.
let cursesActive = Atomic<Bool>(false)

/// Restores the terminal when something calls `exit()` while ncurses still
/// owns it (a library, a forgotten path): `atexit` runs before the process ends.
enum ExitGuard {
  private static let registered = Atomic<Bool>(false)

  static func register() {
    guard !registered.exchange(true, ordering: .relaxed) else { return }
    atexit {
      if cursesActive.exchange(false, ordering: .relaxed) { endwin() }
    }
  }
}

/// Puts the terminal back when the process dies of a trap (a Swift runtime
/// error is SIGILL or SIGTRAP, a bad pointer SIGSEGV): otherwise the shell is
/// left in raw mode on the alternate screen, and any crash report is drawn
/// into it. The handler does only async-signal-safe work: `write` of bytes
/// prepared in advance and `tcsetattr` with modes saved before ncurses
/// started; then it hands the signal on to whoever handled it before
/// (the Swift runtime's backtracer, or the default action).
enum CrashGuard {
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

  /// Arms the guard with the modes to restore and the escape sequences that
  /// leave the full-screen mode (already looked up in terminfo).
  static func arm(modes: termios, leaveSequences: [UInt8]) {
    disarm()
    let count = min(leaveSequences.count, CrashState.capacity)
    for index in 0..<count {
      crash.pointee.sequences.advanced(by: index).pointee = leaveSequences[index]
    }
    crash.pointee.sequenceCount = count
    crash.pointee.modes = modes
    if !crash.pointee.installed {
      crash.pointee.installed = true
      for number in signals {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { number, info, _ in
          let state = crash
          if crashArmed.exchange(false, ordering: .relaxed) {
            _ = write(STDOUT_FILENO, state.pointee.sequences, state.pointee.sequenceCount)
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &state.pointee.modes)
          }
          // Hand over to the previous handler (the Swift runtime's
          // backtracer, or the default action). A fault caused by an
          // instruction happens again when the handler returns; a signal sent
          // by kill() or raise() (si_code <= 0) must be raised again.
          _ = sigaction(number, state.pointee.previous.advanced(by: Int(number)), nil)
          if let info, info.pointee.si_code <= 0 { raise(number) }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        sigaction(number, &action, crash.pointee.previous.advanced(by: Int(number)))
      }
    }
    crashArmed.store(true, ordering: .relaxed)
  }

  /// Disarms the guard (the terminal is being restored normally).
  static func disarm() {
    crashArmed.store(false, ordering: .relaxed)
  }
}

/// Whether a crash must restore the terminal.
private let crashArmed = Atomic<Bool>(false)

/// What the crash handler needs, prepared outside it in memory that never
/// moves. Written only while the guard is disarmed; read by the handler.
private struct CrashState {
  static let capacity = 256
  var installed = false
  var sequences = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  var sequenceCount = 0
  var modes = termios()
  var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
}

nonisolated(unsafe) private let crash: UnsafeMutablePointer<CrashState> = {
  let pointer = UnsafeMutablePointer<CrashState>.allocate(capacity: 1)
  pointer.initialize(to: CrashState())
  pointer.pointee.previous.initialize(repeating: sigaction(), count: 65)
  return pointer
}()
