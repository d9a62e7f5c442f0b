import Synchronization

/// One cell of the screen.
///
/// Stored as two integers, so that a canvas of cells is plain memory: the
/// terminal compares the whole screen with the last one on every key, and
/// copying, comparing and freeing cells that hold a `Character` (a string)
/// cost more than drawing them (docs/DECISIONS.md, "A cell is two integers").
public struct Cell: Hashable, Sendable {
  /// The grapheme: its scalar when it is one scalar; 0 for the right half of
  /// a wide grapheme; `clusterFlag` plus an index into `Clusters` for a
  /// grapheme of several scalars (an accent typed apart, an emoji sequence).
  @usableFromInline var code: UInt32
  /// The style's bits (`Style.bits`) and `wideBit` when the grapheme takes two columns.
  @usableFromInline var look: UInt16
  /// Always 0: the cell's eight bytes hold no padding, so that two screens
  /// compare as memory (`Canvas.==`).
  private var spare: UInt16 = 0

  @usableFromInline static let clusterFlag: UInt32 = 0x8000_0000
  @usableFromInline static let wideBit: UInt16 = 0x8000

  init(code: UInt32, look: UInt16) {
    self.code = code
    self.look = look
  }

  /// A cell showing `character` (nil: covered by the wide grapheme to its left) in `style`.
  public init(character: Character?, style: Style) {
    guard let character else {
      self.init(code: 0, look: style.bits)
      return
    }
    let wide = TextWidth.of(character) == 2
    self.init(code: Self.code(of: character), look: style.bits | (wide ? Self.wideBit : 0))
  }

  /// The code of a grapheme: its scalar, or its cluster's (scalar 0, never
  /// drawn, is stored as a cluster so that 0 keeps meaning "covered").
  static func code(of character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if let first = scalars.first, first.value != 0, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return first.value
    }
    return clusterFlag | Clusters.index(of: character)
  }

  /// The grapheme drawn here; nil when the cell is covered by the wide
  /// grapheme to its left.
  public var character: Character? {
    get {
      if code == 0 { return nil }
      if code & Self.clusterFlag != 0 { return Clusters.character(at: code & ~Self.clusterFlag) }
      return Character(Unicode.Scalar(code).unsafelyUnwrapped)
    }
    set { self = Cell(character: newValue, style: style) }
  }

  /// How it is drawn.
  public var style: Style {
    get { Style(bits: look & ~Self.wideBit) }
    set { look = newValue.bits | (look & Self.wideBit) }
  }

  /// True when the grapheme takes two columns (the next cell is covered).
  @inlinable public var isWide: Bool { look & Self.wideBit != 0 }

  /// True for the right half of a wide grapheme.
  @inlinable public var isCovered: Bool { code == 0 }

  /// The grapheme's one scalar, or nil for a cluster or a covered cell: what
  /// the terminal draws without looking anything up.
  @inlinable public var scalar: UInt32? { code == 0 || code & Self.clusterFlag != 0 ? nil : code }

  /// The style's bits: what the terminal needs to pick attributes and a colour pair.
  @inlinable public var styleBits: UInt16 { look & ~Self.wideBit }

  /// The same grapheme in the same style (the spare bits are always 0).
  @inlinable public static func == (a: Cell, b: Cell) -> Bool {
    a.code == b.code && a.look == b.look
  }

  /// A blank cell.
  public static let blank = Cell(code: 0x20, look: 0)
}

/// Graphemes of more than one scalar, each stored once for the life of the
/// process and named by its index: a screen has few (an emoji in a name), and
/// a cell can then stay two integers. Keyed by the exact scalars, not by
/// canonical equivalence, so a cluster is drawn as it was written.
enum Clusters {
  private struct Table {
    var indices: [[UInt32]: UInt32] = [:]
    var characters: [Character] = []
  }
  private static let table = Mutex(Table())

  static func index(of character: Character) -> UInt32 {
    let key = character.unicodeScalars.map(\.value)
    return table.withLock { table in
      if let index = table.indices[key] { return index }
      let index = UInt32(table.characters.count)
      table.characters.append(character)
      table.indices[key] = index
      return index
    }
  }

  static func character(at index: UInt32) -> Character {
    table.withLock { $0.characters[Int(index)] }
  }
}
