import PareaLocale
import PareaStore
import PareaStrings
import Testing

/// Every problem the store can report has its words in English and in Greek,
/// with the placeholders its arguments fill.
@Suite struct ProblemWordsTests {
  static let problems: [StoreProblem] = [
    .corrupt(file: "/h/.local/state/parea/game.json", keptAs: "/h/.local/state/parea/game.json.corrupt-1"),
    .corrupt(file: "/h/x.json", keptAs: nil),
    .futureVersion(file: "/h/x.json", version: 9, keptAs: "/h/x.json.corrupt-1"),
    .unreadable(file: "/h/x.json", keptAs: "/h/x.json.corrupt-1"),
    .unreadable(file: "/h/x.json", keptAs: nil),
    .cannotSaveFile(file: "/h/x.json", reason: .inTheWay),
    .cannotSaveFile(file: "/h/x.json", reason: .linkElsewhere),
    .cannotSave(folder: "/h/.config/parea", reason: .readOnly),
    .cannotSave(folder: "/h/.config/parea", reason: .diskFull),
    .cannotSave(folder: "/h/.config/parea", reason: .notAFolder),
    .cannotSave(folder: "/h/.config/parea", reason: .other(errno: 5)),
    .nowhereToSave,
  ]

  @Test(arguments: Language.allCases) func everyProblemHasItsWords(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    let paths = StorePaths(configFolder: "/h/.config/parea", stateFolder: "/h/.local/state/parea", home: "/h")
    for problem in Self.problems {
      let arguments = problem.arguments(paths: paths)
      for key in [problem.key + ".title", problem.key + ".message"] {
        #expect(catalog.contains(key, in: language), "\(key) missing in \(language)")
      }
      let placeholders = Set(Placeholders.names(in: catalog.text(problem.key + ".message")))
      // Every placeholder of the message is filled (unused arguments are allowed).
      #expect(placeholders.isSubset(of: Set(arguments.keys)), "\(problem.key): \(placeholders)")
      for case .key(let key) in arguments.values {
        #expect(catalog.contains(key, in: language), "\(key) missing in \(language)")
      }
    }
  }
}
