/// One `"key" = "value";` entry of a strings file.
public struct StringsEntry: Hashable, Sendable {
  /// The key, escapes decoded.
  public let key: String
  /// The value, escapes decoded, placeholders left as `{name}`.
  public let value: String
  /// The line (from 1) where the key starts.
  public let line: Int

  /// Creates an entry.
  public init(key: String, value: String, line: Int) {
    self.key = key
    self.value = value
    self.line = line
  }
}

/// Why a strings file could not be read; every case names the file and line.
///
/// The descriptions are for developers (the tests' messages); a user's
/// broken location pack is shown through the locale keys `error.locationPack.*`.
public enum StringsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes are not valid UTF-8; `line` holds the first bad byte.
  case notUTF8(file: String, line: Int)
  /// A token other than the `expected` one; `found` is the character there ("" at the end of the file).
  case syntax(file: String, line: Int, column: Int, expected: Expected, found: String)
  /// A string opened at `line`:`column` is not closed on the same line.
  case unterminatedString(file: String, line: Int, column: Int)
  /// A `/*` comment opened at `line`:`column` is never closed.
  case unterminatedComment(file: String, line: Int, column: Int)
  /// A backslash followed by `escape`, which is not one of `\"`, `\\`, `\n`, `\t`.
  case badEscape(file: String, line: Int, column: Int, escape: String)
  /// `key` appears a second time at `line`; it first appeared at `firstLine`.
  case duplicateKey(file: String, key: String, firstLine: Int, line: Int)
  /// A brace in the value of `key` that does not form a `{name}` placeholder; `text` is the offending part.
  case badPlaceholder(file: String, line: Int, column: Int, key: String, text: String)
  /// The file holds no entries at all (it may hold comments).
  case empty(file: String)

  /// What the parser was looking for when it met something else.
  public enum Expected: Hashable, Sendable, CustomStringConvertible {
    /// A quoted, non-empty key starting an entry.
    case key
    /// The `=` after a key.
    case equals
    /// The quoted value after `=`.
    case value
    /// The `;` closing an entry.
    case semicolon

    /// The expectation in words.
    public var description: String {
      switch self {
      case .key: "a quoted key (\"key\" = \"value\";)"
      case .equals: "`=` after the key"
      case .value: "a quoted value after `=`"
      case .semicolon: "`;` after the value"
      }
    }
  }

  /// The file the error is about.
  public var file: String {
    switch self {
    case .notUTF8(let file, _), .syntax(let file, _, _, _, _), .unterminatedString(let file, _, _),
      .unterminatedComment(let file, _, _), .badEscape(let file, _, _, _),
      .duplicateKey(let file, _, _, _), .badPlaceholder(let file, _, _, _, _), .empty(let file):
      file
    }
  }

  /// The line (from 1) the error is about; 1 for an empty file.
  public var line: Int {
    switch self {
    case .notUTF8(_, let line), .syntax(_, let line, _, _, _), .unterminatedString(_, let line, _),
      .unterminatedComment(_, let line, _), .badEscape(_, let line, _, _),
      .duplicateKey(_, _, _, let line), .badPlaceholder(_, let line, _, _, _):
      line
    case .empty: 1
    }
  }

  /// The column (from 1, in Unicode scalars) where it helps, else nil.
  public var column: Int? {
    switch self {
    case .syntax(_, _, let column, _, _), .unterminatedString(_, _, let column),
      .unterminatedComment(_, _, let column), .badEscape(_, _, let column, _),
      .badPlaceholder(_, _, let column, _, _):
      column
    case .notUTF8, .duplicateKey, .empty: nil
    }
  }

  /// The error as `file:line:column: message`, for developers.
  public var description: String {
    let place = column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    switch self {
    case .notUTF8:
      return "\(place): the file is not valid UTF-8 (first bad byte on this line)"
    case .syntax(_, _, _, let expected, let found):
      return "\(place): expected \(expected), found \(Self.describe(found))"
    case .unterminatedString:
      return
        "\(place): string not closed on its line (a value must end with `\"` on the line it starts)"
    case .unterminatedComment:
      return "\(place): comment `/*` is never closed with `*/`"
    case .badEscape(_, _, _, let escape):
      return "\(place): unknown escape `\\\(escape)` (allowed: \\\" \\\\ \\n \\t)"
    case .duplicateKey(_, let key, let firstLine, _):
      return "\(place): duplicate key \"\(key)\" (first defined on line \(firstLine))"
    case .badPlaceholder(_, _, _, let key, let text):
      return "\(place): bad placeholder `\(text)` in \"\(key)\" (use {name}, ASCII letters only)"
    case .empty:
      return "\(file): the file has no entries"
    }
  }

  /// A found character in words: invisible ones by code point.
  private static func describe(_ found: String) -> String {
    guard let scalar = found.unicodeScalars.first else { return "end of file" }
    if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
      || scalar.properties.generalCategory == .format
    {
      return "U+" + String(scalar.value, radix: 16, uppercase: true)
    }
    return "`\(found)`"
  }
}

/// Reads the locale tables' format: Apple-style `.strings` files, UTF-8,
/// one `"key" = "value";` per entry, `/* */` and `//` comments.
///
/// Values stay on one line; the escapes are `\"`, `\\`, `\n` and `\t`;
/// placeholders are `{name}` with ASCII letters only.
public enum StringsParser {
  /// Parses a file's bytes into its entries, in file order.
  public static func parse(_ bytes: some Collection<UInt8>, file: String) throws(StringsError)
    -> [StringsEntry]
  {
    let array = Array(bytes)
    // The standard library's check is fast; the line is worked out only on failure.
    if String(validating: array, as: UTF8.self) == nil {
      throw .notUTF8(file: file, line: firstNonUTF8Line(array) ?? 1)
    }
    return try scan(array, file: file)
  }

  /// Parses text, which is UTF-8 by construction (e.g. an embedded table).
  public static func parse(_ text: String, file: String) throws(StringsError) -> [StringsEntry] {
    try scan(Array(text.utf8), file: file)
  }

  /// Runs the scanner over valid UTF-8, without bounds checks or reference counting per byte.
  private static func scan(_ bytes: [UInt8], file: String) throws(StringsError) -> [StringsEntry] {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<[StringsEntry], StringsError> in
      var scanner = Scanner(bytes: buffer, file: file)
      do throws(StringsError) {
        return .success(try scanner.parse())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The line (from 1) holding the first byte that breaks strict UTF-8, or nil if the bytes are valid.
  ///
  /// Overlong forms, surrogates and code points past U+10FFFF are rejected.
  public static func firstNonUTF8Line(_ bytes: [UInt8]) -> Int? {
    var line = 1
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == 0x0A { line += 1 }
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return line
      }
      guard index + length <= count else { return line }
      let second = bytes[index + 1]
      guard second >= low && second <= high else { return line }
      for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return line }
      index += length
    }
    return nil
  }
}

/// The parser's state: a byte cursor with the current line.
private struct Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let file: String
  var position = 0
  var line = 1
  /// Where the current line starts, for columns.
  var lineStart = 0

  init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// Parses valid UTF-8 into entries.
  mutating func parse() throws(StringsError) -> [StringsEntry] {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      position = 3
      lineStart = 3
    }
    var entries: [StringsEntry] = []
    var firstLines: [String: Int] = [:]
    // A rough guess (an entry is rarely shorter than 32 bytes) saves regrowing.
    entries.reserveCapacity(bytes.count / 32)
    firstLines.reserveCapacity(bytes.count / 32)
    while true {
      try skipTrivia()
      guard position < bytes.count else { break }
      guard bytes[position] == UInt8(ascii: "\"") else { throw syntaxError(expected: .key) }
      let keyLine = line
      let keyStart = position
      let key = try readString(placeholdersOf: nil)
      if key.isEmpty {
        throw .syntax(
          file: file, line: keyLine, column: column(of: keyStart), expected: .key, found: "\"")
      }
      if let firstLine = firstLines[key] {
        throw .duplicateKey(file: file, key: key, firstLine: firstLine, line: keyLine)
      }
      try skipTrivia()
      try expect(UInt8(ascii: "="), .equals)
      try skipTrivia()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw syntaxError(expected: .value)
      }
      let value = try readString(placeholdersOf: key)
      try skipTrivia()
      try expect(UInt8(ascii: ";"), .semicolon)
      firstLines[key] = keyLine
      entries.append(StringsEntry(key: key, value: value, line: keyLine))
    }
    if entries.isEmpty { throw .empty(file: file) }
    return entries
  }

  /// The column (from 1, in scalars) of the byte at `index` on the current line.
  func column(of index: Int) -> Int {
    var column = 1
    var at = lineStart
    while at < index {
      if bytes[at] & 0xC0 != 0x80 { column += 1 }
      at += 1
    }
    return column
  }

  /// The character starting at `index`, decoded ("" at the end).
  func character(at index: Int) -> String {
    guard index < bytes.count else { return "" }
    var end = index + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[index..<end], as: UTF8.self)
  }

  func syntaxError(expected: StringsError.Expected) -> StringsError {
    .syntax(
      file: file, line: line, column: column(of: position), expected: expected,
      found: character(at: position))
  }

  mutating func expect(_ byte: UInt8, _ expected: StringsError.Expected) throws(StringsError) {
    guard position < bytes.count, bytes[position] == byte else {
      throw syntaxError(expected: expected)
    }
    position += 1
  }

  /// Skips whitespace, newlines and both kinds of comments.
  mutating func skipTrivia() throws(StringsError) {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
        position += 1
      case 0x0A:
        position += 1
        line += 1
        lineStart = position
      case UInt8(ascii: "/")
      where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
        while position < bytes.count && bytes[position] != 0x0A { position += 1 }
      case UInt8(ascii: "/")
      where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
        let openLine = line
        let openColumn = column(of: position)
        position += 2
        while true {
          guard position < bytes.count else {
            throw .unterminatedComment(file: file, line: openLine, column: openColumn)
          }
          if bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count
            && bytes[position + 1] == UInt8(ascii: "/")
          {
            position += 2
            break
          }
          if bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
          }
          position += 1
        }
      default:
        return
      }
    }
  }

  /// Reads a quoted string starting at the cursor's `"`, decoding escapes.
  /// For a value (`placeholdersOf` names its key) the braces are checked too.
  mutating func readString(placeholdersOf key: String?) throws(StringsError) -> String {
    let openLine = line
    let openPosition = position
    position += 1
    let contentStart = position
    // Most strings have no escapes: find the closing quote first, and copy
    // the bytes through an escape decoder only when there is a backslash.
    var hasEscape = false
    while true {
      guard position < bytes.count, bytes[position] != 0x0A else {
        throw .unterminatedString(file: file, line: openLine, column: column(of: openPosition))
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        guard position + 1 < bytes.count, bytes[position + 1] != 0x0A else {
          throw .unterminatedString(file: file, line: openLine, column: column(of: openPosition))
        }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"):
          hasEscape = true
          position += 2
          continue
        default:
          throw .badEscape(
            file: file, line: line, column: column(of: position),
            escape: character(at: position + 1))
        }
      }
      position += 1
    }
    let raw = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
    // Braces cannot be escaped, so the raw text shows them where they stand.
    if let key, let bad = Placeholders.firstError(in: raw) {
      throw .badPlaceholder(
        file: file, line: line, column: column(of: contentStart + bad.offset), key: key,
        text: bad.text)
    }
    position += 1
    guard hasEscape else { return String(decoding: raw, as: UTF8.self) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(raw.count)
    var index = 0
    while index < raw.count {
      let byte = raw[index]
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        decoded.append(byte)
        continue
      }
      switch raw[index] {
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case let other: decoded.append(other)  // `"` or `\`, checked above
      }
      index += 1
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}
