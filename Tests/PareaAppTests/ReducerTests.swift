import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp
import PareaRules

// Why one file of this length: one suite of the app's flows as actions with
// the whole state compared; each test is short and stands alone, and the file
// is read by its test names.

/// Actions in, the whole state and the effects compared at every step.
@Suite struct ReducerTests {
  @Test func homeMovesWrapAndChooseOpensPlayers() {
    var store = TestStore(makeApp())
    store.send(.home(.move(-1))) { $0.screen = .home(.at(.quit, in: $0)) }  // up from the top: the last line
    store.send(.home(.move(1))) { $0.screen = .home(.at(.game("palermo"), in: $0)) }
    store.send(.home(.move(1))) { $0.screen = .home(.at(.game("spy"), in: $0)) }
    store.send(.home(.choose)) {
      $0.screen = .players(PlayersScreen())
      $0.game = "spy"
    }
  }

  @Test func typingAddsAPlayerAndClearsTheField() {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    var page = PlayersScreen()
    for character in "Ελένη" {
      page.field.insert(character)
      store.send(.players(.type(character))) { [page] in $0.screen = .players(page) }
    }
    store.send(.players(.submit)) {
      $0.players = ["Ελένη"]
      $0.screen = .players(PlayersScreen())
    }
  }

  @Test func aDecomposedAccentJoinsItsLetter() throws {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.send(.players(.type("ε"))) {
      var page = PlayersScreen()
      page.field.text = "ε"
      page.field.cursor = 1
      $0.screen = .players(page)
    }
    // One letter on screen, the cursor after it: not two characters.
    store.send(.players(.type("\u{301}"))) {
      var page = PlayersScreen()
      page.field.text = "ε\u{301}"
      page.field.cursor = 1
      $0.screen = .players(page)
    }
    let page = try #require(store.state.screen.playersPage, "not on the players screen")
    #expect(page.field.text == "έ")
    #expect(page.field.text.count == 1)
  }

  @Test func duplicateNameIsRefusedAndKept() {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.app.addPlayers(["Νίκος"])
    store.app.type("  ΝΙΚΟΣ ")
    store.send(.players(.submit)) {
      var page = PlayersScreen()
      for character in "  ΝΙΚΟΣ " { page.field.insert(character) }
      page.notice = .setup(.duplicateName("Νίκος"))
      page.replacesOnType = true
      $0.screen = .players(page)
    }
    // A refused character (an emoji) leaves the refused name there, still highlighted.
    store.send(.players(.type("😀"))) {
      var page = PlayersScreen()
      for character in "  ΝΙΚΟΣ " { page.field.insert(character) }
      page.notice = .name(.character)
      page.replacesOnType = true
      $0.screen = .players(page)
    }
    // The next character starts the next name in its place: never typed onto
    // the refused one (what was left out stays said while the name is typed).
    store.send(.players(.type("Μ"))) {
      var page = PlayersScreen()
      page.field.insert("Μ")
      page.notice = .name(.character)
      $0.screen = .players(page)
    }
  }

  @Test func aRefusedNameCanBeEditedInstead() {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.app.addPlayers(["Νίκος"])
    store.app.type("Νίκος")
    store.app.send(.players(.submit))
    // ← moves into the refused name; what is typed then goes into it.
    store.send(.players(.cursor(-1))) {
      var page = PlayersScreen()
      for character in "Νίκος" { page.field.insert(character) }
      page.field.cursor = 4
      page.notice = nil
      $0.screen = .players(page)
    }
    store.app.send(.players(.cursor(1000)))
    store.app.type(" Π")
    store.send(.players(.submit)) {
      $0.players = ["Νίκος", "Νίκος Π"]
      $0.screen = .players(PlayersScreen())
    }
  }

  @Test func enterInTheQuickPicksGoesOnAndSpaceTogglesAName() {
    var store = TestStore(makeApp(savedNames: ["Anna", "Bob", "Chris", "Dora", "Eve", "Fay", "Gus"]))
    store.app.send(.home(.choose))
    store.app.press(.tab, .character(" "))
    #expect(store.state.players == ["Anna"])
    store.app.press(.character("+"))
    #expect(store.state.players.count == 7)
    store.app.press(.character(" "))  // Anna out again
    #expect(store.state.players == ["Bob", "Chris", "Dora", "Eve", "Fay", "Gus"])
    store.app.press(.character(" "))
    store.app.press(.enter)
    #expect(store.state.screen.setupPage != nil, "Enter in the quick picks goes on to the setup")
  }

  @Test func tooFewPlayersStaysWithAMessage() {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.app.addPlayers(["A", "B"])
    store.send(.players(.submit)) {
      var page = PlayersScreen()
      page.notice = .setup(.tooFewPlayers(minimum: 5, count: 2))
      $0.screen = .players(page)
    }
  }

  @Test func continuingSavesTheNamesAndOpensSetup() {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.app.addPlayers(sevenNames)
    // Palermo has nights: its setup opens on who narrates, and looks for the voice.
    store.send(.players(.submit), effects: [.savePlayers(sevenNames), .lookForVoice]) {
      $0.screen = .setup(SetupScreen(opening: Palermo()))
      $0.savedNames = sevenNames  // the quick picks from now on
    }
  }

  @Test func reorderAndRemove() {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.app.addPlayers(["A", "B", "C"])
    var page = PlayersScreen()
    page.focus = .list
    store.send(.players(.focusNext)) { [page] in $0.screen = .players(page) }
    page.listSelection = 1
    store.send(.players(.reorder(1))) { [page] in
      $0.players = ["B", "A", "C"]
      $0.screen = .players(page)  // the highlight moves with the name
    }
    store.send(.players(.remove)) { $0.players = ["B", "C"] }
  }

  @Test func quickPicksToggleInAndOut() {
    var store = TestStore(makeApp(savedNames: ["Anna", "Bob"]))
    store.app.send(.home(.choose))
    var page = PlayersScreen()
    page.focus = .picks
    store.send(.players(.focusNext)) { [page] in $0.screen = .players(page) }  // no players yet: straight to the picks
    store.send(.players(.togglePick)) { $0.players = ["Anna"] }
    store.send(.players(.togglePick)) { $0.players = [] }
  }

  @Test func dealGoesToTheFirstHandOffAndSaves() throws {
    var store = TestStore(makeApp(seed: 42))
    store.app.send(.home(.choose))
    store.app.addPlayers(sevenNames)
    store.app.send(.players(.proceed))
    store.app.send(.setup(.suggest))
    var generator = SplitMix64(seed: 42)
    let setup = try #require(Palermo().suggestedSetup(players: 7))
    #expect(store.state.setup == setup)
    // The table keeps the settings' house rules and round length (`TableOptions`).
    let options = TableOptions(dealt: store.state.houseRules.dealt, roundMinutes: Palermo().roundMinutes)
    let table = try Palermo().deal(
      players: sevenNames, setup: setup, locations: Catalog.builtIn(.en).locations(), options: options,
      using: &generator)
    store.send(.setup(.deal), effects: [.saveGame, .redrawAll]) {
      // A new session holds the whole game: the table, nobody revealed yet, no timer, no scores.
      $0.session = GameSession(table: table, players: sevenNames, setup: setup)
      $0.screen = .handOff(HandOffScreen(seat: 0))
      $0.keyGuard = KeyPause(since: 0)
    }
  }

  @Test func aRoleBeyondOnePerPlayerIsRefusedAsAFullList() throws {
    var store = TestStore(makeApp())
    store.app.send(.home(.choose))
    store.app.addPlayers(sevenNames)
    store.app.send(.players(.proceed))
    store.app.send(.setup(.suggest))
    #expect(store.state.setup.roles.count == 7)
    // Not "too many roles": the eighth is never added, and the list says it is full.
    try store.send(.setup(.toggleRole)) {
      var page = try #require($0.screen.setupPage, "left the setup")
      page.notice = Notice(
        kind: .error, title: "setup.full.title", message: "setup.full.message",
        args: ["chosen": .text("7"), "players": .text("7")])
      $0.screen = .setup(page)
    }
  }

  @Test func revealAndHideWalkTheTableThenOpenIt() throws {
    var store = TestStore(makeApp())
    store.app.send(.home(.play("killer")))
    store.app.addPlayers(["A", "B", "C"])
    store.app.send(.players(.proceed))
    store.app.send(.setup(.deal))
    #expect(store.state.screen == .handOff(HandOffScreen(seat: 0)))
    #expect(store.state.keyGuard == KeyPause(since: 0))
    for seat in 0..<3 {
      let now = store.state.clock + KeyPause.quietMilliseconds
      store.send(.tick(now: now)) {
        $0.clock = now
        $0.keyGuard = nil
      }
      try store.send(.reveal, effects: [.saveGame, .redrawAll]) {
        $0.screen = .reveal(RevealScreen(seat: seat))
        try $0.session?.table?.recordLook(at: seat)  // the first look
      }
      store.send(.hide, effects: [.saveGame, .redrawAll]) {
        $0.session?.nextReveal = seat + 1
        $0.screen = seat < 2 ? .handOff(HandOffScreen(seat: seat + 1)) : .table(TableScreen())
        $0.keyGuard = seat < 2 ? KeyPause(since: now) : nil
      }
    }
  }

  @Test func lookingAgainAsksFirstAndCounts() throws {
    var store = TestStore(makeApp())
    store.app.send(.home(.play("killer")))
    store.app.addPlayers(["A", "B", "C"])
    store.app.send(.players(.proceed))
    store.app.send(.setup(.deal))
    store.app.revealEveryone()
    var page = TableScreen()
    page.mode = .pick(.look)
    store.send(.table(.command(.look))) { [page] in $0.screen = .table(page) }
    page.selection = 1
    store.send(.table(.move(1))) { [page] in $0.screen = .table(page) }
    let clock = store.state.clock
    // A page of its own over the table, which keeps the list as it was.
    page.mode = .main
    var look = LookAgainScreen(seat: 1, table: page)
    store.send(.table(.pick), effects: [.redrawAll]) { [look] in
      $0.screen = .lookAgain(look)
      $0.keyGuard = KeyPause(since: clock)
    }
    // Not yet: a double press on the pick must not go through to the role,
    // and it starts the wait again.
    store.send(.tick(now: clock + 500)) { $0.clock = clock + 500 }
    store.send(.key(.enter)) { $0.keyGuard = KeyPause(since: clock + 500) }
    store.send(.tick(now: clock + 1_500)) {
      $0.clock = clock + 1_500
      $0.keyGuard = nil
    }
    look.stage = .showing
    try store.send(.lookAgain(.show), effects: [.saveGame, .redrawAll]) { [look] in
      $0.screen = .lookAgain(look)
      try $0.session?.table?.recordLook(at: 1)  // counted: B's second look
    }
    #expect(store.state.table?.seats[1].views == 2)
    store.send(.lookAgain(.hide), effects: [.redrawAll]) { [page] in $0.screen = .table(page) }
  }

  @Test func languageSwitchSavesAndRedraws() {
    var store = TestStore(makeApp())
    store.send(.home(.openSettings)) {
      $0.screen = .settings(SettingsScreen(returnTo: ReturnPoint(.home(HomeScreen()))))
    }
    store.send(.settings(.change(1)), effects: [.saveSettings, .redrawAll]) {
      $0.language = .el
      $0.languageChosen = true  // from now on the settings keep it
    }
    store.send(.back) { $0.screen = .home(HomeScreen()) }
  }

  /// Another setting's save does not make a one-off --lang the saved
  /// language: only a language chosen in Settings is.
  @Test func languageIsSavedOnlyOnceChosen() {
    var store = TestStore(makeApp(.el))
    store.send(.home(.openSettings)) {
      $0.screen = .settings(SettingsScreen(returnTo: ReturnPoint(.home(HomeScreen()))))
    }
    store.app.send(.settings(.move(1)))
    store.app.send(.settings(.change(1)))
    #expect(store.state.languageChosen == false, "another row's change chose no language")
    store.app.send(.settings(.move(-1)))
    store.app.send(.settings(.change(-1)))
    #expect(store.state.language == .en && store.state.languageChosen)
  }

  @Test func escapeInAGameAsksAndNoKeepsIt() {
    var store = TestStore(makeApp())
    store.app.send(.home(.play("killer")))
    store.app.addPlayers(["A", "B", "C"])
    store.app.send(.players(.proceed))
    store.app.send(.setup(.deal))
    // The question covers the hand-off; "no" brings it back, guarded afresh.
    store.send(.back) {
      $0.confirmation = PareaApp.Confirmation.abandonGame
      $0.keyGuard = nil
    }
    store.send(.confirm(false)) {
      $0.confirmation = nil
      $0.keyGuard = KeyPause(since: 0)
    }
    store.send(.back) {
      $0.confirmation = PareaApp.Confirmation.abandonGame
      $0.keyGuard = nil
    }
    // Yes: the session goes as a whole, and the saved game with it.
    store.send(.confirm(true), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil
      $0.screen = .home(.at(.game("killer"), in: $0))
    }
  }

  @Test func resumeNeverLandsOnARole() throws {
    var app = makeApp()
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.waitOutPause()
    app.send(.reveal)
    app.send(.hide)
    app.waitOutPause()
    app.send(.reveal)  // B is looking when the laptop dies
    let saved = try #require(app.state.session).savedAndRead()
    var store = TestStore(App(configuration: configuration()))
    // The saved game comes back whole: its game, players and setup with it.
    store.send(.started(savedNames: [], session: saved)) {
      $0.session = saved
      $0.game = "spy"
      $0.players = ["A", "B", "C", "D"]
    }
    #expect(HomeScreen.items(for: store.state).first == .resume)
    // Back at B's hand-off, paused: never straight onto B's role.
    store.send(.home(.choose), effects: [.redrawAll]) {
      $0.screen = .handOff(HandOffScreen(seat: 1))
      $0.keyGuard = KeyPause(since: 0)
    }
  }
}

/// House rules, the reveal countdown and the round timer.
@Suite struct HouseRuleTests {
  static func dealtKiller(_ rules: HouseRules = HouseRules()) -> App {
    var app = makeApp()
    var state = app.state
    state.houseRules = rules
    app = App(state: state, configuration: configuration())
    app.send(.home(.play("killer")))
    app.addPlayers(["A", "B", "C", "D", "E"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.waitOutPause()
    return app
  }

  @Test func settingsToggleEachRuleAndSave() {
    var store = TestStore(makeApp())
    var page = SettingsScreen(returnTo: ReturnPoint(.home(HomeScreen())))
    store.send(.home(.openSettings)) { [page] in $0.screen = .settings(page) }
    // Each rule's row by its label, not its position: rows may be added.
    func moveTo(_ label: String) {
      let row = SettingsScreen.row(label)
      let step = row - page.selection
      page.selection = row
      store.send(.settings(.move(step))) { [page] in $0.screen = .settings(page) }
    }
    moveTo("settings.revealDeadRoles")
    store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.houseRules.revealDeadRoles = true }
    moveTo("settings.hideSpyCount")
    store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.houseRules.hideSpyCount = true }
    moveTo("settings.revealCountdown")
    store.send(.settings(.change(-1)), effects: [.saveSettings]) { $0.houseRules.revealCountdown = true }
    #expect(store.state.houseRules == HouseRules(revealDeadRoles: true, hideSpyCount: true, revealCountdown: true))
    moveTo("settings.narrator.announceSaves")
    store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.houseRules.dealt.announceSaves = true }
    moveTo("settings.narrator.phoneVote")
    store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.houseRules.dealt.phoneVote = .secret }
    store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.houseRules.dealt.phoneVote = .open }
    store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.houseRules.dealt.phoneVote = .off }
    // Past the end, the highlight stops on the last row.
    page.selection = SettingsScreen.settings.count - 1
    store.send(.settings(.move(50))) { [page] in $0.screen = .settings(page) }
  }

  @Test func countdownShowsTheRoleAfterThreeSeconds() throws {
    var store = TestStore(Self.dealtKiller(HouseRules(revealCountdown: true)))
    var page = HandOffScreen(seat: 0)
    page.countdown = RevealCountdown(seconds: 3)
    store.send(.reveal) { [page] in $0.screen = .handOff(page) }  // no role yet: nothing saved
    page.countdown?.lastStep = 10_000
    store.send(.tick(now: 10_000)) { [page] in
      $0.clock = 10_000
      $0.screen = .handOff(page)
    }
    store.send(.tick(now: 10_900)) { $0.clock = 10_900 }
    page.countdown = RevealCountdown(seconds: 2)
    page.countdown?.lastStep = 11_000
    store.send(.tick(now: 11_000)) { [page] in
      $0.clock = 11_000
      $0.screen = .handOff(page)
    }
    page.countdown = RevealCountdown(seconds: 1)
    page.countdown?.lastStep = 12_000
    store.send(.tick(now: 12_000)) { [page] in
      $0.clock = 12_000
      $0.screen = .handOff(page)
    }
    try store.send(.tick(now: 13_050), effects: [.saveGame, .redrawAll]) {
      $0.clock = 13_050
      $0.screen = .reveal(RevealScreen(seat: 0))
      try $0.session?.table?.recordLook(at: 0)
    }
    #expect(store.state.table?.seats[0].views == 1)
  }

  @Test func escapeStopsTheCountdownWithoutLeaving() {
    var store = TestStore(Self.dealtKiller(HouseRules(revealCountdown: true)))
    store.app.send(.reveal)
    // Not the question "leave the game?": only the countdown stops.
    store.send(.back) { $0.screen = .handOff(HandOffScreen(seat: 0)) }
  }

  @Test func deadRolesShowOnlyWithTheRule() throws {
    for reveal in [false, true] {
      var app = Self.dealtKiller(HouseRules(revealDeadRoles: reveal))
      app.revealEveryone()
      let citizen = try #require(app.state.table?.seats(holding: Killer.citizen).first)
      app.send(.table(.command(.markDead)))
      for _ in 0..<citizen { app.send(.table(.move(1))) }
      app.send(.table(.pick))
      // The player says so in private.
      app.send(.outAnswer(.proceed))
      app.send(.outAnswer(.answer(true)))
      app.send(.outAnswer(.proceed))  // the laptop back to the table
      app.send(.table(.dismiss))
      // The only player out: the rows above take one line each, and the role
      // goes on the line under the cause.
      let rows = app.screen.split(separator: "\n", omittingEmptySubsequences: false)
      let words = Catalog.builtIn(.en)
      #expect(rows[4 + citizen].contains(words.text("cause.killed")), "\(rows[4 + citizen])")
      #expect(rows[5 + citizen].contains(words.text("role.killer.citizen.name")) == reveal, "\(rows[5 + citizen])")
    }
  }

  /// A Spy table of three, everyone revealed.
  static func spyTable() -> App {
    var app = makeApp()
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.revealEveryone()
    return app
  }

  @Test func aRoundTimerDoesNotOutliveItsGame() {
    var store = TestStore(Self.spyTable())
    store.send(.table(.command(.timer)), effects: [.saveGame]) {
      $0.session?.timer = RoundTimer(minutes: 10)
      $0.session?.timer?.running = true
    }
    store.send(.back) { $0.confirmation = PareaApp.Confirmation.abandonGame }  // leave the game…
    store.send(.confirm(true), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil  // the timer with it
      $0.screen = .home(.at(.game("spy"), in: $0))
    }
    // …and a game without a timer shows none, however long it goes on.
    store.app.send(.home(.play("killer")))
    store.app.send(.players(.addAllPicks))  // the Spy game's players, from the quick picks
    store.app.send(.players(.proceed))
    store.app.send(.setup(.deal))
    store.app.revealEveryone()
    #expect(store.state.table?.game == "killer")
    #expect(store.state.screen == .table(TableScreen()))
    store.press(.character("t"))  // no timer to start
    let later = store.state.clock + 3_600_000
    store.send(.tick(now: later)) { $0.clock = later }  // no bell, no "time's up"
  }

  @Test func theRoundTimerCountsDownAndRings() throws {
    var store = TestStore(Self.spyTable())
    store.send(.table(.adjustTimer(1)))  // no timer yet: nothing to adjust
    var timer = RoundTimer(minutes: 10)
    timer.running = true
    store.send(.table(.command(.timer)), effects: [.saveGame]) { [timer] in $0.session?.timer = timer }
    #expect(store.state.timer?.display == "10:00")
    timer.lastTick = 0
    store.send(.tick(now: 0)) { [timer] in
      $0.clock = 0
      $0.session?.timer = timer
    }
    timer.lastTick = 60_000
    timer.remaining = 540_000
    // A minute later: the time left is saved (every ten seconds while it runs).
    store.send(.tick(now: 60_000), effects: [.saveGame]) { [timer] in
      $0.clock = 60_000
      $0.session?.timer = timer
    }
    #expect(store.state.timer?.display == "09:00")
    timer.running = false  // pause
    timer.lastTick = nil
    store.send(.table(.command(.timer)), effects: [.saveGame]) { [timer] in $0.session?.timer = timer }
    store.send(.tick(now: 200_000)) { $0.clock = 200_000 }  // a paused timer does not count
    timer.running = true
    store.send(.table(.command(.timer)), effects: [.saveGame]) { [timer] in $0.session?.timer = timer }
    timer.lastTick = 300_000
    store.send(.tick(now: 300_000)) { [timer] in
      $0.clock = 300_000
      $0.session?.timer = timer
    }
    timer.remaining = 0
    timer.running = false
    timer.lastTick = nil
    try store.send(.tick(now: 840_000), effects: [.bell, .saveGame]) { [timer] in
      $0.clock = 840_000
      $0.session?.timer = timer
      var page = try #require($0.screen.tablePage)
      page.notice = Notice(kind: .info, title: "timer.up.title", message: "timer.up.spy.message")
      $0.screen = .table(page)
    }
    #expect(store.state.timer?.expired == true)
  }
}

/// Spy's scores carry over "play again" and start afresh from home.
@Suite struct ScoreTests {
  @Test func scoresAddUpAcrossRounds() throws {
    var app = makeApp(seed: 5)
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D"])
    app.send(.players(.proceed))
    for round in 1...2 {
      app.send(.setup(.deal))
      app.revealEveryone()
      let table = try #require(app.state.table)
      let spy = try #require(table.seats(holding: Spy.spy).first)
      let starter = (spy + 1) % 4
      // The table accuses the spy; `starter` started it.
      app.send(.table(.command(.tableAccuses)))
      for _ in 0..<spy { app.send(.table(.move(1))) }
      app.send(.table(.pick))
      let starters = app.state.pickable(for: .voteStarter(target: spy))
      let starterIndex = try #require(starters.firstIndex(of: starter))
      for _ in 0..<starterIndex { app.send(.table(.move(1))) }
      app.send(.table(.pick))
      try #require(app.state.screen.isSummary, "round \(round) did not end")
      let finished = try #require(app.state.table)
      let points = try #require(Spy().points(for: finished))
      #expect(points[starter] == 2)
      #expect(points[spy] == 0)
      app.send(.summary(.playAgain))
    }
    let total = app.state.session?.scores.values.reduce(0, +)
    #expect(total == 8)  // two rounds of 2 + 1 + 1
    #expect(app.state.session?.roundsPlayed == 2)
    var store = TestStore(app)
    store.app.send(.back)  // setup → players
    store.app.send(.back)  // players → home
    // A new game would throw the session's scores away: asked first.
    store.send(.home(.play("spy"))) {
      $0.confirmation = HomeScreen.discardQuestion
      $0.screen = .home(HomeScreen.at(.game("spy"), in: $0).withPlay("spy"))
    }
    // The session goes as a whole: a new game, a new score sheet.
    store.send(.confirm(true), effects: [.saveGame, .redrawAll]) {
      $0.confirmation = nil
      $0.session = nil
      $0.players = []  // the last game's names wait in the quick picks
      $0.screen = .players(PlayersScreen())
    }
  }
}

// The cause of a death and the phase: CauseTests (TableSlipTests.swift).

/// Spy is dealt only from the locations left in play.
@Suite struct LocationsInPlayTests {
  static func spySetup(excluding: Set<LocationID>) -> App {
    var app = makeApp(seed: 11)
    var state = app.state
    state.excludedLocations = excluding
    app = App(state: state, configuration: configuration(seed: 11))
    app.send(.home(.play("spy")))
    app.addPlayers(["A", "B", "C", "D"])
    app.send(.players(.proceed))
    return app
  }

  @Test func onlyLocationsInPlayAreDealt() {
    let all = Catalog.builtIn(.en).locations().map(\.id)
    let kept: Set<LocationID> = ["zoo", "casino"]
    for seed in 0..<30 {
      var app = Self.spySetup(excluding: Set(all).subtracting(kept))
      var state = app.state
      state.setup.badCount = 1
      app = App(state: state, configuration: configuration(seed: UInt64(seed)))
      app.send(.setup(.deal))
      #expect(kept.contains(app.state.table?.location ?? "none"))
    }
  }

  @Test func noLocationInPlayIsRefusedWithAMessage() throws {
    var store = TestStore(Self.spySetup(excluding: []))
    let all = Set(Catalog.builtIn(.en).locations().map(\.id))
    var page = SetupScreen()
    page.choosingLocations = true
    store.send(.setup(.chooseLocations(true))) { [page] in $0.screen = .setup(page) }
    store.send(.setup(.toggleAllLocations)) { $0.excludedLocations = all }
    page.choosingLocations = false
    store.send(.setup(.chooseLocations(false)), effects: [.saveSettings]) { [page] in $0.screen = .setup(page) }
    // No deal, no session: the setup says why.
    page.notice = .setup(.noLocations, players: 4)
    store.send(.setup(.deal)) { [page] in $0.screen = .setup(page) }
  }
}

/// Lists at the table never give a role away by leaving someone out.
@Suite struct TablePrivacyTests {
  // The Cop's accusation: PickerTests (TableSlipTests.swift).

  @Test func tooManyPlayersFromAnotherGameAreStopped() throws {
    var app = makeApp()
    app.send(.home(.play("spy")))
    app.addPlayers((1...16).map { "P\($0)" })
    app.send(.back)
    app.send(.home(.play("palermo")))
    var store = TestStore(app)
    store.send(.players(.proceed)) {
      var page = PlayersScreen()
      page.notice = .setup(.tooManyPlayers(maximum: 14, count: 16))
      $0.screen = .players(page)  // not the setup: 16 is too many for Palermo
    }
  }
}
