import PareaCanvas

/// A key as a command: letters folded to lower case, the Greek keyboard layout
/// folded onto the Latin keys under it (so `σ` works where `s` is shown), and
/// vi's j/k as down/up.
enum Shortcut: Equatable {
  case up, down, left, right, enter, escape, space, backspace, delete, tab, backTab
  case home, end, pageUp, pageDown
  case letter(Character)
  case other

  /// The Latin key under each letter of the standard Greek layout (a
  /// switch: a dictionary of characters would cost hashing to build on the
  /// first key press).
  private static func latin(under letter: Character) -> Character? {
    switch letter {
    case ";": "q"
    case "ς": "w"
    case "ε": "e"
    case "ρ": "r"
    case "τ": "t"
    case "υ": "y"
    case "θ": "u"
    case "ι": "i"
    case "ο": "o"
    case "π": "p"
    case "α": "a"
    case "σ": "s"
    case "δ": "d"
    case "φ": "f"
    case "γ": "g"
    case "η": "h"
    case "ξ": "j"
    case "κ": "k"
    case "λ": "l"
    case "ζ": "z"
    case "χ": "x"
    case "ψ": "c"
    case "ω": "v"
    case "β": "b"
    case "ν": "n"
    case "μ": "m"
    default: nil
    }
  }

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
      let latin = Self.latin(under: lower) ?? lower
      switch (latin, viKeys) {
      case ("j", true): self = .down
      case ("k", true): self = .up
      default: self = .letter(latin)
      }
    }
  }
}
