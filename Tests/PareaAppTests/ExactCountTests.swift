import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// When a table allows one number of spies (Spy with three or four players),
/// the setup and its error say that number, not "1 to 1".
@Suite struct ExactCountTests {
  static func text(_ notice: Notice, _ language: Language) -> String {
    let words = Words(wording: Catalog.builtIn(language))
    return words(notice.message, notice.resolvedArguments(words))
  }

  @Test func theErrorSaysTheOnlyNumber() {
    let exact = Notice.setup(.badCount(count: 2, allowed: 1...1), players: 4)
    #expect(exact.message == "error.badCount.exact.message")
    #expect(Self.text(exact, .en) == "With 4 players, the only choice is 1 (not 2).")
    #expect(Self.text(exact, .el) == "Με 4 παίκτες η μόνη επιλογή είναι 1 (όχι 2).")
    // Two adjacent numbers: "1 or 2", never "1 to 2".
    let pair = Notice.setup(.badCount(count: 3, allowed: 1...2), players: 6)
    #expect(pair.message == "error.badCount.pair.message")
    #expect(Self.text(pair, .en) == "With 6 players, choose 1 or 2 (not 3).")
    #expect(Self.text(pair, .el) == "Με 6 παίκτες, διαλέξτε 1 ή 2 (όχι 3).")
    let range = Notice.setup(.badCount(count: 4, allowed: 1...3), players: 9)
    #expect(range.message == "error.badCount.message")
    #expect(Self.text(range, .en) == "With 9 players, choose between 1 and 3 (not 4).")
    #expect(Self.text(range, .el) == "Με 9 παίκτες, διαλέξτε από 1 έως 3 (όχι 4).")
  }

  @Test(arguments: [Language.en, .el]) func theSetupSaysTheOnlyNumber(_ language: Language) {
    let words = Catalog.builtIn(language)
    var four = GoldenScreenTests.countGame(language, game: "2", players: ["A", "B", "C", "D"], bad: 1)
    four.press(.right)  // a second spy: refused
    let screen = four.render(width: 80, height: 24)
    #expect(screen.lines.contains { $0.contains(words.text("setup.countLimits.exact", ["number": "1"])) })
    #expect(!screen.lines.contains { $0.contains(words.text("setup.countLimits", ["min": "1", "max": "1"])) })
    expectGolden(screen, "setup-spy-exact.\(language)")
    let six = GoldenScreenTests.countGame(language, game: "2", players: ["A", "B", "C", "D", "E", "F"], bad: 1)
    #expect(six.render(width: 80, height: 24).lines.contains {
      $0.contains(words.text("setup.countLimits.pair", ["min": "1", "max": "2"]))
    })
  }
}
