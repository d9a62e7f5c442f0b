import PareaCanvas
import PareaRules

/// "Pass the laptop to ANNA": nothing of the game is on this screen.
public struct HandOffScreen: Hashable, Sendable {
  /// The seat whose turn it is.
  public var seat: Int
  /// While set, the role appears when it runs out.
  public var countdown: RevealCountdown?

  /// The hand-off for `seat` (deaf to keys for a moment when it appears: `KeyGuard`).
  public init(seat: Int) {
    self.seat = seat
  }

  /// Enter shows the role, i the rules (while the laptop waits to be
  /// passed), Esc leaves; once a countdown to a role has started, Esc alone
  /// stops it.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    if countdown != nil { return [.shown("Esc", "key.stopCountdown", [(.escape, .back)])] }
    return [
      .shown("Enter", "key.showRole", [(.enter, .reveal)]),
      .shown("i", "key.rules", [(.letter("i"), .openRules)]),
      .shown("Esc", "key.leaveGame", [(.escape, .back)]),
    ]
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table, table.seats.indices.contains(seat) else { return }
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(table.game), right: words("handOff.progress", [
      "number": String(seat + 1), "count": String(table.seats.count),
    ]))
    let name = words.upper(table.seats[seat].name)
    canvas.center(words("handOff.passTo"), row: 7, in: bounds)
    let nameBox = Rect(row: 9, column: (bounds.width - 44) / 2, width: 44, height: 3)
    canvas.frame(nameBox, style: Theme.accent)
    canvas.center(name, row: 10, in: nameBox, style: Theme.title)
    canvas.center(words("handOff.privacy", ["name": table.seats[seat].name]), row: 14, in: bounds, style: Theme.dim)
    if let countdown {
      canvas.center(words("handOff.countdown", ["seconds": String(countdown.seconds)]), row: 16, in: bounds, style: Theme.title)
      canvas.footer(commands(in: state, words: words), words: words)
    } else if state.keyGuard != nil {
      canvas.center(words("handOff.wait"), row: 16, in: bounds, style: Theme.dim)  // the footer says why (`AppState.render`)
    } else {
      canvas.center(words("handOff.ready", ["name": table.seats[seat].name]), row: 16, in: bounds)
      canvas.footer(commands(in: state, words: words), words: words)
    }
  }
}

/// What the hand-off does.
public enum HandOffAction: Hashable, Sendable {
  /// Show the role to the player holding the laptop (after the countdown,
  /// when the house rule asks for one).
  case reveal
}

extension HandOffScreen: Feature {
  /// The hand-off names whose turn it is, for everyone; its next key shows the role.
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { .handOff(seat: seat) }

  mutating func reduce(_ action: HandOffAction, in context: ScreenContext) -> Outcome {
    guard context.table != nil else { return .stay }
    if context.state.houseRules.revealCountdown {
      if countdown == nil { countdown = RevealCountdown() }
      return .stay
    }
    return reveal()
  }

  /// The clock moved on: a running countdown steps, and shows the role when it runs out.
  mutating func tick(now: Int64, in context: ScreenContext) -> Outcome {
    guard var running = countdown else { return .stay }
    let done = running.step(now: now)
    countdown = running
    return done && context.table != nil ? reveal() : .stay
  }

  /// The role, recorded as seen.
  private func reveal() -> Outcome {
    .go(.reveal(RevealScreen(seat: seat)), [.session(.look(seat: seat))], effects: [.saveGame, .redrawAll])
  }


  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome {
    guard countdown != nil else { return .ask(.abandonGame) }
    // Esc stops the countdown; the role stays hidden.
    var page = self
    page.countdown = nil
    return .go(.handOff(page))
  }
}
