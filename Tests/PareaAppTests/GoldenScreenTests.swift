import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Every screen at 80×24, in English and in Greek, compared with golden text.
@Suite struct GoldenScreenTests {
  static let languages: [Language] = [.en, .el]

  /// A Palermo table of seven, dealt with the suggested roles, everyone revealed.
  static func palermoTable(_ language: Language) -> App {
    var app = makeApp(language)
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter, .character("s"), .character("d"))
    app.revealEveryoneByKeys()
    return app
  }

  static func countGame(_ language: Language, game: Character, players: [String], bad: Int) -> App {
    var app = makeApp(language)
    app.press(.character(game))
    app.addPlayers(players)
    app.press(.enter)
    for _ in 1..<bad { app.press(.right) }
    return app
  }

  @Test(arguments: languages) func home(_ language: Language) {
    let app = makeApp(language)
    expectGolden(app.render(width: 80, height: 24), "home.\(language)")
  }

  @Test(arguments: languages) func homeWithProblems(_ language: Language) {
    var app = makeApp(language)
    app.send(.reported([
      Notice(
        kind: .error, title: "store.corrupt.title", message: "store.corrupt.message",
        args: ["file": .text("~/.config/parea/settings.json"), "keptAs": .text("settings.json.corrupt-20261122-101500")]),
      Notice(
        kind: .error, title: "error.locationPack.title", message: "error.locationPack.message",
        args: ["file": .text("~/.config/parea/locations/islands.el.strings"), "line": .text("4"),
          "reason": .phrase("error.locationPack.reason.syntax", ["column": "12"])]),
    ]))
    expectGolden(app.render(width: 80, height: 24), "home-problems.\(language)")
  }

  @Test(arguments: languages) func homeWithGameInProgress(_ language: Language) {
    var app = Self.palermoTable(language)
    app.press(.escape)
    #expect(app.state.confirmation != nil)
    expectGolden(app.render(width: 80, height: 24), "confirm-leave.\(language)")
    var state = app.state
    state.confirmation = nil
    state.screen = .home(HomeScreen())
    let resumed = App(state: state, configuration: configuration(language))
    expectGolden(resumed.render(width: 80, height: 24), "home-resume.\(language)")
    var discarding = resumed
    discarding.press(.character("x"))
    #expect(discarding.state.confirmation?.question == .discardSavedGame)
    expectGolden(discarding.render(width: 80, height: 24), "confirm-discard.\(language)")
  }

  @Test(arguments: languages) func info(_ language: Language) {
    var app = makeApp(language)
    app.press(.character("i"))
    expectGolden(app.render(width: 80, height: 24), "info-palermo.\(language)")
    app.press(.end)
    expectGolden(app.render(width: 80, height: 24), "info-palermo-end.\(language)")
  }

  @Test(arguments: languages) func players(_ language: Language) {
    var app = makeApp(language, savedNames: ["Anna", "Σοφία", "Petros"])
    app.press(.enter)
    expectGolden(app.render(width: 80, height: 24), "players-empty.\(language)")
    app.addPlayers(["Anna", "Νίκος", "ελένη"])
    app.type("ΕΛΈΝΗ")
    app.press(.enter)
    // The refused name stays, highlighted: the next name typed takes its place.
    expectGolden(app.render(width: 80, height: 24), "players-duplicate.\(language)", styles: true)
    app.press(.backspace, .backspace, .backspace, .backspace, .backspace, .enter)
    expectGolden(app.render(width: 80, height: 24), "players-too-few.\(language)")
    app.press(.tab, .down)
    expectGolden(app.render(width: 80, height: 24), "players-list.\(language)")
    app.press(.tab)
    expectGolden(app.render(width: 80, height: 24), "players-picks.\(language)")
  }

  @Test(arguments: languages) func setupPalermo(_ language: Language) {
    var app = makeApp(language)
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter)  // who narrates, then the roles
    expectGolden(app.render(width: 80, height: 24), "setup-palermo-empty.\(language)")
    app.press(.character("s"), .right)
    expectGolden(app.render(width: 80, height: 24), "setup-palermo-suggested.\(language)")
    app.press(.left, .enter)
    expectGolden(app.render(width: 80, height: 24), "setup-palermo-full.\(language)")
    app.press(.right, .enter, .enter, .character("d"))
    expectGolden(app.render(width: 80, height: 24), "setup-palermo-mismatch.\(language)")
  }

  @Test(arguments: languages) func setupCounts(_ language: Language) {
    var spy = Self.countGame(language, game: "2", players: ["A", "B", "C", "D", "E", "F"], bad: 2)
    expectGolden(spy.render(width: 80, height: 24), "setup-spy.\(language)")
    // ↓ lights the round's length, ←→ change it; ↑ back to the spies.
    spy.press(.down, .right)
    expectGolden(spy.render(width: 80, height: 24), "setup-spy-round.\(language)", styles: true)
    spy.press(.up, .right, .right)
    expectGolden(spy.render(width: 80, height: 24), "setup-spy-limit.\(language)")
    spy.press(.character("o"), .character("a"), .character("a"), .right, .enter, .down, .enter)
    expectGolden(spy.render(width: 80, height: 24), "setup-spy-locations.\(language)")
    spy.press(.escape)
    #expect(spy.state.excludedLocations.count == 2)
    let killer = Self.countGame(language, game: "3", players: ["A", "B", "C", "D", "E", "F", "G"], bad: 1)
    expectGolden(killer.render(width: 80, height: 24), "setup-killer.\(language)")
  }

  @Test(arguments: languages) func handOffAndReveal(_ language: Language) throws {
    var app = makeApp(language)
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter, .character("s"), .character("d"))
    // Deaf to keys for a moment after the deal: a double press on "deal"
    // must not show the first role.
    expectGolden(app.render(width: 80, height: 24), "handoff-paused.\(language)")
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "handoff.\(language)", styles: true)
    let table = try #require(app.state.table)
    // Walk to the Snitch, whose card says whom they know.
    let snitch = try #require(table.seats(holding: Palermo.Roles.snitch).first)
    for _ in 0..<snitch {
      app.press(.enter, .enter)
      app.waitOutPause()
    }
    let effects = app.press(.enter)
    #expect(effects.contains(.redrawAll))
    expectGolden(app.render(width: 80, height: 24), "reveal-palermo-snitch.\(language)", styles: true)
  }

  @Test(arguments: languages) func spyReveals(_ language: Language) throws {
    var app = Self.countGame(language, game: "2", players: ["Anna", "Bob", "Chris", "Dina", "Eve"], bad: 1)
    app.press(.enter)
    let table = try #require(app.state.table)
    let spy = try #require(table.seats(holding: Spy.spy).first)
    let local = try #require(table.seats(holding: Spy.local).first)
    for seat in 0..<5 {
      app.waitOutPause()
      app.press(.enter)
      if seat == spy { expectGolden(app.render(width: 80, height: 24), "reveal-spy-spy.\(language)", styles: true) }
      if seat == local { expectGolden(app.render(width: 80, height: 24), "reveal-spy-local.\(language)", styles: true) }
      app.press(.enter)
    }
    expectGolden(app.render(width: 80, height: 24), "table-spy.\(language)")
    app.press(.character("o"))
    expectGolden(app.render(width: 80, height: 24), "table-spy-locations.\(language)")
    app.press(.escape, .character("g"))
    for _ in 0..<spy { app.press(.down) }
    app.press(.enter)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "table-spy-guess-handoff.\(language)")
    app.press(.enter, .down, .down)
    expectGolden(app.render(width: 80, height: 24), "table-spy-guess.\(language)")
    app.press(.enter)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "confirm-final-guess.\(language)")
    app.press(.character(language == .el ? "ν" : "y"))
    // The guess is made: the claimant hands the laptop back, the same page
    // whatever was guessed, and the table sees the game over together.
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "spy-guess-handback.\(language)", styles: true)
    app.handBack()
    try #require(app.state.screen.isSummary, "the guess did not end the game")
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "game-over-spy.\(language)", styles: true)
    app.showResult()
    expectGolden(app.render(width: 80, height: 24), "summary-spy.\(language)")
  }

  /// The third round of a session at the ferry: names of 20 columns and the
  /// longest roles at a location; two spies, one caught, then a local accused.
  @Test(arguments: languages) func spySession(_ language: Language) throws {
    let names = ["Konstantina Georgiou", "Αλέξανδρος Παπαδάκης", "Ιωάννης Χριστοδούλου", "Bob", "Ευτυχία", "Nikos", "Μαρία-Ελένη Σταύρου"]
    var app = spyTable(spy: 1, second: 5, language: language, names: names)
    var state = app.state
    let seats = names.indices.map { seat in
      Seat(name: names[seat], role: [1, 5].contains(seat) ? Spy.spy : Spy.local, locationRole: [1, 5].contains(seat) ? nil : [2, 0, 0, 6, 1, 0, 5][seat])
    }
    state.table = Table(game: Spy(), seats: seats, location: "ferry")
    state.session?.roundsPlayed = 2
    state.session?.scores = ["Konstantina Georgiou": 3, "Αλέξανδρος Παπαδάκης": 4, "Ιωάννης Χριστοδούλου": 2, "Bob": 2, "Ευτυχία": 1, "Nikos": 6, "Μαρία-Ελένη Σταύρου": 2]
    app = App(state: state, configuration: configuration(language))
    // The table accuses Αλέξανδρος (a spy), started by Konstantina; then Bob (a citizen), started by Nikos.
    app.press(.character("v"), .down, .enter, .enter, .enter)
    app.press(.character("v"), .down, .down, .enter, .down, .down, .down, .enter)
    let table = try #require(app.state.table)
    #expect(table.votes.map(\.target) == [1, 3])
    #expect(table.votes.map(\.by) == [0, 5])
    app.showResult()
    expectGolden(app.render(width: 80, height: 24), "summary-spy-accused.\(language)")
    app.press(.character("h"))
    expectGolden(app.render(width: 80, height: 24), "summary-spy-standings.\(language)")
    app.press(.character("h"))
    expectGolden(app.render(width: 80, height: 24), "confirm-end-session.\(language)")
  }

  /// A citizen claims to be a spy: the round ends, and only the results say so.
  @Test(arguments: languages) func spyFalseClaim(_ language: Language) throws {
    var app = spyTable(spy: 0, language: language)
    app.press(.character("g"), .down, .down, .down, .enter, .enter, .right, .enter)
    app.press(.character(language == .el ? "ν" : "y"))
    #expect(app.state.table?.guess?.by == 3)
    app.handBack()
    app.showResult()
    expectGolden(app.render(width: 80, height: 24), "summary-spy-false-claim.\(language)")
  }

  @Test(arguments: languages) func killerTable(_ language: Language) throws {
    var app = Self.countGame(language, game: "3", players: ["Anna", "Bob", "Chris", "Dina", "Eve", "Fay", "Gus"], bad: 2)
    app.press(.enter)
    let table = try #require(app.state.table)
    let killer = try #require(table.seats(holding: Killer.killer).first)
    for seat in 0..<7 {
      app.waitOutPause()
      app.press(.enter)
      if seat == killer { expectGolden(app.render(width: 80, height: 24), "reveal-killer-killer.\(language)", styles: true) }
      app.press(.enter)
    }
    // The Cop accuses a citizen: one accusation spent.
    let citizen = try #require(app.state.table?.seats(holding: Killer.citizen).first)
    let cop = try #require(app.state.table?.seats(holding: Killer.cop).first)
    app.press(.character("a"))
    let accusers = app.state.pickable(for: .accuser)
    for _ in 0..<(try #require(accusers.firstIndex(of: cop))) { app.press(.down) }
    app.press(.enter)
    let targets = app.state.pickable(for: .accuse(by: cop))
    let index = try #require(targets.firstIndex(of: citizen))
    for _ in 0..<index { app.press(.down) }
    app.press(.enter)
    expectGolden(app.render(width: 80, height: 24), "table-killer-wrong-accusation.\(language)")
  }

  @Test(arguments: languages) func palermoTable(_ language: Language) throws {
    var app = Self.palermoTable(language)
    expectGolden(app.render(width: 80, height: 24), "table-palermo.\(language)")
    app.press(.character("d"), .down)
    expectGolden(app.render(width: 80, height: 24), "table-pick-dead.\(language)")
    app.press(.enter)
    expectGolden(app.render(width: 80, height: 24), "table-cause.\(language)")
    app.press(.escape, .character("r"))
    expectGolden(app.render(width: 80, height: 24), "table-roles.\(language)")
    app.press(.escape, .enter, .down, .enter)
    // Deaf to keys for a moment: a double press on the pick must not show the role.
    expectGolden(app.render(width: 80, height: 24), "table-are-you-paused.\(language)")
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "table-are-you.\(language)")
    app.press(.escape, .character("e"))
    expectGolden(app.render(width: 80, height: 24), "confirm-end.\(language)")
    app.press(.character(language == .el ? "ν" : "y"))
    // Ended by hand: the game over first, which offers to take the end back.
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "game-over-ended.\(language)")
    app.showResult()
    expectGolden(app.render(width: 80, height: 24), "summary-ended.\(language)")
  }

  /// With the house rule on, each player who is out shows the cause and the role.
  @Test(arguments: languages) func deadRolesShown(_ language: Language) throws {
    var state = Self.palermoTable(language).state
    state.houseRules.revealDeadRoles = true
    var app = App(state: state, configuration: configuration(language))
    // The Snitch voted out by day, then Citizen Michael (a long role name) killed
    // the next night: neither gives the thieves the game. Each is the phase's
    // own cause, offered first.
    for role in [Palermo.Roles.snitch, Palermo.Roles.citizens[1]] {
      app.press(.character("n"))
      let seat = try #require(app.state.table?.seats(holding: role).first)
      app.press(.character("d"))
      let index = try #require(app.state.pickable(for: .markDead).firstIndex(of: seat))
      var page = try #require(app.state.screen.tablePage, "not at the table: \(app.state.screen)")
      page.selection = index
      var moved = app.state
      moved.screen = .table(page)
      app = App(state: moved, configuration: configuration(language))
      app.press(.enter, .enter)
    }
    #expect(app.state.table?.seats.filter { !$0.isAlive }.count == 2)
    expectGolden(app.render(width: 80, height: 24), "table-dead-roles.\(language)")
  }

  @Test(arguments: languages) func kamikaze(_ language: Language) throws {
    var app = makeApp(language)
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter)  // who narrates (the table's own), then the roles
    // Choose the roles by hand: both thieves, both kamikazes, three citizens.
    let wanted = [Palermo.Roles.redThief, Palermo.Roles.blackThief, Palermo.Roles.redKamikaze,
      Palermo.Roles.blackKamikaze] + Palermo.Roles.citizens.prefix(3)
    for role in wanted {
      let available = SetupScreen.available(in: app.state)
      var page = try #require(app.state.screen.setupPage)
      page.availableSelection = try #require(available.firstIndex(of: role))
      var state = app.state
      state.screen = .setup(page)
      app = App(state: state, configuration: configuration(language))
      app.press(.enter)
    }
    app.press(.character("d"))
    app.revealEveryoneByKeys()
    let kamikaze = try #require(app.state.table?.seats(holding: Palermo.Roles.redKamikaze).first)
    app.press(.character("n"), .character("d"))
    for _ in 0..<kamikaze { app.press(.down) }
    app.press(.enter, .enter)  // voted out by day
    expectGolden(app.render(width: 80, height: 24), "table-kamikaze.\(language)")
  }

  @Test(arguments: languages) func settings(_ language: Language) {
    var app = makeApp(language)
    app.press(.character("s"))
    expectGolden(app.render(width: 80, height: 24), "settings.\(language)")
  }

  /// Low in the list, on a narrator's rule with a value changed: that rule's
  /// hint at the bottom, and the colours of the lit values and the highlight.
  @Test(arguments: languages) func settingsTieRule(_ language: Language) {
    var app = makeApp(language)
    app.press(.character("s"))
    for _ in 0..<10 { app.press(.down) }
    app.press(.right)
    #expect(app.state.houseRules.dealt.tie == .revoteOnce)
    expectGolden(app.render(width: 80, height: 24), "settings-tie.\(language)", styles: true)
  }

  @Test(arguments: languages) func tooSmall(_ language: Language) {
    let app = makeApp(language)
    expectGolden(app.render(width: 60, height: 20), "too-small.\(language)")
  }
}
