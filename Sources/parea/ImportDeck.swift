import PareaApp
import PareaLocale
import PareaRules
import PareaStore

/// `parea --import deck.json`: copies a deck a friend sent into the decks
/// folder, or says, in the user's language, why not (changing nothing).
/// Returns the exit status: 0 when the deck is there, 1 otherwise.
func importDeck(_ file: String, language flag: Language?) -> Int32 {
  let environment = processEnvironment(localeEnvironmentNames + storeEnvironmentNames)
  var store = Store(environment: environment)
  let language = Language.resolve(flag: flag, saved: store.peekSettings()?.language, environment: environment)
  var words = Catalog.builtIn(language)
  words.language = language
  switch store.importDeck(from: file) {
  case .success(let deck):
    let there = store.deckFile(named: deck.name).map(store.paths.display) ?? ""
    let line = words.text("deck.import.done", ["deck": deck.name, "count": "\(deck.roles.count)", "file": there])
    print("parea: " + line)
    return 0
  case .failure(let problem):
    Messages.printError("parea: " + importMessage(problem, store: store, words: words))
    return 1
  }
}

/// The sentence for an import that did not happen.
private func importMessage(_ problem: DeckImportProblem, store: Store, words: Catalog) -> String {
  switch problem {
  case .cannotRead(let file):
    return words.text("deck.import.cannotRead", ["file": file])
  case .bad(let file, let problem):
    return words.text("deck.import.bad", ["file": file, "problem": DeckWords.problem(problem, wording: words)])
  case .nameTaken(let name, let file):
    return words.text("deck.import.nameTaken", ["deck": name, "file": store.paths.display(file)])
  case .cannotSave(let error):
    guard let folder = error.folder else { return words.text("deck.import.nowhere") }
    return words.text("deck.import.cannotSave", ["folder": store.paths.display(folder), "reason": words.text(error.reason.key)])
  }
}
