import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Nothing about a role may be learned from across the table: not from the
/// card's colours, attributes, size or position, not from the keys, and not
/// from a key pressed twice.
@Suite struct RevealPrivacyTests {
  /// The screens the run loop treats as secret (it clears the terminal's
  /// scroll-back after them): a card, first or again, and a claimed spy's
  /// guess — not the way to them.
  @Test func aCardIsSecretAndTheWayToItIsNot() throws {
    var app = makeApp()
    app.press(.enter)
    app.addPlayers(["Anna", "Bob", "Chris", "Dora", "Eve"])
    app.press(.enter, .enter, .character("s"), .character("d"))
    let atHandOff = if app.state.screen.is(HandOffScreen.self) { true } else { false }
    #expect(atHandOff, "\(app.state.screen)")
    #expect(!app.state.showsSecret)
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.screen == .reveal(RevealScreen(seat: 0)))
    #expect(app.state.showsSecret)
    app.press(.enter)
    #expect(!app.state.showsSecret)
    app.revealEveryoneByKeys()
    // (The keys go one pair further: "Are you ANNA?" over the table.)
    var page = try #require(app.state.screen.tableBeneath, "not at the table: \(app.state.screen)")
    #expect(!app.state.showsSecret)
    // A role shown again is a page of its own over the table: secret while the card shows.
    for (stage, expected) in [
      (LookAgainScreen.Stage.asking, false), (.countdown(RevealCountdown()), false), (.showing, true),
    ] {
      var state = app.state
      state.screen = .lookAgain(LookAgainScreen(seat: 0, stage: stage, table: page))
      #expect(state.showsSecret == expected, "\(stage)")
    }
    // The lists of roles and locations: in the open.
    for kind in [TableListScreen.Kind.roles, .locations] {
      var state = app.state
      state.screen = .tableList(TableListScreen(kind, table: page))
      #expect(!state.showsSecret, "\(kind)")
    }
    // The table's own page is in the open in every mode; a guess and a
    // private answer are pages of their own, secret past their hand-off.
    for mode in [TableScreen.Mode.main, .pick(.look), .cause(seat: 0)] {
      page.mode = mode
      var state = app.state
      state.screen = .table(page)
      #expect(!state.showsSecret, "\(mode)")
    }
    page.mode = .main
    let secret: [(Screen, Bool)] = [
      (.spyGuess(SpyGuessScreen(by: 0, table: page)), false),
      (.spyGuess(SpyGuessScreen(by: 0, stage: .choosing(selection: 0), table: page)), true),
      (.outAnswer(OutAnswerScreen(seat: 0, cause: .killed, table: page)), false),
      (.outAnswer(OutAnswerScreen(seat: 0, cause: .killed, stage: .answering, table: page)), true),
    ]
    for (screen, expected) in secret {
      var state = app.state
      state.screen = screen
      #expect(state.showsSecret == expected, "\(screen)")
    }
  }

  static let languages: [Language] = [.en, .el]

  /// A table of `game` where the seat of "Anna" (seat 0) holds `role`, with
  /// every other role of the game at the table so that knowledge lines appear.
  static func table(_ game: any GameType, role: RoleID) -> Table {
    var roles = [role] + game.roles.map(\.id).filter { $0 != role }
    while roles.count < game.players.lowerBound { roles.append(roles[roles.count - 1]) }
    let names = ["Anna", "Νίκος", "Ελένη", "Bob", "Maria", "Γιώργος", "Kostas", "Zoe", "Δήμητρα", "Chris", "Λένα", "Sam", "Φώτης", "Tina"]
    let location = game.usesLocations ? Catalog.builtIn(.en).locations().first?.id : nil
    let seats = roles.enumerated().map { index, id in
      Seat(
        name: names[index], role: id,
        locationRole: game.usesLocations && !game.isBad(id) ? index % 3 : nil)
    }
    return Table(game: game, seats: seats, location: location)
  }

  /// The reveal of seat 0, drawn as the hand-off's reveal draws it.
  static func reveal(
    _ game: any GameType, role: RoleID, _ language: Language, width: Int = 80, height: Int = 24
  ) -> Canvas {
    var state = AppState(language: language, table: table(game, role: role))
    state.game = game.id
    state.screen = .reveal(RevealScreen(seat: 0))
    return App(state: state, configuration: configuration(language)).render(width: width, height: height)
  }

  /// The rows of a canvas that hold any text: the outline seen from across the table.
  static func outline(_ canvas: Canvas) -> [Int] {
    canvas.lines.indices.filter { row in
      // Inside the frame only: the frame itself is the same on every card.
      canvas.lines[row].dropFirst(8).dropLast(8).contains { !$0.isWhitespace && $0 != "│" }
    }
  }

  /// Every card of a game has text in the same rows, in both languages and
  /// at any size: how much is written never tells a role or a side.
  @Test(arguments: languages) func everyCardHasTheSameOutline(_ language: Language) throws {
    for (width, height) in [(80, 24), (100, 30), (132, 40)] {
      for game in GameRegistry.all {
        let reference = Self.outline(Self.reveal(game, role: game.roles[0].id, language, width: width, height: height))
        for role in game.roles {
          let outline = Self.outline(Self.reveal(game, role: role.id, language, width: width, height: height))
          #expect(outline == reference, "\(game.id) \(role.id) (\(language), \(width)×\(height))")
        }
      }
    }
  }

  /// The card's rows that hold text of the role: its name, its side, and the
  /// description and knowledge under them (columns inside the frame's margin).
  static func isRoleText(row: Int, column: Int) -> Bool {
    (5..<20).contains(row) && (8..<72).contains(column)
  }

  /// The style every written cell of a card's row has, whatever the role.
  static func rowStyle(_ row: Int) -> Style {
    switch row {
    case 5: Theme.title  // the role's name
    case 6: Theme.dim  // the side
    default: .plain  // description and knowledge
    }
  }

  @Test(arguments: languages) func everyCardLooksTheSameFromAcrossTheTable(_ language: Language) throws {
    for game in GameRegistry.all {
      let reference = Self.reveal(game, role: game.roles[0].id, language)
      for role in game.roles {
        let canvas = Self.reveal(game, role: role.id, language)
        var differences: [String] = []
        for row in 0..<24 {
          for column in 0..<80 {
            let cell = canvas[row, column]
            if Self.isRoleText(row: row, column: column) {
              // The text differs by role; its look may not.
              if cell.style != Self.rowStyle(row) && !(cell.style == .plain && cell.character == " ") {
                differences.append("row \(row) column \(column) is styled \(cell.style)")
              }
            } else if cell != reference[row, column] {
              differences.append("row \(row) column \(column): \(cell) where \(game.roles[0].id)'s card has \(reference[row, column])")
            }
          }
        }
        // Where each row's ink starts and ends: a short description is not a narrow block.
        for row in 0..<24 {
          if let ink = RoleBlind.ink(canvas, row), let expected = RoleBlind.ink(reference, row),
            abs(ink.lowerBound - expected.lowerBound) > RoleBlind.inkTolerance
              || abs(ink.upperBound - expected.upperBound) > RoleBlind.inkTolerance
          {
            differences.append("row \(row)'s ink spans \(ink) where \(game.roles[0].id)'s spans \(expected)")
          }
        }
        #expect(differences.isEmpty, "\(game.id) \(role.id) (\(language)): \(differences.count) cells, first \(differences.prefix(3))")
      }
    }
  }

  @Test(arguments: languages) func lookingAgainShowsTheSameCard(_ language: Language) throws {
    for game in GameRegistry.all {
      for role in game.roles {
        var state = AppState(language: language, table: Self.table(game, role: role.id))
        state.game = game.id
        state.screen = .lookAgain(LookAgainScreen(seat: 0, stage: .showing))
        let again = App(state: state, configuration: configuration(language)).render(width: 80, height: 24)
        #expect(again == Self.reveal(game, role: role.id, language), "\(game.id) \(role.id)")
      }
    }
  }

  /// A Killer table of five, dealt and on the first hand-off at clock 0.
  static func dealt(_ rules: HouseRules = HouseRules()) -> App {
    var state = makeApp().state
    state.houseRules = rules
    var app = App(state: state, configuration: configuration())
    app.send(.home(.play("killer")))
    app.addPlayers(["A", "B", "C", "D", "E"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    return app
  }

  @Test func aDoublePressHidesTheRoleAndStopsAtTheNextHandOff() {
    var app = Self.dealt()
    app.handle(.enter, now: 5_000)  // the first player shows their role
    #expect(app.state.screen == .reveal(RevealScreen(seat: 0)))
    app.handle(.enter, now: 9_000)  // hides it…
    app.handle(.enter, now: 9_300)  // …and presses once more
    var expected = app.state
    expected.screen = .handOff(HandOffScreen(seat: 1))
    expected.keyGuard = KeyPause(since: 9_300)
    #expect(app.state == expected)
    #expect(app.state.table?.seats[1].views == 0)
    // Still deaf a moment after the last key; answering once it has passed.
    app.tick(now: 10_299)
    #expect(app.state.keyGuard == KeyPause(since: 9_300))
    app.tick(now: 10_300)
    #expect(app.state.screen == .handOff(HandOffScreen(seat: 1)))
    #expect(app.state.keyGuard == nil)
    app.handle(.enter, now: 10_400)
    #expect(app.state.screen == .reveal(RevealScreen(seat: 1)))
  }

  @Test func aHeldKeyNeverReachesTheNextRole() {
    var app = Self.dealt()
    app.handle(.enter, now: 5_000)
    // Ten presses in 100 ms, then a key held for three seconds (auto-repeat every 33 ms).
    var now: Int64 = 8_000
    for _ in 0..<10 {
      app.handle(.enter, now: now)
      now += 10
    }
    for _ in 0..<90 {
      app.handle(.enter, now: now)
      app.tick(now: now + 5)
      now += 33
      #expect(app.state.screen == .handOff(HandOffScreen(seat: 1)))
      #expect(app.state.keyGuard == KeyPause(since: now - 33))
    }
    #expect(app.state.table?.seats.map(\.views) == [1, 0, 0, 0, 0])
  }

  @Test func anyKeyWhilePausedStartsThePauseAgainButEsc() {
    var app = Self.dealt()
    for (offset, key) in [Key.enter, .character(" "), .down, .character("x")].enumerated() {
      let now = Int64(500 + offset * 400)
      app.handle(key, now: now)
      #expect(app.state.screen == .handOff(HandOffScreen(seat: 0)))
      #expect(app.state.keyGuard == KeyPause(since: now))
      #expect(app.state.confirmation == nil)
    }
    // Esc never chooses anything: it passes, and asks before leaving the game.
    app.handle(.escape, now: 2_000)
    #expect(app.state.confirmation == Confirmation.abandonGame)
  }

  @Test func onlyTheKeysTheFooterNamesDoAnything() throws {
    var app = Self.dealt()
    app.waitOutPause()
    let handOff = app.state
    // Space no longer shows a role: the footer says Enter.
    for key in [Key.character(" "), .character("y"), .down, .tab] {
      #expect(app.handle(key).isEmpty)
      #expect(app.state == handOff)
    }
    app.handle(.enter)
    let reveal = app.state
    for key in [Key.character(" "), .character("x"), .down] {
      #expect(app.handle(key).isEmpty)
      #expect(app.state == reveal)
    }
    let footer = try #require(app.render(width: 80, height: 24).lines.last)
    #expect(footer.contains("Enter") && footer.contains("Esc"))
    app.handle(.escape)  // Esc hides too, as the footer says
    #expect(app.state.screen == .handOff(HandOffScreen(seat: 1)))
    #expect(app.state.keyGuard == KeyPause(since: app.state.clock))
  }

  @Test func theCountdownAlsoGuardsALookAgainAndSaysWhatEscDoes() throws {
    var app = Self.dealt(HouseRules(revealCountdown: true))
    var now: Int64 = 0
    for _ in 0..<5 {
      now += 2_000
      app.handle(.enter, now: now)  // starts the countdown
      now += 3_100
      app.tick(now: now - 3_100)
      app.tick(now: now)  // the role
      now += 1_000
      app.handle(.enter, now: now)  // hidden
    }
    try #require(app.state.screen.tablePage != nil, "the table did not open after five reveals")
    app.handle(.character("l"), now: now + 2_000)
    app.handle(.enter, now: now + 2_100)  // picks the first player: "Are you A?"
    app.handle(.enter, now: now + 2_200)  // too soon: a double press
    var page = try #require({ if let page = app.state.screen.as(LookAgainScreen.self) { page } else { nil } }())
    #expect(page.seat == 0 && page.stage == .asking)
    #expect(app.state.keyGuard == KeyPause(since: now + 2_200))
    app.tick(now: now + 3_200)
    app.handle(.enter, now: now + 3_300)
    page = try #require({ if let page = app.state.screen.as(LookAgainScreen.self) { page } else { nil } }())
    #expect(page.stage == .countdown(RevealCountdown(seconds: 3)))
    let words = Words(wording: Catalog.builtIn(.en))
    let footer = try #require(app.render(width: 80, height: 24).lines.last)
    #expect(footer.contains("Esc") && footer.contains(words("key.stopCountdown")))
    #expect(!footer.contains("Enter"))
    #expect(app.state.table?.seats[0].views == 1)
    app.tick(now: now + 3_400)
    app.tick(now: now + 6_400)
    page = try #require({ if let page = app.state.screen.as(LookAgainScreen.self) { page } else { nil } }())
    #expect(page.stage == .showing)
    #expect(app.state.table?.seats[0].views == 2)
  }

  @Test func escStopsALookAgainCountdownWithoutShowingAnything() throws {
    var app = Self.dealt(HouseRules(revealCountdown: true))
    var now: Int64 = 0
    for _ in 0..<5 {
      now += 2_000
      app.handle(.enter, now: now)
      app.tick(now: now)
      app.tick(now: now + 3_000)
      now += 4_000
      app.handle(.enter, now: now)
    }
    app.handle(.character("l"), now: now + 2_000)
    app.handle(.enter, now: now + 2_100)
    app.tick(now: now + 3_100)
    app.handle(.enter, now: now + 3_200)
    app.handle(.escape, now: now + 3_300)
    let page = try #require({ if let page = app.state.screen.as(TableScreen.self) { page } else { nil } }())
    #expect(page.mode == .main)
    #expect(app.state.table?.seats[0].views == 1)
  }
}
