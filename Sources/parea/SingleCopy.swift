import PareaLocale
import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How this Parea may use the saved files, as decided before any is read.
enum StoreAccess {
  /// It holds the lock (keep it for the life of the process).
  case locked(StoreLock)
  /// There is no state folder to guard (none, or one that cannot be made or
  /// written): Parea plays on as it always did, with its notices.
  case unguardedNothingToGuard
  /// There is no working lock: the user is asked whether to play without
  /// saving (reading only) or to quit.
  case noWorkingLock(StoreLock.Problem, path: String)
}

/// Makes this the only Parea using its saved files, before anything of them
/// is read: takes the store's lock or, if another Parea holds it (in another
/// window), says so on standard error in the user's language and waits until
/// that one ends, so that this one reads what it saved. Ctrl-C (or SIGTERM,
/// SIGHUP, SIGQUIT) while waiting ends the program at once with 128 + the
/// signal, having read and written nothing and left the terminal as it was.
func takeStoreLock(language flag: Language?) -> StoreAccess {
  let environment = processEnvironment(localeEnvironmentNames + storeEnvironmentNames)
  let paths = StorePaths(environment: environment)
  let lock: StoreLock
  switch StoreLock.acquire(paths: paths) {
  case .held(let held): return .locked(held)
  case .nothingToGuard: return .unguardedNothingToGuard
  case .unusable(let problem, let path): return .noWorkingLock(problem, path: path)
  case .busy(let busy): lock = busy
  }
  // The language the user chose is only peeked at: a bad settings file is
  // for the Parea that holds the lock to set aside.
  let saved = Store(paths: paths).peekSettings()?.language
  let language = Language.resolve(flag: flag, saved: saved, environment: environment)
  var words = Catalog.builtIn(language)
  words.language = language
  Messages.printError("parea: " + words.text("store.waiting"))
  let previous = WaitingSignals.install()
  defer { WaitingSignals.restore(previous) }
  let outcome = lock.wait()
  // Keys typed while waiting were for nobody: they must not reach the home screen.
  tcflush(STDIN_FILENO, TCIFLUSH)
  switch outcome {
  case .held(let held): return .locked(held)
  case .unusable(let problem, let path): return .noWorkingLock(problem, path: path)
  case .nothingToGuard: return .unguardedNothingToGuard
  // `wait()` waits while the lock is busy, so it never answers that; were it
  // to, there would be no lock that works.
  case .busy: return .noWorkingLock(.keepsChanging, path: lock.path)
  }
}

/// The signals that end a Parea waiting for the lock. Nothing is open yet
/// (no file written, the terminal not taken), so the handler only ends the
/// line the terminal echoed `^C` on and exits.
enum WaitingSignals {
  static let all: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Installs the handlers and unblocks their signals (a parent may have
  /// blocked them); returns the handlers they replace.
  static func install() -> [sigaction] {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for number in all { sigaddset(&blocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
    return all.map { number in
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var newline: UInt8 = 10
        _ = write(STDERR_FILENO, &newline, 1)
        _exit(128 + number)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var previous = sigaction()
      sigaction(number, &action, &previous)
      return previous
    }
  }

  /// Puts back the handlers `install` replaced.
  static func restore(_ previous: [sigaction]) {
    for (number, action) in zip(all, previous) {
      var action = action
      sigaction(number, &action, nil)
    }
  }
}
