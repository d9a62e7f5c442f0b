import PareaRules

/// What is wrong with a deck file, in the user's language: for the roles
/// page's list of decks and for `parea --import`.
public enum DeckWords {
  /// One sentence for `problem` (role numbers count from 1).
  public static func problem(_ problem: DeckProblem, wording: any Wording) -> String {
    let words = Words(wording: wording)
    func at(_ key: String, _ place: String, _ args: [String: String]) -> String {
      place.isEmpty ? words("deck.problem.\(key).top", args) : words("deck.problem.\(key).role", args.merging(["role": place]) { $1 })
    }
    switch problem {
    case .tooLarge: return words("deck.problem.tooLarge", ["limit": "64"])
    case .unreadable: return words("deck.problem.unreadable")
    case .notADeck: return words("deck.problem.notADeck")
    case .futureVersion(let version): return words("deck.problem.futureVersion", ["version": "\(version)"])
    case .unknownKey(let place, let key): return at("unknownKey", place, ["key": shown(key)])
    case .wrongValue(let place, let key): return at("wrongValue", place, ["key": shown(key)])
    case .unknownAbility(let place, let value):
      return words("deck.problem.unknownAbility", ["role": place, "value": shown(value)])
    case .badDeckName: return words("deck.problem.badDeckName")
    case .unknownRole(let role): return words("deck.problem.unknownRole", ["role": shown(role)])
    case .repeatedRole(let role): return words("deck.problem.repeatedRole", ["role": shown(role)])
    case .playerCount(let count): return words("deck.problem.playerCount", ["count": "\(count)"])
    case .houseRole(let problem): return houseRole(problem, words: words)
    }
  }

  /// Text from a file from elsewhere as a message may quote it: at most 40
  /// characters, each one a name could hold (no escape sequence, no
  /// direction override, nothing wide), any other shown as "?".
  static func shown(_ text: String) -> String {
    String(text.prefix(40).map { PlayerName.canContain($0) ? $0 : "?" })
  }

  /// One sentence for what is wrong with one of the group's roles.
  static func houseRole(_ problem: HouseRoleProblem, words: Words) -> String {
    let role = { (index: Int) in "\(index + 1)" }
    switch problem {
    case .tooMany: return words("deck.problem.tooMany", ["max": "\(RoleDeclaration.maximumHouseRoles)"])
    case .badID(let index): return words("deck.problem.badID", ["role": role(index)])
    case .duplicateID(let index): return words("deck.problem.duplicateID", ["role": role(index)])
    case .noName(let index): return words("deck.problem.noName", ["role": role(index)])
    case .unknownLanguage(let index, let language):
      return words("deck.problem.unknownLanguage", ["role": role(index), "language": shown(language)])
    case .badName(let index, _): return words("deck.problem.badName", ["role": role(index)])
    case .duplicateName(let index, _): return words("deck.problem.duplicateName", ["role": role(index)])
    case .unknownKnown(let index, let known):
      return words("deck.problem.unknownKnown", ["role": role(index), "known": shown(known.rawValue)])
    case .notOffered(let index): return words("deck.problem.notOffered", ["role": role(index)])
    }
  }
}
