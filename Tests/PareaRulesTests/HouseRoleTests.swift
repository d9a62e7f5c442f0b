import Foundation
import Testing

@testable import PareaRules

/// A group's own roles, declared like the built-in ones: what each ability
/// does at the table, the Fool's lone win, the night's order with them, the
/// limits a deck must keep to, and a game with them saved and read back.
@Suite struct HouseRoleTests {
  typealias R = Palermo.Roles

  static let sheriff = RoleDeclaration(
    id: "house.sheriff", side: Palermo.town, night: .check, names: ["en": "Sheriff", "el": "Σερίφης"])
  static let fool = RoleDeclaration(id: "house.fool", side: Palermo.town, alone: .votedOut, names: ["en": "Fool"])
  static let madam = RoleDeclaration(
    id: "house.madam", side: Palermo.thieves, knowsSide: true, night: .block, names: ["el": "Μαντάμ"])
  static let nurse = RoleDeclaration(id: "house.nurse", side: Palermo.town, night: .protect, once: true, names: ["en": "Nurse"])

  static let friday = Palermo(houseRoles: [sheriff, fool, madam, nurse])

  /// A table of `friday` dealt `roles` in seat order.
  func table(_ roles: [RoleID]) -> Table { makeTable(Self.friday, roles) }

  /// Records tonight's choices by step id (the counted choice, as the narrator records it), then ends the night.
  func night(_ table: inout Table, _ choices: [String: Int]) throws {
    for step in table.stepsTonight() {
      let seat = choices[step.id.rawValue].flatMap { table.countedChoice($0, by: step) }
      try table.recordChoice(step.id, seat: seat)
    }
    try table.resolveNight()
  }

  @Test("the game's roles, sides and night follow the deck: blockers first, then thieves, protectors, checkers")
  func derived() {
    let game = Self.friday
    #expect(game.roles.count == 18 && game.houseRoles.count == 4)
    #expect(game.sides.map(\.id) == [Palermo.town, Palermo.thieves, "house.fool"])
    #expect(game.side("house.fool")?.isBad == false && game.role("house.fool")?.side == "house.fool")
    #expect(
      game.phases[0].steps.map(\.id.rawValue) == ["house.madam", "thieves", "doctor", "house.nurse", "house.sheriff"])
    #expect(game.phases[0].steps.first { $0.id == "house.nurse" }?.once == true)
    // "Its side": the Madam knows every other role on the thieves' side.
    #expect(game.role("house.madam")?.knows == [R.redThief, R.blackThief, R.snitch])
    // The built-in game is unchanged by the possibility.
    #expect(Palermo(houseRoles: []).roles == Palermo().roles && Palermo().houseRoles.isEmpty)
    #expect(Palermo(houseRoles: []).phases == Palermo().phases && Palermo().sides.count == 2)
    #expect(game.suggestedSetup(players: 8) == Palermo().suggestedSetup(players: 8))
  }

  @Test("the Fool wins alone when voted out by day, and only then")
  func foolWins() throws {
    let roles: [RoleID] = [R.redThief, "house.fool", R.doctor, R.citizens[0], R.citizens[1], R.redKamikaze]
    var voted = table(roles)
    try voted.advancePhase()  // to the first day
    try voted.markDead(1, cause: .votedOut)
    #expect(voted.winner == "house.fool" && voted.isOver)

    // Killed by night, the Fool is simply out.
    var killed = table(roles)
    try night(&killed, ["thieves": 1])
    #expect(killed.seats[1].death == .killedAtNight && killed.winner == nil)
    try killed.advancePhase()
    try killed.markDead(0, cause: .votedOut)
    #expect(killed.winner == Palermo.town)

    // Taken along by the Red kamikaze after a vote: not voted out, no win.
    var taken = table(roles)
    try taken.advancePhase()
    try taken.markDead(5, cause: .votedOut)
    try taken.resolveFollowUp(target: 1)
    #expect(taken.seats[1].death == .takenByKamikaze && taken.winner == nil)

    // The Fool counts against the thieves like the town: one thief and the Fool alone is not the thieves' win.
    var two = makeTable(Self.friday, [R.redThief, "house.fool", R.citizens[0]])
    try night(&two, ["thieves": 2])
    #expect(two.winner == Palermo.thieves)  // one thief against one player not on their side
    var three = makeTable(Self.friday, [R.redThief, "house.fool", R.citizens[0], R.citizens[1]])
    try night(&three, ["thieves": 2])
    #expect(three.winner == nil)
  }

  @Test("a block makes its player's night choice count for nothing; a check learns a side")
  func blockAndCheck() throws {
    let roles: [RoleID] = ["house.madam", R.redThief, R.doctor, "house.sheriff", R.citizens[0], R.citizens[1], R.citizens[2]]
    // The Madam blocks the Doctor, who protected the victim: the victim dies.
    var blocked = table(roles)
    try night(&blocked, ["house.madam": 2, "thieves": 4, "doctor": 4])
    #expect(blocked.lastNight?.blocked == [2] && blocked.seats[4].death == .killedAtNight)
    // Unblocked, the Doctor saves them.
    var saved = table(roles)
    try night(&saved, ["house.madam": 5, "thieves": 4, "doctor": 4])
    #expect(saved.seats[4].isAlive && saved.lastNight?.saved == true)
    // Blocking the only thief: nobody dies.
    var noKill = table(roles)
    try night(&noKill, ["house.madam": 1, "thieves": 4])
    #expect(noKill.seats[4].isAlive && noKill.lastNight?.victim == nil)
    // With two thieves, blocking one leaves the other's choice standing.
    var two = table(roles.dropLast() + [R.blackThief])
    try night(&two, ["house.madam": 1, "thieves": 4])
    #expect(two.seats[4].death == .killedAtNight)
    // The Sheriff's check learns the side of the player checked.
    let checks = table(roles)
    #expect(checks.answer(about: 1) == .bad && checks.answer(about: 0) == .bad && checks.answer(about: 2) == .notBad)
    #expect(makeTable(Self.friday, roles + ["house.fool"]).answer(about: 7) == .notBad)
  }

  @Test("a once-a-game ability counts the first night it is used, never after; its step still wakes")
  func once() throws {
    let roles: [RoleID] = [R.redThief, "house.nurse", R.citizens[0], R.citizens[1], R.citizens[2], R.citizens[3]]
    var table = table(roles)
    try night(&table, ["thieves": 2, "house.nurse": 2])
    #expect(table.seats[2].isAlive)
    try table.advancePhase()
    try table.markDead(5, cause: .votedOut)
    try table.advancePhase()
    let steps = table.stepsTonight().map(\.id)
    #expect(steps.contains("house.nurse") && table.hasUsed("house.nurse"))
    try night(&table, ["thieves": 3, "house.nurse": 3])
    #expect(table.seats[3].death == .killedAtNight)

    // A night the Nurse chose nobody does not spend it.
    var unused = self.table(roles)
    try night(&unused, ["thieves": 2])
    try unused.advancePhase()
    try unused.markDead(5, cause: .votedOut)
    try unused.advancePhase()
    #expect(!unused.hasUsed("house.nurse"))
  }

  @Test("a game with house roles is saved with them and read back whole; a built-in game is saved as before")
  func saved() throws {
    var table = table([R.redThief, "house.fool", "house.sheriff", R.doctor, R.citizens[0], R.citizens[1]])
    try night(&table, ["thieves": 4, "house.sheriff": 0])
    let data = try JSONEncoder().encode(table)
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(json.contains("\"houseRoles\"") && json.contains("Sheriff"))
    let back = try JSONDecoder().decode(Table.self, from: data)
    #expect(back == table && back.rules.houseRoles == Self.friday.houseRoles && back.rules.roles.count == 18)

    let plain = makeTable(Palermo(), [R.redThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]])
    let plainJSON = try #require(String(data: try JSONEncoder().encode(plain), encoding: .utf8))
    #expect(plainJSON.contains("\"game\":\"palermo\""))
    #expect(table != makeTable(Palermo(), table.seats.map(\.role)))

    // A saved game whose roles were edited into ones the editor cannot make is not read.
    for (from, to) in [("house.fool", "palermo.fool"), ("\"Fool\"", "\"\""), ("\"votedOut\"", "\"eaten\"")] {
      let edited = Data(json.replacingOccurrences(of: from, with: to).utf8)
      #expect(throws: (any Error).self, "\(from) → \(to)") { try JSONDecoder().decode(Table.self, from: edited) }
    }
  }

  @Test("what a deck must keep to: its ids, names, whom it knows and what the editor offers")
  func limits() {
    let builtIn = Palermo().roles
    func problems(_ roles: [RoleDeclaration]) -> [HouseRoleProblem] {
      RoleDeclaration.houseProblems(roles, builtIn: builtIn)
    }
    #expect(problems([Self.sheriff, Self.fool, Self.madam, Self.nurse]).isEmpty)
    let named = { (id: String, names: [String: String]) in RoleDeclaration(id: RoleID(id), side: Palermo.town, names: names) }
    #expect(problems([named("sheriff", ["en": "S"])]) == [.badID(0)])
    #expect(problems([named("house.Sheriff", ["en": "S"])]) == [.badID(0)])
    #expect(problems([named("house." + String(repeating: "a", count: 25), ["en": "S"])]) == [.badID(0)])
    #expect(problems([named("house.a", ["en": "S"]), named("house.a", ["en": "T"])]) == [.duplicateID(1)])
    #expect(problems([named("house.a", [:])]) == [.noName(0)])
    #expect(problems([named("house.a", ["fr": "Shérif"])]) == [.unknownLanguage(0, "fr")])
    for bad in ["", " S", "S\u{1B}[2J", "S\u{202E}", "🎉", String(repeating: "w", count: 21), "a\nb"] {
      #expect(problems([named("house.a", ["en": bad])]) == [.badName(0, "en")], "\(bad.debugDescription)")
    }
    #expect(problems([named("house.a", ["el": "Σερίφης"]), named("house.b", ["el": "ΣΕΡΙΦΗΣ"])]) == [.duplicateName(1, "el")])
    #expect(
      problems([RoleDeclaration(id: "house.a", side: Palermo.town, knows: ["palermo.nobody"], names: ["en": "A"])])
        == [.unknownKnown(0, "palermo.nobody")])
    let notOffered = [
      RoleDeclaration(id: "house.a", side: Palermo.town, night: .kill, names: ["en": "A"]),
      RoleDeclaration(id: "house.a", side: Palermo.town, countsAsThief: true, names: ["en": "A"]),
      RoleDeclaration(id: "house.a", side: "palermo.elsewhere", names: ["en": "A"]),
      RoleDeclaration(id: "house.a", side: Palermo.thieves, night: .kill, countsAsThief: true, once: true, names: ["en": "A"]),
      RoleDeclaration(id: "house.a", side: Palermo.town, night: .check, once: true, names: ["en": "A"]),
      RoleDeclaration(id: "house.a", side: Palermo.town, takesPlayerAlongWhen: .killed, names: ["en": "A"]),
      RoleDeclaration(id: "house.a", side: Palermo.thieves, countsAsThief: true, alone: .votedOut, names: ["en": "A"]),
    ]
    for role in notOffered { #expect(problems([role]) == [.notOffered(0)], "\(role)") }
    let many = (0...RoleDeclaration.maximumHouseRoles).map { named("house.r\($0)", ["en": "R\($0)"]) }
    #expect(problems(many) == [.tooMany])
  }

  @Test("a random role is always one the editor offers, and a deck of them can be dealt")
  func randomRoles() throws {
    var generator = SplitMix64(seed: 40)
    for deck in 0..<200 {
      let roles = (0..<(1 + deck % 6)).map { number in
        RoleDeclaration.randomHouseRole(number: number, knowable: Palermo.deck.map(\.id), using: &generator)
      }
      #expect(RoleDeclaration.houseProblems(roles, builtIn: Palermo().roles).isEmpty, "\(roles)")
      let game = Palermo(houseRoles: roles)
      let setup = Setup(roles: [R.redThief, R.doctor] + roles.map(\.id) + R.citizens.prefix(3))
      if game.brokenRules(in: setup.roles).isEmpty {
        let table = try game.deal(players: setup.roles.indices.map { "P\($0)" }, setup: setup, using: &generator)
        #expect(table.rules.houseRoles == roles)
      }
    }
  }
}
