import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The names rule on the players screen (the rule itself: `NameRuleTests`
/// in the rules' tests).
@Suite struct NameRuleScreenTests {
  /// Typing refuses the character and keeps the rest; the notice stays while
  /// the rest is typed, so a pasted "🍕Πίτσα" never becomes "Πίτσα" unsaid.
  @Test func aRefusedCharacterIsSaidAndTheRestKept() throws {
    var store = TestStore(makeApp())
    store.app.press(.enter)
    var page = PlayersScreen()
    page.notice = .name(.character)
    store.press(.character("🍕")) { [page] in $0.screen = .players(page) }
    for character in "Πίτσα" {
      page.field.insert(character)
      store.press(.character(character)) { [page] in $0.screen = .players(page) }
    }
    #expect(page.field.text == "Πίτσα")
    store.press(.enter) {  // added as shown in the field, the notice read
      $0.players = ["Πίτσα"]
      $0.screen = .players(PlayersScreen())
    }
  }

  /// "Eve😀" and a Chinese name: each refused character is said, in words
  /// that name what it is (not only emoji: wide characters too).
  @Test(arguments: [Language.en, .el]) func anEmojiOrAWideCharacterIsSaid(_ language: Language) throws {
    var app = makeApp(language)
    app.press(.enter)
    app.type("Eve😀")
    #expect(app.state.screen.playersPage?.field.text == "Eve")
    #expect(app.state.screen.playersPage?.notice == .name(.character))
    app.press(.backspace, .backspace, .backspace)
    app.type("李")
    #expect(app.state.screen.playersPage?.field.text == "")
    #expect(app.state.screen.playersPage?.notice == .name(.character))
    let message = Catalog.builtIn(language).text("error.nameCharacter.message", [:])
    #expect(message.contains(language == .en ? "Chinese" : "κινεζικά"))
  }

  @Test func aLongNameStopsAtTheLimitAndSaysSo() throws {
    var store = TestStore(makeApp())
    store.app.press(.enter)
    var page = PlayersScreen()
    for character in "Αικατερίνη Παπαδοπού" {
      page.field.insert(character)
      store.press(.character(character)) { [page] in $0.screen = .players(page) }
    }
    page.notice = .name(.tooWide)
    for character in "λου" { store.press(.character(character)) { [page] in $0.screen = .players(page) } }
    page.field.deleteBackward()
    page.notice = nil
    store.press(.backspace) { [page] in $0.screen = .players(page) }  // editing: the notice has been read
  }
}

/// The last game's names, offered the same way after a game as after a restart.
@Suite struct QuickPickTests {
  @Test func plusAddsEveryPickInTheirOrder() {
    var store = TestStore(makeApp(savedNames: ["Anna", "Bob", "Γιώργος", "Δήμητρα", "Eve"]))
    store.app.press(.enter)
    store.app.addPlayers(["bob"])  // already there: not added twice
    store.press(.character("+")) { $0.players = ["bob", "Anna", "Γιώργος", "Δήμητρα", "Eve"] }
  }

  @Test func plusStopsAtTheGamesMaximumAndSaysSo() {
    let names = (1...16).map { "Player \($0)" }
    var store = TestStore(makeApp(savedNames: names))
    store.app.press(.enter)  // Palermo: 5 to 14
    store.press(.character("+")) {
      $0.players = Array(names.prefix(14))
      var page = PlayersScreen()
      page.notice = .setup(.tooManyPlayers(maximum: 14, count: 15))
      $0.screen = .players(page)
    }
  }

  @Test func plusInANameIsACharacter() throws {
    var store = TestStore(makeApp(savedNames: ["Anna"]))
    store.app.press(.enter)
    var page = PlayersScreen()
    page.field.insert("A")
    store.press(.character("A")) { [page] in $0.screen = .players(page) }
    page.field.insert("+")
    store.press(.character("+")) { [page] in $0.screen = .players(page) }  // no player added
  }

  @Test func afterAGameItsNamesAreThePicksAndTheListStartsEmpty() {
    var store = TestStore(makeApp(savedNames: ["Old", "Names", "Here"]))
    store.app.press(playKey("killer"))
    store.app.addPlayers(["A", "B", "C"])
    store.press(.enter, effects: [.savePlayers(["A", "B", "C"])]) {
      $0.savedNames = ["A", "B", "C"]
      $0.screen = .setup(SetupScreen())
    }
    store.app.press(.escape, .escape)  // back to the players, then home
    store.app.press(playKey("spy"))
    // As after a restart: an empty list, the last game's names one key away.
    var restarted = makeApp(savedNames: ["A", "B", "C"])
    restarted.press(playKey("spy"))
    #expect(store.state == restarted.state)
    store.press(.character("+")) { $0.players = ["A", "B", "C"] }
  }

  @Test func namesTypedButNotPlayedAreKept() {
    var store = TestStore(makeApp(savedNames: ["A", "B", "C"]))
    store.app.press(playKey("killer"))
    store.app.addPlayers(["Νίκος", "Ελένη"])
    store.press(.escape) { $0.screen = .home(.at(.game("killer"), in: $0)) }
    store.press(playKey("spy")) {
      $0.game = "spy"  // the names stay with the group, not with the game
      $0.screen = .players(PlayersScreen())
    }
    #expect(store.state.players == ["Νίκος", "Ελένη"])
  }
}

/// The players screen at its fullest, and refusing a name, in both languages.
@Suite struct PlayersScreenGoldenTests {
  @Test(arguments: GoldenScreenTests.languages) func tenPlayersAndARefusedCharacter(_ language: Language) {
    var app = makeApp(language, savedNames: ["Anna", "Σοφία", "Petros"])
    app.press(playKey("killer"))
    app.addPlayers(["Anna", "Bob", "Chris", "Dina", "Eve", "Fay", "Gus", "Hara", "Ilias", "Jo"])
    app.press(.tab)
    // Every player shows: the list runs down to the footer.
    expectGolden(app.render(width: 80, height: 24), "players-ten.\(language)")
    app.press(.tab, .tab)  // the picks, then the field
    app.type("🍕Πίτσα")
    // The list gives the notice its rows and keeps the field's name whole.
    expectGolden(app.render(width: 80, height: 24), "players-refused.\(language)")
    for _ in "Πίτσα" { app.press(.backspace) }
    app.type("Αικατερίνη Παπαδοπούλου")
    expectGolden(app.render(width: 80, height: 24), "players-too-long.\(language)")
  }
}
