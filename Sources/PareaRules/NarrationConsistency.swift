// Whether a narration read from a file can go on with its table (a saved
// game that fails this is set aside as damaged, `GameSession.isValid`).

extension Narration {
  /// Whether the narration can go on from where it stands with `table`: the
  /// stage is one the table could be at, so that Enter (or time) always
  /// moves the game on. A saved game that fails this was edited by hand (or
  /// damaged) and is set aside like any other damaged file: an "over" stage
  /// without a winner, a kamikaze's choice with nobody to choose, a day
  /// after which no night can start (the last round), a stage of the night
  /// by day, or a game already won whose narration goes on.
  public func isConsistent(with table: Table) -> Bool {
    // A kamikaze's choice comes first, even when the death it follows has decided the game.
    // (A kamikaze with nobody left alive to choose could never move on.)
    if case .takePlayer? = table.pending { return stage == .takeAlong && !table.alive.isEmpty }
    guard table.pending == nil else { return false }
    // The game is over when a side has won, or at the end of the last day (`endDay`).
    if stage == .over { return table.winner != nil || table.endedByHand }
    guard table.winner == nil, !table.endedByHand, table.phase != nil else { return false }
    switch stage {
    case .takeAlong, .over:
      return false
    case .dusk:
      // After a day the next night must be able to start (the last day ends the game instead).
      return table.isSecretPhase || (table.isOpenPhase && table.round < Table.maximumRound)
    case .nightFalls, .awake, .asleep:
      return table.isSecretPhase
    case .vote where revoting:
      // A revote among the tied: at least two of them still in the game.
      return table.isOpenPhase && (table.tiedToday.map { $0.filter(table.alive.contains).count >= 2 } ?? true)
    case .morning, .discussion, .vote:
      return table.isOpenPhase
    }
  }
}
