/// A one-line text field with a cursor: its text, its editing and its drawing.
public struct TextField: Hashable, Sendable {
  /// The text typed so far.
  public var text = ""
  /// The cursor, as a count of characters from the start.
  public var cursor = 0

  /// Creates an empty field.
  public init() {}

  /// Inserts `character` at the cursor and moves the cursor past it.
  public mutating func insert(_ character: Character) {
    // Rebuilt rather than inserted: a combining accent typed on its own joins
    // the letter before it, and the cursor must count what is on screen.
    let before = String(text.prefix(cursor)) + String(character)
    text = before + text.dropFirst(cursor)
    cursor = before.count
  }

  /// Deletes the character before the cursor (Backspace).
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
    cursor -= 1
  }

  /// Deletes the character under the cursor (Delete).
  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    text.remove(at: text.index(text.startIndex, offsetBy: cursor))
  }

  /// Moves the cursor by `step` characters, stopping at either end.
  public mutating func moveCursor(by step: Int) {
    cursor = max(0, min(text.count, cursor + step))
  }

  /// Empties the field.
  public mutating func clear() { self = TextField() }

  /// Draws the field framed by `box` (three rows high) with `title` on its
  /// frame, the text cut to the inside, and the cursor when it has the focus.
  public func draw(into canvas: inout Canvas, in box: Rect, title: String, focused: Bool) {
    canvas.frame(box, title: title, style: focused ? Theme.key : Theme.frame)
    let inside = box.width - 4
    canvas.write(TextWidth.truncate(text, to: inside), row: box.row + 1, column: box.column + 2)
    if focused {
      let before = String(text.prefix(cursor))
      canvas.cursor = (box.row + 1, box.column + 2 + min(TextWidth.of(before), inside))
    }
  }
}
