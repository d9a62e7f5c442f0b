#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX file operations the store needs, each a small step so tests
/// can stop between them (a crash after the temporary file, before the rename).
enum DiskFile {
  /// The largest file the store will read; anything bigger is not a save of ours.
  static let maximumSize = 4 << 20

  /// What reading a file gave.
  enum ReadResult: Equatable {
    /// No file there: not a problem, defaults apply.
    case missing
    /// The whole file.
    case bytes([UInt8])
    /// Something is there but cannot be read (permission, a folder, a device, too big).
    case unreadable(errno: Int32)
  }

  /// Reads the whole regular file at `path`. Opened non-blocking so a FIFO
  /// in its place cannot hang start-up; anything but a regular file is unreadable.
  static func contents(of path: String) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    if descriptor < 0 {
      // ENOTDIR: a file stands where the folder should be, so there is no saved
      // file here (saving will say why it cannot).
      return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(errno: errno)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .unreadable(errno: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .unreadable(errno: EISDIR) }
    guard Int(status.st_size) <= maximumSize else { return .unreadable(errno: EFBIG) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .unreadable(errno: errno)
      }
      if count == 0 { return .bytes(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > maximumSize { return .unreadable(errno: EFBIG) }
    }
  }

  /// The temporary file a write of `target` goes through: `NAME.tmp-PID`, in the same folder.
  static func temporaryPath(for target: String, processID: Int32) -> String {
    "\(target).tmp-\(processID)"
  }

  /// Step 1 of an atomic write: `bytes` into a fresh temporary file beside
  /// `target` (mode 0600), flushed to disk. Returns its path; on failure
  /// nothing is left behind.
  static func writeTemporary(_ bytes: [UInt8], for target: String, processID: Int32) throws(Failure)
    -> String
  {
    let temporary = temporaryPath(for: target, processID: processID)
    // O_EXCL after unlinking a leftover of our own pid: never write through a
    // symlink or into a file someone else has open.
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw Failure(errno: errno) }
    var failure: Failure?
    // The mode at creation is masked by the umask; set it exactly.
    if fchmod(descriptor, 0o600) != 0 { failure = Failure(errno: errno) }
    var offset = 0
    while failure == nil, offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        failure = Failure(errno: errno)
      } else {
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = Failure(errno: errno) }
    if close(descriptor) != 0, failure == nil { failure = Failure(errno: errno) }
    if let failure {
      unlink(temporary)
      throw failure
    }
    return temporary
  }

  /// Step 2 of an atomic write: the temporary file replaces `target` in one
  /// rename, and the folder is flushed so the rename itself survives a power cut.
  static func commit(_ temporary: String, to target: String) throws(Failure) {
    guard rename(temporary, target) == 0 else {
      let failure = Failure(errno: errno)
      unlink(temporary)
      throw failure
    }
    syncFolder(of: target)
  }

  /// Writes `bytes` to `target` atomically: a reader sees the old file or the new one, never a mix.
  static func atomicWrite(_ bytes: [UInt8], to target: String, processID: Int32) throws(Failure) {
    let temporary = try writeTemporary(bytes, for: target, processID: processID)
    try commit(temporary, to: target)
  }

  /// Removes `path`; a file that is not there is already removed.
  static func remove(_ path: String) throws(Failure) {
    guard unlink(path) == 0 else {
      if errno == ENOENT { return }
      throw Failure(errno: errno)
    }
    syncFolder(of: path)
  }

  /// Creates `folder` and any missing parents with mode 0700 (the XDG
  /// specification's mode). A non-folder in the way is `ENOTDIR`.
  static func makeFolders(_ folder: String) throws(Failure) {
    if isFolder(folder) { return }
    var path = ""
    for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
      path += "/" + component
      if mkdir(path, 0o700) == 0 { continue }
      let code = errno
      if code == EEXIST {
        if isFolder(path) { continue }
        throw Failure(errno: ENOTDIR)
      }
      // A parent we may not write but that exists already is fine (EACCES on /home).
      if isFolder(path) { continue }
      throw Failure(errno: code)
    }
  }

  /// Renames a bad file out of the way to `NAME.corrupt-YYYYMMDD-HHMMSS` (UTC),
  /// adding `-2`, `-3`… if that name is taken. Returns the new path, or nil
  /// if the file could not be moved.
  static func setAside(_ path: String, at time: Int) -> String? {
    let stem = "\(path).corrupt-\(timestamp(time))"
    for attempt in 1...1000 {
      let candidate = attempt == 1 ? stem : "\(stem)-\(attempt)"
      var status = stat()
      if lstat(candidate, &status) == 0 { continue }
      guard errno == ENOENT else { return nil }
      guard rename(path, candidate) == 0 else { return nil }
      syncFolder(of: path)
      return candidate
    }
    return nil
  }

  /// Deletes temporary files of `target` left by a Parea that died mid-write
  /// (`NAME.tmp-PID` whose process no longer exists). A live process's file is left alone.
  static func removeStaleTemporaries(of target: String, ownProcessID: Int32) {
    let (folder, name) = split(target)
    guard let stream = opendir(folder) else { return }
    var stale: [String] = []
    while let entry = readdir(stream) {
      let entryName = String(
        // The name read up to its end, never as the whole `d_name` array: a
        // record may be shorter, and the last one of a buffer can end a mapping.
        cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
          .assumingMemoryBound(to: CChar.self))
      let prefix = name + ".tmp-"
      guard entryName.hasPrefix(prefix), let pid = Int32(entryName.dropFirst(prefix.count)),
        pid > 0
      else { continue }
      if pid == ownProcessID || kill(pid, 0) != 0 && errno == ESRCH {
        stale.append(folder + "/" + entryName)
      }
    }
    closedir(stream)
    for path in stale { unlink(path) }
  }

  /// `YYYYMMDD-HHMMSS` in UTC for seconds since 1970.
  static func timestamp(_ time: Int) -> String {
    var seconds = time_t(time)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
  }

  /// The most links a save follows to find the file to write (as many as
  /// Linux follows when it opens a path).
  static let maximumLinks = 40

  /// Where a write of `path` lands: `path` itself, unless it is a symbolic
  /// link; for a link, the end of its chain of links (a relative link read
  /// from its own folder), which may not exist yet. Nil when the chain loops,
  /// is longer than `maximumLinks` or cannot be followed.
  static func linkTarget(of path: String) -> String? {
    var current = path
    for _ in 0...maximumLinks {
      var status = stat()
      guard lstat(current, &status) == 0 else {
        // Nothing there yet: that is where the file will be. Any other
        // failure on `path` itself is the write's to report.
        return errno == ENOENT || current == path ? current : nil
      }
      guard status.st_mode & S_IFMT == S_IFLNK else { return current }
      guard let text = linkText(current) else { return nil }
      current = text.hasPrefix("/") ? text : StorePaths.join(split(current).folder, text)
    }
    return nil
  }

  /// The text of the symbolic link at `path`.
  static func linkText(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBytes {
      readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count)
    }
    guard count >= 0, count < buffer.count else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// Whether a save may write `target`, where a saved file's links lead: a
  /// regular file (or nothing yet) in a folder that belongs to the user who
  /// runs Parea and that this user may write. Never a device, never a folder
  /// of the system's or of another user's.
  static func mayWriteThrough(to target: String) -> Bool {
    var status = stat()
    if lstat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return false }
    let folder = split(target).folder
    guard stat(folder, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid()
      && access(folder, W_OK) == 0
  }

  /// Whether anything (a file, a link, even a broken one, a FIFO…) is at
  /// `path`. False also when the folder cannot be searched: then nothing
  /// can be written there either.
  static func isPresent(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Flushes the folder holding `path`, so a rename or removal in it is on disk.
  /// Some file systems refuse `fsync` on a folder; that only loses durability, so it is ignored.
  static func syncFolder(of path: String) {
    let descriptor = open(split(path).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = path[..<slash]
    return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
  }

  /// A failed system call's `errno`.
  struct Failure: Error, Equatable {
    var errno: Int32

    /// The reason as the user is told it.
    var reason: StoreError.Reason {
      switch errno {
      case EACCES, EPERM, EROFS: .readOnly
      case ENOSPC, EDQUOT: .diskFull
      case ENOTDIR, EISDIR: .notAFolder
      default: .other(errno: errno)
      }
    }
  }
}
