import PareaRules
import Testing

// One test (or table of rows) per SetupError case, plus valid setups and the
// deal's "throws the first error".

private typealias R = Palermo.Roles

/// A valid Palermo role set for `players` (5...14): the first `players` roles of the pool.
/// The Red thief, then town roles: a valid Palermo set of any size from 3.
private func palermoRoles(_ players: Int) -> [RoleID] {
  let town = Palermo().roles.map(\.id).filter { !Palermo().isBad($0) }
  let more = [Palermo.Roles.blackThief, Palermo.Roles.snitch]
  return [Palermo.Roles.redThief] + town.prefix(players - 1) + more.prefix(max(0, players - 1 - town.count))
}

private let names5 = ["Anna", "Bob", "Chris", "Dora", "Eli"]

@Suite("Validation")
struct ValidationTests {
  // MARK: emptyName

  @Test("Empty names are refused", arguments: ["", "   ", "\t", "\n \t ", "\u{00A0}"])
  func emptyName(name: String) {
    let names = ["Anna", name, "Bob"]
    #expect(Killer().validate(players: names, setup: Setup(badCount: 1)) == [.emptyName])
    #expect(PlayerName.problem(adding: name, to: ["Anna"]) == .emptyName)
  }

  // MARK: duplicateName

  @Test("Duplicate names are refused, ignoring case, accents and spaces", arguments: [
    ("anna", "ANNA"),
    ("Anna", "  anna "),
    ("Ελένη", "ΕΛΕΝΗ"),
    ("Ελένη", "ελενη"),
    ("ΕΛΕΝΗ", "ελένη"),
    ("Ελένη", " ΕΛΈΝΗ "),
    ("Ελε\u{301}νη", "Ελ\u{3AD}νη"),  // decomposed vs precomposed έ
    ("Jose\u{301}", "José"),
    ("José", "jose"),
    ("Νίκος", "ΝΙΚΟΣ"),  // final sigma ς vs capital Σ
    ("Νίκος", "νικοσ"),  // final sigma vs medial σ
    ("Zoë", "ZOE"),
    ("Anna Maria", "anna   maria"),  // inner runs of spaces
  ])
  func duplicateName(existing: String, added: String) {
    #expect(PlayerName.key(existing) == PlayerName.key(added))
    #expect(PlayerName.problem(adding: added, to: ["Bob", existing]) == .duplicateName(existing))
    let names = [existing, "Bob", added]
    #expect(Spy().validate(players: names, setup: Setup(badCount: 1), locations: Sample.locations)
      == [.duplicateName(existing)])
  }

  @Test("Different names are not duplicates", arguments: [
    ("Anna", "Anne"), ("Νίκος", "Νίκο"), ("Ελένη", "Ελενα"), ("Bob", "Bobby"), ("Αννα", "Anna"),
  ])
  func differentNames(first: String, second: String) {
    #expect(PlayerName.key(first) != PlayerName.key(second))
    #expect(PlayerName.problem(adding: second, to: [first]) == nil)
  }

  @Test func threeSpellingsOfOneName() {
    let names = ["Ελένη", "ΕΛΕΝΗ", "ελενη", "Bob"]
    // Each later spelling is reported against the first one.
    #expect(Killer().validate(players: names, setup: Setup(badCount: 1))
      == [.duplicateName("Ελένη"), .duplicateName("Ελένη")])
  }

  @Test func cleaning() {
    #expect(PlayerName.clean("  Anna \t Maria \n") == "Anna Maria")
    let composed = PlayerName.clean("Ele\u{301}ni")
    #expect(Array(composed.unicodeScalars) == Array("El\u{E9}ni".unicodeScalars))
    #expect(PlayerName.clean("   ").isEmpty)
    #expect(PlayerName.key(" ΝΊΚΟΣ ") == PlayerName.key("νίκος"))
    #expect(PlayerName.key("Νίκος") == PlayerName.key("ΝΙΚΟΣ"), "final sigma folds to sigma")
    #expect(PlayerName.key("Ελένη") == "ελενη")
  }

  @Test(
    "plain ASCII names: the fast path agrees with the general one",
    arguments: [
      ("Anna Maria", "Anna Maria"), ("Anna  Maria", "Anna Maria"), (" Anna", "Anna"),
      ("Anna ", "Anna"), ("A", "A"), ("", ""), (" ", ""), ("Anna\tB", "Anna B"), ("a b c", "a b c"),
      ("Jo~", "Jo~"), ("a\u{7F}", "a\u{7F}"),
    ])
  func asciiCleaning(name: String, clean: String) {
    #expect(PlayerName.clean(name) == clean)
  }

  // MARK: tooFewPlayers / tooManyPlayers

  @Test func tooFewPlayers() {
    #expect(Palermo().validate(players: Array(names5.prefix(4)), setup: Setup(roles: palermoRoles(4)))
      == [.tooFewPlayers(minimum: 5, count: 4)])
    // Two players cannot hold even one killer: both problems are reported.
    #expect(Killer().validate(players: ["Anna", "Bob"], setup: Setup(badCount: 1))
      == [.tooFewPlayers(minimum: 3, count: 2), .badCount(count: 1, allowed: nil)])
    #expect(Spy().validate(players: [], setup: Setup(badCount: 1), locations: Sample.locations)
      == [.tooFewPlayers(minimum: 3, count: 0), .badCount(count: 1, allowed: nil)])
  }

  @Test func tooManyPlayers() {
    let names = Sample.shortNames(21)
    #expect(Spy().validate(players: names, setup: Setup(badCount: 3), locations: Sample.locations)
      == [.tooManyPlayers(maximum: 20, count: 21)])
    #expect(Killer().validate(players: names, setup: Setup(badCount: 2))
      == [.tooManyPlayers(maximum: 20, count: 21)])
    #expect(Palermo().validate(players: Sample.shortNames(15), setup: Setup(roles: palermoRoles(14)))
      == [.tooManyPlayers(maximum: 14, count: 15), .rolesDoNotMatchPlayers(roles: 14, players: 15)])
  }

  // MARK: moreRolesThanPlayers / rolesDoNotMatchPlayers

  @Test func moreRolesThanPlayers() {
    #expect(Palermo().validate(players: names5, setup: Setup(roles: palermoRoles(6)))
      == [.moreRolesThanPlayers(roles: 6, players: 5)])
  }

  @Test func rolesDoNotMatchPlayers() {
    #expect(Palermo().validate(players: names5 + ["Fay"], setup: Setup(roles: palermoRoles(5)))
      == [.rolesDoNotMatchPlayers(roles: 5, players: 6)])
    #expect(Palermo().validate(players: names5, setup: Setup(roles: []))
      == [.rolesDoNotMatchPlayers(roles: 0, players: 5), .gameRule(game: "palermo", rule: "needsThief")])
  }

  // MARK: invalidRole

  @Test("Unknown or repeated roles are refused", arguments: [
    [R.redThief, "palermo.wizard", R.doctor, R.citizens[0], R.citizens[1]],
    [R.redThief, Spy.spy, R.doctor, R.citizens[0], R.citizens[1]],
    [R.redThief, Killer.cop, R.doctor, R.citizens[0], R.citizens[1]],
  ])
  func unknownRole(roles: [RoleID]) {
    #expect(Palermo().validate(players: names5, setup: Setup(roles: roles)) == [.invalidRole(roles[1])])
  }

  @Test func roleChosenTwice() {
    let twice = [R.redThief, R.redThief, R.doctor, R.citizens[0], R.citizens[1]]
    #expect(Palermo().validate(players: names5, setup: Setup(roles: twice)) == [.invalidRole(R.redThief)])
    let thrice = [R.citizens[0], R.redThief, R.citizens[0], R.citizens[0], R.doctor]
    #expect(Palermo().validate(players: names5, setup: Setup(roles: thrice))
      == [.invalidRole(R.citizens[0]), .invalidRole(R.citizens[0])])
  }

  // MARK: badCount

  @Test("Bad counts the table cannot support are refused", arguments: [
    (GameID("spy"), 4, 2, 1...1),
    (GameID("spy"), 3, 0, 1...1),
    (GameID("spy"), 20, 4, 1...3),
    (GameID("spy"), 6, 3, 1...2),
    (GameID("killer"), 7, 0, 1...2),
    (GameID("killer"), 7, 3, 1...2),
    (GameID("killer"), 4, 2, 1...1),
    (GameID("killer"), 7, -1, 1...2),
  ] as [(GameID, Int, Int, ClosedRange<Int>)])
  func badCount(game: GameID, players: Int, count: Int, allowed: ClosedRange<Int>) throws {
    let game = try #require(GameRegistry.game(game))
    let errors = game.validate(
      players: Sample.shortNames(players), setup: Setup(badCount: count), locations: Sample.locations)
    #expect(errors == [.badCount(count: count, allowed: allowed)])
    #expect(game.validate(setup: Setup(badCount: count), players: players) == errors)
  }

  @Test("Allowed bad counts leave the good side strictly larger", arguments: 0...25)
  func allowedBadCounts(players: Int) {
    for (game, limit) in [(Spy() as any GameType, 3), (Killer() as any GameType, 2)] {
      let upper = min(limit, (players - 1) / 2)
      let expected: ClosedRange<Int>? = upper >= 1 ? 1...upper : nil
      #expect(game.allowedBadCounts(players: players) == expected, "\(game.id) \(players)")
      for count in -1...5 {
        let valid = game.validate(setup: Setup(badCount: count), players: players).isEmpty
        #expect(valid == (expected?.contains(count) ?? false), "\(game.id) \(players) players, \(count)")
        if valid { #expect(players - count > count) }
      }
    }
    #expect(Palermo().allowedBadCounts(players: players) == nil)
  }

  // MARK: noLocations

  @Test("Spy without usable locations is refused", arguments: [
    [Location](), [Location(id: "empty", roleCount: 0)],
  ])
  func noLocations(locations: [Location]) {
    #expect(Spy().validate(players: names5, setup: Setup(badCount: 1), locations: locations) == [.noLocations])
    #expect(Spy().validate(players: names5, setup: Setup(badCount: 1)) == [.noLocations])
    // Games without locations do not care.
    #expect(Killer().validate(players: names5, setup: Setup(badCount: 1), locations: locations).isEmpty)
  }

  // MARK: gameRule

  @Test("Palermo needs a thief")
  func needsThief() {
    let noThief = [R.snitch, R.policeman, R.doctor, R.citizens[0], R.citizens[1]]
    let errors = Palermo().validate(players: names5, setup: Setup(roles: noThief))
    #expect(errors == [.gameRule(game: "palermo", rule: "needsThief")])
    #expect(errors.first?.key == "palermo.needsThief")
    #expect(Palermo().brokenRules(in: noThief) == ["needsThief"])
    #expect(Palermo().brokenRules(in: [R.blackThief, R.doctor, R.policeman]).isEmpty)
    #expect(Palermo().brokenRules(in: [R.redThief, R.doctor, R.policeman]).isEmpty)
  }

  @Test("Palermo refuses a set the thieves have already won")
  func thievesOutnumberTown() {
    let set = [R.redThief, R.blackThief, R.snitch, R.policeman, R.doctor]
    let errors = Palermo().validate(players: names5, setup: Setup(roles: set))
    #expect(errors == [.gameRule(game: "palermo", rule: "thievesOutnumberTown")])
    // Two thieves against three town players is a game.
    let fair = [R.redThief, R.blackThief, R.policeman, R.doctor, R.roommate1]
    #expect(Palermo().validate(players: names5, setup: Setup(roles: fair)).isEmpty)
    for players in Palermo().players {
      let suggested = Palermo().suggestedSetup(players: players)!
      #expect(Palermo().validate(players: Sample.names(players), setup: suggested).isEmpty, "\(players)")
    }
  }

  // MARK: Valid setups

  @Test("Valid setups produce no errors")
  func validSetups() {
    for players in Palermo().players {
      #expect(Palermo().validate(players: Sample.names(players), setup: Setup(roles: palermoRoles(players))).isEmpty)
    }
    // One thief is enough, either one; a Snitch without the Red thief is allowed.
    let blackOnly = [R.blackThief, R.snitch, R.policeman, R.citizens[0], R.citizens[1]]
    #expect(Palermo().validate(players: names5, setup: Setup(roles: blackOnly)).isEmpty)
    for players in 3...20 {
      for count in Spy().allowedBadCounts(players: players)! {
        #expect(Spy().validate(players: Sample.names(players), setup: Setup(badCount: count), locations: Sample.locations).isEmpty)
      }
      for count in Killer().allowedBadCounts(players: players)! {
        #expect(Killer().validate(players: Sample.names(players), setup: Setup(badCount: count)).isEmpty)
      }
    }
  }

  // MARK: The deal throws the first error

  @Test("deal throws the first error and does not draw from the generator")
  func dealThrowsFirst() {
    let cases: [(any GameType, [String], Setup, [Location])] = [
      (Palermo(), ["", "Anna", "ANNA"], Setup(roles: [R.doctor]), []),
      (Palermo(), ["Anna", "anna", "Bob", "Chris", "Dora"], Setup(roles: palermoRoles(4)), []),
      (Killer(), ["Anna", "Bob"], Setup(badCount: 5), []),
      (Spy(), names5, Setup(badCount: 3), []),
      (Spy(), names5, Setup(badCount: 1), []),
      (Palermo(), names5, Setup(roles: [R.doctor, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]), []),
    ]
    for (game, names, setup, locations) in cases {
      let errors = game.validate(players: names, setup: setup, locations: locations)
      guard let first = errors.first else {
        Issue.record("expected errors for \(game.id) \(names)")
        continue
      }
      var generator = SplitMix64(seed: 1)
      #expect(throws: first) {
        _ = try game.deal(players: names, setup: setup, locations: locations, using: &generator)
      }
      var fresh = SplitMix64(seed: 1)
      #expect(generator.next() == fresh.next(), "a refused deal draws nothing")
    }
  }

  @Test("Error keys name the locale entries")
  func keys() {
    let cases: [(SetupError, String)] = [
      (.emptyName, "emptyName"),
      (.duplicateName("Anna"), "duplicateName"),
      (.tooFewPlayers(minimum: 3, count: 2), "tooFewPlayers"),
      (.tooManyPlayers(maximum: 20, count: 21), "tooManyPlayers"),
      (.moreRolesThanPlayers(roles: 6, players: 5), "moreRolesThanPlayers"),
      (.rolesDoNotMatchPlayers(roles: 4, players: 5), "rolesDoNotMatchPlayers"),
      (.invalidRole("x"), "invalidRole"),
      (.badCount(count: 4, allowed: 1...3), "badCount"),
      (.noLocations, "noLocations"),
      (.gameRule(game: "palermo", rule: "needsThief"), "palermo.needsThief"),
    ]
    for (error, key) in cases { #expect(error.key == key) }
  }
}
