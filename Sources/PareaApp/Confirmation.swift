import PareaRules

/// A yes/no question that guards something that cannot be undone; "No" is
/// highlighted first, so a stray Enter never loses a game.
public struct Confirmation: Hashable, Sendable {
  /// What is being asked.
  public enum Question: Hashable, Sendable {
    /// Abandon the game being dealt or played and go home.
    case abandonGame
    /// End the game and see the summary.
    case endGame
    /// Discard the saved game on the home screen.
    case discardSavedGame
    /// Make a claimed spy's guess final (it ends the round, whoever made it).
    case finalGuess(LocationID)
    /// Leave a scored session (Spy) for the menu, forgetting the scores.
    case leaveSession
  }
  /// What is being asked.
  public var question: Question
  /// Whether "Yes" is highlighted.
  public var yesSelected = false

  /// Asks a question with "No" highlighted.
  public init(_ question: Question) { self.question = question }

  var key: String {
    switch question {
    case .abandonGame: "confirm.abandonGame"
    case .endGame: "confirm.endGame"
    case .discardSavedGame: "confirm.discardSavedGame"
    case .finalGuess: "confirm.finalGuess"
    case .leaveSession: "confirm.leaveSession"
    }
  }

  /// The question's placeholders in the current language.
  func arguments(_ words: Words) -> [String: String] {
    switch question {
    case .finalGuess(let location): ["location": words.locationName(location)]
    default: [:]
    }
  }

  func action(for key: Key, words: Words) -> Action? {
    if case .character(let character) = key {
      let typed = character.lowercased()
      if typed == words("confirm.yes.key").lowercased() { return .confirm(true) }
      if typed == words("confirm.no.key").lowercased() { return .confirm(false) }
    }
    switch Shortcut(key, viKeys: false) {
    case .left, .right, .tab, .backTab, .up, .down: return .toggleConfirmation
    case .enter, .space: return .confirm(yesSelected)
    case .escape: return .confirm(false)
    default: return nil
    }
  }

  func draw(into canvas: inout Canvas, words: Words) {
    let width = 56
    let message = TextWidth.wrap(words(key + ".message", arguments(words)), width: width - 4)
    let height = message.count + 6
    let box = Rect(
      row: (canvas.height - height) / 2, column: (canvas.width - width) / 2, width: width,
      height: height)
    // Everything between the header and the footer is cleared: a dimmed screen
    // behind looks the same as a lit one on many terminals, and words cut by the
    // box would read as part of the question. The header still says where we are.
    canvas.fill(Rect(row: 1, column: 0, width: canvas.width, height: canvas.height - 2))
    canvas.frame(box, title: words(key + ".title", arguments(words)), style: Theme.accent)
    for (offset, line) in message.enumerated() {
      canvas.write(line, row: box.row + 2 + offset, column: box.column + 2)
    }
    let yes = " " + words("confirm.yes.key") + "  " + words("confirm.yes") + " "
    let no = " " + words("confirm.no.key") + "  " + words("confirm.no") + " "
    let row = box.bottom - 2
    let total = TextWidth.of(yes) + TextWidth.of(no) + 4
    let start = box.column + (width - total) / 2
    let yesWidth = canvas.write(
      yes, row: row, column: start, style: yesSelected ? Theme.selected : Theme.normal)
    canvas.write(
      no, row: row, column: start + yesWidth + 4, style: yesSelected ? Theme.normal : Theme.selected)
    // The keys `action(for:words:)` answers, not those of the screen behind.
    canvas.footer([
      KeyHint(key: words("confirm.yes.key"), label: words("key.yes")),
      KeyHint(key: words("confirm.no.key"), label: words("key.no")),
      KeyHint(key: "←→", label: words("key.move")),
      KeyHint(key: "Enter", label: words("key.choose")),
      KeyHint(key: "Esc", label: words("key.no")),
    ])
  }
}
