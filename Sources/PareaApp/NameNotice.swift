import PareaRules

extension Notice {
  /// What the players screen says when it does not take a character.
  static func name(_ refusal: NameRefusal) -> Notice {
    switch refusal {
    case .character:
      Notice(kind: .error, title: "error.nameCharacter.title", message: "error.nameCharacter.message")
    case .tooWide:
      Notice(
        kind: .error, title: "error.nameTooLong.title", message: "error.nameTooLong.message",
        args: ["max": .text(String(PlayerName.maxWidth))])
    }
  }

  /// Whether this is a refused character's notice, which stays while the
  /// user goes on typing: otherwise the next key would hide it, and a pasted
  /// "🍕Πίτσα" would turn into "Πίτσα" without a word.
  var isNameRefusal: Bool { self == .name(.character) || self == .name(.tooWide) }
}
