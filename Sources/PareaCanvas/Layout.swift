// The kit's chrome and layout: header and footer, lists, scrolling text,
// message boxes. Plain strings only: the app passes its words in.

/// A key and what it does, for the footer.
public struct KeyHint {
  /// The key as shown, e.g. "Enter" or "↑↓".
  public let key: String
  /// What it does, in words.
  public let label: String

  /// Creates a hint.
  public init(key: String, label: String) {
    self.key = key
    self.label = label
  }
}

extension Canvas {
  /// The top bar: the program's name and the screen's title on the left, an
  /// optional status on the right.
  public mutating func header(app: String, title: String, right: String = "") {
    fill(Rect(row: 0, column: 0, width: width, height: 1), style: Theme.header)
    let left = " " + app + "  ·  " + title
    write(left, row: 0, column: 0, style: Theme.header, limit: width - TextWidth.of(right) - 2)
    if !right.isEmpty {
      write(right + " ", row: 0, column: width - TextWidth.of(right) - 1, style: Theme.header)
    }
  }

  /// The bottom line: the keys of this screen.
  public mutating func footer(_ hints: [KeyHint]) {
    let row = height - 1
    fill(Rect(row: row, column: 0, width: width, height: 1))
    // Three spaces between hints, two when that is what it takes to show them
    // all, and then the right margin's column too.
    let total = hints.reduce(0) { $0 + TextWidth.of($1.key) + 1 + TextWidth.of($1.label) }
    let gap = total + 3 * (hints.count - 1) <= width - 2 ? 3 : 2
    let end = total + gap * (hints.count - 1) <= width - 2 ? width - 1 : width
    var column = 1
    for hint in hints {
      let needed = TextWidth.of(hint.key) + 1 + TextWidth.of(hint.label)
      if column + needed > end { break }
      column += write(hint.key, row: row, column: column, style: Theme.key)
      column += write(" " + hint.label, row: row, column: column, style: Theme.dim)
      column += gap
    }
  }

  /// The bottom line when no key does anything: a short note instead of keys.
  public mutating func footerNote(_ text: String) {
    let row = height - 1
    fill(Rect(row: row, column: 0, width: width, height: 1))
    write(text, row: row, column: 1, style: Theme.dim, limit: width - 2)
  }

  /// A vertical list with one highlighted line, scrolled to keep it in view.
  public mutating func list(
    _ items: [String], selected: Int?, in rect: Rect, styles: [Style]? = nil
  ) {
    list(items.map { [$0] }, selected: selected, in: rect, styles: styles)
  }

  /// A vertical list whose items may take more than one row; the highlight covers
  /// a whole item, and scrolling keeps the highlighted item whole and never
  /// starts the view inside an item.
  public mutating func list(
    _ items: [[String]], selected: Int?, in rect: Rect, styles: [Style]? = nil
  ) {
    guard rect.height > 0, !items.isEmpty else { return }
    var starts: [Int] = []
    var total = 0
    for item in items {
      starts.append(total)
      total += max(1, item.count)
    }
    let chosen = min(max(0, selected ?? 0), items.count - 1)
    let chosenEnd = starts[chosen] + max(1, items[chosen].count)
    let topRow = Canvas.scrollTop(selected: starts[chosen], count: total, visible: rect.height)
    var first = starts.lastIndex { $0 <= topRow } ?? 0
    while first < chosen, chosenEnd - starts[first] > rect.height { first += 1 }
    var row = rect.row
    for index in first..<items.count {
      let isSelected = index == selected
      let style = isSelected ? Theme.selected : styles?[index] ?? Theme.normal
      for (offset, line) in (items[index].isEmpty ? [""] : items[index]).enumerated() {
        guard row < rect.bottom else { break }
        let lead = isSelected && offset == 0 ? " ▸ " : "   "
        if isSelected { fill(Rect(row: row, column: rect.column, width: rect.width, height: 1), style: style) }
        write(lead + line, row: row, column: rect.column, style: style, limit: rect.width)
        row += 1
      }
    }
    if first > 0 { write("▲", row: rect.row, column: rect.column + rect.width - 1, style: Theme.dim) }
    if starts[first] + rect.height < total {
      write("▼", row: rect.bottom - 1, column: rect.column + rect.width - 1, style: Theme.dim)
    }
  }

  /// The first visible index so that `selected` stays in a window of `visible` rows.
  public static func scrollTop(selected: Int, count: Int, visible: Int) -> Int {
    guard count > visible, visible > 0 else { return 0 }
    return min(max(0, selected - visible / 2), count - visible)
  }

  /// Wrapped paragraphs in `rect`, starting at line `scroll`; returns the total line count.
  @discardableResult
  public mutating func paragraphs(_ lines: [(String, Style)], in rect: Rect, scroll: Int) -> Int {
    for (offset, line) in lines.dropFirst(scroll).prefix(rect.height).enumerated() {
      write(line.0, row: rect.row + offset, column: rect.column, style: line.1, limit: rect.width)
    }
    // One blank column between the text and the scroll marks.
    if scroll > 0 { write("▲", row: rect.row, column: rect.column + rect.width + 1, style: Theme.dim) }
    if scroll + rect.height < lines.count {
      write("▼", row: rect.bottom - 1, column: rect.column + rect.width + 1, style: Theme.dim)
    }
    return lines.count
  }

  /// The rows a message box takes when drawn `width` columns wide.
  public static func messageBoxHeight(_ message: String, width: Int) -> Int {
    TextWidth.wrap(message, width: width - 4).count + 2
  }

  /// A message in a framed box across `rect`'s width at `row`, its title on
  /// the frame (a notice: an error or news).
  public mutating func messageBox(title: String, message: String, style: Style, row: Int, in rect: Rect) {
    let lines = TextWidth.wrap(message, width: rect.width - 4)
    let box = Rect(row: row, column: rect.column, width: rect.width, height: lines.count + 2)
    fill(box)
    frame(box, title: title, style: style)
    for (offset, line) in lines.enumerated() {
      write(line, row: row + 1 + offset, column: rect.column + 2)
    }
  }
}

/// Wraps text into styled lines for `Canvas.paragraphs`.
public func wrapped(_ text: String, width: Int, style: Style = .plain, indent: Int = 0) -> [(String, Style)] {
  let pad = String(repeating: " ", count: indent)
  return TextWidth.wrap(text, width: width - indent).map { (pad + $0, style) }
}
