import PareaCanvas
import Testing

/// The list with items of more than one row (the table's players who are out,
/// with their roles): the highlighted item stays whole and the view never
/// starts inside an item.
@Suite struct ListTests {
  /// Item `i` is "item i", and every third item has a second row "  more i".
  static let items: [[String]] = (0..<12).map { $0 % 3 == 0 ? ["item \($0)", "  more \($0)"] : ["item \($0)"] }

  static func rows(selected: Int, height: Int = 5) -> [String] {
    var canvas = Canvas(width: 20, height: height)
    canvas.list(items, selected: selected, in: Rect(row: 0, column: 0, width: 20, height: height))
    return canvas.lines.map { String($0.drop { $0 == " " || $0 == "▸" }) }
  }

  @Test func oneRowItemsScrollAsBefore() {
    var single = Canvas(width: 20, height: 4)
    var multi = Canvas(width: 20, height: 4)
    let names = (0..<10).map { "name \($0)" }
    for selected in names.indices {
      single.list(names, selected: selected, in: Rect(row: 0, column: 0, width: 20, height: 4))
      multi.list(names.map { [$0] }, selected: selected, in: Rect(row: 0, column: 0, width: 20, height: 4))
      #expect(single == multi)
    }
  }

  @Test func theHighlightedItemIsAlwaysWhole() {
    for selected in Self.items.indices {
      let rows = Self.rows(selected: selected)
      #expect(rows.contains { $0.hasPrefix("item \(selected)") }, "\(selected): \(rows)")
      if selected % 3 == 0 {
        #expect(rows.contains { $0.hasPrefix("more \(selected)") }, "\(selected): \(rows)")
      }
      // The first row is always an item's first row.
      #expect(rows[0].hasPrefix("item"), "\(selected): \(rows)")
    }
  }

  @Test func theLastItemShowsBothRows() {
    let rows = Self.rows(selected: 9)
    #expect(rows.contains { $0.hasPrefix("item 9") })
    #expect(rows.contains { $0.hasPrefix("more 9") })
  }
}
