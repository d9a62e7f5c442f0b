/// The phones of a game: each seat's link secret and the device that owns
/// the seat (the first phone that opened the link). Saved with the game, so
/// that after a restart the same phones come back to the same cards; the
/// secrets themselves come from the OS's random source, drawn by the
/// executable (the rules never reach for randomness of their own here).
public struct PhoneLinks: Hashable, Codable, Sendable {
  /// Each seat's secret: 26 base32 letters, in seating order.
  public private(set) var secrets: [String]
  /// The device token that owns each seat, once a phone has opened it.
  public private(set) var devices: [String?]
  /// The port the phones last reached the laptop on: a resumed game asks for
  /// it again, so that the phones' pages find the laptop where they left it.
  public var port: Int?

  /// How many letters a secret has, and which.
  public static let secretLength = 26
  static let secretLetters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
  /// A device token: 32 lower-case hexadecimal digits.
  public static let deviceLength = 32

  /// Links with these secrets and no owners yet; nil unless every secret is well formed and unique.
  public init?(secrets: [String]) {
    self.secrets = secrets
    self.devices = Array(repeating: nil, count: secrets.count)
    self.port = nil
    guard isValid else { return nil }
  }

  /// Whether every secret and device is well formed and the secrets are distinct.
  public var isValid: Bool {
    secrets.count == devices.count && Set(secrets).count == secrets.count
      && secrets.allSatisfy(Self.isSecret) && devices.allSatisfy { $0.map(Self.isDevice) ?? true }
      && (port.map { (1...65_535).contains($0) } ?? true)
  }

  static func isSecret(_ text: String) -> Bool {
    text.utf8.count == secretLength && text.utf8.allSatisfy(secretLetters.contains)
  }

  static func isDevice(_ text: String) -> Bool {
    text.utf8.count == deviceLength && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// `device` opened `seat`'s link first.
  public mutating func own(_ seat: Int, by device: String) {
    guard devices.indices.contains(seat), Self.isDevice(device) else { return }
    devices[seat] = device
  }

  /// A new link for `seat`: the old one stops working, and no phone owns it.
  public mutating func renew(_ seat: Int, secret: String) {
    guard secrets.indices.contains(seat), Self.isSecret(secret), !secrets.contains(secret) else { return }
    secrets[seat] = secret
    devices[seat] = nil
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    secrets = try container.decode([String].self, forKey: .secrets)
    devices = try container.decode([String?].self, forKey: .devices)
    port = try container.decodeIfPresent(Int.self, forKey: .port)
    guard isValid else {
      throw DecodingError.dataCorruptedError(forKey: .secrets, in: container, debugDescription: "malformed phone links")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(secrets, forKey: .secrets)
    try container.encode(devices, forKey: .devices)
    try container.encodeIfPresent(port, forKey: .port)
  }

  private enum CodingKeys: String, CodingKey { case secrets, devices, port }
}
