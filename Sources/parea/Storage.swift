import PareaApp

/// The program's saved data: settings, quick-pick names, the game in progress.
///
/// Not written yet: the storage work fills in `perform(_:)` (and loading, for
/// the app's configuration). Until then the effects are deliberately dropped:
/// nothing is saved and nothing pretends to be.
struct Storage {
  /// Carries out one storage effect from the app.
  mutating func perform(_ effect: Effect) {
    switch effect {
    case .saveSettings:
      break  // storage work: write the settings file atomically
    case .savePlayers:
      break  // storage work: write the quick-pick names
    case .saveGame:
      break  // storage work: write (or delete) the game in progress
    case .quit, .redrawAll, .bell:
      break  // not storage: the run loop handles these
    }
  }
}
