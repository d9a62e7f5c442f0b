/// Many short names in three columns, filled top to bottom, with an optional
/// highlight (choosing one) and check marks (choosing which are in).
public enum ColumnGrid {
  /// How many columns the grid has.
  public static let columns = 3

  /// Rows the grid needs for `count` names.
  public static func rows(_ count: Int) -> Int { (count + columns - 1) / columns }

  /// Draws `names` in `body`: with `marks`, each name after a check mark or a
  /// dot; with a `selection`, scrolled to keep it in view, else from row `scroll`.
  public static func draw(
    _ names: [String], marks: [Bool]?, selection: Int?, scroll: Int, in body: Rect,
    canvas: inout Canvas
  ) {
    guard !names.isEmpty else { return }
    let columnWidth = body.width / columns
    let rowsNeeded = rows(names.count)
    let clampedSelection = selection.map { max(0, min(names.count - 1, $0)) }
    let top =
      clampedSelection.map {
        Canvas.scrollTop(selected: $0 % max(1, rowsNeeded), count: rowsNeeded, visible: body.height)
      } ?? min(scroll, max(0, rowsNeeded - body.height))
    for (index, name) in names.enumerated() {
      let row = index % rowsNeeded - top
      guard row >= 0, row < body.height else { continue }
      let column = body.column + (index / rowsNeeded) * columnWidth
      let isSelected = index == clampedSelection
      // With check marks the highlight is the reverse video alone, so that the
      // longest names (22 columns) still fit beside the mark.
      let text = marks.map { ($0[index] ? "✓ " : "· ") + name } ?? ((isSelected ? "▸ " : "  ") + name)
      let style = isSelected ? Theme.selected : marks.map { $0[index] ? Theme.normal : Theme.dim } ?? Theme.normal
      canvas.write(text, row: body.row + row, column: column, style: style, limit: columnWidth - (marks == nil ? 1 : 0))
    }
  }
}
