#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The little file access the locale layer needs, behind a protocol so
/// tests never touch the real home folder.
public protocol LocaleFileSystem: Sendable {
  /// The names of the entries in `directory`, or nil if it cannot be listed (e.g. it does not exist).
  func fileNames(in directory: String) -> [String]?
  /// The bytes of the file at `path`, or nil if it cannot be read.
  func contents(of path: String) -> [UInt8]?
}

/// The real file system, through POSIX calls (no Foundation).
public struct PosixFileSystem: LocaleFileSystem {
  /// Creates the file system.
  public init() {}

  /// Lists `directory` with `opendir`/`readdir`, leaving out `.` and `..`.
  public func fileNames(in directory: String) -> [String]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Reads the whole file with `open`/`read`; nil for a folder or an unreadable file.
  public func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil  // EISDIR for a folder, EIO…
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
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
