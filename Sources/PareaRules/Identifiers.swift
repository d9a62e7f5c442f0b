/// Identifiers the rules library hands out instead of words.
///
/// Every identifier is a plain string so that it can be saved, compared in
/// tests and turned into a locale key (`role.<id>.name`) by the front end.
public protocol StringIdentifier: Hashable, Codable, Sendable, Comparable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The identifier as text, e.g. `palermo.redThief`.
  var rawValue: String { get }
  /// Wraps an identifier's text.
  init(_ rawValue: String)
}

extension StringIdentifier {
  /// Creates the identifier from a literal.
  public init(stringLiteral value: String) { self.init(value) }
  /// The identifier's text.
  public var description: String { rawValue }
  /// Orders identifiers by their text.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  /// Decodes the identifier from a bare JSON string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }
  /// Encodes the identifier as a bare JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Identifies a game type, e.g. `palermo`.
public struct GameID: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Identifies a role, e.g. `palermo.redThief`.
public struct RoleID: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Identifies a side (team), e.g. `palermo.thieves`.
public struct SideID: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Identifies a Spy location, e.g. `zoo`.
public struct LocationID: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}
