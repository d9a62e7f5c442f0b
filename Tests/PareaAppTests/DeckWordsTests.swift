import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Every way a deck file can be wrong has a sentence in both languages,
/// with every placeholder filled, and quotes nothing from the file that
/// could act on the terminal.
@Suite struct DeckWordsTests {
  static let problems: [DeckProblem] =
    [
      .tooLarge, .unreadable, .notADeck, .futureVersion(3), .unknownKey(place: "", key: "cheat"),
      .unknownKey(place: "2", key: "nigth"), .wrongValue(place: "", key: "roles"), .wrongValue(place: "1", key: "side"),
      .unknownAbility(place: "1", value: "fly\u{1B}[2J"), .badDeckName, .unknownRole("palermo.wizard\u{202E}"),
      .repeatedRole("palermo.doctor"), .playerCount(3),
    ]
    + [
      HouseRoleProblem.tooMany, .badID(0), .duplicateID(1), .noName(2), .unknownLanguage(0, "fr"), .badName(0, "en"),
      .duplicateName(1, "el"), .unknownKnown(0, "palermo.nobody"), .notOffered(3),
    ].map(DeckProblem.houseRole)

  @Test(arguments: Language.allCases) func everyProblemHasASentence(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    var sentences: Set<String> = []
    for problem in Self.problems {
      let sentence = DeckWords.problem(problem, wording: catalog)
      #expect(!sentence.contains("{") && !sentence.contains("deck.problem") && sentence.count > 20, "\(problem): \(sentence)")
      #expect(sentence.allSatisfy(PlayerName.canContain), "\(problem): \(sentence.debugDescription)")
      sentences.insert(sentence)
    }
    #expect(sentences.count == Self.problems.count)
    #expect(DeckWords.problem(.unknownAbility(place: "1", value: "fly\u{1B}[2J"), wording: catalog).contains("fly?[2J"))
  }
}
