import CQRencode

/// A QR code's modules, encoded by libqrencode, and drawn for a terminal with
/// half blocks: each character cell holds two modules, one above the other,
/// so a square code stays square in a cell twice as tall as it is wide.
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
    /// libqrencode is not installed (it is opened when first needed).
    case libraryMissing
    /// The text is too long for any QR code.
    case tooLong
  }

  /// The code of `text` at error correction level M (a code shown on a
  /// screen is not damaged; M still forgives a glare), the smallest version
  /// that holds it.
  public init(_ text: String) throws(Failure) {
    var data: UnsafeMutablePointer<UInt8>?
    let side = Int(parea_qr_encode(text, &data))
    guard side >= 0 else { throw .libraryMissing }
    guard side > 0, let data else { throw .tooLong }
    defer { parea_qr_free(data) }
    size = side
    modules = (0..<side * side).map { data[$0] == 1 }
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
