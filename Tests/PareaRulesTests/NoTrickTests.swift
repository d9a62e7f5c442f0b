import Testing

@testable import PareaRules

// No trick wins: no single player's action, taken alone, ends a game in
// their own side's favour except by the game's real rules. Checked by
// exhaustive search on small tables: every deal of every allowed setup, and
// every sequence of actions up to a bound, through the table's own rules.
//
// The actions are what one player can do on the laptop, whatever their role:
// - Killer: claim to be the Cop and accuse anyone (the Cop's real accusation
//   is the same action); answer "I am out" in private after being marked out
//   (`Table.markDead` with the wink: the Cop and the killers cannot be taken
//   out, which the screen answers in private, `TableRulesTests`).
// - Spy: claim to be a spy and guess a location (right or wrong); the
//   table's vote is the table's, not one player's, but it is played too so
//   that claims are tried after votes.
// - Palermo: the thieves' night choice (any living player, a fellow thief
//   included) with any protection by the Doctor, and a kamikaze's choice;
//   the day's vote is the table's, played too.
// The real rules that may end a game for the actor's side: the Cop's
// accusation of the last killer, a wink that takes the last citizen (the
// citizen's own "I am out": for the other side), a spy's right guess, the
// thieves' kill that leaves them as many as the town, a kamikaze's choice.

/// A move: who makes it (nil: the table as a whole) and what it does.
private struct Move: CustomStringConvertible {
  let actor: Int?
  let name: String
  /// Whether the move shows the game's result to the table (the game over's Enter).
  var reveals = false
  /// Whether the move takes the table's last step back.
  var undoes = false
  let apply: (inout Table) throws -> Void
  var description: String { name }

  init(actor: Int?, name: String, reveals: Bool = false, undoes: Bool = false, apply: @escaping (inout Table) throws -> Void) {
    self.actor = actor
    self.name = name
    self.reveals = reveals
    self.undoes = undoes
    self.apply = apply
  }

  /// The table takes its last step back (only before the result is shown: `Table.undo`).
  static var undo: Move { Move(actor: nil, name: "the table undoes", undoes: true) { try $0.undo() } }
  /// The table looks at the result and every role together (`Table.showResult`).
  static var show: Move { Move(actor: nil, name: "the table is shown the result", reveals: true) { try $0.showResult() } }
}

/// A game's moves with the table's own: undo at any moment, and at a game
/// over (not yet shown) only undo or the result's showing.
private func withUndo(_ moves: @escaping (Table) -> [Move]) -> (Table) -> [Move] {
  { table in table.isOver ? [.undo, .show] : moves(table) + [.undo] }
}

/// Searches every sequence of up to `depth` moves from `table`; returns the
/// first sequence whose last move ends the game for its actor's side outside
/// the real rules (`isReal`), or after a result someone saw was taken back
/// ("guess, see, undo, guess again"), and counts the states visited.
/// `endingsSeen` plays the app as it was: the deciding player saw the
/// result at once, on their private screen, before any undo.
private func search(
  _ table: Table, depth: Int, moves: (Table) -> [Move], isReal: (Move, Table, Table) -> Bool,
  endingsSeen: Bool = false, path: [Move] = [], seen: Bool = false, seenThenUndone: Bool = false,
  visited: inout Int
) -> [Move]? {
  guard depth > 0, !table.resultShown else { return nil }
  for move in moves(table) {
    var next = table
    do { try move.apply(&next) } catch { continue }
    visited += 1
    let sees = seen || move.reveals || (endingsSeen && move.actor != nil && next.isOver)
    let undone = seenThenUndone || (seen && move.undoes)
    if let winner = next.winner, !table.isOver, let actor = move.actor,
      table.rules.role(table.seats[actor].role)?.side == winner, !isReal(move, table, next) || undone
    {
      return path + [move]
    }
    if let found = search(
      next, depth: depth - 1, moves: moves, isReal: isReal, endingsSeen: endingsSeen, path: path + [move],
      seen: sees, seenThenUndone: undone, visited: &visited)
    {
      return found
    }
  }
  return nil
}

/// Every distinct order of `roles` among the seats (every deal of that composition).
private func deals(_ roles: [RoleID]) -> [[RoleID]] {
  if roles.count <= 1 { return [roles] }
  var result: [[RoleID]] = []
  var seen: Set<RoleID> = []
  for (index, role) in roles.enumerated() where seen.insert(role).inserted {
    var rest = roles
    rest.remove(at: index)
    for tail in deals(rest) { result.append([role] + tail) }
  }
  return result
}

@Suite struct NoTrickTests {
  // MARK: Killer

  private static func killerMoves(_ table: Table) -> [Move] {
    var moves: [Move] = []
    for by in table.alive {
      for target in table.alive where target != by {
        moves.append(Move(actor: by, name: "\(by) accuses \(target)") { try $0.accuse(target, by: by) })
      }
      // The player marked out says "I am out": the wink takes only those it can.
      moves.append(Move(actor: by, name: "\(by) is out") { table in
        // A role the wink cannot take (the Cop, a killer) stays in: nothing is recorded.
        if table.rules.role(table.seats[by].role)?.canDie(of: .killed) != false {
          try table.markDead(by, cause: .killed)
        }
      })
    }
    return moves
  }

  private static func killerIsReal(_ move: Move, before: Table, after: Table) -> Bool {
    guard let actor = move.actor else { return true }
    // The Cop's accusation (a catch of the last killer) is the game's own way to win.
    return before.seats[actor].role == Killer.cop && after.falseAccusation == nil
  }

  /// Killer, 3 to 5 players, one or two killers, every deal, every sequence of three actions.
  @Test(arguments: [3, 4, 5]) func killerHasNoTrick(_ players: Int) {
    let game = Killer()
    var visited = 0
    for killers in game.allowedBadCounts(players: players) ?? 1...1 {
      let composition = game.composition(for: Setup(badCount: killers), players: players)
      for roles in deals(composition) {
        let table = makeTable(game, roles)
        if let trick = search(
          table, depth: 3, moves: withUndo(Self.killerMoves), isReal: Self.killerIsReal, visited: &visited)
        {
          Issue.record("Killer \(roles): \(trick) wins for the actor's side")
        }
        // "I am out" from anyone the wink cannot take changes nothing at all.
        for seat in table.seats.indices where roles[seat] != Killer.citizen {
          var after = table
          let out = Self.killerMoves(table).first { $0.name == "\(seat) is out" }
          try? out?.apply(&after)
          #expect(after == table, "\(roles[seat]) at \(seat) was taken out")
        }
      }
    }
    #expect(visited > 300, "only \(visited) states")
  }

  /// Killer as it was: any false claim to be the Cop won for the killers.
  private struct KillerBefore: GameType {
    let killer = Killer()
    var id: GameID { "killerBefore" }
    var players: ClosedRange<Int> { killer.players }
    var sides: [Side] { killer.sides }
    var roles: [Role] { killer.roles }
    var setupKind: SetupKind { killer.setupKind }
    var deathCauses: [DeathCause] { killer.deathCauses }
    func winner(of table: Table) -> SideID? {
      table.falseAccusation != nil ? Killer.killers : killer.winner(of: table)
    }
  }

  /// The search finds the trick the table found: under the old rule, a
  /// killer who claims to be the Cop and accuses anyone wins at once.
  @Test func theSearchFindsTheOldFalseClaim() throws {
    var visited = 0
    let table = makeTable(KillerBefore(), [Killer.killer, Killer.cop, Killer.citizen])
    let trick = try #require(
      search(table, depth: 1, moves: Self.killerMoves, isReal: Self.killerIsReal, visited: &visited))
    #expect(trick.map(\.name) == ["0 accuses 1"])
  }

  // MARK: Spy

  private static func spyMoves(_ table: Table) -> [Move] {
    var moves: [Move] = []
    for by in table.alive {
      for location: LocationID in ["here", "elsewhere"] {
        moves.append(Move(actor: by, name: "\(by) guesses \(location)") { try $0.guessLocation(location, by: by) })
      }
      for starter in table.alive {
        moves.append(Move(actor: nil, name: "the table accuses \(by) (\(starter))") {
          try $0.tableAccuses(by, startedBy: starter)
        })
      }
    }
    return moves
  }

  /// Spy, 3 and 4 players, every allowed number of spies, every deal, every sequence of three actions.
  @Test(arguments: [3, 4]) func spyHasNoTrick(_ players: Int) {
    let game = Spy()
    var visited = 0
    for spies in game.allowedBadCounts(players: players) ?? 1...1 {
      for roles in deals(game.composition(for: Setup(badCount: spies), players: players)) {
        let table = makeTable(game, roles, location: "here", locationRoles: roles.map { $0 == Spy.spy ? nil : 0 })
        let trick = search(table, depth: 3, moves: withUndo(Self.spyMoves), isReal: { move, before, _ in
          // A spy's guess is the spies' own way to win.
          move.actor.map { before.seats[$0].role == Spy.spy } ?? true
        }, visited: &visited)
        if let trick { Issue.record("Spy \(roles): \(trick) wins for the actor's side") }
      }
    }
    #expect(visited > 40, "only \(visited) states")
  }

  /// The search finds the trick the table found: in the app as it was, a
  /// claimed spy saw the verdict on their own screen, could have it undone
  /// unseen and guess again. Now nobody sees a result before the table
  /// does, and once it has, nothing is undone: the same search finds nothing.
  @Test func theSearchFindsTheOldGuessUndoGuess() throws {
    let roles = [Spy.spy, Spy.local, Spy.local]
    let table = makeTable(Spy(), roles, location: "here", locationRoles: [nil, 0, 0])
    let isReal: (Move, Table, Table) -> Bool = { move, before, _ in move.actor.map { before.seats[$0].role == Spy.spy } ?? true }
    var visited = 0
    let trick = try #require(
      search(table, depth: 3, moves: withUndo(Self.spyMoves), isReal: isReal, endingsSeen: true, visited: &visited))
    #expect(trick.count == 3 && trick[1].undoes && trick[0].actor == 0 && trick[2].actor == 0, "\(trick)")
    #expect(search(table, depth: 3, moves: withUndo(Self.spyMoves), isReal: isReal, visited: &visited).map(\.description) == nil)
  }

  /// Once the result is shown, the table takes nothing back and nothing more happens.
  @Test func nothingHappensAfterTheResultIsShown() throws {
    var table = makeTable(Spy(), [Spy.spy, Spy.local, Spy.local], location: "here", locationRoles: [nil, 0, 0])
    #expect(throws: TableError.notAllowed) { try table.showResult() }  // not over yet
    try table.guessLocation("elsewhere", by: 0)
    #expect(table.isOver && !table.resultShown && table.lastStep != nil)
    try table.showResult()
    #expect(table.resultShown && table.lastStep == nil && table.isConsistent)
    let shown = table
    #expect(throws: TableError.resultShown) { try table.undo() }
    for move in withUndo(Self.spyMoves)(table) { _ = try? move.apply(&table) }
    #expect(table == shown)
  }

  // MARK: Palermo

  private static func palermoMoves(_ table: Table) -> [Move] {
    guard let phase = table.currentPhase else { return [] }
    if case .takePlayer(let by)? = table.pending {
      return table.alive.map { target in
        Move(actor: by, name: "\(by) takes \(target) along") { try $0.resolveFollowUp(target: target) }
      }
    }
    if phase.steps.isEmpty {
      return table.alive.map { target in
        Move(actor: nil, name: "day \(table.round): \(target) voted out") { table in
          try table.markDead(target, cause: .votedOut)
          if table.pending == nil, table.winner == nil { try table.advancePhase() }
        }
      }
    }
    // The thieves choose (a fellow thief too) and the Doctor protects anyone, as the narrator counts them.
    let thieves = phase.steps[0]
    let doctor = phase.steps[1]
    let actor = table.seats(holding: Palermo.Roles.redThief).first { table.seats[$0].isAlive }
      ?? table.seats(holding: Palermo.Roles.blackThief).first { table.seats[$0].isAlive }
    var moves: [Move] = []
    for victim in table.alive {
      for protected in table.alive {
        moves.append(Move(actor: actor, name: "night \(table.round): \(victim) chosen, \(protected) protected") { table in
          let rules = DealtRules()
          try table.recordChoice(thieves.id, seat: table.countedChoice(victim, by: thieves, rules: rules))
          try table.recordChoice(doctor.id, seat: table.countedChoice(protected, by: doctor, rules: rules))
          try table.resolveNight()
          if table.pending == nil, table.winner == nil { try table.advancePhase() }
        })
      }
    }
    return moves
  }

  private static func palermoIsReal(_ move: Move, before: Table, after: Table) -> Bool {
    // The thieves' kill and a kamikaze's choice are the game's own ways to
    // win, so long as no thief was lost by the thieves' own choice to win it.
    let thieves = { (table: Table) in
      table.alive.filter { Palermo.Roles.thieves.contains(table.seats[$0].role) }.count
    }
    return thieves(after) <= thieves(before)
  }

  /// Palermo, 5 and 6 players with the suggested set, every deal, every
  /// sequence of three actions at 5 (a night, a vote, a kamikaze's choice or
  /// the next night) and of two at 6.
  @Test(arguments: [5, 6]) func palermoHasNoTrick(_ players: Int) throws {
    let game = Palermo()
    let roles = try #require(game.suggestedSetup(players: players)).roles
    var visited = 0
    for order in deals(roles) {
      let table = makeTable(game, order)
      if let trick = search(table, depth: players == 5 ? 3 : 2, moves: withUndo(Self.palermoMoves), isReal: Self.palermoIsReal, visited: &visited) {
        Issue.record("Palermo \(order): \(trick) wins for the actor's side")
      }
    }
    #expect(visited > 1_000, "only \(visited) states")
  }

  // MARK: Palermo with a group's own roles

  /// Palermo's moves with any deck, one night step at a time: each step's
  /// choice by a living holder of its roles (any living player, or nobody;
  /// a step with nobody to choose passes), the night's end with the last
  /// step, the day's vote and a kamikaze's choice.
  private static func deckMoves(_ table: Table) -> [Move] {
    guard let phase = table.currentPhase else { return [] }
    if case .takePlayer = table.pending { return palermoMoves(table) }
    if phase.steps.isEmpty { return palermoMoves(table) }
    let steps = table.stepsTonight()
    let done = table.choicesThisPhase.count
    guard done < steps.count else { return [] }
    let step = steps[done]
    let actor = step.roles.flatMap { table.seats(holding: $0) }.first { table.seats[$0].isAlive }
    let targets: [Int?] = actor == nil ? [nil] : table.alive.map(Optional.some) + [nil]
    return targets.map { target in
      Move(actor: actor, name: "night \(table.round): \(step.id) chooses \(target.map(String.init) ?? "nobody")") { table in
        try table.recordChoice(step.id, seat: target.flatMap { table.countedChoice($0, by: step) })
        // The last step's choice ends the night.
        if done + 1 == steps.count {
          try table.resolveNight()
          if table.pending == nil, table.winner == nil { try table.advancePhase() }
        }
      }
    }
  }

  private static func deckIsReal(_ move: Move, before: Table, after: Table) -> Bool {
    // As with the built-in roles: no thief lost by the thieves' own choice to win.
    let thieves = { (table: Table) in
      let counted = Set(table.rules.houseRoles.filter(\.countsAsThief).map(\.id) + Palermo.Roles.thieves)
      return table.alive.filter { counted.contains(table.seats[$0].role) }.count
    }
    return thieves(after) <= thieves(before)
  }

  /// Palermo with random decks of a group's own roles (random declarations
  /// within the editor's limits: `RoleDeclaration.randomHouseRole`): 40
  /// decks of one to three roles, each dealt to 5 or 6 players in four
  /// random orders, every sequence of four moves (a night's steps one by
  /// one, then the day): 148 tables and about 400,000 states with this seed.
  @Test func randomDecksHaveNoTrick() throws {
    var generator = SplitMix64(seed: 4040)
    var visited = 0
    var tables = 0
    for deck in 0..<40 {
      let house = (0..<(1 + deck % 3)).map { number in
        RoleDeclaration.randomHouseRole(number: number, knowable: Palermo.deck.map(\.id), using: &generator)
      }
      let game = Palermo(houseRoles: house)
      let players = 5 + deck % 2
      let roles = Array(([Palermo.Roles.redThief, Palermo.Roles.doctor] + house.map(\.id) + Palermo.Roles.citizens).prefix(players))
      guard game.brokenRules(in: roles).isEmpty else { continue }
      for _ in 0..<4 {
        let table = makeTable(game, generator.shuffled(roles))
        tables += 1
        if let trick = search(table, depth: 4, moves: withUndo(Self.deckMoves), isReal: Self.deckIsReal, visited: &visited) {
          Issue.record("Palermo with \(house) dealt \(table.seats.map(\.role)): \(trick) wins for the actor's side")
        }
      }
    }
    #expect(tables >= 120, "only \(tables) tables")
    #expect(visited > 100_000, "only \(visited) states")
  }
}
