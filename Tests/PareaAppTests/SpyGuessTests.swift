import PareaCanvas
import PareaLocale
import Testing

@testable import PareaApp
@testable import PareaRules

/// A Spy table of five at the zoo, past the first round of reveals, with one
/// spy at `spy` (and a second at `second`, if given). Built by hand so that two
/// tables can differ only in who the spy is.
func spyTable(spy: Int, second: Int? = nil, language: Language = .en, names: [String] = spyNames) -> App {
  var app = makeApp(language)
  app.send(.home(.play("spy")))
  app.addPlayers(names)
  app.send(.players(.proceed))
  app.send(.setup(.deal))
  app.revealEveryone()
  var state = app.state
  let seats = names.indices.map { seat in
    let isSpy = seat == spy || seat == second
    var player = Seat(name: names[seat], role: isSpy ? Spy.spy : Spy.local, locationRole: isSpy ? nil : seat)
    player.views = 1
    return player
  }
  var table = Table(game: Spy(), seats: seats, location: "zoo")
  table.firstPlayer = 2
  state.table = table
  return App(state: state, configuration: configuration(language))
}

let spyNames = ["Anna", "Bob", "Chris", "Dina", "Eve"]

/// The guess never tells the table that someone is not a spy before the round is over.
@Suite struct SpyGuessTests {
  /// Every key of a claim, from `g` to the question that makes it final.
  static let claim: [Key] = [
    .character("g"), .enter,  // Anna claims
    .enter,  // past the private hand-off
    .down, .down, .right, .up,  // browse the locations
    .enter,  // "Final guess: …?"
    .character("n"),  // not yet
    .escape,  // back to the table
    .character("g"), .enter, .enter, .down, .enter,  // again, to the question
  ]

  /// Anna the spy and Anna a local press the same keys: every screen on the
  /// way, in characters and styles, and every effect are the same.
  @Test(arguments: [Language.en, .el]) func aSpyAndALocalSeeTheSameScreens(_ language: Language) {
    var spy = spyTable(spy: 0, language: language)
    var local = spyTable(spy: 1, language: language)
    #expect(spy.render(width: 80, height: 24) == local.render(width: 80, height: 24))
    for (step, key) in Self.claim.enumerated() {
      let spyEffects = spy.press(key)
      let localEffects = local.press(key)
      #expect(spyEffects == localEffects, "step \(step)")
      #expect(spy.render(width: 80, height: 24) == local.render(width: 80, height: 24), "step \(step): \(key)")
      #expect(spy.state.screen == local.state.screen, "step \(step)")
      #expect(spy.state.confirmation == local.state.confirmation, "step \(step)")
    }
    #expect(spy.state.confirmation != nil, "the keys reach the final question")
    #expect(spy.state.table?.guess == nil && local.state.table?.guess == nil)
  }

  /// Choosing a player, going through the hand-off and the list and backing
  /// out records nothing, for anyone.
  @Test func backingOutRecordsNothing() throws {
    // Every step states the whole change: only the screen moves, nothing is recorded.
    var store = TestStore(spyTable(spy: 2))
    store.press(.character("g")) { $0.screen = .table(TableScreen(mode: .pick(.guesser), selection: 0)) }
    store.press(.down) { $0.screen = .table(TableScreen(mode: .pick(.guesser), selection: 1)) }
    // The hand-off to a claimant is guarded: its next key goes on in private.
    store.press(.enter, effects: [.redrawAll]) {
      $0.screen = .spyGuess(SpyGuessScreen(by: 1, table: TableScreen(mode: .main, selection: 1)))
      $0.keyGuard = KeyPause(since: $0.clock)
    }
    store.press(.escape) {
      $0.screen = .table(TableScreen(mode: .main, selection: 1))
      $0.keyGuard = nil
    }
    // Every pick opens on its first player: down to Bob again.
    store.press(.character("g")) { $0.screen = .table(TableScreen(mode: .pick(.guesser), selection: 0)) }
    store.press(.down) { $0.screen = .table(TableScreen(mode: .pick(.guesser), selection: 1)) }
    store.press(.enter, effects: [.redrawAll]) {
      $0.screen = .spyGuess(SpyGuessScreen(by: 1, table: TableScreen(mode: .main, selection: 1)))
      $0.keyGuard = KeyPause(since: $0.clock)
    }
    store.app.waitOutPause()
    let grid = SpyGuessScreen(by: 1, stage: .choosing(selection: 0), table: TableScreen(mode: .main, selection: 1))
    store.press(.enter, effects: [.redrawAll]) {
      $0.screen = .spyGuess(grid)
      $0.keyGuard = nil
    }
    // The final question is guarded too; Esc (and n, once it answers) says no.
    store.press(.enter) {
      $0.confirmation = PareaApp.Confirmation(.finalGuess("airplane"), yes: .spyGuess(.guess("airplane")))
      $0.keyGuard = KeyPause(since: $0.clock)
    }
    store.app.waitOutPause()
    store.press(.character("n")) {
      $0.confirmation = nil
      $0.keyGuard = nil
    }
    store.press(.escape) { $0.screen = .table(TableScreen(mode: .main, selection: 1)) }
  }

  struct Claim: Sendable, CustomTestStringConvertible {
    let name: String
    let claimant: Int
    let location: LocationID
    let winner: SideID
    var testDescription: String { name }
  }

  static let claims = [
    Claim(name: "the spy guesses right", claimant: 0, location: "zoo", winner: Spy.spies),
    Claim(name: "the spy guesses wrong", claimant: 0, location: "museum", winner: Spy.locals),
    Claim(name: "a local claims and names another location", claimant: 3, location: "museum", winner: Spy.spies),
    Claim(name: "a local claims and names the real one", claimant: 3, location: "zoo", winner: Spy.spies),
  ]

  /// The final "yes" records the claim and goes to the results, whoever claimed.
  @Test(arguments: claims) func aFinalGuessEndsTheRound(_ claim: Claim) throws {
    var app = spyTable(spy: 0)
    let environment = app.environment
    let locations = app.state.inPlay(environment.sortedLocations(.en))
    let index = try #require(locations.firstIndex { $0.id == claim.location })
    app.send(.table(.command(.guessLocation)))
    for _ in 0..<claim.claimant { app.send(.table(.move(1))) }
    app.send(.table(.pick))
    app.send(.spyGuess(.proceed))
    for _ in 0..<index { app.send(.spyGuess(.move(1))) }
    app.send(.spyGuess(.proceed))
    #expect(app.state.confirmation?.question == .finalGuess(claim.location))
    var store = TestStore(app)
    let table = try #require(store.state.screen.tableBeneath)
    // The claimant hands the laptop back: the same page whatever the verdict.
    try store.send(.confirm(true), effects: [.saveGame, .redrawAll]) {
      try $0.session?.table?.guessLocation(claim.location, by: claim.claimant)
      $0.confirmation = nil
      $0.keyGuard = KeyPause(since: $0.clock)
      $0.screen = .spyGuess(SpyGuessScreen(by: claim.claimant, stage: .handBack, table: table))
    }
    #expect(Spy().winner(of: try #require(store.state.table)) == claim.winner)
    // In front of the table: the game over, whatever the verdict, its result not drawn.
    store.app.waitOutPause()
    store.press(.enter, effects: [.redrawAll]) {
      $0.screen = .summary(SummaryScreen())
      $0.keyGuard = KeyPause(since: $0.clock)
    }
    let gameOver = store.app.screen
    #expect(!gameOver.contains("SPIES WIN") && !gameOver.contains("LOCALS WIN"), "\(gameOver)")
  }
}

/// The first questioner stays on the table until the first question is asked.
@Suite struct FirstQuestionerTests {
  /// Chris (seat 2) asks first; Anna and Eve are the spies.
  static let hint = Catalog.builtIn(.en).text("table.hint.firstPlayer", ["name": "Chris"])

  @Test func looksAndListsDoNotHideIt() throws {
    var app = spyTable(spy: 0, second: 4)
    #expect(app.screen.contains(Self.hint))
    // Looking at a role again, the list of locations, the roles, a dismissed pick.
    app.press(.character("l"), .enter)
    app.waitOutPause()  // "Are you ANNA?" answers keys after a moment
    app.press(.enter, .enter)
    app.press(.character("o"), .escape, .character("r"), .escape, .character("v"), .escape)
    #expect(app.state.table?.seats[0].views == 2)
    #expect(app.screen.contains(Self.hint))
    // The timer starts: the first question has been asked.
    app.press(.character("t"))
    #expect(!app.screen.contains(Self.hint))
    // Paused, it is still not the start of the round.
    app.press(.character("t"))
    #expect(app.state.timer?.running == false)
    #expect(!app.screen.contains(Self.hint))
  }

  @Test func anAccusationHidesIt() throws {
    var app = spyTable(spy: 0, second: 4)
    #expect(app.screen.contains(Self.hint))
    // The table accuses Anna (a spy; Eve is still in), started by Bob.
    app.press(.character("v"), .enter, .enter)
    #expect(app.state.table?.votes == [Accusation(by: 1, target: 0, correct: true)])
    app.press(.enter)  // the notice
    try #require(app.state.screen.tablePage != nil, "the round ended: \(app.state.screen)")
    #expect(!app.screen.contains(Self.hint))
  }
}
