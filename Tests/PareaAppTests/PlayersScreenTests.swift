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
    var app = makeApp()
    app.press(.enter)
    app.type("🍕Πίτσα")
    var page = PlayersScreen()
    for character in "Πίτσα" { page.field.insert(character) }
    page.notice = .name(.character)
    #expect(app.state.screen == .players(page))
    app.press(.enter)  // added as shown in the field, the notice read
    #expect(app.state.players == ["Πίτσα"])
    #expect(app.state.screen == .players(PlayersScreen()))
  }

  @Test func aLongNameStopsAtTheLimitAndSaysSo() throws {
    var app = makeApp()
    app.press(.enter)
    app.type("Αικατερίνη Παπαδοπούλου")
    var page = PlayersScreen()
    for character in "Αικατερίνη Παπαδοπού" { page.field.insert(character) }
    page.notice = .name(.tooWide)
    #expect(app.state.screen == .players(page))
    app.press(.backspace)  // editing: the notice has been read
    page.field.deleteBackward()
    page.notice = nil
    #expect(app.state.screen == .players(page))
  }
}

/// The last game's names, offered the same way after a game as after a restart.
@Suite struct QuickPickTests {
  @Test func plusAddsEveryPickInTheirOrder() {
    var app = makeApp(savedNames: ["Anna", "Bob", "Γιώργος", "Δήμητρα", "Eve"])
    app.press(.enter)
    app.addPlayers(["bob"])  // already there: not added twice
    #expect(app.press(.character("+")).isEmpty)
    #expect(app.state.players == ["bob", "Anna", "Γιώργος", "Δήμητρα", "Eve"])
    #expect(app.state.screen == .players(PlayersScreen()))
  }

  @Test func plusStopsAtTheGamesMaximumAndSaysSo() {
    let names = (1...16).map { "Player \($0)" }
    var app = makeApp(savedNames: names)
    app.press(.enter)  // Palermo: 5 to 14
    app.press(.character("+"))
    #expect(app.state.players == Array(names.prefix(14)))
    var page = PlayersScreen()
    page.notice = .setup(.tooManyPlayers(maximum: 14, count: 15))
    #expect(app.state.screen == .players(page))
  }

  @Test func plusInANameIsACharacter() throws {
    var app = makeApp(savedNames: ["Anna"])
    app.press(.enter)
    app.type("A+")
    #expect(app.state.players.isEmpty)
    let page = try #require(app.state.screen.players)
    #expect(page.field.text == "A+")
  }

  @Test func afterAGameItsNamesAreThePicksAndTheListStartsEmpty() {
    var app = makeApp(savedNames: ["Old", "Names", "Here"])
    app.press(.character("3"))
    app.addPlayers(["A", "B", "C"])
    #expect(app.press(.enter) == [.savePlayers(["A", "B", "C"])])
    app.press(.escape, .escape)  // back to the players, then home
    app.press(.character("2"))
    // As after a restart: an empty list, the last game's names one key away.
    var restarted = makeApp(savedNames: ["A", "B", "C"])
    restarted.press(.character("2"))
    #expect(app.state == restarted.state)
    app.press(.character("+"))
    #expect(app.state.players == ["A", "B", "C"])
  }

  @Test func namesTypedButNotPlayedAreKept() {
    var app = makeApp(savedNames: ["A", "B", "C"])
    app.press(.character("3"))
    app.addPlayers(["Νίκος", "Ελένη"])
    app.press(.escape)
    app.press(.character("2"))
    #expect(app.state.players == ["Νίκος", "Ελένη"])
  }
}

/// The players screen at its fullest, and refusing a name, in both languages.
@Suite struct PlayersScreenGoldenTests {
  @Test(arguments: GoldenScreenTests.languages) func tenPlayersAndARefusedCharacter(_ language: Language) {
    var app = makeApp(language, savedNames: ["Anna", "Σοφία", "Petros"])
    app.press(.character("3"))
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

extension Screen {
  /// The players screen's own state, if it is on show.
  var players: PlayersScreen? {
    if case .players(let page) = self { return page }
    return nil
  }
}
