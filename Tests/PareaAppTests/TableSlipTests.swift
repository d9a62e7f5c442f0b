import Foundation  // JSONEncoder / JSONDecoder only: the saved game as the store writes it
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

// Why one file of this length: the table's slips and their undo share
// `tableApp` and the helpers that undo and compare the whole state.

private typealias R = Palermo.Roles

/// A table already dealt by hand, everyone has looked once, on the list of players.
func tableApp(_ game: some GameType, _ roles: [RoleID], location: LocationID? = nil, language: Language = .en)
  -> App
{
  let names = ["Anna", "Νίκος", "Ελένη", "Bob", "Maria", "Γιώργος", "Kostas", "Eva"]
  let seats = roles.indices.map { index in
    Seat(name: names[index], role: roles[index], locationRole: location == nil || roles[index] == Spy.spy ? nil : index)
  }
  // Dealt with the default options, as the app deals: the game's own round length.
  var table = Table(
    game: game, seats: seats, location: location, options: TableOptions(roundMinutes: game.roundMinutes))
  for seat in seats.indices { try? table.recordLook(at: seat) }
  var state = AppState(language: language, table: table)
  state.game = game.id
  state.players = Array(names.prefix(roles.count))
  state.session?.nextReveal = roles.count
  state.screen = .table(TableScreen())
  return App(state: state, configuration: configuration(language))
}

/// Anna and Νίκος the thieves, Ελένη and Bob the Red and Black kamikazes.
let palermoRoles = [R.redThief, R.blackThief, R.redKamikaze, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1]]
/// Anna and Bob the killers, Νίκος the Cop.
let killerRoles = [Killer.killer, Killer.cop, Killer.citizen, Killer.killer, Killer.citizen, Killer.citizen]

extension App {
  /// The table's page on show.
  var page: TableScreen? { state.screen.tablePage }
  /// The table's list of roles or locations on show.
  var list: TableListScreen? { if let page = state.screen.as(TableListScreen.self) { page } else { nil } }

  /// Marks `seat` out from the list: the pick opens on the first living player.
  mutating func markOut(_ seat: Int, causeMoves: Int = 0) throws {
    try openCause(seat)
    for _ in 0..<causeMoves { send(.table(.move(1))) }
    if case .cause = page?.mode { send(.table(.pick)) }
    sayOutInPrivate()
  }

  /// Killer's wink: the player marked out goes through the hand-off and
  /// says yes in private (nothing, where nobody is asked).
  mutating func sayOutInPrivate() {
    if state.screen.is(OutAnswerScreen.self) {
      send(.outAnswer(.proceed))
      send(.outAnswer(.answer(true)))
      send(.outAnswer(.proceed))  // the laptop back to the table (or the game over)
      if state.screen.is(TableScreen.self) { send(.table(.dismiss)) }
    }
  }

  /// Opens the cause menu for `seat` from the list (the first steps of `markOut`).
  mutating func openCause(_ seat: Int) throws {
    send(.table(.command(.markDead)))
    let index = try #require(state.pickable(for: .markDead).firstIndex(of: seat))
    for _ in 0..<index { send(.table(.move(1))) }
    send(.table(.pick))
  }

  /// Picks `seat` in the pick on show (a player marked out in Killer then
  /// says yes in private, unless `answeringOut` is false).
  mutating func pick(_ seat: Int, answeringOut: Bool = true) throws {
    let purpose = try #require(
      { if case .pick(let purpose) = page?.mode { purpose } else { nil } }(), "no pick on show: \(state.screen)")
    let index = try #require(state.pickable(for: purpose).firstIndex(of: seat))
    for _ in 0..<index { send(.table(.move(1))) }
    send(.table(.pick))
    if answeringOut { sayOutInPrivate() }
  }
}

/// The cause of a death follows the phase; a second death in a phase asks first.
@Suite struct CauseTests {
  @Test func enterEnterAtNightRecordsAKillingAndTheBlackKamikazeChooses() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    store.send(.table(.command(.markDead))) { $0.screen = .table(TableScreen(mode: .pick(.markDead), selection: 0)) }
    for row in 1...3 {
      store.send(.table(.move(1))) { $0.screen = .table(TableScreen(mode: .pick(.markDead), selection: row)) }
    }
    store.send(.table(.pick)) { $0.screen = .table(TableScreen(mode: .cause(seat: 3), selection: 3)) }
    // Enter on the night's first cause: killed at night, and Bob (the Black kamikaze) chooses.
    try store.press(.enter, effects: [.saveGame]) {
      try $0.session?.table?.markDead(3, cause: .killedAtNight)
      $0.screen = .table(TableScreen(mode: .pick(.kamikaze(by: 3)), selection: 0))
    }
    let table = try #require(store.state.table)
    #expect(table.pending == .takePlayer(by: 3) && table.phase == .night)
  }

  @Test func byDayTheVoteComesFirstAndTheRedKamikazeChooses() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    store.app.send(.table(.command(.nextPhase)))
    try store.app.openCause(2)
    try store.send(.table(.pick), effects: [.saveGame]) {
      try $0.session?.table?.markDead(2, cause: .votedOut)
      $0.screen = .table(TableScreen(mode: .pick(.kamikaze(by: 2)), selection: 0))
    }
  }

  @Test("The cause menu lists the phase's cause first", arguments: [(false, "killed at night"), (true, "voted out")])
  func causeMenu(day: Bool, first: String) throws {
    var app = tableApp(Palermo(), palermoRoles)
    if day { app.send(.table(.command(.nextPhase))) }
    app.send(.table(.command(.markDead)))
    app.send(.table(.pick))
    let row = try #require(app.screen.split(separator: "\n").first { $0.contains("▸") && $0.contains("│") })
    #expect(row.contains(first))
  }

  /// The other cause, chosen by hand, is recorded as chosen; the phase stays
  /// until the table moves it, so the next Enter still offers this phase's cause.
  @Test func theOtherCauseLeavesThePhaseAlone() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    try store.app.openCause(5)
    var page = TableScreen(mode: .cause(seat: 5), selection: 5)
    page.causeSelection = 1
    store.send(.table(.move(1))) { [page] in $0.screen = .table(page) }
    try store.send(.table(.pick), effects: [.saveGame]) { [page] in
      try $0.session?.table?.markDead(5, cause: .votedOut)
      var list = page
      list.mode = .main
      $0.screen = .table(list)
    }
    #expect(store.state.table?.phase == .night && store.state.table?.round == 1)
    #expect(store.state.table?.log.last == .died(seat: 5, cause: .votedOut))
    // The next cause menu opens on the night's cause again.
    store.app.send(.table(.command(.markDead)))
    for _ in 0..<5 { store.app.send(.table(.move(1))) }
    store.send(.table(.pick)) { $0.screen = .table(TableScreen(mode: .cause(seat: 6), selection: 5)) }
  }

  @Test func aSecondDeathInAPhaseAsksFirst() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    try store.app.markOut(5)
    try store.app.openCause(6)
    #expect(store.state.screen == .table(TableScreen(mode: .cause(seat: 6), selection: 5)))
    let question = Confirmation(
      .secondDeath(seat: 6, cause: .killedAtNight, earlier: 5),
      yes: .table(.markDeadAnyway(seat: 6, cause: .killedAtNight)), no: .table(.keepAlive))
    // Enter asks first and records nothing yet.
    store.send(.table(.pick)) { $0.confirmation = question }
    #expect(store.app.screen.contains("Already out during this night: Γιώργος. Record"))
    // No: nothing recorded, back to the list.
    store.press(.character("n")) {
      $0.confirmation = nil
      $0.screen = .table(TableScreen(mode: .main, selection: 5))
    }
    // Yes: recorded.
    try store.app.openCause(6)
    store.send(.table(.pick)) { $0.confirmation = question }
    try store.press(.character("y"), effects: [.saveGame]) {
      $0.confirmation = nil
      try $0.session?.table?.markDead(6, cause: .killedAtNight)
      $0.screen = .table(TableScreen(mode: .main, selection: 5))
    }
  }

  @Test func aDeathAfterTheNextPhaseDoesNotAsk() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    try store.app.markOut(5)
    store.app.send(.table(.command(.nextPhase)))
    try store.app.openCause(6)
    // Recorded at once: no question.
    try store.send(.table(.pick), effects: [.saveGame]) {
      try $0.session?.table?.markDead(6, cause: .votedOut)
      $0.screen = .table(TableScreen(mode: .main, selection: 5))
    }
  }

  @Test func killerNeverAsksAboutASecondDeath() throws {
    var store = TestStore(tableApp(Killer(), killerRoles))
    store.app.send(.table(.command(.markDead)))
    try store.app.pick(2)
    store.app.send(.table(.command(.markDead)))
    let index = try #require(store.state.pickable(for: .markDead).firstIndex(of: 4))
    for _ in 0..<index { store.app.send(.table(.move(1))) }
    // The second death in a row is recorded once the player says so: no question.
    store.app.send(.table(.pick))
    store.app.send(.outAnswer(.proceed))
    var page = TableScreen(mode: .main, selection: index)  // the pick's row, kept on the list
    page.notice = Notice(kind: .info, title: "table.out.done.title", message: "table.out.done.message", args: ["name": .text(store.state.table!.seats[4].name)])
    try store.send(.outAnswer(.answer(true)), effects: [.saveGame, .redrawAll]) {
      try $0.session?.table?.markDead(4, cause: .killed)
      $0.keyGuard = KeyPause(since: $0.clock)  // the hand-back: its Enter goes to the table
      $0.screen = .outAnswer(OutAnswerScreen(seat: 4, cause: .killed, stage: .handBack, table: page))
    }
    store.send(.outAnswer(.proceed), effects: [.redrawAll]) {
      $0.keyGuard = nil
      $0.screen = .table(page)
    }
    #expect(store.state.table?.alive == [0, 1, 3, 5])
  }
}

extension TableScreen {
  init(mode: Mode, selection: Int) {
    self.init()
    self.mode = mode
    self.selection = selection
  }
}

/// Pickers open on the first player who can be picked, jump and wrap, and
/// never offer a choice that would be refused.
@Suite struct PickerTests {
  @Test func aPickOpensOnItsFirstPlayerNotOnTheListsRow() {
    var app = tableApp(Palermo(), palermoRoles)
    app.press(.down, .down, .down)
    app.press(.character("d"))
    #expect(app.page == TableScreen(mode: .pick(.markDead), selection: 0))
  }

  @Test func homeEndAndWrapping() {
    var app = tableApp(Palermo(), palermoRoles)
    app.press(.character("d"))
    app.press(.up)
    #expect(app.page?.selection == 6)
    app.press(.down)
    #expect(app.page?.selection == 0)
    app.press(.end)
    #expect(app.page?.selection == 6)
    app.press(.home)
    #expect(app.page?.selection == 0)
    app.press(.enter, .up)  // the cause menu wraps too
    #expect(app.page?.causeSelection == 1)
    app.press(.down)
    #expect(app.page?.causeSelection == 0)
  }

  @Test func playersWhoAreOutAreNotOffered() throws {
    var app = tableApp(Palermo(), palermoRoles)
    try app.markOut(5)
    app.press(.character("d"))
    #expect(app.state.pickable(for: .markDead) == [0, 1, 2, 3, 4, 6])
  }

  /// The accuser is named first, from everyone alive: the suspects then leave
  /// out only the player the table just named.
  @Test func theAccuserIsNamedFirstAndIsNotASuspect() throws {
    var app = tableApp(Killer(), killerRoles)
    try app.markOut(4)
    app.press(.character("a"))
    #expect(app.page == TableScreen(mode: .pick(.accuser), selection: 0))
    #expect(app.state.pickable(for: .accuser) == [0, 1, 2, 3, 5])
    try app.pick(1)
    #expect(app.page == TableScreen(mode: .pick(.accuse(by: 1)), selection: 0))
    #expect(app.state.pickable(for: .accuse(by: 1)) == [0, 2, 3, 5])
    try app.pick(3)
    #expect(app.state.table?.seats[3].death == .caughtByCop)
  }

  /// The same lists whoever holds the Cop's role: nothing to learn by opening them.
  @Test func theAccuserListDoesNotDependOnRoles() {
    var other = killerRoles
    other.swapAt(1, 4)
    for roles in [killerRoles, other] {
      var app = tableApp(Killer(), roles)
      app.press(.character("a"))
      #expect(app.state.pickable(for: .accuser) == [0, 1, 2, 3, 4, 5])
      #expect(app.state.pickable(for: .accuse(by: 2)) == [0, 1, 3, 4, 5])
    }
  }

  /// Someone who is not the Cop and makes a whole accusation has made a false
  /// claim: it is recorded and ends the game, lost for the claimer's side (a
  /// citizen's claim: the killers win). Until it is made, a Cop's accusation
  /// and a citizen's look and act the same.
  @Test func anAccusationByANonCopIsAFalseClaimThatEndsTheGame() throws {
    // Seat 1 holds the Cop in one deal and a citizen in the other (the Cop then at seat 4).
    var citizenAt1 = killerRoles
    citizenAt1.swapAt(1, 4)
    var cop = tableApp(Killer(), killerRoles)
    var claimant = tableApp(Killer(), citizenAt1)
    let words = Words(wording: Catalog.builtIn(.en))
    for key in [Key.character("a"), .down, .enter, .down] {
      let copEffects = cop.press(key)
      let claimEffects = claimant.press(key)
      #expect(copEffects == claimEffects)
      #expect(cop.render(width: 80, height: 24) == claimant.render(width: 80, height: 24), "after \(key)")
      #expect(cop.state.screen == claimant.state.screen)
    }
    // Both accuse Ελένη (seat 2), a citizen in both deals.
    cop.press(.enter)
    #expect(cop.state.table?.accusations == [Accusation(by: 1, target: 2, correct: false)])
    #expect(cop.page?.notice?.title == "table.accuseWrong.title")
    claimant.waitOutPause()
    var store = TestStore(claimant)
    try store.press(.enter, effects: [.saveGame, .redrawAll]) {
      try $0.session?.table?.accuse(2, by: 1)
      $0.screen = .summary(SummaryScreen())
      $0.keyGuard = KeyPause(since: $0.clock)  // the game over: its Enter shows every role
    }
    claimant = store.app
    claimant.showResult()
    let table = try #require(claimant.state.table)
    #expect(Killer().winner(of: table) == Killer.killers)
    #expect(Killer().ending(of: table) == .falseAccusation(by: 1))
    let ending = words("summary.ending.falseAccusation", ["name": "Νίκος", "role": words("role.killer.cop.name")])
    #expect(claimant.screen.contains(ending.prefix(40)), "\(claimant.screen)")
    for language in [Language.en, .el] {
      var state = claimant.state
      state.language = language
      expectGolden(App(state: state, configuration: configuration(language)).render(width: 80, height: 24), "summary-killer-false-claim.\(language)")
    }
  }
}

/// Undo: the last action taken back, after a question that names it.
@Suite struct UndoTests {
  /// Presses u, which asks about `step` (and closes the table's notice, if
  /// `closingNotice`: the key that asks is the one that reads it), and answers
  /// yes: the state becomes `expected`, and the undo is saved.
  static func undo(
    _ store: inout TestStore, expecting step: TableStep, to expected: AppState, closingNotice: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    // Asked on the table or on the summary, and answered by the screen that asked.
    let takeBack: Action = store.state.screen.is(SummaryScreen.self) ? .summary(.takeBack(step)) : .table(.takeBack(step))
    try store.press(
      .character("u"),
      {
        $0.confirmation = Confirmation(.undo(step), yes: takeBack)
        if closingNotice {
          var page = try #require($0.screen.tablePage, "no table to close a notice on")
          page.notice = nil
          $0.screen = .table(page)
        }
      }, sourceLocation: sourceLocation)
    store.press(.character("y"), effects: [.saveGame, .redrawAll], { $0 = expected }, sourceLocation: sourceLocation)
  }

  /// The state after undoing back to `before`: the same, on the list, saying what was undone.
  static func undone(_ before: AppState, what: String) -> AppState {
    var expected = before
    var page = TableScreen()
    page.notice = Notice(kind: .info, title: "table.undone.title", message: "table.undone.message", args: ["what": .text(what)])
    expected.screen = .table(page)
    expected.confirmation = nil
    return expected
  }

  @Test func aDeath() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    let before = store.state
    try store.app.markOut(5)
    try Self.undo(&store, expecting: .died(seat: 5, cause: .killedAtNight), to: Self.undone(before, what: "Γιώργος killed at night"))
  }

  @Test func theQuestionNamesTheAction() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    try store.app.markOut(5)
    store.press(.character("u")) { $0.confirmation = Confirmation(
        .undo(.died(seat: 5, cause: .killedAtNight)), yes: .table(.takeBack(.died(seat: 5, cause: .killedAtNight)))) }
    #expect(store.app.screen.contains("Undo: Γιώργος killed at night?"))
    // No: nothing changes.
    store.press(.character("n")) { $0.confirmation = nil }
  }

  @Test func aKamikazesChoiceAndThenTheirDeath() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    let fresh = store.state
    try store.app.markOut(3)  // the Black kamikaze, killed at night
    let pending = store.state
    try store.app.pick(5)
    #expect(store.state.table?.seats[5].death == .takenByKamikaze)
    // The choice is asked again, exactly as before it was made.
    #expect(pending.screen == .table(TableScreen(mode: .pick(.kamikaze(by: 3)), selection: 0)))
    try Self.undo(&store, expecting: .taken(seat: 5), to: pending, closingNotice: true)
    // Undo works in the kamikaze's pick too: back to before the death.
    try Self.undo(&store, expecting: .died(seat: 3, cause: .killedAtNight), to: Self.undone(fresh, what: "Bob killed at night"))
  }

  @Test func aChangeOfPhase() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    let before = store.state
    store.app.press(.character("n"))
    try Self.undo(&store, expecting: .phase(.day, round: 1), to: Self.undone(before, what: "the start of Day 1"))
  }

  @Test func anAccusation() throws {
    var store = TestStore(tableApp(Killer(), killerRoles))
    let before = store.state
    store.app.press(.character("a"))
    try store.app.pick(1)
    try store.app.pick(0)  // a killer: caught, the other killer plays on
    #expect(store.state.table?.seats[0].death == .caughtByCop)
    try Self.undo(
      &store, expecting: .accused(Accusation(by: 1, target: 0, correct: true)),
      to: Self.undone(before, what: "the Cop's accusation of Anna"), closingNotice: true)
  }

  @Test func aVoteThatEndedTheRoundFromTheSummary() throws {
    var store = TestStore(tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local, Spy.local], location: "zoo"))
    let before = store.state
    store.app.press(.character("v"))
    try store.app.pick(2)
    try store.app.pick(3)
    #expect(store.state.screen == .summary(SummaryScreen()))
    // The game over, before its result: the one place an ending is taken back.
    store.app.waitOutPause()
    #expect(store.app.screen.contains("u undo"), "\(store.app.screen)")
    var expected = Self.undone(before, what: "the table's accusation of Ελένη")
    expected.clock = store.state.clock
    try Self.undo(&store, expecting: .voted(Accusation(by: 3, target: 2, correct: false)), to: expected)
  }

  @Test func aGuessFromTheSummary() throws {
    let app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local, Spy.local], location: "zoo")
    let before = app.state
    var state = app.state
    try state.session?.table?.guessLocation("train", by: 0)
    state.screen = .summary(SummaryScreen())
    var store = TestStore(App(state: state, configuration: configuration()))
    try Self.undo(
      &store, expecting: .guessed(LocationGuess(by: 0, location: "train", correct: false)),
      to: Self.undone(before, what: "Anna's guess of the location"))
  }

  @Test func endingTheGameByHand() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    try store.app.markOut(5)
    let before = store.state
    store.app.press(.character("e"), .character("y"))
    #expect(store.state.screen == .summary(SummaryScreen()))
    #expect(store.state.table?.endedByHand == true)
    // Back on the list, on its first row (not on Γιώργος, whose death came before).
    #expect(before.screen == .table(TableScreen(mode: .main, selection: 5)))
    store.app.waitOutPause()
    var expected = Self.undone(before, what: "ending the game by hand")
    expected.clock = store.state.clock
    try Self.undo(&store, expecting: .ended, to: expected)
  }

  @Test func nothingToUndoSaysSo() {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    store.press(.character("u")) {
      var page = TableScreen()
      page.notice = Notice(kind: .info, title: "table.nothingToUndo.title", message: "table.nothingToUndo.message")
      $0.screen = .table(page)
    }
  }

  /// Step by step back to the first table; looks stay counted.
  @Test func stepByStepToTheFirstTable() throws {
    var app = tableApp(Palermo(), palermoRoles)
    let fresh = try #require(app.state.table)
    try app.markOut(5)
    app.press(.character("n"))
    app.press(.character("l"), .enter)  // Anna looks again: "Are you ANNA?"…
    app.waitOutPause()
    app.press(.enter, .enter)  // …her card, hidden
    try app.markOut(6)
    for _ in 0..<3 { app.press(.character("u"), .character("y")) }
    var table = try #require(app.state.table)
    #expect(table.seats[0].views == 2)
    #expect(table.lastStep == nil)
    var looked = fresh
    try looked.recordLook(at: 0)
    #expect(table == looked)
    app.press(.character("u"))
    #expect(app.state.confirmation == nil)
    table = try #require(app.state.table)
    #expect(table == looked)
  }

  /// Undo is saved like any other action, and a restart can undo further.
  @Test func undoSurvivesARestart() throws {
    var store = TestStore(tableApp(Palermo(), palermoRoles))
    let fresh = try #require(store.state.table)
    try store.app.markOut(5)
    let night = store.state
    store.app.press(.character("n"))
    try Self.undo(&store, expecting: .phase(.day, round: 1), to: Self.undone(night, what: "the start of Day 1"))
    // What the store writes, read back by a new program.
    let read = try #require(store.state.session).savedAndRead()
    #expect(read.isValid(rules: Palermo()))
    var restarted = TestStore(makeApp())
    restarted.app.send(.started(savedNames: [], session: read))
    restarted.app.send(.home(.choose))  // "Resume" is highlighted
    #expect(restarted.state.table == store.state.table)
    var expected = Self.undone(restarted.state, what: "Γιώργος killed at night")
    expected.session?.table = fresh
    try Self.undo(&restarted, expecting: .died(seat: 5, cause: .killedAtNight), to: expected)
  }
}


/// The table's new questions and results, as golden text in both languages.
@Suite struct SlipGoldenTests {
  @Test(arguments: GoldenScreenTests.languages) func secondDeathAndUndo(_ language: Language) throws {
    var app = GoldenScreenTests.palermoTable(language)
    app.press(.character("d"), .enter, .enter)  // the first player, killed at night
    app.press(.character("d"), .enter, .enter)  // the first living player, the same night
    #expect(app.state.confirmation?.question == .secondDeath(seat: 1, cause: .killedAtNight, earlier: 0))
    expectGolden(app.render(width: 80, height: 24), "confirm-second-death.\(language)")
    app.press(.escape, .character("u"))
    #expect(app.state.confirmation?.question == .undo(.died(seat: 0, cause: .killedAtNight)))
    expectGolden(app.render(width: 80, height: 24), "confirm-undo.\(language)")
    app.press(.character(language == .el ? "ν" : "y"))
    #expect(app.state.table?.alive.count == 7)
    expectGolden(app.render(width: 80, height: 24), "table-undone.\(language)")
  }
}
