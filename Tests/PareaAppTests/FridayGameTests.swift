import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// A narrated game with the group's own roles, by keys and ticks: the
/// "Friday" deck (a Sheriff who learns a side each night, a Fool who wins
/// if voted out) dealt to eight; the Sheriff's step is woken and said by
/// its name, its answer shown while it is awake; the town votes the Fool
/// out and the Fool wins, said aloud, on the summary and in the story.
@Suite struct FridayGameTests {
  /// Eight players dealt the Friday deck, narrated by Parea, everyone revealed, at dusk.
  static func dealt(_ language: Language) throws -> App {
    var app = App(configuration: configuration(language, seed: 11, narration: .parea))
    app.press(.enter)
    app.addPlayers(HouseRoleScreenTests.eight)
    app.press(.enter, .enter, .character("t"))
    app.send(.decksListed([DeckEntry(file: "/decks/Friday.json", deck: .success(DecksScreenTests.friday))]))
    app.press(.enter, .character("d"))
    app.revealEveryoneByKeys()
    try #require(app.state.table?.rules.houseRoles == DecksScreenTests.friday.houseRoles)
    return app
  }

  static func spoken(_ effects: [Effect]) -> [String] {
    effects.compactMap { if case .speak(let speech) = $0 { speech.text } else { nil } }
  }

  @Test(arguments: Language.allCases) func theSheriffChecksAndTheFoolWins(_ language: Language) throws {
    var app = try Self.dealt(language)
    let table = try #require(app.state.table)
    let words = Words(wording: HouseWording(base: Catalog.builtIn(language), game: table.rules, language: language.rawValue))
    let seat = { (role: RoleID) in table.seats(holding: role).first! }
    let thief = seat(Palermo.Roles.redThief)
    let fool = seat("house.fool")
    let victim = seat(Palermo.Roles.citizens[0])
    var said: [String] = []

    // Night 1: the thieves, the Doctor (who lets the time run out), then the Sheriff, in that order.
    said += Self.spoken(app.press(.enter))
    #expect(app.narration?.steps(on: table).map(\.id.rawValue) == ["thieves", "doctor", "house.sheriff"])
    while let narration = app.narration, narration.stage.isSecret {
      guard let table = app.state.table, case .awake(let index) = narration.stage, !narration.hasChosen(on: table) else {
        said += Self.spoken(try app.waitOutStage())
        continue
      }
      switch narration.steps(on: table)[index].id.rawValue {
      case "thieves": said += Self.spoken(try app.choose(seat: victim))
      case "house.sheriff":
        said += Self.spoken(try app.choose(seat: thief))
        // The answer, while the Sheriff is awake: the Red thief plays for the thieves.
        let screen = app.render(width: 80, height: 24).lines.joined(separator: "\n")
        #expect(screen.contains(words.line(GameKeys.answer(.bad), of: "palermo")), "\(screen)")
        if language == .en { expectGolden(app.render(width: 80, height: 24), "friday-sheriff.\(language)") }
      default: said += Self.spoken(try app.waitOutStage())
      }
    }
    #expect(said.contains { $0.contains(words(GameKeys.step("palermo", "house.sheriff", .wake))) }, "\(said)")
    #expect(said.contains { $0.contains(words(GameKeys.step("palermo", "house.sheriff", .sleep))) }, "\(said)")
    #expect(app.state.table?.seats[victim].death == .killedAtNight)

    // Day 1: the town votes the Fool out, and the Fool wins.
    #expect(app.narration?.stage == .morning)
    app.press(.enter, .enter)
    said += Self.spoken(try app.choose(seat: fool))
    #expect(app.state.table?.winner == "house.fool" && app.state.screen.isSummary)
    #expect(said.contains { $0.contains(words(GameKeys.narratorWon("house.fool"))) }, "\(said)")
    app.showResult()
    // The whole story fits: the Sheriff's check is told by its name.
    expectGolden(app.render(width: 80, height: 24), "friday-summary.\(language)")
  }
}

/// A game dealt with the group's roles, read back in another run: its roles
/// are the group's again, so the next round's setup has them.
@Suite struct ResumedHouseRolesTests {
  @Test func theNextRoundOffersThem() throws {
    let app = try FridayGameTests.dealt(.en)
    let saved = try #require(app.state.session).savedAndRead()
    var resumed = makeApp(.en)
    #expect(resumed.state.groupRoles.roles.isEmpty)
    resumed.send(.started(savedNames: [], session: saved))
    #expect(resumed.state.groupRoles.roles == DecksScreenTests.friday.houseRoles)
    #expect(resumed.state.rules.role("house.sheriff") != nil && resumed.state.setup.roles == DecksScreenTests.friday.roles)
  }
}
