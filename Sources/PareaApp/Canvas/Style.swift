/// The eight colors every color terminal has; the backend maps them to pairs.
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn. Every style stays readable without color: emphasis
/// uses bold and reverse, color only adds to it.
public struct Style: Hashable, Sendable {
  /// Foreground color, or the terminal's default.
  public var foreground: Color?
  /// Background color, or the terminal's default.
  public var background: Color?
  /// Bold text.
  public var bold: Bool
  /// Reverse video (used for the highlighted line, so it shows in monochrome).
  public var reverse: Bool
  /// Dim text (hints, disabled items).
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool

  /// Creates a style.
  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false,
    reverse: Bool = false, dim: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.reverse = reverse
    self.dim = dim
    self.underline = underline
  }

  /// The terminal's default look.
  public static let plain = Style()
}
