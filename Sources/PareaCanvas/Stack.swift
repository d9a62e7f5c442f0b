/// Blocks that share a rectangle's space instead of sitting at fixed
/// coordinates: rows one under the other (`Stack.rows`), columns side by
/// side (`Stack.columns`). A screen whose content can grow (notices, a list
/// of games, long words in Greek) asks where each block goes and learns what
/// did not fit, so it can say so rather than drop it.
public enum Stack {
  /// Where blocks went, and how many did not fit.
  public struct Placement: Equatable, Sendable {
    /// The rectangles of the blocks placed, in order: the first blocks, as many as fit.
    public var placed: [Rect]
    /// The blocks left out, from the end.
    public var left: Int
    /// The first row below the last block placed (the area's top if none was).
    public var next: Int
  }

  /// Places blocks of `heights` one under the other in `area`, `gap` rows
  /// apart, in order. When not all fit, `reserve` rows are kept free at the
  /// bottom (for a line that says how many more there are) and the blocks
  /// that fit above them are placed.
  public static func rows(_ heights: [Int], in area: Rect, gap: Int = 0, reserve: Int = 0) -> Placement {
    func place(within height: Int) -> Placement {
      var placed: [Rect] = []
      var row = area.row
      for block in heights {
        let top = placed.isEmpty ? row : row + gap
        guard top + block <= area.row + height else { break }
        placed.append(Rect(row: top, column: area.column, width: area.width, height: block))
        row = top + block
      }
      return Placement(placed: placed, left: heights.count - placed.count, next: row)
    }
    let all = place(within: area.height)
    return all.left == 0 ? all : place(within: max(0, area.height - reserve))
  }

  /// Splits `area` into columns side by side, `gap` columns apart: a width
  /// given is that many columns (less if the area ends first), nil shares
  /// what is left equally (the first ones a column wider when it does not
  /// divide).
  public static func columns(_ widths: [Int?], in area: Rect, gap: Int = 0) -> [Rect] {
    let fixed = widths.compactMap { $0 }.reduce(0, +)
    let flexible = widths.filter { $0 == nil }.count
    let free = max(0, area.width - fixed - gap * max(0, widths.count - 1))
    var shares = flexible == 0 ? [] : Array(repeating: free / flexible, count: flexible)
    for index in 0..<(flexible == 0 ? 0 : free % flexible) { shares[index] += 1 }
    var column = area.column
    var rects: [Rect] = []
    var share = 0
    for width in widths {
      var wide = width ?? shares[share]
      if width == nil { share += 1 }
      wide = max(0, min(wide, area.column + area.width - column))
      rects.append(Rect(row: area.row, column: column, width: wide, height: area.height))
      column = min(area.column + area.width, column + wide + gap)
    }
    return rects
  }
}
