import PareaCanvas
import Testing

/// The text field: editing at the cursor, counted in characters as drawn,
/// and drawing cut to its frame with the cursor where the next key lands.
@Suite struct TextFieldTests {
  @Test func editsAtTheCursor() {
    var field = TextField()
    for character in "Ana" { field.insert(character) }
    field.moveCursor(by: -2)
    field.insert("n")
    #expect(field.text == "Anna")
    #expect(field.cursor == 2)
    field.deleteBackward()
    field.deleteForward()
    #expect(field.text == "Aa")
    #expect(field.cursor == 1)
    field.moveCursor(by: -1000)
    field.deleteBackward()  // nothing before the cursor
    #expect(field.text == "Aa")
    field.moveCursor(by: 1000)
    field.deleteForward()  // nothing under the cursor
    #expect(field.text == "Aa")
    #expect(field.cursor == 2)
    field.clear()
    #expect(field == TextField())
  }

  @Test func aCombiningAccentJoinsTheLetterBeforeIt() {
    var field = TextField()
    for character in "Ele" { field.insert(character) }
    field.insert("\u{301}")
    #expect(field.text == "Ele\u{301}")
    #expect(field.text.count == 3)
    #expect(field.cursor == 3)
  }

  @Test func drawsInsideItsFrameWithTheCursor() {
    var field = TextField()
    for character in "Ελένη Παπαδοπούλου" { field.insert(character) }
    field.moveCursor(by: -13)
    var canvas = Canvas(width: 14, height: 3)
    field.draw(into: &canvas, in: Rect(row: 0, column: 0, width: 14, height: 3), title: "Name", focused: true)
    #expect(canvas.lines == ["┌─ Name ─────┐", "│ Ελένη Παπ… │", "└────────────┘"])
    #expect(canvas.cursor?.row == 1)
    #expect(canvas.cursor?.column == 7)  // after "Ελένη"
    #expect(canvas[0, 0].style == Theme.key)

    var unfocused = Canvas(width: 14, height: 3)
    field.draw(into: &unfocused, in: Rect(row: 0, column: 0, width: 14, height: 3), title: "Name", focused: false)
    #expect(unfocused.cursor == nil)
    #expect(unfocused[0, 0].style == Theme.frame)
  }
}
