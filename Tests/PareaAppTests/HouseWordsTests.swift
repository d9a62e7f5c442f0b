import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// A group's own roles have every word a built-in role has, in both
/// languages, made from their declaration and their name: every key the
/// game asks for (`GameKeys.required`) is answered, with no placeholder
/// left, for the sample roles and for random decks.
@Suite struct HouseWordsTests {
  static let sheriff = RoleDeclaration(
    id: "house.sheriff", side: Palermo.town, night: .check, names: ["en": "Sheriff", "el": "Σερίφης"])
  static let fool = RoleDeclaration(id: "house.fool", side: Palermo.town, alone: .votedOut, names: ["en": "Fool"])
  static let madam = RoleDeclaration(
    id: "house.madam", side: Palermo.thieves, knows: [Palermo.Roles.redThief], knowsSide: true, night: .block,
    takesPlayerAlongWhen: .killedAtNight, once: true, names: ["el": "Μαντάμ"])

  func words(_ game: any GameType, _ language: Language) -> Words {
    Words(wording: HouseWording(base: Catalog.builtIn(language), game: game, language: language.rawValue))
  }

  @Test(arguments: Language.allCases) func everyKeyIsAnswered(_ language: Language) {
    var generator = SplitMix64(seed: 41)
    var games: [any GameType] = [Palermo(houseRoles: [Self.sheriff, Self.fool, Self.madam])]
    for deck in 0..<30 {
      games.append(
        Palermo(
          houseRoles: (0...(deck % 5)).map {
            RoleDeclaration.randomHouseRole(number: $0, knowable: Palermo.deck.map(\.id), using: &generator)
          }))
    }
    let builtIn = GameKeys.required(for: Palermo())
    var answered = 0
    for game in games {
      let words = words(game, language)
      // The keys the house roles bring (the built-in ones' are the tables', checked by `LocaleKeyTests`).
      for key in GameKeys.required(for: game).subtracting(builtIn).sorted() {
        answered += 1
        #expect(words.wording.has(key), "\(language) \(key)")
        let text = words(key, ["name": "Maria"])
        #expect(!text.contains("{") && !text.isEmpty && text != key, "\(language) \(key): \(text)")
      }
    }
    #expect(answered > 300, "only \(answered) keys")
  }

  @Test func cardsAndLines() {
    let game = Palermo(houseRoles: [Self.sheriff, Self.fool, Self.madam])
    let en = words(game, .en)
    let el = words(game, .el)
    #expect(en.roleName("house.sheriff") == "Sheriff" && el.roleName("house.sheriff") == "Σερίφης")
    // One language is enough: the other falls back to it.
    #expect(el.roleName("house.fool") == "Fool" && en.roleName("house.madam") == "Μαντάμ")
    #expect(
      en(GameKeys.roleDescription("house.sheriff"))
        == "You play for the town: you win when every thief is out. Each night you choose one player and learn whether they play for the thieves. On a night someone blocks you, the answer may be wrong."
    )
    #expect(
      el(GameKeys.roleDescription("house.madam"))
        == "Παίζεις με τους κλέφτες: κερδίζεις όταν γίνουν όσοι και οι υπόλοιποι. Μία φορά στο παιχνίδι, τη νύχτα, μπορείς να διαλέξεις έναν παίκτη: ό,τι κάνει εκείνη τη νύχτα δεν μετράει. Ξέρεις ποιοι παίκτες έχουν αυτούς τους ρόλους: Κόκκινος κλέφτης. Ξέρεις τους υπόλοιπους της ομάδας σου. Αν σε σκοτώσουν οι κλέφτες τη νύχτα, παίρνεις μαζί σου έναν παίκτη."
    )
    #expect(el(GameKeys.step("palermo", "house.sheriff", .wake)) == "Σερίφης: άνοιξε τα μάτια. Διάλεξε ποιανού την ομάδα θα μάθεις.")
    #expect(en(GameKeys.step("palermo", "house.madam", .chose), ["name": "Bob"]) == "Μαντάμ blocked: Bob.")
    #expect(en(GameKeys.sideWin("house.fool")) == "Fool wins!" && en.sideName("house.fool") == "No side")
    #expect(el(GameKeys.narratorWon("house.fool")) == "Κερδίζει ο ρόλος «Fool»: η πόλη τον έβγαλε με ψήφους.")
    // The built-in roles keep the tables' words.
    #expect(en.roleName(Palermo.Roles.doctor) == "Doctor" && en(GameKeys.step("palermo", "doctor", .sleep)) == "Doctor, close your eyes.")
  }
}
