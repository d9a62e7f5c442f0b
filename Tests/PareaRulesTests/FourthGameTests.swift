import PareaRules
import Testing

// Two games that exist only in this file, written against the public API alone.
// Validation, the deal, knowledge, the table's abilities and win detection all
// work for them without any change to the library.

/// "Werewolf-lite": 4–6 players, 1–2 wolves who know each other, a Seer (fixed,
/// knows nothing, may accuse once), a Hunter (fixed, takes someone along when
/// voted out) and villagers. Nights and days.
struct WerewolfLite: GameType {
  static let wolf: RoleID = "wolf.wolf"
  static let seer: RoleID = "wolf.seer"
  static let hunter: RoleID = "wolf.hunter"
  static let villager: RoleID = "wolf.villager"
  static let village: SideID = "wolf.village"
  static let pack: SideID = "wolf.pack"

  var id: GameID { "wolf" }
  var players: ClosedRange<Int> { 4...6 }
  var sides: [Side] { [Side(id: Self.village, isBad: false), Side(id: Self.pack, isBad: true)] }
  var roles: [Role] {
    [
      Role(id: Self.wolf, side: Self.pack, knows: [Self.wolf]),
      Role(id: Self.seer, side: Self.village, abilities: [.accuses(attempts: 1)]),
      Role(id: Self.hunter, side: Self.village, abilities: [.takesPlayerAlong(when: .votedOut)]),
      Role(id: Self.villager, side: Self.village),
    ]
  }
  var setupKind: SetupKind {
    .countBad(bad: Self.wolf, limit: 1...2, fixed: [Self.seer, Self.hunter], filler: Self.villager)
  }
  var deathCauses: [DeathCause] { [.votedOut, .killedAtNight] }
  var phases: [Phase] {
    [Phase(id: "night", causes: [.killedAtNight], endsAtADeath: true), Phase(id: "day", causes: [.votedOut])]
  }

  /// The village wins when no wolf is left; the pack when the wolves are at least
  /// as many as everyone else. Nothing is decided while the Hunter chooses.
  func winner(of table: Table) -> SideID? {
    guard table.pending == nil else { return nil }
    let alive = table.alive.map { table.seats[$0].role }
    let wolves = alive.filter { $0 == Self.wolf }.count
    if wolves == 0 { return Self.village }
    if wolves >= alive.count - wolves { return Self.pack }
    return nil
  }
}

/// "Court": 3–7 players choose roles from a pool; a Judge is required and the
/// twins come as a pair. The Traitor knows the Judge; the twins know each other.
struct Court: GameType {
  static let judge: RoleID = "court.judge"
  static let traitor: RoleID = "court.traitor"
  static let twinA: RoleID = "court.twinA"
  static let twinB: RoleID = "court.twinB"
  static let jurors: [RoleID] = ["court.juror1", "court.juror2", "court.juror3"]
  static let bench: SideID = "court.bench"
  static let plot: SideID = "court.plot"

  var id: GameID { "court" }
  var players: ClosedRange<Int> { 3...7 }
  var sides: [Side] { [Side(id: Self.plot, isBad: true), Side(id: Self.bench, isBad: false)] }
  var roles: [Role] {
    [
      Role(id: Self.judge, side: Self.bench),
      Role(id: Self.traitor, side: Self.plot, knows: [Self.judge]),
      Role(id: Self.twinA, side: Self.bench, knows: [Self.twinB]),
      Role(id: Self.twinB, side: Self.bench, knows: [Self.twinA]),
    ] + Self.jurors.map { Role(id: $0, side: Self.bench) }
  }
  var setupKind: SetupKind { .chooseRoles(pool: roles.map(\.id)) }
  var deathCauses: [DeathCause] { [.votedOut] }
  var setupRules: [String] { ["needsJudge", "twinsTogether"] }

  func brokenRules(in roles: [RoleID]) -> [String] {
    var broken: [String] = []
    if !roles.contains(Self.judge) { broken.append("needsJudge") }
    if roles.contains(Self.twinA) != roles.contains(Self.twinB) { broken.append("twinsTogether") }
    return broken
  }

  /// The plot wins when the Judge is out; the bench when the Traitor is out.
  func winner(of table: Table) -> SideID? {
    for seat in table.seats where !seat.isAlive {
      if seat.role == Self.judge { return Self.plot }
      if seat.role == Self.traitor { return Self.bench }
    }
    return nil
  }
}

@Suite("A fourth game (countBad) needs no library change")
struct WerewolfLiteTests {
  let game = WerewolfLite()
  typealias W = WerewolfLite

  @Test func validation() {
    let four = ["Ann", "Bob", "Cy", "Di"]
    #expect(game.validate(players: four, setup: Setup(badCount: 1)).isEmpty)
    #expect(game.validate(players: ["Ann", "Bob", "Cy"], setup: Setup(badCount: 1))
      == [.tooFewPlayers(minimum: 4, count: 3)])
    #expect(game.validate(players: Sample.shortNames(7), setup: Setup(badCount: 2))
      == [.tooManyPlayers(maximum: 6, count: 7)])
    #expect(game.validate(players: four, setup: Setup(badCount: 2)) == [.badCount(count: 2, allowed: 1...1)])
    #expect(game.validate(players: Sample.shortNames(6), setup: Setup(badCount: 3))
      == [.badCount(count: 3, allowed: 1...2)])
    #expect(game.validate(players: four, setup: Setup(badCount: 0)) == [.badCount(count: 0, allowed: 1...1)])
    #expect(game.validate(players: ["Ann", " ", "Cy", "Di"], setup: Setup(badCount: 1)) == [.emptyName])
    #expect(game.validate(players: ["Ann", "ANN", "Cy", "Di"], setup: Setup(badCount: 1)) == [.duplicateName("Ann")])
    #expect(game.allowedBadCounts(players: 5) == 1...2)
    #expect(throws: SetupError.badCount(count: 2, allowed: 1...1)) {
      _ = try game.dealForTest(players: four, setup: Setup(badCount: 2), seed: 1)
    }
  }

  @Test("Deals", arguments: WerewolfLite().players)
  func deals(players: Int) throws {
    let names = Sample.shortNames(players)
    var problems: [String] = []
    var wolfSeats = Array(repeating: 0, count: players)
    for deal in 0..<1_000 {
      let wolves = 1 + deal % game.allowedBadCounts(players: players)!.count
      let table = try game.dealForTest(players: names, setup: Setup(badCount: wolves), seed: UInt64(deal))
      let roles = table.seats.map(\.role)
      let composition = game.composition(for: Setup(badCount: wolves), players: players)
      if roles.sorted() != composition.sorted() { problems.append("deal \(deal): \(roles)") }
      if table.phase != .night { problems.append("deal \(deal): starts by day") }
      let wolfAt = table.seats(holding: W.wolf)
      for seat in wolfAt { wolfSeats[seat] += 1 }
      for (seat, role) in roles.enumerated() {
        let known = game.knowledge(of: seat, at: table)
        let expected: [Knowledge] = switch role {
        case W.wolf:
          wolves == 1 ? [.knowsNoOne] : wolfAt.filter { $0 != seat }.map { .player(seat: $0, role: W.wolf) }
        default: []
        }
        if known != expected { problems.append("deal \(deal) seat \(seat): \(known) ≠ \(expected)") }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(5))")
    #expect(wolfSeats.allSatisfy { $0 > 0 }, "every seat is a wolf sometimes")
  }

  @Test("Composition: wolves, then the fixed roles, then villagers")
  func composition() {
    #expect(game.composition(for: Setup(badCount: 2), players: 6)
      == [W.wolf, W.wolf, W.seer, W.hunter, W.villager, W.villager])
  }

  @Test func hunterTakesSomeoneAlongAndDecidesTheGame() throws {
    // 0 wolf, 1 Seer, 2 Hunter, 3 and 4 villagers, 5 wolf.
    var table = makeTable(game, [W.wolf, W.seer, W.hunter, W.villager, W.villager, W.wolf])
    try table.markDead(3, cause: .killedAtNight)
    #expect(game.winner(of: table) == nil)  // 2 wolves vs 3 others
    try table.advancePhase()
    // Voted out, the Hunter takes someone: 2 wolves vs 2 others would be the
    // pack's win, but nothing is decided while the Hunter chooses.
    #expect(try table.markDead(2, cause: .votedOut) == .takePlayer(by: 2))
    #expect(game.winner(of: table) == nil, "undecided while the Hunter chooses")
    try table.resolveFollowUp(target: 5)
    #expect(table.seats[5].death == .takenByKamikaze)
    #expect(game.winner(of: table) == nil)  // 1 wolf vs the Seer and a villager
    // A Hunter killed at night takes no one.
    var night = makeTable(game, [W.wolf, W.seer, W.hunter, W.villager, W.villager])
    #expect(try night.markDead(2, cause: .killedAtNight) == nil)
  }

  @Test func seerAccusesOnce() throws {
    var table = makeTable(game, [W.wolf, W.seer, W.hunter, W.villager, W.villager, W.wolf])
    #expect(table.accusationsLeft(for: 1) == 1)
    #expect(try table.accuse(0, by: 1))
    #expect(table.seats[0].death == .caughtByCop)
    #expect(try table.accuse(3, by: 1) == false)
    #expect(table.accusationsLeft(for: 1) == 0)
    // Out of attempts, with the game still open: refused as not allowed.
    #expect(game.winner(of: table) == nil)
    #expect(throws: TableError.notAllowed) { try table.accuse(5, by: 1) }
    #expect(table.accusations.count == 2)
  }

  @Test("Win detection", arguments: [
    ([Int](), nil as SideID?),
    ([0], WerewolfLite.village),
    ([3, 1], WerewolfLite.pack),
    ([3], nil),
  ])
  func win(deaths: [Int], winner: SideID?) throws {
    var table = makeTable(game, [W.wolf, W.seer, W.hunter, W.villager])
    for seat in deaths { try table.markDead(seat, cause: .killedAtNight) }
    #expect(game.winner(of: table) == winner)
  }

  @Test func noLocationsNoTableVote() throws {
    var table = try game.dealForTest(players: Sample.shortNames(5), setup: Setup(badCount: 1), seed: 3)
    #expect(table.location == nil)
    #expect(throws: TableError.notAllowed) { try table.tableAccuses(0) }
    #expect(throws: TableError.notAllowed) { try table.guessLocation("zoo", by: 0) }
  }
}

@Suite("A fifth game (chooseRoles) with its own rules")
struct CourtTests {
  let game = Court()
  typealias C = Court

  @Test("Its rules are reported as game rules, in order", arguments: [
    ([C.judge, C.traitor, C.jurors[0]], [String]()),
    ([C.traitor, C.jurors[0], C.jurors[1]], ["needsJudge"]),
    ([C.judge, C.traitor, C.twinA], ["twinsTogether"]),
    ([C.traitor, C.twinB, C.jurors[2]], ["needsJudge", "twinsTogether"]),
    ([C.judge, C.twinA, C.twinB], [String]()),
  ])
  func rules(roles: [RoleID], broken: [String]) {
    #expect(game.brokenRules(in: roles) == broken)
    let errors = game.validate(players: ["Ann", "Bob", "Cy"], setup: Setup(roles: roles))
    #expect(errors == broken.map { .gameRule(game: "court", rule: $0) })
    #expect(errors.map(\.key) == broken.map { "court.\($0)" })
  }

  @Test func genericErrors() {
    let three = ["Ann", "Bob", "Cy"]
    #expect(game.validate(players: three, setup: Setup(roles: [C.judge, "court.king", C.traitor]))
      == [.invalidRole("court.king")])
    #expect(game.validate(players: three, setup: Setup(roles: [C.judge, C.judge, C.traitor]))
      == [.invalidRole(C.judge)])
    #expect(game.validate(players: three, setup: Setup(roles: [C.judge, C.traitor]))
      == [.rolesDoNotMatchPlayers(roles: 2, players: 3)])
    #expect(game.validate(players: three, setup: Setup(roles: [C.judge, C.traitor] + C.jurors))
      == [.moreRolesThanPlayers(roles: 5, players: 3)])
    #expect(game.validate(players: ["Ann", "Bob"], setup: Setup(roles: [C.judge, C.traitor]))
      == [.tooFewPlayers(minimum: 3, count: 2)])
    #expect(game.allowedBadCounts(players: 5) == nil)
    #expect(throws: SetupError.gameRule(game: "court", rule: "needsJudge")) {
      _ = try game.dealForTest(players: three, setup: Setup(roles: [C.traitor] + C.jurors.prefix(2)), seed: 1)
    }
  }

  @Test("Deals and knowledge", arguments: Court().players)
  func deals(players: Int) throws {
    let names = Sample.shortNames(players)
    var chooser = SplitMix64(seed: UInt64(players))
    var problems: [String] = []
    var dealt = 0
    for deal in 0..<2_000 {
      let roles = Array(chooser.shuffled(game.roles.map(\.id)).prefix(players))
      guard game.validate(players: names, setup: Setup(roles: roles)).isEmpty else { continue }
      dealt += 1
      let table = try game.dealForTest(players: names, setup: Setup(roles: roles), seed: UInt64(deal))
      if table.seats.map(\.role).sorted() != roles.sorted() { problems.append("deal \(deal): roles") }
      if table.phase != nil { problems.append("deal \(deal): Court has no phases") }
      for (seat, role) in table.seats.map(\.role).enumerated() {
        let partner: RoleID? = switch role {
        case C.traitor: C.judge
        case C.twinA: C.twinB
        case C.twinB: C.twinA
        default: nil
        }
        let expected: [Knowledge] = partner.map { partner in
          table.seats(holding: partner).map { .player(seat: $0, role: partner) }
        } ?? []
        let known = game.knowledge(of: seat, at: table)
        if known != (expected.isEmpty && partner != nil ? [.knowsNoOne] : expected) {
          problems.append("deal \(deal) seat \(seat): \(known)")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(5))")
    #expect(dealt > 100)
  }

  @Test("Win detection", arguments: [
    ([Int](), nil as SideID?),
    ([2], nil),
    ([0], Court.plot),
    ([1], Court.bench),
  ])
  func win(deaths: [Int], winner: SideID?) throws {
    var table = makeTable(game, [C.judge, C.traitor, C.jurors[0], C.jurors[1]])
    for seat in deaths { try table.markDead(seat, cause: .votedOut) }
    #expect(game.winner(of: table) == winner)
  }

  @Test func registryDoesNotKnowIt() {
    #expect(GameRegistry.game("court") == nil)
    #expect(GameRegistry.game("wolf") == nil)
  }
}
