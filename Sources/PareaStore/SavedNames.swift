import PareaRules

/// Checks on names read from disk, which a person may have edited by hand.
enum SavedNames {
  /// The names worth offering as quick picks: cleaned, drawable, no wider than
  /// a typed name may be, without repeats (as the players screen compares them).
  static func usable(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    var kept: [String] = []
    for name in names {
      let cleaned = PlayerName.clean(name)
      guard !cleaned.isEmpty, PlayerName.refusal(cleaned) == nil,
        seen.insert(PlayerName.key(cleaned)).inserted
      else { continue }
      kept.append(cleaned)
    }
    return kept
  }

  /// Whether `name` can be drawn without breaking the screen (no control
  /// characters or line breaks). Looser than `PlayerName.refusal` on purpose: a saved
  /// game is thrown away only for a name that would really do harm.
  static func isDrawable(_ name: String) -> Bool {
    name.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: false
      default: true
      }
    }
  }
}
