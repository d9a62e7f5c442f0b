/// One thing a player learns at the reveal besides their own role.
public enum Knowledge: Hashable, Sendable {
  /// The player at `seat` holds `role`.
  case player(seat: Int, role: RoleID)
  /// The role knows others, but none of them is in this game.
  case knowsNoOne
  /// The secret location, and the player's role there (an index from 0).
  case location(LocationID, role: Int?)
  /// The player does not know the location (a spy).
  case locationUnknown
}

extension GameType {
  /// What the player at `seat` knows, resolved to seats and roles.
  public func knowledge(of seat: Int, at table: Table) -> [Knowledge] {
    guard table.seats.indices.contains(seat), let role = role(table.seats[seat].role) else {
      return []
    }
    var known: [Knowledge] = []
    for other in role.knows {
      for holder in table.seats(holding: other) where holder != seat {
        known.append(.player(seat: holder, role: other))
      }
    }
    if !role.knows.isEmpty && known.isEmpty { known.append(.knowsNoOne) }
    if usesLocations {
      if role.learnsLocation, let location = table.location {
        known.append(.location(location, role: table.seats[seat].locationRole))
      } else {
        known.append(.locationUnknown)
      }
    }
    return known
  }
}
