import PareaCanvas
import PareaRules

/// A player's role shown again at the table, in private: "Are you ANNA?",
/// the countdown when the house rule asks for one, then the card. A page of
/// its own over the table (or the narrator's day), which it goes back to as it was.
public struct LookAgainScreen: Hashable, Sendable {
  /// Where the look stands.
  public enum Stage: Hashable, Sendable {
    /// "Are you ANNA?" (deaf for a moment when it appears: `KeyGuard`).
    case asking
    /// The house rule's countdown before the card.
    case countdown(RevealCountdown)
    /// The card, in private.
    case showing
  }

  /// The player who looks.
  public var seat: Int
  /// Where the look stands.
  public var stage: Stage
  /// The page to go back to, as it was.
  public var beneath: TableBeneath
  /// With phones on: whether the card is shown here instead of the player's
  /// phone code (which is how a player joins late, or gets a new link).
  public var cardOnLaptop = false

  /// "Are you …?" for `seat`, over `beneath`.
  public init(seat: Int, stage: Stage = .asking, beneath: TableBeneath) {
    self.seat = seat
    self.stage = stage
    self.beneath = beneath
  }

  /// "Are you …?" for `seat`, over the manual table's page `table`.
  public init(seat: Int, stage: Stage = .asking, table: TableScreen = TableScreen()) {
    self.init(seat: seat, stage: stage, beneath: .table(table))
  }
}

/// What the player can do while looking again.
public enum LookAgainAction: Hashable, Sendable {
  /// "Yes, it is me": the card (after the countdown, under that house rule).
  case show
  /// The card is hidden: back to the table.
  case hide
  /// Not me, or not now: back to the table.
  case cancel
  /// With phones on: the card here, or back to the player's phone code.
  case switchView
  /// With phones on: a new link for this player (the old one stops working).
  case newLink
}

extension LookAgainScreen: Feature {
  /// "Are you ANNA?" and the countdown are the table's; the role shown again, its player's.
  func audience(in state: AppState) -> Audience {
    switch stage {
    case .asking, .countdown: .table
    case .showing: .player
    }
  }

  /// "Are you ANNA?": its yes shows a role.
  func guardedMoment(in state: AppState) -> GuardedMoment? {
    switch stage {
    case .asking: .identity(seat: seat)
    case .countdown, .showing: nil
    }
  }

  /// "Are you ANNA?": Enter shows the role, Esc cancels (or stops the
  /// countdown); the role: as at the reveal.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    switch stage {
    case .asking:
      return [.shown("Enter", "key.showRole", [(.enter, .lookAgain(.show))]), .shown("Esc", "key.cancel", [(.escape, .lookAgain(.cancel))])]
    case .countdown:
      return [.shown("Esc", "key.stopCountdown", [(.escape, .lookAgain(.cancel))])]
    case .showing:
      return RevealScreen.commands(
        phone: RevealScreen.offersPhone(state), code: RevealScreen.offersPhone(state) && !cardOnLaptop,
        hide: .lookAgain(.hide), switchView: .lookAgain(.switchView), newLink: .lookAgain(.newLink))
    }
  }

  mutating func reduce(_ action: LookAgainAction, in context: ScreenContext) -> Outcome {
    switch action {
    case .show:
      guard stage == .asking else { return .stay }
      if context.state.houseRules.revealCountdown {
        stage = .countdown(RevealCountdown())
        return .stay
      }
      return show()
    case .hide:
      return .go(beneath.screen, effects: [.redrawAll])
    case .cancel:
      return .go(beneath.screen)
    case .switchView:
      guard stage == .showing else { return .stay }
      cardOnLaptop.toggle()
      return .stay(effects: [.redrawAll])
    case .newLink:
      guard stage == .showing else { return .stay }
      return .stay(effects: [.renewPhoneLink(seat: seat)])
    }
  }

  /// The countdown steps; at its end, the card.
  mutating func tick(now: Int64, in context: ScreenContext) -> Outcome {
    guard case .countdown(var countdown) = stage else { return .stay }
    let done = countdown.step(now: now)
    stage = .countdown(countdown)
    return done ? show() : .stay
  }

  private mutating func show() -> Outcome {
    stage = .showing
    return .stay([.session(.look(seat: seat))], effects: [.saveGame, .redrawAll])
  }

  func back(in context: ScreenContext) -> Outcome { .go(beneath.screen, effects: [.redrawAll]) }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    let state = context.state
    let words = context.words
    guard let table = state.table, table.seats.indices.contains(seat) else { return }
    if stage == .showing {
      // With phones on, the player's own code first, as at the reveal.
      var reveal = RevealScreen(seat: seat)
      reveal.cardOnLaptop = cardOnLaptop
      reveal.drawPage(into: &canvas, state: state, words: words)
      canvas.footer(commands(in: state, words: words), words: words)
      return
    }
    // Only the question: the next screen is private.
    canvas.header(words, title: words.gameName(table.game))
    let bounds = canvas.bounds
    canvas.center(words("table.areYou", ["name": words.upper(table.seats[seat].name)]), row: 10, in: bounds, style: Theme.title)
    if case .countdown(let countdown) = stage {
      canvas.center(words("handOff.countdown", ["seconds": String(countdown.seconds)]), row: 12, in: bounds, style: Theme.title)
      canvas.footer(commands(in: state, words: words), words: words)
    } else if state.keyGuard != nil {
      canvas.center(words("table.areYouHint"), row: 12, in: bounds, style: Theme.dim)
      canvas.center(words("table.areYouWait"), row: 14, in: bounds, style: Theme.dim)  // the footer says why
    } else {
      canvas.center(words("table.areYouHint"), row: 12, in: bounds, style: Theme.dim)
      canvas.footer(commands(in: state, words: words), words: words)
    }
  }
}
