import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Yes and no by letter, in both languages and both keyboard layouts.
@Suite struct ConfirmationKeyTests {
  /// A typed character, the language on screen, and what it must answer
  /// (nil: nothing happens, the question stays).
  struct Row: CustomTestStringConvertible, Sendable {
    let typed: Character
    let language: Language
    let answer: Bool?
    var testDescription: String { "\(typed) in \(language) → \(answer.map { $0 ? "yes" : "no" } ?? "nothing")" }
  }

  static let rows: [Row] = [
    // English: the letters shown; on a Greek layout the keys under them.
    Row(typed: "y", language: .en, answer: true),
    Row(typed: "Y", language: .en, answer: true),
    Row(typed: "n", language: .en, answer: false),
    Row(typed: "N", language: .en, answer: false),
    Row(typed: "υ", language: .en, answer: true),  // the y key, Greek layout
    Row(typed: "ν", language: .en, answer: false),  // the n key, Greek layout
    Row(typed: "ο", language: .en, answer: nil),
    Row(typed: "o", language: .en, answer: nil),
    Row(typed: "x", language: .en, answer: nil),
    // Greek: ν/ο as shown, and y/n as typed on a Latin layout.
    Row(typed: "ν", language: .el, answer: true),
    Row(typed: "Ν", language: .el, answer: true),
    Row(typed: "ο", language: .el, answer: false),
    Row(typed: "Ο", language: .el, answer: false),
    Row(typed: "y", language: .el, answer: true),
    Row(typed: "υ", language: .el, answer: true),  // the y key, Greek layout
    Row(typed: "n", language: .el, answer: false),  // the key under ν, but Latin: No
    Row(typed: "o", language: .el, answer: false),  // the key under ο, Latin layout
    Row(typed: "ι", language: .el, answer: nil),
    Row(typed: "x", language: .el, answer: nil),
  ]

  static func asked(_ language: Language) -> App {
    var app = GoldenScreenTests.palermoTable(language)
    app.press(.escape)
    return app
  }

  @Test(arguments: rows) func aLetterAnswers(_ row: Row) throws {
    var app = Self.asked(row.language)
    let asked = app.state
    #expect(asked.confirmation == Confirmation.abandonGame)
    app.press(.character(row.typed))
    switch row.answer {
    case nil: #expect(app.state == asked)
    case false?:
      var expected = asked
      expected.confirmation = nil
      #expect(app.state == expected)
    case true?:
      #expect(app.state.confirmation == nil)
      #expect(app.state.table == nil)
      #expect(app.state.screen == .home(HomeScreen(selection: 0)))
    }
  }

  @Test(arguments: GoldenScreenTests.languages) func enterTakesTheHighlightAndEscapeSaysNo(_ language: Language) {
    var app = Self.asked(language)
    let asked = app.state
    var declined = asked
    declined.confirmation = nil
    app.press(.enter)  // "No" is highlighted first
    #expect(app.state == declined)
    app.press(.escape)
    app.press(.escape)
    #expect(app.state == declined)
    app.press(.escape, .right)
    #expect(app.state.confirmation?.yesSelected == true)
    app.press(.escape)  // Esc is No even with Yes highlighted
    #expect(app.state == declined)
    app.press(.escape, .right, .enter)
    #expect(app.state.table == nil)
  }
}
