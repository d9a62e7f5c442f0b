import PareaCanvas
import PareaRules

/// A yes/no question that guards something hard to take back; "No" is
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
    /// Mark `seat` out although `earlier` was already marked out in this phase.
    case secondDeath(seat: Int, cause: DeathCause, earlier: Int)
    /// Take back the table's last action, named in the question.
    case undo(TableStep)
    /// Take back the last night of a narrated game from the day after it:
    /// every choice, unseen, and the night is played again.
    case undoNight
    /// Make a claimed spy's guess final (it ends the round, whoever made it).
    case finalGuess(LocationID)
    /// Leave a scored session (Spy) for the menu, forgetting the scores.
    case leaveSession
    /// Show the moderator every role.
    case moderatorRoles
    /// At start, with no working lock on the saved files: play on without
    /// saving anything ("Yes") or quit ("No", the safe answer). `file` is
    /// the lock's path as shown, `reason` and `kind` locale keys
    /// (`store.lock.reason.*`, `store.lock.kind.*`).
    case playWithoutSaving(file: String, reason: String, kind: String?)

    /// Its locale key (`confirm.*`), the stem of its title, message and answers.
    var key: String {
      switch self {
      case .abandonGame: "confirm.abandonGame"
      case .endGame: "confirm.endGame"
      case .discardSavedGame: "confirm.discardSavedGame"
      case .secondDeath: "confirm.secondDeath"
      case .undo: "confirm.undo"
      case .undoNight: "confirm.undoNight"
      case .finalGuess: "confirm.finalGuess"
      case .leaveSession: "confirm.leaveSession"
      case .moderatorRoles: "confirm.moderatorRoles"
      case .playWithoutSaving: "confirm.playWithoutSaving"
      }
    }
  }

  /// What is being asked.
  public var question: Question
  /// Whether "Yes" is highlighted.
  public var yesSelected = false
  /// What "Yes" does: an action, done as a key's would be. A screen's own
  /// reaches the screen that asked while it is on show (a question blocks
  /// every key, so it is), and nothing else: nobody dispatches answers.
  public var yes: Action
  /// What "No" (and Esc) does besides closing the question, if anything.
  public var no: Action?

  /// Asks `question` with "No" highlighted; each answer does its action.
  init(_ question: Question, yes: Action, no: Action? = nil) {
    self.question = question
    self.yes = yes
    self.no = no
  }

  /// "Leave this game?" (Esc on a game in play): yes forgets it and goes home.
  static let abandonGame = Confirmation(.abandonGame, yes: .answered(.abandonGame))
  /// "End the game?" (the table's `e`): yes shows the summary.
  static let endGame = Confirmation(.endGame, yes: .answered(.endGame))

  /// At start, with no working lock on the saved files: yes plays on
  /// without saving, no quits having written nothing.
  public static func playWithoutSaving(file: String, reason: String, kind: String?) -> Confirmation {
    Confirmation(
      .playWithoutSaving(file: file, reason: reason, kind: kind), yes: .answered(.playWithoutSaving(file: file)),
      no: .answered(.quitUnsaved))
  }

  var key: String { question.key }

  /// The question's placeholders in the current language.
  func arguments(_ words: Words) -> [String: String] {
    switch question {
    case .finalGuess(let location): ["location": words.locationName(location)]
    case .playWithoutSaving(let file, let reason, let kind):
      ["file": file, "reason": words(reason, kind.map { ["kind": words($0)] } ?? [:])]
    default: [:]
    }
  }

  /// The question's message, with the names it needs from the table.
  func message(words: Words, table: Table?) -> String {
    switch question {
    case .secondDeath(_, _, let earlier):
      guard let table, table.seats.indices.contains(earlier), let phase = table.phase else { break }
      return words(GameKeys.secondDeath(phase), ["name": table.seats[earlier].name])
    case .undo(let step):
      guard let table else { break }
      return words("confirm.undo.message", ["what": Self.describe(step, table: table, words: words)])
    default: break
    }
    return words(key + ".message", arguments(words))
  }

  /// A table's action in a few words, for "Undo: …?" and "Undone: …".
  /// Names stand as labels or subjects, never addressed: Greek names change
  /// when addressed, and the sentence must hold for any name.
  static func describe(_ step: TableStep, table: Table, words: Words) -> String {
    func name(_ seat: Int) -> String { table.seats.indices.contains(seat) ? table.seats[seat].name : "?" }
    switch step {
    case .died(let seat, let cause):
      return words("undo.what.died", ["name": name(seat), "cause": words(GameKeys.cause(cause))])
    case .taken(let seat):
      return words("undo.what.died", ["name": name(seat), "cause": words("cause.takenByKamikaze")])
    case .phase(let phase, let round):
      return words(GameKeys.phaseUndo(phase), ["round": String(round)])
    case .accused(let accusation):
      return words("undo.what.accused", ["name": name(accusation.target)])
    case .voted(let vote):
      return words("undo.what.voted", ["name": name(vote.target)])
    case .guessed(let guess):
      return words("undo.what.guessed", ["name": name(guess.by), "location": words.locationName(guess.location)])
    case .ended:
      return words("undo.what.ended")
    case .chose:
      return words("undo.what.chose")
    case .tied:
      return words("undo.what.tied")
    case .spared:
      return words("undo.what.spared")
    }
  }

  func action(for key: Key, words: Words) -> Action? {
    if case .character(let character) = key, let yes = Self.answer(typed: character, words: words) {
      return .confirm(yes)
    }
    switch Shortcut(key, viKeys: false) {
    case .left, .right, .tab, .backTab, .up, .down: return .toggleConfirmation
    case .enter, .space: return .confirm(yesSelected)
    case .escape: return .confirm(false)
    default: return nil
    }
  }

  /// What a typed letter answers, if anything. First the letters as typed: the
  /// language's own (`ν`/`ο` in Greek) and the Latin `y`/`n`, which every
  /// language takes (a Greek table often types on a Latin layout). Then the key
  /// under the letter, as every shortcut folds the Greek layout onto the Latin
  /// keys: `o` is `ο`'s key and means No in Greek; `υ` sits on `y` and means
  /// Yes; `ν` in English sits on `n` and means No. A key that would fold onto
  /// both answers means nothing: in Greek the `n` key carries `ν` (Yes) on the
  /// Greek layout and `n` (No) on the Latin one, and the letter typed decides.
  static func answer(typed character: Character, words: Words) -> Bool? {
    let typed = character.lowercased()
    let yes = [words("confirm.yes.key"), words("confirm.yes.latinKey")].map { $0.lowercased() }
    let no = [words("confirm.no.key"), words("confirm.no.latinKey")].map { $0.lowercased() }
    if yes.contains(typed) { return true }
    if no.contains(typed) { return false }
    func folded(_ letter: String) -> Shortcut? {
      letter.count == 1 ? Shortcut(.character(Character(letter)), viKeys: false) : nil
    }
    let key = folded(typed)
    let meansYes = yes.contains { folded($0) == key }
    let meansNo = no.contains { folded($0) == key }
    return meansYes == meansNo ? nil : meansYes
  }

  /// A footer key of several letters: "ν/y" in Greek, "y" in English.
  private static func keys(_ answer: String, words: Words) -> String {
    let shown = words(AppKeys.answerKey(answer, latin: false))
    let latin = words(AppKeys.answerKey(answer, latin: true))
    return shown.lowercased() == latin.lowercased() ? shown : shown + "/" + latin
  }

  func draw(into canvas: inout Canvas, words: Words, table: Table? = nil) {
    let width = 56
    let message = TextWidth.wrap(message(words: words, table: table), width: width - 4)
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
      KeyHint(key: Self.keys("yes", words: words), label: words("key.yes")),
      KeyHint(key: Self.keys("no", words: words), label: words("key.no")),
      KeyHint(key: "←→", label: words("key.move")),
      KeyHint(key: "Enter", label: words("key.choose")),
      KeyHint(key: "Esc", label: words("key.no")),
    ])
  }
}
