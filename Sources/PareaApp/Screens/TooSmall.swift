import PareaCanvas

/// Shown instead of any screen while the terminal is smaller than 80×24.
enum TooSmallView {
  static func draw(into canvas: inout Canvas, words: Words, size: Size) {
    let lines = TextWidth.wrap(
      words("tooSmall.message", [
        "width": String(AppState.minimumWidth), "height": String(AppState.minimumHeight),
        "currentWidth": String(size.width), "currentHeight": String(size.height),
      ]), width: max(1, canvas.width - 2))
    let top = max(0, (canvas.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      canvas.center(line, row: top + offset, in: canvas.bounds, style: Style(bold: true))
    }
  }
}
