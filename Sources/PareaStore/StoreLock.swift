#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One Parea at a time owns the saved files: the one that holds an exclusive
/// `flock` on `lock` in the state folder. Two copies on the same files would
/// each save their own game over the other's.
///
/// The lock belongs to an open file that stays open for the life of the
/// process (close-on-exec: no child, such as the narrator's voice, inherits
/// it). The kernel releases it when the process ends, however it ends
/// (`kill -9` too), so it is never left behind: a lock that seems stale is
/// not, and there is nothing to remove. The file itself holds nothing.
///
/// A lock must be a lock. `lock` must be a plain file this process can open
/// and `flock`; after the lock is taken the path must still name the file
/// that was locked (it could have been removed or replaced in between).
/// Anything else (a folder, a FIFO, a link, a file of another user's that
/// cannot be opened, a file system without locks) is a `Problem`: the
/// program says so and offers to play without saving, never to run unguarded.
/// While Parea runs, `check()` finds out whether the path still names the
/// locked file (a user who removed a "stale" lock): it takes a new one if it
/// can, and otherwise says the lock is lost, and the caller stops saving.
///
/// Used by one thread at a time (the run loop; a test hands it to the
/// thread that waits): hence `@unchecked Sendable`.
public final class StoreLock: @unchecked Sendable {
  /// Why there is no working lock.
  public enum Problem: Error, Hashable, Sendable {
    /// Something other than a plain file is at the lock's path (a folder, a
    /// FIFO, a symbolic link even to a file, a device, a socket), named by
    /// the locale key of its kind (`store.lock.kind.*`).
    case notAFile(kind: String)
    /// The file is there but cannot be opened (another user's, from a
    /// `sudo parea`): the `errno`.
    case cannotOpen(errno: Int32)
    /// `flock` does not work on this file system (`ENOLCK`, `EINVAL`,
    /// `EOPNOTSUPP`…): the `errno`.
    case cannotLock(errno: Int32)
    /// The path kept naming another file than the one just locked (something
    /// replaces it over and over).
    case keepsChanging

    /// The locale key of the reason, inside `store.lock.problem.message`.
    public var key: String {
      switch self {
      case .notAFile: "store.lock.reason.notAFile"
      case .cannotOpen: "store.lock.reason.cannotOpen"
      case .cannotLock: "store.lock.reason.cannotLock"
      case .keepsChanging: "store.lock.reason.keepsChanging"
      }
    }
  }

  /// What asking for the lock gave.
  public enum Outcome {
    /// This process holds it.
    case held(StoreLock)
    /// Another process holds it: `wait()` on it.
    case busy(StoreLock)
    /// There is no working lock, for this reason, at this path: the program
    /// must not write what another copy may be writing.
    case unusable(Problem, path: String)
    /// There is no state folder, or it cannot be made or written (no lock
    /// file there and none can be made): nothing of the state can be saved,
    /// so there is nothing to guard (the store reports the folder).
    case nothingToGuard
  }

  /// What `check()` found.
  public enum Check: Equatable, Sendable {
    /// The path names the locked file.
    case held
    /// The file had gone (or been replaced by one nobody held): a new one is
    /// made and locked in its place.
    case retaken
    /// Another process holds the lock on the file the path names now (a
    /// second Parea started on a new file after this one's was removed):
    /// this process must not save any more. Lost for good.
    case lost
    /// The path names another file, or none, and no lock can be taken there
    /// now (no descriptor left, the folder cannot be made again): nobody
    /// else can hold one there either. Checked again next time.
    case unsettled
  }

  /// The lock file.
  public let path: String
  private var descriptor: Int32
  /// Once lost, lost for good: `check()` answers `.lost` from then on.
  private var isLost = false

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// How many times a lock is taken again when the path stops naming the
  /// file just locked before it counts as `.keepsChanging`.
  private static let attempts = 5

  /// Opens `<state folder>/lock` (making the folder, 0700, and the file,
  /// 0600, if need be) and takes the lock unless another process holds it.
  /// Never waits.
  public static func acquire(paths: StorePaths) -> Outcome {
    guard let folder = paths.stateFolder, let file = paths.lockFile else { return .nothingToGuard }
    do throws(DiskFile.Failure) {
      try DiskFile.makeFolders(folder)
    } catch {
      return .nothingToGuard
    }
    for _ in 0..<attempts {
      let descriptor: Int32
      switch openFile(file) {
      case .refused(let outcome): return outcome
      case .file(let opened): descriptor = opened
      }
      switch lock(descriptor, LOCK_EX | LOCK_NB) {
      case .success(true):
        if names(file, descriptor) { return .held(StoreLock(path: file, descriptor: descriptor)) }
        close(descriptor)  // replaced in between: lock what is there now
      case .success(false):
        return .busy(StoreLock(path: file, descriptor: descriptor))
      case .failure(let problem):
        close(descriptor)
        return .unusable(problem, path: file)
      }
    }
    return .unusable(.keepsChanging, path: file)
  }

  /// Waits until no other process holds the lock, then takes it (and checks
  /// that the path still names it, else takes the new one).
  public func wait() -> Outcome {
    switch Self.lock(descriptor, LOCK_EX) {
    case .failure(let problem): return .unusable(problem, path: path)
    case .success:
      if Self.names(path, descriptor) { return .held(self) }
      return Self.acquireAfterWait(path: path)
    }
  }

  /// After a wait, the file locked had been removed: the lock is taken on
  /// what the path names now, waiting again if another process holds it.
  private static func acquireAfterWait(path: String) -> Outcome {
    for _ in 0..<attempts {
      let descriptor: Int32
      switch openFile(path) {
      case .refused(let outcome): return outcome
      case .file(let opened): descriptor = opened
      }
      switch lock(descriptor, LOCK_EX) {
      case .success:
        if names(path, descriptor) { return .held(StoreLock(path: path, descriptor: descriptor)) }
        close(descriptor)
      case .failure(let problem):
        close(descriptor)
        return .unusable(problem, path: path)
      }
    }
    return .unusable(.keepsChanging, path: path)
  }

  /// Whether this process still holds the lock on the file the path names,
  /// taking a new one when the file has gone and nobody else holds its
  /// replacement. Cheap (two `stat` calls): call it before every save and
  /// now and then meanwhile, so that a removed lock is made again before a
  /// second Parea can start on it.
  public func check() -> Check {
    if isLost { return .lost }
    if Self.names(path, descriptor) { return .held }
    // The state folder itself may have gone: made again, as a save would.
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !folder.isEmpty { try? DiskFile.makeFolders(folder) }
    guard case .file(let replacement) = Self.openFile(path) else { return .unsettled }
    switch Self.lock(replacement, LOCK_EX | LOCK_NB) {
    case .success(true) where Self.names(path, replacement):
      close(descriptor)
      descriptor = replacement
      return .retaken
    case .success(false):
      // Another process holds the file the path names now: a second copy.
      close(replacement)
      isLost = true
      return .lost
    default:
      close(replacement)
      return .unsettled
    }
  }

  // MARK: The file

  /// Opens the lock file for locking: a plain file, never through a link,
  /// never blocking (a FIFO there cannot hang start-up). Open for writing
  /// where it may be (on NFS, flock is a byte-range lock, and an exclusive
  /// one needs a file open for writing), for reading where only that is
  /// allowed (an existing lock in a read-only folder still locks locally).
  private static func openFile(_ file: String) -> Opened {
    var before = stat()
    if lstat(file, &before) == 0, before.st_mode & S_IFMT != S_IFREG {
      return .refused(.unusable(.notAFile(kind: kind(of: before.st_mode)), path: file))
    }
    let flags = O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY
    var descriptor = open(file, O_RDWR | flags, 0o600)
    if descriptor < 0, errno == EACCES || errno == EROFS {
      descriptor = open(file, O_RDONLY | flags, 0o600)
    }
    guard descriptor >= 0 else {
      let number = errno
      var now = stat()
      if lstat(file, &now) != 0 {
        // No file, and none can be made: a folder that cannot be written,
        // where nothing of the state can be saved either.
        return .refused(.nothingToGuard)
      }
      if now.st_mode & S_IFMT != S_IFREG {
        return .refused(.unusable(.notAFile(kind: kind(of: now.st_mode)), path: file))
      }
      return .refused(.unusable(.cannotOpen(errno: number), path: file))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return .refused(.unusable(.notAFile(kind: kind(of: status.st_mode)), path: file))
    }
    return .file(descriptor)
  }

  /// What opening the lock file gave.
  private enum Opened {
    /// Its descriptor.
    case file(Int32)
    /// No file to lock, and what that means.
    case refused(Outcome)
  }

  /// `flock`: true when taken, false when another process holds it (only
  /// without waiting), a problem when locks do not work here.
  private static func lock(_ descriptor: Int32, _ operation: Int32) -> Result<Bool, Problem> {
    while flock(descriptor, operation) != 0 {
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return .success(false)
      default: return .failure(.cannotLock(errno: errno))
      }
    }
    return .success(true)
  }

  /// Whether `path` names the very file `descriptor` has open (same device
  /// and inode; not a link), and that file has not been removed.
  private static func names(_ path: String, _ descriptor: Int32) -> Bool {
    var open = stat()
    var named = stat()
    guard fstat(descriptor, &open) == 0, open.st_nlink > 0, lstat(path, &named) == 0 else {
      return false
    }
    return open.st_dev == named.st_dev && open.st_ino == named.st_ino
  }

  /// The locale key of what a file of this mode is.
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "store.lock.kind.folder"
    case S_IFLNK: "store.lock.kind.link"
    case S_IFIFO: "store.lock.kind.fifo"
    case S_IFSOCK: "store.lock.kind.socket"
    case S_IFCHR, S_IFBLK: "store.lock.kind.device"
    default: "store.lock.kind.other"
    }
  }

  /// Whether the lock's descriptor is closed when a program is started
  /// (so no child holds the lock after Parea ends).
  var isClosedOnExec: Bool { fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0 }
}
