/// Why a round of a game with table accusations or location guesses ended,
/// worked out from the table alone, so that the results can say it and the
/// scoring can follow it (Spy).
public enum Ending: Hashable, Sendable {
  /// A player who could guess (a spy) named a location; `right` says whether it was the real one.
  case guessed(by: Int, location: LocationID, right: Bool)
  /// A player who knew the location claimed to be a spy and guessed: the round
  /// ends all the same, so that a claim never clears anyone while the game is on.
  case falseClaim(by: Int, location: LocationID)
  /// The table accused `target`, who was not on the bad side.
  case accusedInnocent(target: Int)
  /// The table accused `target`, the last player of the bad side still in.
  case caughtAll(last: Int)
  /// The table ended the round by hand with nobody accused and no guess.
  case endedNobodyAccused
  /// The table ended the round by hand after an accusation, before any side won.
  case endedEarly
  /// A player whose role does not accuse claimed to (Killer's Cop) and
  /// accused someone: the game ends, so that a claim never clears anyone.
  case falseAccusation(by: Int)
}

extension GameType {
  /// Whether the player at `seat` holds a role that may guess the location.
  public func canGuess(_ seat: Int, at table: Table) -> Bool {
    guard table.seats.indices.contains(seat) else { return false }
    return role(table.seats[seat].role)?.guessesLocation == true
  }

  /// Why the round ended, for games that guess or accuse as a table, or after
  /// a false claim to accuse; nil while it is still on, and for games that
  /// end another way (Palermo, and Killer without a false claim).
  public func ending(of table: Table) -> Ending? {
    if let claim = table.falseAccusation { return .falseAccusation(by: claim.by) }
    if let guess = table.guess {
      return canGuess(guess.by, at: table)
        ? .guessed(by: guess.by, location: guess.location, right: guess.correct)
        : .falseClaim(by: guess.by, location: guess.location)
    }
    if let last = table.votes.last {
      if !last.correct { return .accusedInnocent(target: last.target) }
      let badLeft = table.alive.contains { isBad(table.seats[$0].role) }
      if !badLeft { return .caughtAll(last: last.target) }
    }
    guard table.endedByHand, tableAccuses || table.seats.contains(where: { role($0.role)?.guessesLocation == true })
    else { return nil }
    return table.votes.isEmpty ? .endedNobodyAccused : .endedEarly
  }
}

extension Table {
  /// The side that has won, if any, by the table's own game (`GameType.winner(of:)`).
  public var winner: SideID? { rules.winner(of: self) }

  /// Why the round ended, by the table's own game (`GameType.ending(of:)`).
  public var ending: Ending? { rules.ending(of: self) }

  /// Points each seat scores, by the table's own game (`GameType.points(for:)`).
  public var points: [Int]? { rules.points(for: self) }
}
