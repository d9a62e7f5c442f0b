/// Big block letters for the home screen's title, three rows high.
/// Letters without a glyph make the banner fall back to plain spaced capitals.
enum Banner {
  /// The glyph of a capital, or nil. A switch, not a dictionary: the banner
  /// is on the first frame, and a dictionary of characters costs hashing to build.
  private static func glyph(_ letter: Character) -> [String]? {
    switch letter {
    case "A", "Α": ["▄▀▀▄", "█▀▀█", "▀  ▀"]
    case "E", "Ε": ["█▀▀▀", "█▀▀ ", "▀▀▀▀"]
    case "P", "Ρ": ["█▀▀▄", "█▀▀ ", "▀   "]
    case "R": ["█▀▀▄", "█▀▀▄", "▀  ▀"]
    case "Π": ["█▀▀█", "█  █", "▀  ▀"]
    default: nil
    }
  }

  /// The banner for `word` (already in capitals).
  static func lines(_ word: String) -> [String] {
    let letters = word.compactMap(glyph)
    guard letters.count == word.count, !letters.isEmpty else {
      return ["", word.map(String.init).joined(separator: " "), ""]
    }
    // Joined by hand: `joined(separator:)` looks up a generic witness at run
    // time, and this is on the first frame.
    return (0..<3).map { row in
      var line = ""
      for (index, letter) in letters.enumerated() {
        if index > 0 { line += " " }
        line += letter[row]
      }
      return line
    }
  }
}
