// Why a JSON reader of our own beside JSONDecoder: start-up reads the
// settings and the saved game's summary before the first frame, and
// JSONDecoder's first use costs the Swift runtime about a million
// instructions (its generic types, and a search of every protocol
// conformance in the static binary for each type it meets), a third of a
// returning group's start. This reader is strict: what it cannot read as
// plain JSON (and anything unusual: a duplicate key, a number it would have
// to round) it refuses, and the store then asks JSONDecoder, which stays the
// judge of every file that is not plain (docs/DECISIONS.md, "A plain JSON
// reader before the first frame").

import FoundationEssentials

/// A JSON value, as read by `PlainJSON`.
enum JSONNode {
  case null
  case bool(Bool)
  /// The number's text, as written (checked against JSON's grammar).
  case number(String)
  case string(String)
  case array([JSONNode])
  /// The members in the order written (no key twice).
  case object([(key: String, value: JSONNode)])
}

/// Reads UTF-8 JSON (RFC 8259) into `JSONNode`s and decodes `Decodable`
/// values from them.
enum PlainJSON {
  /// Why a document was not read.
  struct Refusal: Error {
    var offset: Int
  }

  /// The value of `T` in `bytes`, or an error: the bytes are not plain JSON,
  /// or their shape is not `T`'s.
  static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> T {
    let node = try parse(bytes)
    return try T(from: NodeDecoder(node: node, codingPath: [], userInfo: userInfo))
  }

  /// The document in `bytes` as a tree.
  static func parse(_ bytes: [UInt8]) throws(Refusal) -> JSONNode {
    try bytes.withUnsafeBufferPointer { (buffer) throws(Refusal) -> JSONNode in
      var reader = Reader(bytes: buffer)
      reader.skipSpace()
      let node = try reader.value(depth: 0)
      reader.skipSpace()
      guard reader.index == buffer.count else { throw Refusal(offset: reader.index) }
      return node
    }
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Files this program writes nest a few levels; far deeper is refused
    /// rather than risking the stack.
    static let maximumDepth = 256

    var refusal: Refusal { Refusal(offset: index) }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    mutating func value(depth: Int) throws(Refusal) -> JSONNode {
      guard index < bytes.count, depth < Self.maximumDepth else { throw refusal }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): try literal("true"); return .bool(true)
      case UInt8(ascii: "f"): try literal("false"); return .bool(false)
      case UInt8(ascii: "n"): try literal("null"); return .null
      default: return .number(try number())
      }
    }

    mutating func literal(_ word: StaticString) throws(Refusal) {
      let count = word.utf8CodeUnitCount
      guard index + count <= bytes.count else { throw refusal }
      for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw refusal }
      index += count
    }

    mutating func object(depth: Int) throws(Refusal) -> JSONNode {
      var members: [(key: String, value: JSONNode)] = []
      if opensEmpty(closing: UInt8(ascii: "}")) { return .object(members) }
      repeat {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw refusal }
        let key = try string()
        // A key twice: which one counts is the other reader's call.
        if members.contains(where: { $0.key == key }) { throw refusal }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw refusal }
        index += 1
        skipSpace()
        members.append((key, try value(depth: depth + 1)))
      } while try !closes(with: UInt8(ascii: "}"))
      return .object(members)
    }

    mutating func array(depth: Int) throws(Refusal) -> JSONNode {
      var elements: [JSONNode] = []
      if opensEmpty(closing: UInt8(ascii: "]")) { return .array(elements) }
      repeat {
        skipSpace()
        elements.append(try value(depth: depth + 1))
      } while try !closes(with: UInt8(ascii: "]"))
      return .array(elements)
    }

    /// Passes an opening bracket; true (the closing one passed too) when
    /// nothing is between them.
    mutating func opensEmpty(closing: UInt8) -> Bool {
      index += 1
      skipSpace()
      guard index < bytes.count, bytes[index] == closing else { return false }
      index += 1
      return true
    }

    /// After a member: passes a comma (false: another member follows) or
    /// the closing bracket (true); anything else is refused.
    mutating func closes(with closing: UInt8) throws(Refusal) -> Bool {
      skipSpace()
      guard index < bytes.count else { throw refusal }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        return false
      }
      guard bytes[index] == closing else { throw refusal }
      index += 1
      return true
    }

    /// A string's value, from its opening quote to past its closing one.
    /// (The bytes are valid UTF-8: the store checks them before.)
    mutating func string() throws(Refusal) -> String {
      index += 1
      let start = index
      // The common case, no escape: the bytes as they are.
      while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
        if bytes[index] < 0x20 { throw refusal }
        index += 1
      }
      guard index < bytes.count else { throw refusal }
      var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return text
        }
        if byte != UInt8(ascii: "\\") {
          // A run of plain bytes up to the next quote or escape.
          let run = index
          while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            if bytes[index] < 0x20 { throw refusal }
            index += 1
          }
          text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
          continue
        }
        index += 1
        guard index < bytes.count else { throw refusal }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
        case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
        case UInt8(ascii: "/"): text.unicodeScalars.append("/")
        case UInt8(ascii: "b"): text.unicodeScalars.append("\u{8}")
        case UInt8(ascii: "f"): text.unicodeScalars.append("\u{C}")
        case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
        case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
        case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
        case UInt8(ascii: "u"):
          let unit = try hex()
          var value = UInt32(unit)
          if (0xD800..<0xDC00).contains(unit) {
            // A surrogate pair, or refused: a lone half is no character.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw refusal }
            index += 2
            let low = try hex()
            guard (0xDC00..<0xE000).contains(low) else { throw refusal }
            value = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
          } else if (0xDC00..<0xE000).contains(unit) {
            throw refusal
          }
          guard let scalar = Unicode.Scalar(value) else { throw refusal }
          text.unicodeScalars.append(scalar)
        default:
          throw refusal
        }
      }
      throw refusal
    }

    mutating func hex() throws(Refusal) -> UInt16 {
      guard index + 4 <= bytes.count else { throw refusal }
      var value: UInt16 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw refusal
        }
        value = value << 4 | UInt16(digit)
        index += 1
      }
      return value
    }

    /// A number's text, checked against JSON's grammar:
    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() throws(Refusal) -> String {
      let start = index
      func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digit(index) else { throw refusal }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        while digit(index) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digit(index) else { throw refusal }
        while digit(index) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { throw refusal }
        while digit(index) { index += 1 }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
  }
}

/// A `Decoder` over a `JSONNode`, as JSONDecoder decodes with its default
/// strategies: a key that is absent or null is nil to `decodeIfPresent`,
/// unknown keys are passed over. Integers only from integer literals that
/// fit; anything it does not read as JSONDecoder surely would is an error.
private struct NodeDecoder: Decoder {
  let node: JSONNode
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = node else { throw mismatch(codingPath) }
    return KeyedDecodingContainer(NodeKeyedContainer<Key>(members: members, codingPath: codingPath, userInfo: userInfo))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = node else { throw mismatch(codingPath) }
    return NodeUnkeyedContainer(elements: elements, codingPath: codingPath, userInfo: userInfo)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    NodeSingleValue(node: node, codingPath: codingPath, userInfo: userInfo)
  }
}

/// The error every mismatch throws: the store only needs to know the value
/// was not read.
private func mismatch(_ path: [any CodingKey]) -> DecodingError {
  DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "not read as plain JSON"))
}

/// Reads a scalar value of `type` from `node`.
private func scalar<T: Decodable>(_ type: T.Type, _ node: JSONNode, path: [any CodingKey], userInfo: [CodingUserInfoKey: Any])
  throws -> T
{
  switch node {
  case .bool(let value) where type == Bool.self: return value as! T
  case .string(let value) where type == String.self: return value as! T
  case .number(let text):
    if type == Int.self, let value = Int(text) { return value as! T }
    if type == UInt64.self, let value = UInt64(text) { return value as! T }
    if type == Int64.self, let value = Int64(text) { return value as! T }
    if type == UInt32.self, let value = UInt32(text) { return value as! T }
    if type == Int32.self, let value = Int32(text) { return value as! T }
    if type == UInt16.self, let value = UInt16(text) { return value as! T }
    if type == UInt8.self, let value = UInt8(text) { return value as! T }
    if type == UInt.self, let value = UInt(text) { return value as! T }
    if type == Double.self, let value = Double(text), value.isFinite { return value as! T }
    throw mismatch(path)
  case .null:
    throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "null"))
  default:
    if type == Bool.self || type == String.self || isNumber(type) { throw mismatch(path) }
  }
  return try T(from: NodeDecoder(node: node, codingPath: path, userInfo: userInfo))
}

private func isNumber<T>(_ type: T.Type) -> Bool {
  type == Int.self || type == UInt64.self || type == Int64.self || type == UInt32.self || type == Int32.self
    || type == UInt16.self || type == UInt8.self || type == UInt.self || type == Double.self
}

/// Decodes any value: the standard library's scalars directly, the rest by
/// their own `init(from:)`. Types this reader does not know how to read as
/// JSONDecoder does (Float, Int8, Int16…) are refused.
private func value<T: Decodable>(_ type: T.Type, _ node: JSONNode, path: [any CodingKey], userInfo: [CodingUserInfoKey: Any])
  throws -> T
{
  if type == Bool.self || type == String.self || isNumber(type) {
    return try scalar(type, node, path: path, userInfo: userInfo)
  }
  // Types JSONDecoder reads its own way (Data as Base64, a Date by its
  // strategy, a URL from a string…), or ones these files never hold.
  if type == Float.self || type == Int8.self || type == Int16.self || type == Data.self || type == Date.self
    || type == Decimal.self || type == URL.self
  {
    throw mismatch(path)
  }
  return try T(from: NodeDecoder(node: node, codingPath: path, userInfo: userInfo))
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [(key: String, value: JSONNode)]
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool { node(key) != nil }

  private func node(_ key: Key) -> JSONNode? {
    let name = key.stringValue
    for member in members where member.key == name { return member.value }
    return nil
  }

  private func present(_ key: Key) throws -> JSONNode {
    guard let node = node(key) else {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "absent"))
    }
    return node
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try present(key) { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(type, present(key), path: codingPath + [key], userInfo: userInfo)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let node = node(key) else { return nil }
    if case .null = node { return nil }
    return try value(type, node, path: codingPath + [key], userInfo: userInfo)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try NodeDecoder(node: present(key), codingPath: codingPath + [key], userInfo: userInfo).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(node: present(key), codingPath: codingPath + [key], userInfo: userInfo).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { throw mismatch(codingPath) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw mismatch(codingPath) }
}

private struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONNode]
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  var currentIndex = 0

  init(elements: [JSONNode], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    self.elements = elements
    self.codingPath = codingPath
    self.userInfo = userInfo
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next() throws -> JSONNode {
    guard !isAtEnd else { throw mismatch(codingPath) }
    defer { currentIndex += 1 }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw mismatch(codingPath) }
    if case .null = elements[currentIndex] {
      currentIndex += 1
      return true
    }
    return false
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try value(type, next(), path: codingPath, userInfo: userInfo)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try NodeDecoder(node: next(), codingPath: codingPath, userInfo: userInfo).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(node: next(), codingPath: codingPath, userInfo: userInfo).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { throw mismatch(codingPath) }
}

private struct NodeSingleValue: SingleValueDecodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  func decodeNil() -> Bool {
    if case .null = node { return true }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try value(type, node, path: codingPath, userInfo: userInfo)
  }
}
