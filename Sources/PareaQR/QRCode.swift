#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A QR code's modules, encoded by libqrencode, and drawn for a terminal with
/// half blocks: each character cell holds two modules, one above the other,
/// so a square code stays square in a cell twice as tall as it is wide.
///
/// libqrencode is opened with `dlopen` the first time a code is made (see
/// docs/DECISIONS.md, "The phone's link as a QR code"): the release binary is
/// fully static, and Debian ships the library as a shared one only. Nothing
/// of it is loaded while phones are off.
public struct QRCode: Hashable, Sendable {
  /// Modules per side (without the quiet zone).
  public let size: Int
  /// The modules row by row; true for a dark one.
  public let modules: [Bool]

  /// The light margin a reader needs around the code, in modules. The
  /// standard asks for four; two is what phone cameras read reliably, and it
  /// keeps a code for a LAN link within 80×24 (measured with zbarimg).
  public static let quietZone = 2

  /// Why there is no code.
  public enum Failure: Error, Hashable, Sendable {
    /// libqrencode is not installed.
    case libraryMissing
    /// The text is too long for any QR code.
    case tooLong
  }

  /// The code of `text` at error correction level M (a code shown on a
  /// screen is not damaged; M still forgives a glare), the smallest version
  /// that holds it.
  public init(_ text: String) throws(Failure) {
    guard let library = Library.shared else { throw .libraryMissing }
    // QR_ECLEVEL_M is 1 and QR_MODE_8 is 2 in qrencode.h; case-sensitive.
    guard let code = library.encode(text, 0, 1, 2, 1) else { throw .tooLong }
    defer { library.free(code) }
    // struct QRcode { int version; int width; unsigned char *data; }
    let width = Int(code.load(fromByteOffset: 4, as: Int32.self))
    let data = code.load(fromByteOffset: 8, as: UnsafePointer<UInt8>.self)
    size = width
    modules = (0..<width * width).map { data[$0] & 1 == 1 }
  }

  /// The two functions of libqrencode, found once.
  private struct Library: @unchecked Sendable {
    typealias Encode = @convention(c) (UnsafePointer<CChar>, Int32, Int32, Int32, Int32) -> UnsafeMutableRawPointer?
    typealias Free = @convention(c) (UnsafeMutableRawPointer) -> Void
    let encode: Encode
    let free: Free

    /// The library, or nil when it cannot be opened (the soname Debian's
    /// libqrencode4 installs, then the -dev package's link).
    static let shared: Library? = {
      guard let handle = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libqrencode.so", RTLD_NOW | RTLD_LOCAL),
        let encode = dlsym(handle, "QRcode_encodeString"), let free = dlsym(handle, "QRcode_free")
      else { return nil }
      return Library(encode: unsafeBitCast(encode, to: Encode.self), free: unsafeBitCast(free, to: Free.self))
    }()
  }

  /// Whether the module at `row`, `column` is dark (outside the code: light).
  public func isDark(row: Int, column: Int) -> Bool {
    guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
    return modules[row * size + column]
  }

  /// The code with its quiet zone as rows of text: `▀` for a dark module
  /// above a light one, `▄` for the reverse, `█` for two dark, a space for
  /// two light. Drawn dark on light (black on white), it scans; the rows are
  /// `(size + 2 × quietZone)` characters wide and half as many tall, rounded up.
  public var halfBlockRows: [String] {
    let side = size + 2 * Self.quietZone
    return stride(from: 0, to: side, by: 2).map { top in
      String((0..<side).map { column -> Character in
        let upper = isDark(row: top - Self.quietZone, column: column - Self.quietZone)
        let lower = isDark(row: top + 1 - Self.quietZone, column: column - Self.quietZone)
        switch (upper, lower) {
        case (true, true): return "█"
        case (true, false): return "▀"
        case (false, true): return "▄"
        case (false, false): return " "
        }
      })
    }
  }
}
