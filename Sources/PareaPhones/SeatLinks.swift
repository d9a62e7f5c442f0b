// Who may open which seat's card: every seat's secret, and the device that
// owns the seat. The first device that says hello with a seat's secret owns
// it; the same device may come back (a phone that slept); another device
// with the same secret is refused, and the laptop is told.

/// A seat's secret: 26 base32 letters, 130 bits from the OS's random source
/// (`SystemRandomNumberGenerator` reads getrandom(2) on Linux). It is the
/// last part of the seat's link, in capitals so that the link's QR code
/// encodes in alphanumeric mode.
public struct SeatSecret: Hashable, Sendable, CustomStringConvertible {
  /// The 26 letters.
  public let text: String

  /// The letters a secret is written with (RFC 4648 base32).
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
  /// How many letters a secret has.
  public static let length = 26

  /// A new secret from the OS's random source.
  public static func random() -> SeatSecret {
    var generator = SystemRandomNumberGenerator()
    return SeatSecret(unchecked: String(decoding: (0..<length).map { _ in alphabet[Int(generator.next() & 31)] }, as: UTF8.self))
  }

  private init(unchecked text: String) { self.text = text }

  /// A secret read back (from a saved game); nil unless it is 26 letters of the alphabet.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == Self.length, bytes.allSatisfy(Self.alphabet.contains) else { return nil }
    self.text = text
  }

  /// Never the letters: a secret printed by mistake shows nothing.
  public var description: String { "SeatSecret(…)" }
}

/// Whether two byte strings are equal, in a time that depends only on their
/// lengths (which are public: every secret has 26 letters).
func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  guard a.count == b.count else { return false }
  var difference: UInt8 = 0
  for index in a.indices { difference |= a[index] ^ b[index] }
  return difference == 0
}

/// The seats' secrets and owners.
struct SeatLinks: Sendable {
  /// Each seat's secret, in seating order.
  private(set) var secrets: [[UInt8]]
  /// The device that owns each seat, once one has said hello.
  private(set) var owners: [[UInt8]?]

  /// A device's token: 32 lower-case hexadecimal digits the page draws once
  /// and keeps (128 bits).
  static let deviceLength = 32

  init(secrets: [SeatSecret], owners: [String?]) {
    self.secrets = secrets.map { Array($0.text.utf8) }
    self.owners = secrets.indices.map { index in
      guard index < owners.count, let owner = owners[index], Self.isDevice(Array(owner.utf8)) else { return nil }
      return Array(owner.utf8)
    }
  }

  static func isDevice(_ bytes: [UInt8]) -> Bool {
    bytes.count == deviceLength && bytes.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// What a hello comes to.
  enum Hello: Hashable, Sendable {
    /// The seat's owner (the first device, or the same one again).
    case accepted(seat: Int, firstTime: Bool)
    /// The right secret from another device: refused.
    case refused(seat: Int)
    /// No seat has this secret (or the hello is not well formed).
    case unknown
  }

  /// A device says hello with a secret. Every seat's secret is compared,
  /// each in constant time, whatever matches: the time taken does not say
  /// how much of a guess was right, or which seat it was near.
  mutating func hello(secret: [UInt8], device: [UInt8]) -> Hello {
    guard secret.count == SeatSecret.length, Self.isDevice(device) else { return .unknown }
    var seat: Int?
    for index in secrets.indices where equalInConstantTime(secrets[index], secret) { seat = index }
    guard let seat else { return .unknown }
    guard let owner = owners[seat] else {
      owners[seat] = device
      return .accepted(seat: seat, firstTime: true)
    }
    return equalInConstantTime(owner, device) ? .accepted(seat: seat, firstTime: false) : .refused(seat: seat)
  }

  /// A new link for `seat`: the old secret stops working, and the seat has no owner.
  mutating func renew(_ seat: Int, secret: SeatSecret) {
    guard secrets.indices.contains(seat) else { return }
    secrets[seat] = Array(secret.text.utf8)
    owners[seat] = nil
  }
}
