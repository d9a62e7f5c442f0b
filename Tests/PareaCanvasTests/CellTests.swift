import PareaCanvas
import Testing

/// A cell is two integers: every grapheme and style goes in and comes back
/// out as it was, and a canvas draws wide graphemes and their halves as before.
@Suite struct CellTests {
  static let graphemes: [Character] = [
    " ", "a", "~", "ά", "Ω", "ῶ", "é", "e\u{301}", "▸", "█", "─", "界", "😀", "👨‍👩‍👧", "1️⃣", "❤️", "\u{0}", "\u{10FFFF}",
  ]

  static let styles: [Style] = {
    var all: [Style] = []
    let colors: [Color?] = [nil] + [Color.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
    for foreground in colors {
      for background in colors {
        for flags in 0..<8 {
          all.append(
            Style(
              foreground: foreground, background: background, bold: flags & 1 != 0, reverse: flags & 2 != 0,
              dim: flags & 4 != 0))
        }
      }
    }
    return all
  }()

  @Test func aCellIsEightBytesWithoutPadding() {
    // Canvases compare as memory, eight bytes a cell.
    #expect(MemoryLayout<Cell>.size == 8 && MemoryLayout<Cell>.stride == 8)
    var a = Canvas(width: 3, height: 2)
    var b = a
    #expect(a == b)
    a.write("界", row: 1, column: 1)
    #expect(a != b)
    b.write("界", row: 1, column: 1)
    #expect(a == b)
    b.cursor = (row: 0, column: 0)
    #expect(a != b)
  }

  @Test func everyStyleSurvivesItsBits() {
    #expect(Set(Self.styles.map(\.bits)).count == Self.styles.count, "no two styles share bits")
    for style in Self.styles {
      #expect(Style(bits: style.bits) == style)
    }
    #expect(Style.plain.bits == 0)
  }

  @Test func everyGraphemeAndStyleComeBackOut() {
    for character in Self.graphemes {
      for style in [Style.plain, Theme.selected, Theme.code] {
        let cell = Cell(character: character, style: style)
        #expect(cell.character.map { Array($0.unicodeScalars) } == Array(character.unicodeScalars))
        #expect(cell.style == style)
        #expect(cell.isWide == (TextWidth.of(character) == 2), "\(character.unicodeScalars.map(\.value))")
        #expect(!cell.isCovered)
      }
    }
    let covered = Cell(character: nil, style: Theme.header)
    #expect(covered.character == nil && covered.isCovered && covered.style == Theme.header)
  }

  @Test func cellsAreEqualExactlyWhenTheirScalarsAndStylesAre() {
    for (i, a) in Self.graphemes.enumerated() {
      for (j, b) in Self.graphemes.enumerated() {
        #expect((Cell(character: a, style: .plain) == Cell(character: b, style: .plain)) == (i == j))
      }
    }
    // The same cluster written twice is one cluster.
    #expect(Cell(character: "👨‍👩‍👧", style: .plain) == Cell(character: "👨‍👩‍👧", style: .plain))
    #expect(Cell(character: "a", style: .plain) != Cell(character: "a", style: Theme.dim))
    var cell = Cell(character: "界", style: .plain)
    cell.style = Theme.bad
    #expect(cell.isWide && cell.character == "界" && cell.style == Theme.bad)
    cell.character = "a"
    #expect(!cell.isWide && cell.style == Theme.bad)
  }

  @Test func wideGraphemesCoverTheirSecondCellAndAreBlankedWhenHalfOverwritten() {
    var canvas = Canvas(width: 6, height: 1)
    #expect(canvas.write("a界😀", row: 0, column: 0, style: Theme.good) == 5)
    #expect(canvas.text == "a界😀 ")
    #expect(canvas[0, 1].isWide && canvas[0, 2].isCovered && canvas[0, 2].style == Theme.good)
    // Over the right half of 界: its left half becomes a space.
    canvas.write("x", row: 0, column: 2)
    #expect(canvas.text == "a x😀 ")
    // Over the left half of 😀: its right half becomes a space.
    canvas.write("y", row: 0, column: 3)
    #expect(canvas.text == "a xy  ")
    #expect(!canvas[0, 3].isWide && !canvas[0, 4].isCovered)
    // A wide grapheme that would not fit whole is not written.
    #expect(canvas.write("界", row: 0, column: 5) == 0)
    canvas.fill(canvas.bounds, style: Theme.selected)
    #expect(canvas.text == "      " && canvas[0, 0].style == Theme.selected)
  }

  /// Text is written from its bytes where it can be: the same cells as
  /// writing it a grapheme at a time, over wide graphemes, cut or off the edge.
  @Test func textIsWrittenAsItsGraphemesOneAtATime() {
    let texts = [
      "Palermo", "Παλέρμο · Κατάσκοπος", "abe\u{301}c", "\u{301}abc", "Μαρία 🎉", "李明 👨‍👩‍👧", "1️⃣ 2", "x\u{AD}y\r\nz",
      "▸ 1  Palermo", "",
    ]
    for text in texts {
      for (column, limit) in [(0, nil), (3, nil), (-3, nil), (1, 4), (2, 0), (11, nil)] as [(Int, Int?)] {
        var background = Canvas(width: 12, height: 2)
        background.write("界界界界界界", row: 1, column: 0, style: Theme.dim)
        var written = background
        let count = written.write(text, row: 1, column: column, style: Theme.good, limit: limit)
        var expected = background
        let end = min(12, column + (limit ?? 12))
        var col = column
        for character in text {
          let width = TextWidth.of(character)
          if width == 0 { continue }
          if col + width > end { break }
          if col >= 0 { expected.write(String(character), row: 1, column: col, style: Theme.good) }
          col += width
        }
        #expect(written == expected, "\(text) at \(column), limit \(String(describing: limit))")
        #expect(count == col - column)
      }
    }
  }
}
