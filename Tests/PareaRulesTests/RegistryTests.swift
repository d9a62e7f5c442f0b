import PareaRules
import Testing

// The registry and the shape every shipped game must have.

@Suite("Game registry")
struct RegistryTests {
  @Test func menuOrder() {
    #expect(GameRegistry.all.map(\.id) == ["palermo", "spy", "killer"])
    #expect(Set(GameRegistry.all.map(\.id)).count == GameRegistry.all.count)
    for game in GameRegistry.all { #expect(GameRegistry.game(game.id)?.id == game.id) }
    #expect(GameRegistry.game("chess") == nil)
  }

  @Test("Every game is well formed", arguments: GameRegistry.all.map(\.id))
  func wellFormed(id: GameID) throws {
    let game = try #require(GameRegistry.game(id))
    // Exactly two sides, one of them bad, with distinct ids.
    #expect(game.sides.count == 2)
    #expect(game.sides.filter(\.isBad).count == 1)
    #expect(Set(game.sides.map(\.id)).count == game.sides.count)
    // Roles: unique ids under the game's prefix, sides that exist, partners that exist.
    let roleIDs = game.roles.map(\.id)
    #expect(Set(roleIDs).count == roleIDs.count)
    for role in game.roles {
      #expect(game.side(role.side) != nil, "\(role.id) plays for unknown side \(role.side)")
      #expect(role.id.rawValue.hasPrefix("\(id)."))
      for partner in role.knows { #expect(game.role(partner) != nil, "\(role.id) knows unknown \(partner)") }
    }
    for side in game.sides {
      #expect(side.id.rawValue.hasPrefix("\(id)."))
      #expect(game.roles.contains { $0.side == side.id }, "side \(side.id) has no role")
    }
    // Player limits, and the smallest table can be set up at all.
    #expect(game.players.lowerBound >= 3)
    #expect(Set(game.deathCauses).count == game.deathCauses.count)
    switch game.setupKind {
    case .chooseRoles(let pool):
      #expect(pool == roleIDs, "each role once in the pool")
      #expect(game.players.upperBound <= pool.count)
    case .countBad(let bad, let limit, let fixed, let filler):
      #expect(game.isBad(bad))
      #expect(!game.isBad(filler))
      #expect(fixed.allSatisfy { game.role($0) != nil && !game.isBad($0) })
      #expect(limit.lowerBound >= 1)
      #expect(game.allowedBadCounts(players: game.players.lowerBound) != nil)
    }
  }

  @Test func aRegistryIsAValue() throws {
    #expect(GameRegistry.standard.games.map(\.id) == GameRegistry.all.map(\.id))
    let more = GameRegistry.standard.adding(WerewolfLite())
    #expect(more.games.map(\.id) == ["palermo", "spy", "killer", "wolf"])
    #expect(try #require(more.game("wolf")) is WerewolfLite)
    #expect(GameRegistry.standard.game("wolf") == nil && GameRegistry.game("wolf") == nil)
    #expect(more != .standard && more == GameRegistry.standard.adding(WerewolfLite()))
    #expect(GameRegistry([Court()]).games.count == 1)
  }

  @Test func twoGamesWithOneIdStopTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = GameRegistry([Palermo(), Spy(), Palermo()])
    }
  }

  @Test func shippedGamesMatchTheSpec() {
    #expect(Palermo().players == 5...14)
    #expect(Spy().players == 3...20)
    #expect(Killer().players == 3...20)
    #expect(Palermo().roles.count == 14)
    #expect(Palermo.Roles.citizens.count == 5)
    #expect(Palermo().usesPhases && !Spy().usesPhases && !Killer().usesPhases)
    #expect(Spy().usesLocations && !Palermo().usesLocations && !Killer().usesLocations)
    #expect(Spy().tableAccuses && !Palermo().tableAccuses && !Killer().tableAccuses)
    #expect(Palermo().deathCauses == [.votedOut, .killedAtNight])
    #expect(Killer().deathCauses == [.killed])
    #expect(Killer().role(Killer.cop)?.accusationAttempts == 3)
    #expect(Spy().role(Spy.spy)?.guessesLocation == true)
    #expect(Spy().role(Spy.local)?.learnsLocation == true)
    #expect(Palermo().role(Palermo.Roles.redKamikaze)?.takesPlayerAlongWhen == .votedOut)
    #expect(Palermo().role(Palermo.Roles.blackKamikaze)?.takesPlayerAlongWhen == .killedAtNight)
    #expect(Palermo().isBad(Palermo.Roles.snitch))
    #expect(!Palermo().isBad(Palermo.Roles.policeman))
    #expect(!Palermo().isBad("palermo.unknown"))
    #expect(Palermo().setupRules == ["needsThief", "thievesOutnumberTown"])
    #expect(Spy().setupRules.isEmpty && Killer().setupRules.isEmpty)
  }

  /// Every rule `brokenRules(in:)` reports is one the game declares (its words
  /// are derived from the declaration), over many role sets, valid or not.
  @Test("Broken rules are declared ones", arguments: (GameRegistry.all + [Court(), WerewolfLite()]).map { $0 as any GameType })
  func brokenRulesAreDeclared(game: any GameType) {
    #expect(Set(game.setupRules).count == game.setupRules.count)
    var generator = SplitMix64(seed: 12)
    var reported: Set<String> = []
    let pool = game.roles.map(\.id)
    for _ in 0..<5_000 {
      // Any multiset of the game's roles, of any size from empty to the largest table.
      let count = generator.uniform(below: game.players.upperBound + 1)
      let roles = (0..<count).map { _ in pool[generator.uniform(below: pool.count)] }
      reported.formUnion(game.brokenRules(in: roles))
    }
    #expect(reported.isSubset(of: game.setupRules), "undeclared: \(reported.subtracting(game.setupRules))")
    // Every declared rule can be broken: none is dead.
    #expect(reported == Set(game.setupRules), "never reported: \(Set(game.setupRules).subtracting(reported))")
  }
}
