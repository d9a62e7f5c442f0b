import Foundation  // JSONEncoder / JSONDecoder only: the saved game as the store writes it
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

private typealias R = Palermo.Roles

/// A table already dealt by hand, everyone has looked once, on the list of players.
func tableApp(_ game: some GameType, _ roles: [RoleID], location: LocationID? = nil, language: Language = .en)
  -> App
{
  let names = ["Anna", "Νίκος", "Ελένη", "Bob", "Maria", "Γιώργος", "Kostas", "Eva"]
  let seats = roles.indices.map { index in
    Seat(name: names[index], role: roles[index], locationRole: location == nil || roles[index] == Spy.spy ? nil : index)
  }
  var table = Table(game: game.id, seats: seats, location: location, startsAtNight: game.usesPhases)
  for seat in seats.indices { try? table.recordLook(at: seat) }
  var state = AppState(language: language, table: table)
  state.game = game.id
  state.players = Array(names.prefix(roles.count))
  state.nextReveal = roles.count
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

  /// Marks `seat` out from the list: the pick opens on the first living player.
  mutating func markOut(_ seat: Int, causeMoves: Int = 0) throws {
    send(.table(.command(.markDead)))
    let index = try #require(state.pickable(for: .markDead).firstIndex(of: seat))
    for _ in 0..<index { send(.table(.move(1))) }
    send(.table(.pick))
    for _ in 0..<causeMoves { send(.table(.move(1))) }
    send(.table(.pick))
  }

  /// Picks `seat` in the pick on show.
  mutating func pick(_ seat: Int) throws {
    let purpose = try #require(
      { if case .pick(let purpose) = page?.mode { purpose } else { nil } }(), "no pick on show: \(state.screen)")
    let index = try #require(state.pickable(for: purpose).firstIndex(of: seat))
    for _ in 0..<index { send(.table(.move(1))) }
    send(.table(.pick))
  }
}

/// The cause of a death follows the phase; a second death in a phase asks first.
@Suite struct CauseTests {
  @Test func enterEnterAtNightRecordsAKillingAndTheBlackKamikazeChooses() throws {
    var app = tableApp(Palermo(), palermoRoles)
    var expected = app.state
    app.send(.table(.command(.markDead)))
    for _ in 0..<3 { app.send(.table(.move(1))) }
    app.send(.table(.pick))
    var page = TableScreen()
    page.mode = .cause(seat: 3)
    page.selection = 3
    expected.screen = .table(page)
    #expect(app.state == expected)
    app.press(.enter)
    var table = try #require(expected.table)
    try table.markDead(3, cause: .killedAtNight, rules: Palermo())
    expected.table = table
    page.mode = .pick(.kamikaze(by: 3))
    page.selection = 0
    expected.screen = .table(page)
    #expect(app.state == expected)
    #expect(table.pending == .takePlayer(by: 3) && table.phase == .night)
  }

  @Test func byDayTheVoteComesFirstAndTheRedKamikazeChooses() throws {
    var app = tableApp(Palermo(), palermoRoles)
    app.send(.table(.command(.nextPhase)))
    try app.markOut(2)
    #expect(app.state.table?.seats[2].death == .votedOut)
    #expect(app.page?.mode == .pick(.kamikaze(by: 2)))
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
    var app = tableApp(Palermo(), palermoRoles)
    try app.markOut(5, causeMoves: 1)
    #expect(app.state.table?.seats[5].death == .votedOut)
    #expect(app.state.table?.phase == .night && app.state.table?.round == 1)
    #expect(app.state.table?.log.last == .died(seat: 5, cause: .votedOut))
  }

  @Test func aSecondDeathInAPhaseAsksFirst() throws {
    var app = tableApp(Palermo(), palermoRoles)
    try app.markOut(5)
    let before = app.state
    try app.markOut(6)
    var expected = before
    var page = TableScreen()
    page.mode = .cause(seat: 6)
    page.selection = 5
    expected.screen = .table(page)
    expected.confirmation = Confirmation(.secondDeath(seat: 6, cause: .killedAtNight, earlier: 5))
    #expect(app.state == expected)
    #expect(app.screen.contains("Γιώργος already died tonight — record another?"))
    // No: nothing recorded, back to the list.
    app.press(.character("n"))
    expected.confirmation = nil
    expected.screen = .table(TableScreen(mode: .main, selection: 5))
    #expect(app.state == expected)
    // Yes: recorded.
    try app.markOut(6)
    app.press(.character("y"))
    #expect(app.state.table?.seats[6].death == .killedAtNight)
    #expect(app.state.confirmation == nil)
  }

  @Test func aDeathAfterTheNextPhaseDoesNotAsk() throws {
    var app = tableApp(Palermo(), palermoRoles)
    try app.markOut(5)
    app.send(.table(.command(.nextPhase)))
    try app.markOut(6)
    #expect(app.state.confirmation == nil)
    #expect(app.state.table?.seats[6].death == .votedOut)
  }

  @Test func killerNeverAsksAboutASecondDeath() throws {
    var app = tableApp(Killer(), killerRoles)
    app.send(.table(.command(.markDead)))
    try app.pick(2)
    app.send(.table(.command(.markDead)))
    try app.pick(4)
    #expect(app.state.confirmation == nil)
    #expect(app.state.table?.alive == [0, 1, 3, 5])
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
  /// claim: it is recorded and ends the game (the killers get away). Until it
  /// is made, a Cop's accusation and a citizen's look and act the same.
  @Test func anAccusationByANonCopIsAFalseClaimThatEndsTheGame() throws {
    // Seat 1 holds the Cop in one deal and a citizen in the other (the Cop then at seat 4).
    var citizenAt1 = killerRoles
    citizenAt1.swapAt(1, 4)
    var cop = tableApp(Killer(), killerRoles)
    var claimant = tableApp(Killer(), citizenAt1)
    let words = Words(wording: Catalog.builtIn(.en))
    for key in [Key.character("a"), .down, .enter, .down] {
      let copEffects = cop.handle(key)
      let claimEffects = claimant.handle(key)
      #expect(copEffects == claimEffects)
      #expect(cop.render(width: 80, height: 24) == claimant.render(width: 80, height: 24), "after \(key)")
      #expect(cop.state.screen == claimant.state.screen)
    }
    // Both accuse Ελένη (seat 2), a citizen in both deals.
    cop.press(.enter)
    #expect(cop.state.table?.accusations == [Accusation(by: 1, target: 2, correct: false)])
    #expect(cop.page?.notice?.title == "table.accuseWrong.title")
    let before = claimant.state
    let effects = claimant.press(.enter)
    var expected = before
    try expected.table?.accuse(2, by: 1, rules: Killer())
    expected.screen = .summary(SummaryScreen())
    #expect(effects == [.saveGame, .redrawAll])
    #expect(claimant.state == expected)
    let table = try #require(claimant.state.table)
    #expect(Killer().winner(of: table) == Killer.killers)
    #expect(Killer().ending(of: table) == .falseAccusation(by: 1))
    #expect(claimant.screen.contains(words("summary.ending.falseAccusation", ["name": "Νίκος", "role": words("role.killer.cop.name")])))
    for language in [Language.en, .el] {
      var state = claimant.state
      state.language = language
      expectGolden(App(state: state, configuration: configuration(language)).render(width: 80, height: 24), "summary-killer-false-claim.\(language)")
    }
  }
}

/// Undo: the last action taken back, after a question that names it.
@Suite struct UndoTests {
  /// Presses u, checks the question, answers yes; returns the effects of the answer.
  @discardableResult
  static func undo(_ app: inout App, expecting step: TableStep) -> [Effect] {
    app.press(.character("u"))
    #expect(app.state.confirmation == Confirmation(.undo(step)))
    return app.press(.character("y"))
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
    var app = tableApp(Palermo(), palermoRoles)
    let before = app.state
    try app.markOut(5)
    let effects = Self.undo(&app, expecting: .died(seat: 5, cause: .killedAtNight))
    #expect(effects == [.saveGame, .redrawAll])
    #expect(app.state == Self.undone(before, what: "Γιώργος killed at night"))
  }

  @Test func theQuestionNamesTheAction() throws {
    var app = tableApp(Palermo(), palermoRoles)
    try app.markOut(5)
    app.press(.character("u"))
    #expect(app.screen.contains("Undo: Γιώργος killed at night?"))
    // No: nothing changes.
    let asked = app.state
    app.press(.character("n"))
    var expected = asked
    expected.confirmation = nil
    #expect(app.state == expected)
  }

  @Test func aKamikazesChoiceAndThenTheirDeath() throws {
    var app = tableApp(Palermo(), palermoRoles)
    let fresh = app.state
    try app.markOut(3)  // the Black kamikaze, killed at night
    let pending = app.state
    try app.pick(5)
    #expect(app.state.table?.seats[5].death == .takenByKamikaze)
    Self.undo(&app, expecting: .taken(seat: 5))
    // The choice is asked again, exactly as before it was made.
    var expected = pending
    expected.screen = .table(TableScreen(mode: .pick(.kamikaze(by: 3)), selection: 0))
    #expect(app.state == expected)
    // Undo works in the kamikaze's pick too: back to before the death.
    Self.undo(&app, expecting: .died(seat: 3, cause: .killedAtNight))
    #expect(app.state == Self.undone(fresh, what: "Bob killed at night"))
  }

  @Test func aChangeOfPhase() {
    var app = tableApp(Palermo(), palermoRoles)
    let before = app.state
    app.press(.character("n"))
    Self.undo(&app, expecting: .phase(.day, round: 1))
    #expect(app.state == Self.undone(before, what: "the start of Day 1"))
  }

  @Test func anAccusation() throws {
    var app = tableApp(Killer(), killerRoles)
    let before = app.state
    app.press(.character("a"))
    try app.pick(1)
    try app.pick(0)  // a killer: caught, the other killer plays on
    #expect(app.state.table?.seats[0].death == .caughtByCop)
    Self.undo(&app, expecting: .accused(Accusation(by: 1, target: 0, correct: true)))
    #expect(app.state == Self.undone(before, what: "the Cop's accusation of Anna"))
  }

  @Test func aVoteThatEndedTheRoundFromTheSummary() throws {
    var app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local, Spy.local], location: "zoo")
    let before = app.state
    app.press(.character("v"))
    try app.pick(2)
    try app.pick(3)
    #expect(app.state.screen == .summary(SummaryScreen()))
    #expect(app.screen.contains("u undo"))
    Self.undo(&app, expecting: .voted(Accusation(by: 3, target: 2, correct: false)))
    #expect(app.state == Self.undone(before, what: "the table's accusation of Ελένη"))
  }

  @Test func aGuessFromTheSummary() throws {
    var app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local, Spy.local], location: "zoo")
    var before = app.state
    var table = try #require(before.table)
    try table.guessLocation("train", by: 0, rules: Spy())
    var state = app.state
    state.table = table
    state.screen = .summary(SummaryScreen())
    app = App(state: state, configuration: configuration())
    Self.undo(&app, expecting: .guessed(LocationGuess(by: 0, location: "train", correct: false)))
    before.locationCount = app.state.locationCount
    #expect(app.state == Self.undone(before, what: "Anna's guess: Train"))
  }

  @Test func endingTheGameByHand() throws {
    var app = tableApp(Palermo(), palermoRoles)
    try app.markOut(5)
    let before = app.state
    app.press(.character("e"), .character("y"))
    #expect(app.state.screen == .summary(SummaryScreen()))
    Self.undo(&app, expecting: .ended)
    var expected = Self.undone(before, what: "ending the game by hand")
    expected.screen = .table(TableScreen(mode: .main, selection: 0))
    if case .table(var page) = Self.undone(before, what: "ending the game by hand").screen {
      page.selection = 0
      expected.screen = .table(page)
    }
    #expect(app.state == expected)
  }

  @Test func nothingToUndoSaysSo() {
    var app = tableApp(Palermo(), palermoRoles)
    var expected = app.state
    app.press(.character("u"))
    expected.screen = .table(TableScreen())
    if case .table(var page) = expected.screen {
      page.notice = Notice(kind: .info, title: "table.nothingToUndo.title", message: "table.nothingToUndo.message")
      expected.screen = .table(page)
    }
    #expect(app.state == expected)
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
    var app = tableApp(Palermo(), palermoRoles)
    let fresh = try #require(app.state.table)
    try app.markOut(5)
    app.press(.character("n"))
    Self.undo(&app, expecting: .phase(.day, round: 1))
    // What the store writes, read back by a new program.
    let saved = try #require(SavedGame(state: app.state))
    let read = try JSONDecoder().decode(SavedGame.self, from: JSONEncoder().encode(saved))
    #expect(read.isValid)
    var restarted = makeApp()
    var state = restarted.state
    read.restore(into: &state)
    restarted = App(state: state, configuration: configuration())
    restarted.send(.home(.choose))  // "Resume" is highlighted
    #expect(restarted.state.table == app.state.table)
    Self.undo(&restarted, expecting: .died(seat: 5, cause: .killedAtNight))
    #expect(restarted.state.table == fresh)
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
