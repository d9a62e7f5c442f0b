import PareaRules

/// A change to the game in play, asked for by a screen (`Change.session`)
/// and applied by `GameSession.apply(_:)`, the one place that writes it. A
/// screen that must know what a change leads to applies it to a copy of the
/// session it reads: the same function, so what it foresees is what happens.
enum SessionChange: Hashable, Sendable {
  /// The player at `seat` has seen their role (the view counter).
  case look(seat: Int)
  /// The player at `seat` hid their role: the laptop goes to the next one.
  case handedOn(seat: Int)
}

extension GameSession {
  /// Applies a screen's change to the game in play.
  mutating func apply(_ change: SessionChange) {
    switch change {
    case .look(let seat):
      // A seat outside the table is a damaged file's: nothing is counted.
      try? table?.recordLook(at: seat)
    case .handedOn(let seat):
      nextReveal = max(nextReveal, seat + 1)
    }
  }
}
