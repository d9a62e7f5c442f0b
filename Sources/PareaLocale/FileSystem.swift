#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What listing a folder gave.
public enum FolderListing: Hashable, Sendable {
  /// The names of its entries (without `.` and `..`).
  case names([String])
  /// There is nothing at that path (a missing folder is not a problem).
  case missing
  /// Something is there but cannot be listed: no permission, a file where
  /// the folder should be, an I/O error.
  case unreadable
}

/// What reading a file gave.
public enum FileRead: Hashable, Sendable {
  /// The whole file.
  case bytes([UInt8])
  /// A folder, a device, a FIFO or a socket: never opened for reading.
  case notRegularFile
  /// The file holds more bytes than the limit it was read with.
  case tooBig
  /// It could not be read (permission, gone, an I/O error).
  case unreadable
}

/// The little file access the locale layer needs, behind a protocol so
/// tests never touch the real home folder.
public protocol LocaleFileSystem: Sendable {
  /// The entries of `directory`.
  func listing(of directory: String) -> FolderListing
  /// The bytes of the regular file at `path`, if it holds at most `limit` bytes.
  func contents(of path: String, limit: Int) -> FileRead
}

/// The real file system, through POSIX calls (no Foundation).
public struct PosixFileSystem: LocaleFileSystem {
  /// Creates the file system.
  public init() {}

  /// Lists `directory` with `opendir`/`readdir`, leaving out `.` and `..`.
  public func listing(of directory: String) -> FolderListing {
    guard let stream = opendir(directory) else {
      // ENOTDIR (a file in the folder's place), EACCES, ELOOP… are worth telling.
      return errno == ENOENT ? .missing : .unreadable
    }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else {
        // The end of the folder leaves errno alone; an error sets it.
        return errno == 0 ? .names(names) : .unreadable
      }
      let name = String(
        // The name read up to its end, never as the whole `d_name` array: a
        // record may be shorter, and the last one of a buffer can end a mapping.
        cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
          .assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
  }

  /// Reads the regular file at `path` (links followed), at most `limit` bytes.
  ///
  /// Only a regular file is opened: `stat` first, so a FIFO (whose `open`
  /// waits for a writer), a device (`/dev/zero` never ends; opening some
  /// devices does things) or a folder is refused without being opened. The
  /// open is non-blocking, without a controlling terminal, and `fstat`
  /// checks again what was opened, in case the name changed in between. The
  /// limit is checked against the size and again while reading, for files
  /// whose size says less than they hold (`/proc`) or that grow.
  public func contents(of path: String, limit: Int) -> FileRead {
    var status = stat()
    guard stat(path, &status) == 0 else { return .unreadable }
    if let refused = Self.refusal(status, limit: limit) { return refused }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return .unreadable }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { return .unreadable }
    if let refused = Self.refusal(status, limit: limit) { return refused }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .unreadable  // EIO…; a regular file never says EAGAIN, so no busy loop
      }
      if count == 0 { return .bytes(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { return .tooBig }
    }
  }

  /// Why a file with `status` is not read: not a regular file, or larger than `limit`.
  private static func refusal(_ status: stat, limit: Int) -> FileRead? {
    guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
    guard status.st_size >= 0, Int(status.st_size) <= limit else { return .tooBig }
    return nil
  }
}

/// The variables the locale layer reads: the three that choose the
/// language and the two that locate the user's location packs.
public let localeEnvironmentNames = ["LC_ALL", "LC_MESSAGES", "LANG", "XDG_CONFIG_HOME", "HOME"]

/// The values of `names` in the running process's environment (unset ones left out).
public func processEnvironment(_ names: [String] = localeEnvironmentNames) -> [String: String] {
  var values: [String: String] = [:]
  for name in names {
    if let value = getenv(name) { values[name] = String(cString: value) }
  }
  return values
}
