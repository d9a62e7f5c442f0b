import PareaCanvas
import PareaRules

/// A player marked out answers in private whether that is true (Killer: a
/// wink takes out citizens only): "pass the laptop to ANNA", then the
/// answer, the same screen for every role but for its words. A page of its
/// own over the table; refusing the death on the shared screen would tell
/// the table who holds a role the cause cannot take out.
public struct OutAnswerScreen: Hashable, Sendable {
  /// Where the answer stands.
  public enum Stage: Hashable, Sendable {
    /// "Pass the laptop to ANNA" (deaf for a moment when it appears: `KeyGuard`).
    case handOff
    /// The player's private answer.
    case answering
    /// Answered: "hand the laptop back to the table", the same words
    /// whatever the answer was (deaf for a moment when it appears: `KeyGuard`).
    case handBack
  }

  /// The player marked out.
  public var seat: Int
  /// What they were marked out of.
  public var cause: DeathCause
  /// Where the answer stands.
  public var stage: Stage
  /// The table's page to go back to, as it was.
  public var table: TableScreen

  /// The hand-off to `seat`, over `table`.
  public init(seat: Int, cause: DeathCause, stage: Stage = .handOff, table: TableScreen = TableScreen()) {
    self.seat = seat
    self.cause = cause
    self.stage = stage
    self.table = table
  }
}

/// What the player marked out can do.
public enum OutAnswerAction: Hashable, Sendable {
  /// From the hand-off to the question.
  case proceed
  /// The answer: out (true) or not.
  case answer(Bool)
  /// Back to the table from the hand-off, nothing recorded.
  case cancel
}

extension OutAnswerScreen: Feature {
  /// Only the answer is the player's: the hand-off and the hand-back are the table's.
  func audience(in state: AppState) -> Audience {
    switch stage {
    case .handOff, .handBack: .table
    case .answering: .player
    }
  }

  func guardedMoment(in state: AppState) -> GuardedMoment? {
    switch stage {
    case .handOff: .privateHandOff(seat: seat)
    case .answering: .privateAnswer(seat: seat)
    case .handBack: .handBack(seat: seat)
    }
  }

  /// Passing the laptop, the answer (Enter: out; Esc: not out), passing it back.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    switch stage {
    case .handOff:
      return TableScreen.passingCommands(handBack: false, proceed: .outAnswer(.proceed), cancel: .outAnswer(.cancel))
    case .handBack:
      return TableScreen.passingCommands(handBack: true, proceed: .outAnswer(.proceed), cancel: .outAnswer(.cancel))
    case .answering:
      return [
        .shown("Enter", "key.out.yes", [(.enter, .outAnswer(.answer(true)))]),
        .shown("Esc", "key.out.no", [(.escape, .outAnswer(.answer(false)))]),
      ]
    }
  }

  mutating func reduce(_ action: OutAnswerAction, in context: ScreenContext) -> Outcome {
    switch action {
    case .cancel:
      guard stage == .handOff else { return .stay }
      return .go(.table(table))
    case .proceed:
      switch stage {
      case .handOff:
        stage = .answering
        return .stay(effects: [.redrawAll])
      case .handBack:
        return TableScreen.handedBack(table, in: context)
      case .answering:
        return .stay
      }
    case .answer(let out):
      guard stage == .answering, var draft = SessionDraft(context.session) else { return .stay }
      var page = table
      let outcome = page.answerOut(out, seat: seat, cause: cause, &draft, in: context)
      // Whatever the answer did (nothing, a death, the game's end), the
      // player hands the laptop back first: the table sees it together.
      table = page
      stage = .handBack
      return outcome.after(draft.changes).handingBack()
    }
  }

  func back(in context: ScreenContext) -> Outcome {
    stage == .handBack ? .stay : .go(.table(table))
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    let words = context.words
    guard let table = context.table, table.seats.indices.contains(seat) else { return }
    switch stage {
    case .handOff:
      TableScreen.drawHandOff(
        into: &canvas, name: table.seats[seat].name, game: table.game, words: words, privacy: "table.outHandOff.privacy")
    case .handBack:
      TableScreen.drawHandBack(into: &canvas, game: table.game, words: words)
    case .answering:
      let player = table.seats[seat]
      let (card, inner) = RoleCard.frame(for: player, table: table, into: &canvas, words: words)
      canvas.center(words("table.out.question"), row: inner.row + 1, in: card, style: Theme.title)
      let canDie = table.rules.role(player.role)?.canDie(of: cause) != false
      let texts = [words("table.out.canDie"), words("table.out.cannotDie")]
      let rows = texts.map { TextWidth.wrap($0, width: inner.width).count }.max() ?? 1
      for (offset, line) in RoleCard.block(texts[canDie ? 0 : 1], rows: rows, width: inner.width).enumerated() {
        canvas.write(line, row: inner.row + 3 + offset, column: inner.column)
      }
    }
    canvas.footer(commands(in: context.state, words: context.words), words: words)
  }
}
