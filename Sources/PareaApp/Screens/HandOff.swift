import PareaCanvas
import PareaRules

/// A pause after which a screen that leads to a role starts to answer keys.
///
/// A role is hidden with a key, and the very next screen (the next player's
/// hand-off, or "Are you ANNA?") is one key away from another role. A double
/// press or a held key would reach it before the laptop has changed hands,
/// so that screen ignores keys until none has come for `quietMilliseconds`;
/// every key that comes earlier starts the wait again (a held key never gets
/// through, however long it is held).
public struct KeyPause: Hashable, Sendable {
  /// How long keys must stop before the screen answers them (DECISIONS.md:
  /// longer than a double press or a key's auto-repeat gap, shorter than
  /// handing a laptop across a table).
  public static let quietMilliseconds: Int64 = 1000
  /// The clock reading when the screen appeared or a key last came.
  public var since: Int64

  /// A pause that started at `since`.
  public init(since: Int64) { self.since = since }

  /// Whether the keys have been quiet long enough at `now`.
  func isOver(at now: Int64) -> Bool { now - since >= Self.quietMilliseconds }
}

/// "Pass the laptop to ANNA": nothing of the game is on this screen.
public struct HandOffScreen: Hashable, Sendable {
  /// The seat whose turn it is.
  public var seat: Int
  /// While set, keys are ignored (see `KeyPause`).
  public var pause: KeyPause?
  /// While set, the role appears when it runs out.
  public var countdown: RevealCountdown?

  /// The hand-off for `seat`, deaf to keys until they have been quiet for a
  /// moment after `pausedAt` (nil: it answers at once).
  public init(seat: Int, pausedAt: Int64? = nil) {
    self.seat = seat
    self.pause = pausedAt.map(KeyPause.init(since:))
  }

  func action(for key: Key) -> Action? {
    // Every key while paused restarts the pause, whatever it is.
    if pause != nil { return .tooSoon }
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
    } else if pause != nil {
      canvas.center(words("handOff.wait"), row: 16, in: bounds, style: Theme.dim)
      canvas.footerNote(words("handOff.waitNote"))
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
    guard case .handOff(var handOff) = screen, table != nil, handOff.pause == nil else { return [] }
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

  /// A key came while a screen was paused: the pause starts again from now.
  mutating func restartPause() -> [Effect] {
    switch screen {
    case .handOff(var page) where page.pause != nil:
      page.pause = KeyPause(since: clock)
      screen = .handOff(page)
    case .table(var page) where page.pause != nil:
      page.pause = KeyPause(since: clock)
      screen = .table(page)
    default: break
    }
    return []
  }

  /// The clock moved on: pauses that have been quiet long enough end, and a
  /// running reveal countdown steps (showing the role when it runs out).
  mutating func tickPausesAndCountdowns(now: Int64) -> [Effect] {
    switch screen {
    case .handOff(var page):
      if let pause = page.pause, pause.isOver(at: now) { page.pause = nil }
      if var countdown = page.countdown {
        let done = countdown.step(now: now)
        page.countdown = countdown
        screen = .handOff(page)
        if done { return revealCurrent(afterCountdown: true) }
      }
      screen = .handOff(page)
    case .table(var page):
      if let pause = page.pause, pause.isOver(at: now) { page.pause = nil }
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

  /// Whether a pause or a countdown is waiting for the clock.
  var waitsForClock: Bool {
    switch screen {
    case .handOff(let page): return page.pause != nil || page.countdown != nil
    case .table(let page):
      if page.pause != nil { return true }
      if case .countdown = page.mode { return true }
      return false
    default: return false
    }
  }
}

extension HandOffScreen: Page {
  func action(for key: Key, in context: PageContext) -> Action? { action(for: key) }

  func draw(into canvas: inout Canvas, in context: PageContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in state: inout AppState) -> [Effect] {
    if countdown != nil {
      // Esc stops the countdown; the role stays hidden.
      var page = self
      page.countdown = nil
      state.screen = .handOff(page)
    } else {
      state.confirmation = Confirmation(.abandonGame)
    }
    return []
  }
}
