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
/// (`kill -9` too), so it is never left behind. The file itself holds nothing.
public final class StoreLock: Sendable {
  /// What asking for the lock gave.
  public enum State: Equatable, Sendable {
    /// This process holds it.
    case held
    /// Another process holds it.
    case busy
    /// It cannot be had here (a file system without locks…).
    case unavailable
  }

  /// The lock file.
  public let path: String
  private let descriptor: Int32

  /// Opens the lock file, `<state folder>/lock`, making the folder (0700) and
  /// the file (0600) if need be. Nil when there is no state folder or it
  /// cannot be made, or the file cannot be opened (a read-only folder): then
  /// nothing can be saved there, and there is nothing to guard.
  public init?(paths: StorePaths) {
    guard let folder = paths.stateFolder, let file = paths.lockFile else { return nil }
    do throws(DiskFile.Failure) {
      try DiskFile.makeFolders(folder)
    } catch {
      return nil
    }
    // Open for writing: on NFS, flock is a byte-range lock, and an exclusive
    // one needs a file open for writing. Reading only where writing is
    // refused (an existing lock in a read-only folder still works locally).
    // Never a link's target; non-blocking, so a FIFO in its place cannot
    // hang start-up.
    let flags = O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY
    var descriptor = open(file, O_RDWR | flags, 0o600)
    if descriptor < 0, errno == EACCES || errno == EROFS { descriptor = open(file, O_RDONLY | flags, 0o600) }
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    self.path = file
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Takes the lock unless another process holds it; never waits.
  public func take() -> State { lock(LOCK_EX | LOCK_NB) }

  /// Waits until no other process holds the lock, then takes it.
  public func wait() -> State { lock(LOCK_EX) }

  private func lock(_ operation: Int32) -> State {
    while flock(descriptor, operation) != 0 {
      switch errno {
      case EINTR: continue
      case EWOULDBLOCK: return .busy
      default: return .unavailable
      }
    }
    return .held
  }

  /// Whether the lock's descriptor is closed when a program is started
  /// (so no child holds the lock after Parea ends).
  var isClosedOnExec: Bool { fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0 }
}
