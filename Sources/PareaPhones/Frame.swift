// WebSocket frames (RFC 6455 §5), read strictly and within limits: a phone
// sends short text messages, masked, each in one frame.

/// One WebSocket frame from a phone.
struct Frame: Hashable, Sendable {
  /// The frame's opcode.
  enum Kind: UInt8, Hashable, Sendable {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
  }

  var kind: Kind
  /// The payload, unmasked.
  var payload: [UInt8]

  /// The longest payload a phone may send: its messages are a few dozen bytes.
  static let maximumPayload = 1_024

  /// What reading the bytes received so far gives.
  enum Reading: Hashable, Sendable {
    /// The frame has not all arrived (and is within its limits).
    case incomplete
    /// A whole frame, and the number of bytes it took.
    case complete(Frame, length: Int)
    /// A frame the server does not take: unmasked, fragmented, reserved bits
    /// or opcodes, a control frame too long, or a payload over the limit.
    case refused(closeCode: UInt16)
  }

  /// Reads a client's frame from the start of `bytes`.
  static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
    guard bytes.count >= 2 else { return .incomplete }
    let start = bytes.startIndex
    let first = bytes[start]
    let second = bytes[start + 1]
    // No extensions were agreed: the reserved bits must be clear. A message
    // in several frames is not taken (a phone's messages are short).
    guard first & 0x70 == 0 else { return .refused(closeCode: 1002) }
    guard first & 0x80 != 0 else { return .refused(closeCode: 1003) }
    guard let kind = Kind(rawValue: first & 0x0F), kind != .continuation else { return .refused(closeCode: 1002) }
    // Every frame from a client is masked.
    guard second & 0x80 != 0 else { return .refused(closeCode: 1002) }
    var length = Int(second & 0x7F)
    var at = start + 2
    if length == 126 {
      guard bytes.count >= 4 else { return .incomplete }
      length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
      at = start + 4
    } else if length == 127 {
      // Eight bytes of length: always over the limit.
      return .refused(closeCode: 1009)
    }
    if kind.rawValue >= 0x8 && length > 125 { return .refused(closeCode: 1002) }
    guard length <= maximumPayload else { return .refused(closeCode: 1009) }
    guard bytes.endIndex - at >= 4 + length else { return .incomplete }
    let mask = Array(bytes[at..<at + 4])
    at += 4
    var payload = Array(bytes[at..<at + length])
    for index in payload.indices { payload[index] ^= mask[index % 4] }
    return .complete(Frame(kind: kind, payload: payload), length: at + length - start)
  }

  /// A server's frame (never masked): a whole message in one frame.
  static func encode(_ kind: Kind, _ payload: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [0x80 | kind.rawValue]
    switch payload.count {
    case 0...125:
      bytes.append(UInt8(payload.count))
    case 126...0xFFFF:
      bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      bytes.append(127)
      for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
    }
    return bytes + payload
  }
}
