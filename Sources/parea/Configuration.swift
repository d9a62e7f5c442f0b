import PareaApp
import PareaLocale
import PareaRules

extension App: Interactive {}

/// Everything the app needs at start: the language (flag, then saved setting,
/// then environment), the seed, the words and the Spy locations.
func makeConfiguration(language flag: Language?, seed: UInt64?) -> AppConfiguration {
  let environment = processEnvironment()
  // Storage work: the saved language setting and saved names come from disk.
  let language = Language.resolve(flag: flag, saved: nil, environment: environment)
  // One location order whatever the language, so a seed deals the same game
  // in English and in Greek (the app's tests build it the same way).
  let locations = Catalog.builtIn(.en).locations()
  return AppConfiguration(
    language: language, seed: seed, savedNames: [],
    wording: { Catalog.builtIn($0) }, locations: locations)
}
