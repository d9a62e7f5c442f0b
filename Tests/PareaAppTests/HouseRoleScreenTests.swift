import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The group's own roles at the table: made in the role editor from the
/// roles page, offered beside the built-in ones, changed or removed, dealt
/// and shown on their holder's card, and the editor's refusals.
@Suite struct HouseRoleScreenTests {
  static let eight = ["Anna", "Bob", "Chris", "Dora", "Eve", "Fay", "Gus", "Hana"]

  /// The roles page of a Palermo setup for eight.
  static func rolesPage(_ language: Language) -> App {
    var app = makeApp(language)
    app.press(.enter)
    app.addPlayers(eight)
    app.press(.enter, .enter)
    return app
  }

  /// From the roles page: a Sheriff who learns a side each night, and a Fool who wins if voted out.
  static func makeSheriffAndFool(_ app: inout App) {
    app.press(.character("n"))
    app.type("Sheriff")
    app.press(.down)
    app.type("Σερίφης")
    app.press(.down, .down, .right, .right, .enter)
    app.press(.character("n"))
    app.type("Fool")
    app.press(.down, .down, .right, .right, .enter)
  }

  @Test(arguments: Language.allCases) func editor(_ language: Language) {
    var app = Self.rolesPage(language)
    app.press(.character("n"))
    #expect(app.state.screen.is(RoleEditorScreen.self))
    expectGolden(app.render(width: 80, height: 24), "role-editor-new.\(language)")
    app.type("Sheriff")
    app.press(.down)
    app.type("Σερίφης")
    app.press(.down, .down, .right, .right)
    expectGolden(app.render(width: 80, height: 24), "role-editor-sheriff.\(language)", styles: language == .en)
  }

  @Test(arguments: Language.allCases) func madeAndDealt(_ language: Language) throws {
    var app = Self.rolesPage(language)
    Self.makeSheriffAndFool(&app)
    let roles = app.state.groupRoles.roles
    #expect(roles.map(\.id) == ["house.sheriff", "house.fool"])
    #expect(roles[0] == RoleDeclaration(id: "house.sheriff", side: Palermo.town, night: .check, names: ["en": "Sheriff", "el": "Σερίφης"]))
    #expect(roles[1] == RoleDeclaration(id: "house.fool", side: Palermo.town, alone: .votedOut, names: ["en": "Fool"]))
    // The Fool is lit in the available list, described, with how to change it.
    expectGolden(app.render(width: 80, height: 24), "setup-house-roles.\(language)")

    // Into the game: the suggested set, less two citizens, plus the two.
    app.press(.character("s"), .right)
    for _ in 0..<8 { app.press(.down) }
    app.press(.enter, .enter, .left)
    for _ in 0..<12 { app.press(.down) }
    app.press(.enter, .enter)
    #expect(app.state.setup.roles.suffix(2) == ["house.fool", "house.sheriff"] && app.state.setup.roles.count == 8)
    app.press(.character("d"))
    let table = try #require(app.state.table)
    #expect(table.rules.houseRoles == roles && Set(table.seats.map(\.role)).isSuperset(of: ["house.sheriff", "house.fool"]))
    // The saved game carries them.
    let saved = try #require(app.state.session).savedAndRead()
    #expect(saved.table?.rules.houseRoles == roles && saved == app.state.session)
  }

  @Test func changeAndRemove() {
    var app = Self.rolesPage(.en)
    Self.makeSheriffAndFool(&app)
    // Into the game, then changed: the Fool protects once a game instead.
    app.press(.enter)
    #expect(app.state.setup.roles == ["house.fool"])
    app.press(.right, .character("e"))
    #expect(app.state.screen.as(RoleEditorScreen.self)?.editing == "house.fool")
    app.press(.down, .down, .left, .left, .down, .right, .down, .right)
    app.press(.enter)
    let fool = app.state.groupRoles.roles[1]
    #expect(fool.id == "house.fool" && fool.alone == nil && fool.side == Palermo.town && fool.night == .protect && fool.once)
    #expect(app.state.setup.roles == ["house.fool"])
    // Removed: from the group's roles and from the game.
    app.press(.right, .character("x"))
    #expect(app.state.groupRoles.roles.map(\.id) == ["house.sheriff"] && app.state.setup.roles.isEmpty)
  }

  @Test func refusals() {
    var app = Self.rolesPage(.en)
    // No name.
    app.press(.character("n"), .enter)
    #expect(app.state.screen.as(RoleEditorScreen.self)?.notice?.title == "house.editor.noName.title")
    // A built-in role's name, in any case.
    app.type("doctor")
    app.press(.enter)
    #expect(app.state.screen.as(RoleEditorScreen.self)?.notice?.title == "house.editor.nameTaken.title")
    // Another of the group's.
    app.press(.escape)
    Self.makeSheriffAndFool(&app)
    app.press(.character("n"), .down)
    app.type("ΣΕΡΙΦΗΣ")
    app.press(.enter)
    #expect(app.state.screen.as(RoleEditorScreen.self)?.notice?.title == "house.editor.nameTaken.title")
    // A character no name may hold is refused as typed.
    app.type("🎉")
    #expect(app.state.screen.as(RoleEditorScreen.self)?.greek.text == "ΣΕΡΙΦΗΣ")
    // Esc: back, nothing made.
    app.press(.escape)
    #expect(app.state.screen.is(SetupScreen.self) && app.state.groupRoles.roles.count == 2)
    // At most twelve.
    for number in 3...RoleDeclaration.maximumHouseRoles {
      app.press(.character("n"))
      app.type("Role \(number)")
      app.press(.enter)
    }
    #expect(app.state.groupRoles.roles.count == RoleDeclaration.maximumHouseRoles)
    app.press(.character("n"))
    #expect(app.state.screen.as(SetupScreen.self)?.notice?.title == "house.full.title")
    // Only the thieves kill: the night's choices on the town's side never include it.
    var editor = RoleEditorScreen(beneath: SetupScreen())
    #expect(!editor.nights.contains(.kill))
    editor.side = .thieves
    #expect(editor.nights.contains(.kill))
  }
}

/// A card of a group's role keeps the outline of every card of its table:
/// a short card beside a long one is spread over as many rows, a dotted
/// rule filling the rows its words cannot.
@Suite struct HouseRoleCardTests {
  @Test(arguments: Language.allCases) func aShortCardBesideALongOne(_ language: Language) throws {
    let madam = RoleDeclaration(
      id: "house.madam", side: Palermo.thieves, knows: [Palermo.Roles.redThief], knowsSide: true, night: .block,
      takesPlayerAlongWhen: .killedAtNight, once: true, names: ["en": "Madam", "el": "Μαντάμ"])
    let baker = RoleDeclaration(id: "house.baker", side: Palermo.town, names: ["en": "Baker", "el": "Φούρναρης"])
    let game = Palermo(houseRoles: [madam, baker])
    let roles: [RoleID] = [Palermo.Roles.redThief, "house.madam", "house.baker", Palermo.Roles.doctor] + Palermo.Roles.citizens.prefix(3)
    let seats = roles.enumerated().map { Seat(name: HouseRoleScreenTests.eight[$0.offset], role: $0.element) }
    let table = Table(game: game, seats: seats)
    let app = App(state: AppState(language: language, table: table), configuration: configuration(language))
    for seat in [1, 2] {
      var state = app.state
      state.screen = .reveal(RevealScreen(seat: seat))
      let card = App(state: state, configuration: configuration(language)).render(width: 80, height: 24)
      expectGolden(card, "reveal-house-\(roles[seat].rawValue.dropFirst(6)).\(language)")
    }
  }
}
