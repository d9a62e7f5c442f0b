import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The rules texts and role cards say what the rules library does: no
/// number is written into the tables by hand (each is a placeholder filled
/// from the game's data), the numbers shown are the library's, and the
/// paragraphs follow the house rules the group has set.
@Suite struct RulesTextTests {
  static let games: [any GameType] = GameRegistry.all
  static let languages = Language.allCases

  /// Number words from two to twenty, as a rules text might spell a count.
  static let numberWords: [Language: [Int: [String]]] = [
    .en: [
      2: ["two"], 3: ["three"], 4: ["four"], 5: ["five"], 6: ["six"], 7: ["seven"], 8: ["eight"], 9: ["nine"],
      10: ["ten"], 11: ["eleven"], 12: ["twelve"], 13: ["thirteen"], 14: ["fourteen"], 15: ["fifteen"],
      16: ["sixteen"], 17: ["seventeen"], 18: ["eighteen"], 19: ["nineteen"], 20: ["twenty"],
    ],
    .el: [
      2: ["δύο", "δυο"], 3: ["τρεις", "τρία", "τριών"], 4: ["τέσσερις", "τέσσερα", "τεσσάρων"], 5: ["πέντε"],
      6: ["έξι"], 7: ["επτά", "εφτά"], 8: ["οκτώ", "οχτώ"], 9: ["εννέα", "εννιά"], 10: ["δέκα"],
      11: ["έντεκα"], 12: ["δώδεκα"], 13: ["δεκατρείς", "δεκατρία"], 14: ["δεκατέσσερις", "δεκατέσσερα"],
      15: ["δεκαπέντε"], 16: ["δεκαέξι"], 17: ["δεκαεπτά", "δεκαεφτά"], 18: ["δεκαοκτώ", "δεκαοχτώ"],
      19: ["δεκαεννέα", "δεκαεννιά"], 20: ["είκοσι"],
    ],
  ]

  /// The numbers the rules library holds for `game`: players, spies or
  /// killers, the round's default minutes, accusations, points.
  static func libraryNumbers(of game: any GameType) -> Set<Int> {
    var numbers: Set<Int> = [game.players.lowerBound, game.players.upperBound]
    if case .countBad(_, let limit, _, _) = game.setupKind { numbers.formUnion([limit.lowerBound, limit.upperBound]) }
    if let minutes = game.roundMinutes { numbers.insert(minutes) }
    numbers.formUnion(game.roles.compactMap(\.accusationAttempts))
    numbers.formUnion(game.rulesPoints.values)
    return numbers
  }

  /// Every text of `game` that states its rules: the rules, their chosen paragraphs, the role cards.
  static func texts(of game: any GameType, in language: Language) -> [String: String] {
    let catalog = Catalog.builtIn(language)
    let keys = catalog.keys(in: language).filter { key in
      key == "game.\(game.id).rules" || key.hasPrefix("game.\(game.id).rules.")
        || game.roles.contains { key == "role.\($0.id).description" }
    }
    return Dictionary(uniqueKeysWithValues: keys.map { ($0, catalog.text($0)) })
  }

  static func words(of text: String) -> [String] {
    text.lowercased().split { !$0.isLetter }.map(String.init)
  }

  @Test(arguments: languages) func noNumberIsWrittenByHand(_ language: Language) throws {
    for game in Self.games {
      let numbers = Self.libraryNumbers(of: game).filter { $0 >= 2 }
      let spelled = Set(numbers.flatMap { Self.numberWords[language]?[$0] ?? [] })
      for (key, text) in Self.texts(of: game, in: language) {
        let digits = text.contains { $0.isNumber }
        #expect(!digits, "\(key) writes a digit: use a placeholder")
        let found = Self.words(of: text).filter(spelled.contains)
        #expect(found.isEmpty, "\(key) spells \(found), a number the rules library holds: use a placeholder")
      }
    }
  }

  /// The rendered rules text shows each of the library's numbers and leaves no placeholder.
  @Test(arguments: languages) func theTextShowsTheLibrarysNumbers(_ language: Language) throws {
    let app = makeApp(language)
    let words = Words(wording: Catalog.builtIn(language))
    for game in Self.games {
      let text = app.state.rulesText(of: game, words: words)
      #expect(!text.contains("{") && !text.contains("}"), "\(game.id): a placeholder left")
      let shown = Set(text.split { !$0.isNumber }.compactMap { Int($0) })
      #expect(shown == Self.libraryNumbers(of: game), "\(game.id): \(text)")
      for role in game.roles {
        let card = app.state.roleDescription(role.id, of: game, words: words)
        #expect(!card.contains("{"), "\(role.id): a placeholder left")
      }
    }
  }

  /// A number changed in the library changes the text: the group's round
  /// length, and a game defined here with other limits.
  @Test func aChangedNumberChangesTheText() throws {
    var state = makeApp(.en).state
    let words = Words(wording: Catalog.builtIn(.en))
    state.preferences.roundMinutes[Spy().id] = 17
    #expect(state.rulesText(of: Spy(), words: words).contains("A round lasts 17 minutes"))
    state.preferences.roundMinutes[Spy().id] = 1
    #expect(state.rulesText(of: Spy(), words: words).contains("A round lasts 1 minute "))
    let killer = state.rulesText(of: Killer(), words: words)
    #expect(killer.contains("has made \(Killer.copAttempts) wrong accusations"))
    #expect(killer.contains("\(Killer().players.lowerBound) to \(Killer().players.upperBound) players"))
    // Killer's text says "choose 1 or 2 killers": true while its limit is two adjacent numbers.
    if case .countBad(_, let limit, _, _) = Killer().setupKind {
      #expect(limit.count == 2, "Killer's rules say \"{minBad} or {maxBad}\": write them as a range again")
      #expect(killer.contains("choose \(limit.lowerBound) or \(limit.upperBound) killers"))
    } else {
      Issue.record("Killer counts its killers")
    }
  }

  /// Palermo's rules text says each declared house rule (`DealtRules.declared`)
  /// as the settings set it, in its paragraph, and who narrates; a game in
  /// play follows the rules it was dealt with.
  @Test(arguments: languages) func palermoFollowsTheHouseRules(_ language: Language) throws {
    var state = makeApp(language).state
    let catalog = Catalog.builtIn(language)
    let words = Words(wording: catalog)
    func text() -> String { state.rulesText(of: Palermo(), words: words) }
    func sentence(_ rule: DealtRule, _ index: Int) -> String {
      catalog.text("game.palermo.rules.\(rule.key).\(rule.values[index])")
    }
    for rule in DealtRules.declared {
      #expect(text().contains(sentence(rule, rule.defaultValue)), "\(rule.key) at its default")
      for index in rule.values.indices {
        state.houseRules.dealt = DealtRules()
        rule.set(&state.houseRules.dealt, to: index)
        for other in rule.values.indices {
          #expect(text().contains(sentence(rule, other)) == (other == index), "\(rule.key) = \(rule.values[index])")
        }
        // In its paragraph: the night's before "Day", the day's after it.
        let day = try #require(text().range(of: language == .en ? "\n\nDay\n" : "\n\nΜέρα\n"))
        let said = try #require(text().range(of: sentence(rule, index)))
        #expect((said.lowerBound > day.lowerBound) == (rule.told == .day), "\(rule.key) in the \(rule.told) paragraph")
      }
    }
    state.houseRules.dealt.firstNightMeetingOnly = true
    state.houseRules.dealt.tie = .revoteOnce
    // Who narrates, with the length of a night's step from the rules library.
    let seconds = Narration.awakeMilliseconds
    let length = ["shortest": String(seconds.lowerBound / 1_000), "longest": String(seconds.upperBound / 1_000)]
    for mode in NarrationMode.allCases {
      state.preferences.narration = mode
      #expect(text().contains(catalog.text("game.palermo.rules.narrator.\(mode)", length)))
    }
    // A narrated game in play keeps the rules of its deal.
    var table = Table(game: Palermo(), seats: (0..<5).map { Seat(name: "P\($0)", role: Palermo.Roles.citizens[$0]) })
    try table.recordLook(at: 0)
    state.session = GameSession(
      table: table, players: [], setup: Setup(roles: []),
      narration: Narration(mode: .parea, seed: 1))
    #expect(text().contains(catalog.text("game.palermo.rules.firstNightMeetingOnly.off")))
    #expect(text().contains(catalog.text("game.palermo.rules.tie.nobodyOut")))
  }
}
