import PareaApp
import PareaLocale
import PareaRules
import PareaStore

extension App: Interactive {}

/// Everything read from disk and the environment before the first frame.
struct Startup {
  var configuration: AppConfiguration
  var savedGameSummary: GameSession.Summary?
  var storage: Storage

  /// The app on the home screen, offering to resume the saved game (if any)
  /// from its summary; `run` reads the whole game after the first frame.
  func makeApp() -> App {
    var app = App(configuration: configuration)
    if let savedGameSummary {
      var state = app.state
      state.savedGameSummary = savedGameSummary
      app = App(state: state, configuration: configuration)
    }
    return app
  }
}

/// Reads what the first screen needs: the settings, a summary of the game in
/// progress and the user's location packs (the quick-pick names and the whole
/// game come after the first frame: `run` reads them). Nothing here can fail:
/// every problem becomes a notice on the home screen and the program goes on
/// with defaults.
///
/// Without a working lock (`access`), the store only reads, and the app
/// starts by asking whether to play without saving or to quit.
func loadStartup(language flag: Language?, seed: UInt64?, access: StoreAccess) -> Startup {
  let environment = processEnvironment(localeEnvironmentNames + storeEnvironmentNames)
  var store = Store(environment: environment)
  var lock: StoreLock?
  var question: Confirmation?
  switch access {
  case .locked(let held): lock = held
  case .unguardedNothingToGuard: break
  case .noWorkingLock(let problem, let path):
    store.isReadOnly = true
    var kind: String?
    if case .notAFile(let named) = problem { kind = named }
    question = .playWithoutSaving(file: store.paths.display(path), reason: problem.key, kind: kind)
  }
  let settings = store.loadSettings()
  let savedGameSummary = store.peekGame()
  let language = Language.resolve(flag: flag, saved: settings.value.language, environment: environment)

  // Built-in tables plus the user's packs; one location order whatever the
  // language, so a seed deals the same game in English and in Greek.
  var catalog = Catalog.builtIn(.en)
  let packProblems = catalog.addLocationPacks(environment: environment)
  let words = catalog

  var notices = settings.problems.map {
    $0.notice(paths: store.paths)
  }
  notices += packProblems.map { problem in
    let reason = problem.reasonText
    var args: [String: Notice.Argument] = [
      // The pack's file name is the user's: shown with anything a terminal
      // would draw differently written out as <U+XXXX>.
      "file": .text(PackText.visible(store.paths.display(problem.file))), "reason": .phrase(reason.key, reason.arguments),
    ]
    if let line = problem.line { args["line"] = .text(String(line)) }
    return Notice(
      kind: .error, title: "error.locationPack.title",
      message: problem.line == nil ? "error.locationPack.messageNoLine" : "error.locationPack.message",
      args: args)
  }
  // The saved game is read after the first frame: a place it names must be
  // one of these, or the file is set aside like any damaged one.
  store.knownLocations = { words.locations() }
  var configuration = AppConfiguration(
    // The app takes its randomness as a seed: the system's unless `--seed` repeats a deal.
    language: language, seed: seed ?? UInt64.random(in: .min ... .max),
    wording: { language in
      var catalog = words
      catalog.language = language
      return catalog
    },
    locations: words.locations(), startupNotices: notices,
    houseRules: settings.value.houseRules)
  configuration.excludedLocations = Set(settings.value.excludedLocations.map(LocationID.init))
  configuration.preferences = settings.value.preferences
  configuration.noWorkingLock = question
  configuration.seeded = seed != nil
  return Startup(
    configuration: configuration, savedGameSummary: savedGameSummary,
    storage: Storage(store: store, settings: settings.value, lock: lock))
}
