import PareaApp
import PareaRules
import PareaStore

/// The program's saved data: settings, quick-pick names, the game in progress,
/// written after every action that changes them.
struct Storage {
  var store: Store
  var settings: Settings
  /// The lock this Parea holds on the saved files (nil: none, see
  /// `StoreAccess`): checked before every save and at every turn of the run
  /// loop, so that a lock file removed meanwhile is made again at once, and
  /// a lock another copy has taken stops this one's saving.
  var lock: StoreLock?

  /// Whether the lock still holds; once another copy has it, the store reads
  /// only from then on, and the notice that says so is returned (once).
  mutating func checkLock() -> Notice? {
    guard let lock, lock.check() == .lost else { return nil }
    self.lock = nil
    store.isReadOnly = true
    return Notice(
      kind: .error, title: "store.lockLost.title", message: "store.lockLost.message",
      args: ["file": .text(store.paths.display(lock.path))])
  }

  /// What start-up reads after the first frame: the last players' names for
  /// the quick picks and the whole saved game, with any problem reading them.
  /// The benchmark finds the end of the first frame by this function's name
  /// (`PAREA_FIRST_FRAME_DONE` in bench/measure.py): rename both together.
  mutating func loadAfterFirstFrame() -> (
    savedNames: [String], savedGame: GameSession?, problems: [Notice]
  ) {
    let players = store.loadPlayers()
    let game = store.loadGame()
    let problems = (players.problems + game.problems).map { $0.notice(paths: store.paths) }
    return (players.value, game.value, problems)
  }

  /// Carries out one storage effect from the app; returns a problem to show,
  /// once per folder that cannot be written (the store remembers the rest).
  mutating func perform(_ effect: Effect, state: AppState) -> Notice? {
    if let lost = checkLock() { return lost }
    do throws(StoreError) {
      switch effect {
      case .saveSettings:
        // The language only as chosen in Settings: a one-off --lang stays one-off.
        if state.languageChosen { settings.language = state.language }
        settings.houseRules = state.houseRules
        settings.excludedLocations = state.excludedLocations.map(\.rawValue).sorted()
        settings.preferences = state.preferences
        try store.save(settings)
      case .savePlayers(let names):
        try store.savePlayers(names)
      case .saveGame:
        // No game in progress deletes the file: a finished game is not resumed.
        try store.saveGame(state.session)
      case .saveDeck(let deck):
        try store.save(deck)
      case .quit, .redrawAll, .bell, .speak, .silence, .lookForVoice, .renewPhoneLink, .listDecks,
        .measureOdds, .stopOdds:
        break  // not storage: the run loop handles these
      }
    } catch {
      return error.problem?.notice(paths: store.paths)
    }
    return nil
  }
}

extension StoreProblem {
  /// The problem as an error notice (on the home screen at start, above the footer later).
  func notice(paths: StorePaths) -> Notice {
    Notice(
      kind: .error, title: key + ".title", message: key + ".message",
      args: arguments(paths: paths).mapValues { argument in
        switch argument {
        case .text(let text): .text(text)
        case .key(let key): .key(key)
        }
      })
  }
}
