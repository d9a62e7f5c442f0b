/// A key as a command: letters folded to lower case, the Greek keyboard layout
/// folded onto the Latin keys under it (so `σ` works where `s` is shown), and
/// vi's j/k as down/up.
enum Shortcut: Equatable {
  case up, down, left, right, enter, escape, space, backspace, delete, tab, backTab
  case home, end, pageUp, pageDown
  case letter(Character)
  case other

  /// The Latin key under each letter of the standard Greek layout.
  private static let greekLayout: [Character: Character] = [
    ";": "q", "ς": "w", "ε": "e", "ρ": "r", "τ": "t", "υ": "y", "θ": "u", "ι": "i",
    "ο": "o", "π": "p", "α": "a", "σ": "s", "δ": "d", "φ": "f", "γ": "g", "η": "h",
    "ξ": "j", "κ": "k", "λ": "l", "ζ": "z", "χ": "x", "ψ": "c", "ω": "v", "β": "b",
    "ν": "n", "μ": "m",
  ]

  init(_ key: Key, viKeys: Bool = true) {
    switch key {
    case .up: self = .up
    case .down: self = .down
    case .left: self = .left
    case .right: self = .right
    case .enter: self = .enter
    case .escape: self = .escape
    case .backspace: self = .backspace
    case .delete: self = .delete
    case .tab: self = .tab
    case .backTab: self = .backTab
    case .home: self = .home
    case .end: self = .end
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .control: self = .other
    case .character(" "): self = .space
    case .character(let character):
      let lower = Character(character.lowercased())
      let latin = Self.greekLayout[lower] ?? lower
      switch (latin, viKeys) {
      case ("j", true): self = .down
      case ("k", true): self = .up
      default: self = .letter(latin)
      }
    }
  }
}
