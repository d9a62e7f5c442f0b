// The two encodings a WebSocket handshake needs (RFC 6455 §4.2.2): SHA-1 of
// the client's key and the protocol's GUID, in base64. Written here, with the
// standard library only, so that the phones' server needs no Foundation.

/// SHA-1 (FIPS 180-4), for the WebSocket handshake only: nothing here
/// relies on it for secrecy.
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bits = UInt64(message.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for i in 0..<16 {
        let at = block + i * 4
        w[i] = UInt32(padded[at]) << 24 | UInt32(padded[at + 1]) << 16 | UInt32(padded[at + 2]) << 8 | UInt32(padded[at + 3])
      }
      for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch i {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let next = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
    }
    return h.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
  }

  private static func rotate(_ value: UInt32, _ by: UInt32) -> UInt32 { value << by | value >> (32 - by) }
}

/// Base64 with padding (RFC 4648 §4).
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    for start in stride(from: 0, to: bytes.count, by: 3) {
      let chunk = Array(bytes[start..<min(start + 3, bytes.count)])
      let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
      for index in 0..<4 {
        out.append(index <= chunk.count ? alphabet[Int(value >> UInt32(18 - 6 * index) & 0x3F)] : UInt8(ascii: "="))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// The value of `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
func webSocketAccept(key: String) -> String {
  Base64.encode(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
}
