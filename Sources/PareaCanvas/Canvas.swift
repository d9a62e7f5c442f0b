// Re-exported: the kit measures and lays out text with `TextWidth`, and every
// file that draws into a canvas measures text too.
@_exported import PareaTextWidth

/// A rectangle of the canvas, in rows and columns.
public struct Rect: Hashable, Sendable {
  /// Top row.
  public var row: Int
  /// Left column.
  public var column: Int
  /// Width in columns.
  public var width: Int
  /// Height in rows.
  public var height: Int

  /// Creates a rectangle.
  public init(row: Int, column: Int, width: Int, height: Int) {
    self.row = row
    self.column = column
    self.width = width
    self.height = height
  }

  /// The rectangle shrunk by `by` cells on every side.
  public func inset(_ by: Int) -> Rect {
    Rect(row: row + by, column: column + by, width: max(0, width - 2 * by), height: max(0, height - 2 * by))
  }

  /// The row after the last.
  public var bottom: Int { row + height }
}

/// An in-memory screen: screens render into it, the terminal backend draws it,
/// and tests compare it as text. Two canvases are equal when their cells and
/// cursor are.
public struct Canvas: Equatable, Sendable {
  /// Width in columns.
  public let width: Int
  /// Height in rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Where the text cursor should be shown (a text field), if anywhere.
  public var cursor: (row: Int, column: Int)? {
    get { cursorRow.map { ($0, cursorColumn) } }
    set {
      cursorRow = newValue?.row
      cursorColumn = newValue?.column ?? 0
    }
  }
  private var cursorRow: Int?
  private var cursorColumn = 0

  /// A blank canvas.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// Equal sizes, cursors and cells; the cells compared as memory (a cell
  /// is eight bytes without padding): the run loop compares every frame
  /// with the last.
  public static func == (a: Canvas, b: Canvas) -> Bool {
    guard a.width == b.width, a.height == b.height, a.cursorRow == b.cursorRow, a.cursorColumn == b.cursorColumn
    else { return false }
    return a.cells.withUnsafeBytes { left in
      b.cells.withUnsafeBytes { right in
        guard left.count == right.count else { return false }
        var offset = 0
        while offset < left.count {
          if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          {
            return false
          }
          offset += 8
        }
        return true
      }
    }
  }

  /// The whole canvas.
  public var bounds: Rect { Rect(row: 0, column: 0, width: width, height: height) }

  /// The cell at a position.
  public subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// Writes `text` from (`row`, `column`), clipped to `limit` columns (and the
  /// canvas). Returns the number of columns written.
  @discardableResult
  public mutating func write(
    _ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil
  ) -> Int {
    guard row >= 0, row < height else { return 0 }
    let end = min(width, column + (limit ?? width))
    let look = style.bits
    var col = column
    // Simple scalars (one scalar, one column, never joined: most text) are
    // written from the bytes; the rest, from a grapheme boundary, by graphemes.
    var text = text
    let fast = text.withUTF8 { TextWidth.simplePrefix(of: $0) }
    if fast.bytes > 0 {
      let room = max(0, min(fast.columns, end - col))
      text.withUTF8 { bytes in
        var index = 0
        for _ in 0..<room {
          let (value, length) = TextWidth.scalar(in: bytes, at: index)
          if col >= 0 {
            let cell = row * width + col
            clearWide(at: cell, column: col)
            cells[cell] = Cell(code: value, look: look)
          }
          col += 1
          index += length
        }
      }
      if room < fast.columns || fast.bytes == text.utf8.count { return col - column }
    }
    let rest = text.utf8.index(text.utf8.startIndex, offsetBy: fast.bytes)
    for character in text[rest...] {
      let (w, single) = TextWidth.measure(character)
      if w == 0 { continue }
      if col + w > end { break }
      if col >= 0 {
        let index = row * width + col
        clearWide(at: index, column: col)
        let code = single ?? Cell.code(of: character)
        if w == 2 {
          cells[index] = Cell(code: code, look: look | Cell.wideBit)
          clearWide(at: index + 1, column: col + 1)
          cells[index + 1] = Cell(code: 0, look: look)
        } else {
          cells[index] = Cell(code: code, look: look)
        }
      }
      col += w
    }
    return col - column
  }

  /// Writes `text` centered in `rect`'s width on `row`.
  public mutating func center(_ text: String, row: Int, in rect: Rect, style: Style = .plain) {
    let full = TextWidth.of(text)
    let cut = full <= rect.width ? text : TextWidth.truncate(text, to: rect.width)
    let offset = (rect.width - (full <= rect.width ? full : TextWidth.of(cut))) / 2
    write(cut, row: row, column: rect.column + offset, style: style, limit: rect.width - offset)
  }

  /// Fills `rect` with spaces in `style`.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    let space = Cell(code: 0x20, look: style.bits)
    for r in max(0, rect.row)..<min(height, rect.bottom) {
      for c in max(0, rect.column)..<min(width, rect.column + rect.width) {
        cells[r * width + c] = space
      }
    }
  }

  /// Draws a single-line frame around `rect`, with an optional title on its top edge.
  public mutating func frame(_ rect: Rect, title: String? = nil, style: Style = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let right = rect.column + rect.width - 1
    let bottom = rect.bottom - 1
    let horizontal = String(repeating: "─", count: rect.width - 2)
    write("┌" + horizontal + "┐", row: rect.row, column: rect.column, style: style)
    write("└" + horizontal + "┘", row: bottom, column: rect.column, style: style)
    for r in (rect.row + 1)..<bottom {
      write("│", row: r, column: rect.column, style: style)
      write("│", row: r, column: right, style: style)
    }
    if let title, rect.width > 6 {
      let text = " " + TextWidth.truncate(title, to: rect.width - 6) + " "
      write(text, row: rect.row, column: rect.column + 2, style: Style(
        foreground: style.foreground, bold: true))
    }
  }

  /// The canvas as lines of text, one per row (trailing spaces kept).
  public var lines: [String] {
    (0..<height).map { r in
      var line = ""
      for c in 0..<width {
        let cell = cells[r * width + c]
        if let scalar = cell.scalar {
          line.unicodeScalars.append(Unicode.Scalar(scalar).unsafelyUnwrapped)
        } else if let character = cell.character {
          line.append(character)
        }
      }
      return line
    }
  }

  /// The whole canvas as text, rows joined by newlines.
  public var text: String { lines.joined(separator: "\n") }

  // A wide grapheme covers two cells; overwriting either half blanks the other.
  private mutating func clearWide(at index: Int, column: Int) {
    guard column >= 0, column < width else { return }
    let cell = cells[index]
    if cell.isCovered, column > 0 {
      cells[index - 1] = Cell(code: 0x20, look: cells[index - 1].look & ~Cell.wideBit)
    } else if cell.isWide, column + 1 < width {
      cells[index + 1] = Cell(code: 0x20, look: cells[index + 1].look & ~Cell.wideBit)
    }
  }
}
