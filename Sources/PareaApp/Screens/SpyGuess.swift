import PareaCanvas
import PareaRules

/// A claimed spy's guess, in private: "pass the laptop to ANNA", then the
/// locations to choose from and the final question. A page of its own over
/// the table; the same screens whether or not the claimant is a spy, and only
/// the final guess, which ends the round, is judged.
public struct SpyGuessScreen: Hashable, Sendable {
  /// Where the guess stands.
  public enum Stage: Hashable, Sendable {
    /// "Pass the laptop to ANNA" (deaf for a moment when it appears: `KeyGuard`).
    case handOff
    /// The claimant chooses a location (the highlighted one).
    case choosing(selection: Int)
    /// The guess is made: "hand the laptop back to the table", the same
    /// words whatever it was (deaf for a moment when it appears: `KeyGuard`).
    case handBack
  }

  /// The player who claims to be a spy.
  public var by: Int
  /// Where the guess stands.
  public var stage: Stage
  /// The table's page to go back to, as it was.
  public var table: TableScreen

  /// The hand-off to `by`, over `table`.
  public init(by: Int, stage: Stage = .handOff, table: TableScreen = TableScreen()) {
    self.by = by
    self.stage = stage
    self.table = table
  }
}

/// What the claimant can do.
public enum SpyGuessAction: Hashable, Sendable {
  /// Move the highlight over the locations, by one (or a page).
  case move(Int)
  /// Move the highlight a column left (-1) or right (1).
  case moveColumn(Int)
  /// Go on: from the hand-off to the list; on the list, ask the final question.
  case proceed
  /// Back to the table, nothing recorded.
  case cancel
  /// The final guess confirmed ("yes" to the question).
  case guess(LocationID)
}

extension SpyGuessScreen: Feature {
  /// Only the choosing is the claimed spy's: the hand-off and the hand-back are the table's.
  func audience(in state: AppState) -> Audience {
    switch stage {
    case .handOff, .handBack: .table
    case .choosing: .player
    }
  }

  func guardedMoment(in state: AppState) -> GuardedMoment? {
    switch stage {
    case .handOff: .privateHandOff(seat: by)
    case .handBack: .handBack(seat: by)
    case .choosing: nil
    }
  }

  /// Passing the laptop, then the locations to guess from (a column left
  /// or right, a page up or down), then passing it back.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    switch stage {
    case .handOff:
      return TableScreen.passingCommands(handBack: false, proceed: .spyGuess(.proceed), cancel: .spyGuess(.cancel))
    case .handBack:
      return TableScreen.passingCommands(handBack: true, proceed: .spyGuess(.proceed), cancel: .spyGuess(.cancel))
    case .choosing:
      return [
        .shown(
          "↑↓←→", "key.move",
          [
            (.up, .spyGuess(.move(-1))), (.down, .spyGuess(.move(1))), (.left, .spyGuess(.moveColumn(-1))),
            (.right, .spyGuess(.moveColumn(1))),
          ]),
        .shown("Enter", "key.guess", [(.enter, .spyGuess(.proceed))]),
        .shown("Esc", "key.cancel", [(.escape, .spyGuess(.cancel))]),
        .hidden(.alias, [(.pageUp, .spyGuess(.move(-10))), (.pageDown, .spyGuess(.move(10)))]),
      ]
    }
  }

  mutating func reduce(_ action: SpyGuessAction, in context: ScreenContext) -> Outcome {
    let locations = context.state.inPlay(context.locations)
    switch (action, stage) {
    case (.proceed, .handBack):
      return TableScreen.handedBack(table, in: context)
    case (_, .handBack):
      return .stay
    case (.cancel, _):
      return .go(.table(table))
    case (.proceed, .handOff):
      stage = .choosing(selection: 0)
      return .stay(effects: [.redrawAll])
    case (.proceed, .choosing(let selection)):
      guard !locations.isEmpty else { return .stay }
      // Asked the same way whoever holds the laptop; "yes" is `guess`.
      let location = locations[max(0, min(locations.count - 1, selection))].id
      return .ask(Confirmation(.finalGuess(location), yes: .spyGuess(.guess(location))))
    case (.guess(let location), .choosing):
      return guess(location, in: context)
    case (.guess, _):
      return .stay
    case (.move(let step), .choosing(let selection)):
      stage = .choosing(selection: max(0, min(locations.count - 1, selection + step)))
      return .stay
    case (.moveColumn(let step), .choosing(let selection)):
      let rows = ColumnGrid.rows(locations.count)
      stage = .choosing(selection: max(0, min(locations.count - 1, selection + step * rows)))
      return .stay
    case (.move, .handOff), (.moveColumn, .handOff):
      return .stay
    }
  }

  /// The final guess, confirmed: recorded and judged by the rules, which end
  /// the round whoever made it (a local's claim is a false one). The
  /// claimant then hands the laptop back: nothing of the verdict is drawn
  /// on this private screen (the table sees it together, `SummaryScreen`'s gate).
  private mutating func guess(_ location: LocationID, in context: ScreenContext) -> Outcome {
    var page = table
    let outcome = page.makeGuess(location, by: by, in: context)
    table = page
    stage = .handBack
    return outcome.handingBack()
  }

  func back(in context: ScreenContext) -> Outcome {
    stage == .handBack ? .stay : .go(.table(table))
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    let state = context.state
    guard let table = state.table, table.seats.indices.contains(by) else { return }
    switch stage {
    case .handOff:
      TableScreen.drawHandOff(into: &canvas, name: table.seats[by].name, game: table.game, words: context.words)
    case .handBack:
      TableScreen.drawHandBack(into: &canvas, game: table.game, words: context.words)
    case .choosing(let selection):
      TableScreen.drawLocations(
        into: &canvas, state: state, words: context.words, locations: state.inPlay(context.locations),
        selection: selection, scroll: 0, guesser: by)
    }
    canvas.footer(commands(in: state, words: context.words), words: context.words)
  }
}
