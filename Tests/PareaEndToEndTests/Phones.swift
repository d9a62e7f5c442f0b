import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// The harness of the phone tests: real phones' browsers (headless Chromium,
// driven by selenium through Tests/Browser/phones.py), and the QR code read
// off the laptop's screen as a phone's camera would read it.

/// Several phones, each a headless Chromium with a profile of its own.
final class Phones {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer: [UInt8] = []

  /// The package's root folder (this file is in Tests/PareaEndToEndTests).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// Where the screenshots go, for a person to read: `.build/phone-screenshots`.
  static let screenshots = root + "/.build/phone-screenshots"

  /// Whether a browser can be driven here (`scripts/setup --test` installs it).
  static var available: Bool {
    FileManager.default.fileExists(atPath: "/usr/bin/chromedriver") && Spawn.isInstalled("zbarimg")
      && Spawn.isInstalled("python3")
  }

  init() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.root + "/Tests/Browser/phones.py"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    _ = try? command(["op": "quit"])
    process.waitUntilExit()
  }

  /// Sends a command and returns its answer.
  @discardableResult
  func command(_ command: [String: String]) throws -> [String: Any] {
    let line = try JSONSerialization.data(withJSONObject: command) + Data("\n".utf8)
    input.fileHandleForWriting.write(line)
    while !buffer.contains(10) {
      let more = output.fileHandleForReading.availableData
      guard !more.isEmpty else { throw HarnessError("the phones' browser stopped") }
      buffer += more
    }
    let end = buffer.firstIndex(of: 10)!
    let answer = Data(buffer[..<end])
    buffer.removeSubrange(...end)
    guard let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
      throw HarnessError("the phones' browser said: \(String(decoding: answer, as: UTF8.self))")
    }
    if let error = object["error"] as? String { throw HarnessError("phone: \(error)") }
    return object
  }

  func open(_ phone: String, _ url: String) throws { try command(["op": "open", "phone": phone, "url": url]) }
  func reload(_ phone: String) throws { try command(["op": "reload", "phone": phone]) }
  func click(_ phone: String, _ id: String) throws { try command(["op": "click", "phone": phone, "id": id]) }
  func close(_ phone: String) throws { try command(["op": "close", "phone": phone]) }
  /// Makes the phone's screen `width` CSS pixels wide, and returns `script`'s
  /// value once the page has drawn itself at that width.
  func measure(_ phone: String, width: Int, _ script: String) throws -> Any? {
    try command(["op": "measure", "phone": phone, "width": String(width), "script": script])["value"]
  }

  /// Makes the phone's screen `width` CSS pixels wide (844 high).
  func width(_ phone: String, _ width: Int) throws { try command(["op": "width", "phone": phone, "width": String(width)]) }

  func text(_ phone: String, _ id: String) throws -> String {
    try command(["op": "text", "phone": phone, "id": id])["text"] as? String ?? ""
  }

  func script(_ phone: String, _ script: String) throws -> Any? {
    try command(["op": "js", "phone": phone, "script": script])["value"]
  }

  func screenshot(_ phone: String, _ name: String) throws {
    try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
    try command(["op": "shot", "phone": phone, "path": Self.screenshots + "/" + name + ".png"])
  }

  /// Waits until `predicate` holds of an element's text.
  @discardableResult
  func waitText(
    _ phone: String, _ id: String, _ what: String, timeout: Double = 10, _ predicate: (String) -> Bool
  ) throws -> String {
    let end = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < end {
      last = try text(phone, id)
      if predicate(last) { return last }
      usleep(100_000)
    }
    throw HarnessError("\(phone): \(what); #\(id) shows «\(last)»")
  }
}

/// The link in a QR code on the laptop's screen: the pane's half blocks
/// turned back into modules, drawn into an image, and read by zbarimg.
enum QRScan {
  static func link(from screen: String, in directory: String) throws -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    let blocks: Set<Character> = ["█", "▀", "▄"]
    // The code is the block characters left of the middle of the screen.
    var top = Int.max, bottom = -1, left = Int.max, right = -1
    for (row, line) in lines.enumerated() {
      for (column, character) in line.enumerated() where column < 41 && blocks.contains(character) {
        top = min(top, row)
        bottom = max(bottom, row)
        left = min(left, column)
        right = max(right, column)
      }
    }
    guard bottom >= 0 else { throw HarnessError("no QR code on the screen:\n\(screen)") }
    var modules: [[Bool]] = []
    for row in top...bottom {
      let line = lines[row]
      let cells = (left...right).map { $0 < line.count ? line[$0] : " " }
      modules.append(cells.map { $0 == "█" || $0 == "▀" })
      modules.append(cells.map { $0 == "█" || $0 == "▄" })
    }
    // A quiet zone of four modules all round, six pixels a module.
    let zone = 4
    let scale = 6
    let width = (modules[0].count + 2 * zone) * scale
    let height = (modules.count + 2 * zone) * scale
    var image = Data("P5\n\(width) \(height)\n255\n".utf8)
    let blank = [UInt8](repeating: 255, count: width)
    for _ in 0..<(zone * scale) { image.append(contentsOf: blank) }
    for row in modules {
      var pixels = [UInt8](repeating: 255, count: zone * scale)
      for dark in row { pixels += [UInt8](repeating: dark ? 0 : 255, count: scale) }
      pixels += [UInt8](repeating: 255, count: zone * scale)
      for _ in 0..<scale { image.append(contentsOf: pixels) }
    }
    for _ in 0..<(zone * scale) { image.append(contentsOf: blank) }
    let file = directory + "/code.pgm"
    try image.write(to: URL(fileURLWithPath: file))
    let result = try Spawn.run(["/usr/bin/zbarimg", "--quiet", "--raw", file], environment: [:], in: directory)
    guard result.status == 0 else { throw HarnessError("zbarimg could not read the code: \(result.errorOutput)") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
