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

  func action(for key: Key) -> Action? {
    // Only the keys the footer names: Enter shows the role, i the rules, Esc
    // leaves (or stops the countdown).
    switch Shortcut(key) {
    case .enter where countdown == nil: return .reveal
    // The rules, while the laptop waits to be passed (not once a countdown
    // to a role has started).
    case .letter("i") where countdown == nil: return .openRules
    case .escape: return .back
    default: return nil
    }
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
      canvas.footer([KeyHint(key: "Esc", label: words("key.stopCountdown"))])
    } else if state.keyGuard != nil {
      canvas.center(words("handOff.wait"), row: 16, in: bounds, style: Theme.dim)  // the footer says why (`AppState.render`)
    } else {
      canvas.center(words("handOff.ready", ["name": table.seats[seat].name]), row: 16, in: bounds)
      canvas.footer([
        KeyHint(key: "Enter", label: words("key.showRole")),
        KeyHint(key: "i", label: words("key.rules")),
        KeyHint(key: "Esc", label: words("key.leaveGame")),
      ])
    }
  }
}

extension AppState {
  /// The hand-off's key: show the role to the player holding the laptop
  /// (after the countdown, when the house rule asks for one).
  mutating func revealCurrent(afterCountdown: Bool) -> [Effect] {
    guard case .handOff(var handOff) = screen, table != nil else { return [] }
    if houseRules.revealCountdown && !afterCountdown {
      if handOff.countdown == nil {
        handOff.countdown = RevealCountdown()
        screen = .handOff(handOff)
      }
      return []
    }
    try? table?.recordLook(at: handOff.seat)
    screen = .reveal(RevealScreen(seat: handOff.seat))
    return [.saveGame, .redrawAll]
  }

  /// The clock moved on: a running reveal countdown steps (showing the role when it runs out).
  mutating func tickCountdowns(now: Int64) -> [Effect] {
    switch screen {
    case .handOff(var page):
      if var countdown = page.countdown {
        let done = countdown.step(now: now)
        page.countdown = countdown
        screen = .handOff(page)
        if done { return revealCurrent(afterCountdown: true) }
      }
      screen = .handOff(page)
    case .table(var page):
      if case .countdown(let seat, var countdown) = page.mode {
        let done = countdown.step(now: now)
        page.mode = .countdown(seat: seat, countdown)
        screen = .table(page)
        if done { return revealAgain(afterCountdown: true) }
      }
      screen = .table(page)
    default: break
    }
    return []
  }
}

extension HandOffScreen: Page {
  func action(for key: Key, in context: ScreenContext) -> Action? { action(for: key) }

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
