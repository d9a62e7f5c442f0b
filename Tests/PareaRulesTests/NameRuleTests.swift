import PareaRules
import Testing

/// The names rule: one place, asked by the players screen and the store.
@Suite struct NameRuleTests {
  struct Row: CustomTestStringConvertible, Sendable {
    let name: String
    let refusal: NameRefusal?
    var testDescription: String { "\(name) → \(refusal.map { "\($0)" } ?? "taken")" }
  }

  static let rows: [Row] = [
    Row(name: "Νίκος", refusal: nil),
    Row(name: "Ζωή-Μαρία Ο'Νιλ", refusal: nil),
    Row(name: "Ele\u{301}ni", refusal: nil),  // a combining accent
    Row(name: "Αικατερίνη Παπαδοπο", refusal: nil),  // 19 columns
    Row(name: "Αικατερίνη Παπαδοπού", refusal: nil),  // 20 columns
    Row(name: "Αικατερίνη Παπαδοπούλ", refusal: .tooWide),  // 21
    Row(name: "🍕Πίτσα", refusal: .character),
    Row(name: "Anna❤️", refusal: .character),  // emoji by variation selector
    Row(name: "李雷", refusal: .character),  // wide glyphs
    Row(name: "Bob\u{7}", refusal: .character),  // a control
    Row(name: "Ann\u{200B}a", refusal: .character),  // a zero-width space (format)
  ]

  @Test(arguments: rows) func aNameIsTakenOrRefused(_ row: Row) {
    #expect(PlayerName.refusal(row.name) == row.refusal)
  }

  @Test func typingAsksTheSameRule() {
    let nineteen = String(repeating: "x", count: 19)
    #expect(PlayerName.refusal(typing: "ά", into: nineteen) == nil)
    #expect(PlayerName.refusal(typing: "a", into: nineteen + "x") == .tooWide)
    #expect(PlayerName.refusal(typing: "🍕", into: "") == .character)
    #expect(PlayerName.refusal(typing: "\u{301}", into: "Ele") == nil)  // joins the "e"
  }
}
