/// The look shared by every screen: header bar, footer of keys, lists,
/// notices and scrolling text. Screens compose these; none draws chrome of its own.
enum Theme {
  static let header = Style(foreground: .cyan, bold: true, reverse: true)
  static let title = Style(foreground: .yellow, bold: true)
  static let selected = Style(foreground: .cyan, bold: true, reverse: true)
  static let normal = Style.plain
  static let dim = Style(dim: true)
  static let key = Style(foreground: .cyan, bold: true)
  static let error = Style(foreground: .red, bold: true)
  static let good = Style(foreground: .green, bold: true)
  static let bad = Style(foreground: .red, bold: true)
  static let accent = Style(foreground: .magenta, bold: true)
  static let frame = Style(foreground: .blue)
}

/// A key and what it does, for the footer.
struct KeyHint {
  let key: String
  let label: String
}

extension Canvas {
  /// The top bar: the app's name and the screen's title.
  mutating func header(_ words: Words, title: String, right: String = "") {
    fill(Rect(row: 0, column: 0, width: width, height: 1), style: Theme.header)
    let left = " " + words.upper(words("app.name")) + "  ·  " + title
    write(left, row: 0, column: 0, style: Theme.header, limit: width - TextWidth.of(right) - 2)
    if !right.isEmpty {
      write(right + " ", row: 0, column: width - TextWidth.of(right) - 1, style: Theme.header)
    }
  }

  /// The bottom line: the keys of this screen.
  mutating func footer(_ hints: [KeyHint]) {
    let row = height - 1
    fill(Rect(row: row, column: 0, width: width, height: 1))
    // Three spaces between hints, two when that is what it takes to show them all.
    let total = hints.reduce(0) { $0 + TextWidth.of($1.key) + 1 + TextWidth.of($1.label) }
    let gap = total + 3 * (hints.count - 1) <= width - 2 ? 3 : 2
    var column = 1
    for hint in hints {
      let needed = TextWidth.of(hint.key) + 1 + TextWidth.of(hint.label)
      if column + needed > width - 1 { break }
      column += write(hint.key, row: row, column: column, style: Theme.key)
      column += write(" " + hint.label, row: row, column: column, style: Theme.dim)
      column += gap
    }
  }

  /// The bottom line when no key does anything: a short note instead of keys.
  mutating func footerNote(_ text: String) {
    let row = height - 1
    fill(Rect(row: row, column: 0, width: width, height: 1))
    write(text, row: row, column: 1, style: Theme.dim, limit: width - 2)
  }

  /// A vertical list with one highlighted line, scrolled to keep it in view.
  mutating func list(
    _ items: [String], selected: Int?, in rect: Rect, styles: [Style]? = nil, marker: Bool = true
  ) {
    list(items.map { [$0] }, selected: selected, in: rect, styles: styles, marker: marker)
  }

  /// A vertical list whose items may take more than one row; the highlight covers
  /// a whole item, and scrolling keeps the highlighted item whole and never
  /// starts the view inside an item.
  mutating func list(
    _ items: [[String]], selected: Int?, in rect: Rect, styles: [Style]? = nil, marker: Bool = true
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
        let lead = marker ? (isSelected && offset == 0 ? " ▸ " : "   ") : " "
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
  static func scrollTop(selected: Int, count: Int, visible: Int) -> Int {
    guard count > visible, visible > 0 else { return 0 }
    return min(max(0, selected - visible / 2), count - visible)
  }

  /// Wrapped paragraphs in `rect`, starting at line `scroll`; returns the total line count.
  @discardableResult
  mutating func paragraphs(_ lines: [(String, Style)], in rect: Rect, scroll: Int) -> Int {
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

  /// The rows a notice takes when drawn `width` columns wide.
  static func noticeHeight(_ notice: Notice, words: Words, width: Int) -> Int {
    TextWidth.wrap(words(notice.message, notice.resolvedArguments(words)), width: width - 4).count + 2
  }

  /// A notice (error or news) as a framed box across `rect`'s width at `row`.
  mutating func notice(_ notice: Notice, words: Words, row: Int, in rect: Rect) {
    let args = notice.resolvedArguments(words)
    let style = notice.kind == .error ? Theme.error : Theme.good
    let lines = TextWidth.wrap(words(notice.message, args), width: rect.width - 4)
    let box = Rect(row: row, column: rect.column, width: rect.width, height: lines.count + 2)
    fill(box)
    frame(box, title: words(notice.title, args), style: style)
    for (offset, line) in lines.enumerated() {
      write(line, row: row + 1 + offset, column: rect.column + 2)
    }
  }
}

/// Wraps text into styled lines for `Canvas.paragraphs`.
func wrapped(_ text: String, width: Int, style: Style = .plain, indent: Int = 0) -> [(String, Style)] {
  let pad = String(repeating: " ", count: indent)
  return TextWidth.wrap(text, width: width - indent).map { (pad + $0, style) }
}

extension Notice {
  /// The placeholder values in the current language.
  func resolvedArguments(_ words: Words) -> [String: String] {
    args.mapValues { argument -> String in
      switch argument {
      case .text(let text): text
      case .key(let key): words(key)
      case .phrase(let key, let arguments): words(key, arguments)
      }
    }
  }
}
