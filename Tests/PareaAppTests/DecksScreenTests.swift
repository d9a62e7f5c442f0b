import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The decks page: the folder as read (a bad file listed with what is wrong
/// with it), a deck dealt from, the roles on the page saved as a deck.
@Suite struct DecksScreenTests {
  typealias R = Palermo.Roles

  static let friday = Deck(
    name: "Friday",
    roles: [R.redThief, R.doctor, "house.sheriff", "house.fool", R.redKamikaze, R.snitch, R.policeman, R.citizens[0]],
    houseRoles: [
      RoleDeclaration(id: "house.sheriff", side: Palermo.town, night: .check, names: ["en": "Sheriff", "el": "Σερίφης"]),
      RoleDeclaration(id: "house.fool", side: Palermo.town, alone: .votedOut, names: ["en": "Fool", "el": "Τρελός"]),
    ])
  static let folder = "/home/anna/.local/share/parea/decks"
  static let listed = [
    DeckEntry(file: folder + "/Friday.json", deck: .success(friday)),
    DeckEntry(file: folder + "/broken.json", deck: .failure(.notADeck)),
  ]

  /// The decks page of a Palermo setup for eight, the folder read.
  static func decksPage(_ language: Language) -> (App, [Effect]) {
    var app = HouseRoleScreenTests.rolesPage(language)
    let effects = app.press(.character("t"))
    app.send(.decksListed(listed))
    return (app, effects)
  }

  @Test(arguments: Language.allCases) func listed(_ language: Language) {
    var (app, effects) = Self.decksPage(language)
    #expect(effects.contains(.listDecks) && app.state.screen.is(DecksScreen.self))
    expectGolden(app.render(width: 80, height: 24), "decks.\(language)")
    app.press(.down)
    expectGolden(app.render(width: 80, height: 24), "decks-bad.\(language)")
    // Enter does nothing on a file that cannot be used.
    app.press(.enter)
    #expect(app.state.screen.is(DecksScreen.self) && app.state.groupRoles.roles.isEmpty)
  }

  @Test func dealtFrom() throws {
    var (app, _) = Self.decksPage(.en)
    app.press(.enter)
    #expect(app.state.screen.is(SetupScreen.self))
    #expect(app.state.setup.roles == Self.friday.roles && app.state.groupRoles.roles == Self.friday.houseRoles)
    app.press(.character("d"))
    let table = try #require(app.state.table)
    #expect(table.rules.houseRoles == Self.friday.houseRoles && table.seats.count == 8)
  }

  @Test(arguments: Language.allCases) func saved(_ language: Language) {
    var app = HouseRoleScreenTests.rolesPage(language)
    HouseRoleScreenTests.makeSheriffAndFool(&app)
    app.press(.character("t"))
    app.send(.decksListed([]))
    // Too few roles on the page: refused, said why.
    app.press(.character("s"))
    app.type("Friday")
    #expect(app.press(.enter).isEmpty)
    #expect(app.state.screen.as(DecksScreen.self)?.notice?.title == "decks.size.title")
    expectGolden(app.render(width: 80, height: 24), "decks-naming.\(language)")
    // With a set of eight: saved with every role of the group's, and the folder read again.
    app.press(.escape, .escape)
    app.press(.character("s"), .character("t"), .character("s"))
    app.type("Friday")
    let effects = app.press(.enter)
    let deck = Deck(name: "Friday", roles: app.state.setup.roles, houseRoles: app.state.groupRoles.roles)
    #expect(effects == [.saveDeck(deck), .listDecks])
    #expect(app.state.screen.as(DecksScreen.self)?.naming == nil)
    // A nameless deck: refused.
    app.press(.character("s"), .enter)
    #expect(app.state.screen.as(DecksScreen.self)?.notice?.title == "decks.noName.title")
  }
}
