// The head of an HTTP/1.1 request, read strictly and within limits: the
// phones' server answers one GET per connection (the page, or the
// WebSocket's upgrade) and nothing else.

/// A request line and its headers.
struct RequestHead: Hashable, Sendable {
  /// The method, as sent (only GET is served).
  var method: String
  /// The target, as sent (a path; a query is kept in it and never served).
  var target: String
  /// The headers, names in lower case; a repeated header keeps its last value.
  var headers: [String: String]

  /// The most bytes a head may take, its blank line included: a phone's
  /// browser sends well under 1 KB.
  static let maximumBytes = 4_096
  /// The most header lines a head may have.
  static let maximumHeaders = 32

  /// What reading the bytes received so far gives.
  enum Reading: Hashable, Sendable {
    /// The head has not ended yet (and is still within its limits).
    case incomplete
    /// The head ended: it and the number of bytes it took.
    case complete(RequestHead, length: Int)
    /// More than `maximumBytes` without the end of the head, or more than `maximumHeaders` headers.
    case tooLarge
    /// Not an HTTP/1.x request head.
    case malformed
  }

  /// Reads a head from the start of `bytes`.
  static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
    guard let end = headEnd(bytes) else {
      return bytes.count > maximumBytes ? .tooLarge : .incomplete
    }
    let length = end - bytes.startIndex
    guard length <= maximumBytes else { return .tooLarge }
    // Header text is ASCII; anything else is refused, not guessed at.
    guard bytes[bytes.startIndex..<end].allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) })
    else { return .malformed }
    let text = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last == "" { lines.removeLast() }
    guard let requestLine = lines.first else { return .malformed }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
    else { return .malformed }
    let headerLines = lines.dropFirst()
    guard headerLines.count <= maximumHeaders else { return .tooLarge }
    var headers: [String: String] = [:]
    for line in headerLines {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return .malformed }
      let name = line[..<colon]
      guard !name.contains(" "), !name.contains("\t") else { return .malformed }
      let value = line[line.index(after: colon)...].trimmingSpaces
      headers[name.lowercased()] = value
    }
    return .complete(RequestHead(method: String(parts[0]), target: String(parts[1]), headers: headers), length: length)
  }

  /// The index just past the blank line that ends a head, if it is in `bytes`.
  private static func headEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= 4 else { return nil }
    var index = bytes.startIndex
    let last = bytes.endIndex - 4
    while index <= last {
      if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index + 4 }
      index += 1
    }
    return nil
  }

  /// Whether a header's comma-separated tokens include `token` (case aside).
  func header(_ name: String, contains token: String) -> Bool {
    guard let value = headers[name] else { return false }
    return value.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == token }
  }
}

extension StringProtocol {
  /// The text without spaces and tabs at either end.
  var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
    return String(slice)
  }
}
