import Foundation
import PareaQR
import Testing

// The phone's link as a QR code: what libqrencode encodes, drawn with half
// blocks as the terminal shows it, must be read back by a real decoder
// (zbarimg, from zbar-tools, which `scripts/setup --test` installs).

@Suite("The QR code")
struct QRCodeTests {
  /// A link as Parea makes them: a LAN address, a port the OS gave, a
  /// 26-letter secret (base32, 130 bits).
  static let link = "HTTP://192.168.100.123:54321/S/ABCDEFGHIJKLMNOPQRSTUVWXYZ"

  @Test("a LAN link's code with its quiet zone fits 80×24 with room for the rest")
  func fits() throws {
    let code = try QRCode(Self.link)
    let rows = code.halfBlockRows
    #expect(rows.count <= 17)
    #expect(rows.allSatisfy { $0.count == rows[0].count })
    #expect(rows[0].count <= 33)
    // The quiet zone is light all round.
    #expect(rows[0].allSatisfy { $0 == " " })
    #expect(rows.allSatisfy { $0.first == " " && $0.last == " " })
  }

  @Test("the half blocks read back are the code's modules")
  func halfBlocksRoundTrip() throws {
    let code = try QRCode(Self.link)
    let modules = Self.modules(of: code.halfBlockRows)
    let zone = QRCode.quietZone
    for row in 0..<code.size {
      for column in 0..<code.size {
        #expect(modules[row + zone][column + zone] == code.isDark(row: row, column: column))
      }
    }
  }

  @Test("zbarimg reads the drawn code back as the link", arguments: [
    link, "HTTP://10.0.0.2:8080/S/QWERTYUIOPASDFGHJKLZXCVBNM", "http://[fe80::1]:41000/S/AAAAAAAAAAAAAAAAAAAAAAAAAA",
  ])
  func scans(_ text: String) throws {
    let code = try QRCode(text)
    #expect(try Self.scan(code.halfBlockRows) == text)
  }

  @Test("text too long for any QR code gives no code")
  func tooLong() {
    #expect(throws: QRCode.Failure.tooLong) { try QRCode(String(repeating: "é", count: 4_000)) }
  }

  /// The modules of half-block rows (dark is true), two per character, top first.
  static func modules(of rows: [String]) -> [[Bool]] {
    rows.flatMap { row -> [[Bool]] in
      let cells = Array(row)
      return [cells.map { $0 == "█" || $0 == "▀" }, cells.map { $0 == "█" || $0 == "▄" }]
    }
  }

  /// Draws half-block rows as a grey-scale image, 6 pixels a module, and
  /// decodes it with zbarimg.
  static func scan(_ rows: [String]) throws -> String {
    let modules = modules(of: rows)
    let scale = 6
    let height = modules.count * scale
    let width = modules[0].count * scale
    var image = Data("P5\n\(width) \(height)\n255\n".utf8)
    for row in modules {
      let line = row.flatMap { Array(repeating: $0 ? UInt8(0) : UInt8(255), count: scale) }
      for _ in 0..<scale { image.append(contentsOf: line) }
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("parea-qr-\(UUID().uuidString).pgm")
    try image.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["zbarimg", "--quiet", "--raw", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "zbarimg could not read the code (is zbar-tools installed?)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
  }
}
