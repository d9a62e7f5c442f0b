/// Big block letters for the home screen's title, three rows high.
/// Letters without a glyph make the banner fall back to plain spaced capitals.
enum Banner {
  private static let glyphs: [Character: [String]] = [
    "A": ["▄▀▀▄", "█▀▀█", "▀  ▀"],
    "Α": ["▄▀▀▄", "█▀▀█", "▀  ▀"],
    "E": ["█▀▀▀", "█▀▀ ", "▀▀▀▀"],
    "Ε": ["█▀▀▀", "█▀▀ ", "▀▀▀▀"],
    "P": ["█▀▀▄", "█▀▀ ", "▀   "],
    "Ρ": ["█▀▀▄", "█▀▀ ", "▀   "],
    "R": ["█▀▀▄", "█▀▀▄", "▀  ▀"],
    "Π": ["█▀▀█", "█  █", "▀  ▀"],
  ]

  /// The banner for `word` (already in capitals).
  static func lines(_ word: String) -> [String] {
    let letters = word.compactMap { glyphs[$0] }
    guard letters.count == word.count, !letters.isEmpty else {
      return ["", word.map(String.init).joined(separator: " "), ""]
    }
    return (0..<3).map { row in letters.map { $0[row] }.joined(separator: " ") }
  }
}
