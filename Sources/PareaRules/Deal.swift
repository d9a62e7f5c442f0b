extension GameType {
  /// Deals the game to `players` in seating order: a uniformly random role per
  /// player and, where the game uses them, a uniformly random location and a
  /// role there for every player who learns it.
  ///
  /// The table keeps `options` (what it keeps from the settings; nil: the
  /// defaults, not written with it). Throws the first `SetupError` if the
  /// setup is not valid.
  public func deal<Generator: RandomNumberGenerator>(
    players names: [String], setup: Setup, locations: [Location] = [], options: TableOptions? = nil,
    using generator: inout Generator
  ) throws(SetupError) -> Table {
    if let error = validate(players: names, setup: setup, locations: locations).first {
      throw error
    }
    let roles = generator.shuffled(composition(for: setup, players: names.count))
    var seats = zip(names, roles).map { Seat(name: PlayerName.clean($0), role: $1) }
    var location: LocationID?
    if usesLocations {
      let playable = locations.filter { $0.roleCount > 0 }
      let chosen = playable[generator.uniform(below: playable.count)]
      location = chosen.id
      // Hand out the location's roles without repeats while they last.
      var pool: [Int] = []
      for index in seats.indices where role(seats[index].role)?.learnsLocation == true {
        if pool.isEmpty { pool = generator.shuffled(Array(0..<chosen.roleCount)) }
        seats[index].locationRole = pool.removeLast()
      }
    }
    var table = Table(game: self, seats: seats, location: location, options: options)
    // Drawn last, so that adding it changed no earlier deal of a given seed.
    if drawsFirstPlayer { table.firstPlayer = generator.uniform(below: seats.count) }
    return table
  }
}
