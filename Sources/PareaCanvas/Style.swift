/// The eight colors every color terminal has; the backend maps them to pairs.
public enum Color: UInt8, Hashable, Sendable {
  case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn. Every style stays readable without color: emphasis
/// uses bold and reverse, color only adds to it.
public struct Style: Hashable, Sendable {
  /// Foreground color, or the terminal's default.
  public var foreground: Color?
  /// Background color, or the terminal's own: only a QR code sets one (it
  /// must be dark on light whatever the terminal's colours).
  public var background: Color?
  /// Bold text.
  public var bold: Bool
  /// Reverse video (used for the highlighted line, so it shows in monochrome).
  public var reverse: Bool
  /// Dim text (hints, disabled items).
  public var dim: Bool

  /// Creates a style.
  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, reverse: Bool = false, dim: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.reverse = reverse
    self.dim = dim
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// The style in eleven bits, as a cell stores it: the foreground (0 for
  /// the terminal's, else the color's raw value + 1) in bits 0–3, the
  /// background likewise in bits 4–7, then bold, reverse and dim.
  public var bits: UInt16 {
    UInt16(foreground.map { $0.rawValue + 1 } ?? 0) | UInt16(background.map { $0.rawValue + 1 } ?? 0) << 4
      | (bold ? Self.boldBit : 0) | (reverse ? Self.reverseBit : 0) | (dim ? Self.dimBit : 0)
  }

  /// The style `bits` stands for.
  public init(bits: UInt16) {
    let fore = UInt8(bits & 0xF)
    let back = UInt8(bits >> 4 & 0xF)
    self.init(
      foreground: fore == 0 ? nil : Color(rawValue: fore - 1), background: back == 0 ? nil : Color(rawValue: back - 1),
      bold: bits & Self.boldBit != 0, reverse: bits & Self.reverseBit != 0, dim: bits & Self.dimBit != 0)
  }

  /// Where bold, reverse and dim are in `bits`.
  public static let boldBit: UInt16 = 0x100
  public static let reverseBit: UInt16 = 0x200
  public static let dimBit: UInt16 = 0x400
}

/// The look shared by every screen: header bar, footer of keys, lists,
/// notices and scrolling text. Screens compose these; none draws chrome of its own.
public enum Theme {
  /// The header bar.
  public static let header = Style(foreground: .cyan, bold: true, reverse: true)
  /// Titles and headings.
  public static let title = Style(foreground: .yellow, bold: true)
  /// The highlighted line of a list.
  public static let selected = Style(foreground: .cyan, bold: true, reverse: true)
  /// Ordinary text.
  public static let normal = Style.plain
  /// Hints, scroll marks and what is out of play.
  public static let dim = Style(dim: true)
  /// A key's name (the footer, a focused frame).
  public static let key = Style(foreground: .cyan, bold: true)
  /// An error's frame and text.
  public static let error = Style(foreground: .red, bold: true)
  /// Good news: a notice that is not an error, a win.
  public static let good = Style(foreground: .green, bold: true)
  /// Bad news that is not an error: a loss, a time that is up.
  public static let bad = Style(foreground: .red, bold: true)
  /// A frame that stands out (a box over the screen).
  public static let accent = Style(foreground: .magenta, bold: true)
  /// An ordinary frame.
  public static let frame = Style(foreground: .blue)
  /// A QR code's modules: black on white, whatever the terminal's colours.
  public static let code = Style(foreground: .black, background: .white)
}
