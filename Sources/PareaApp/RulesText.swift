import PareaRules

/// The rules text and role cards say what the rules library does: every
/// number in them (players, spies or killers, minutes, points, accusations)
/// is a `{placeholder}` filled from the game's own data here, and the house
/// rules a game follows (Palermo's first night, a tied vote, who narrates)
/// are chosen paragraphs. A rule changed in code changes the text with it;
/// `RulesTextTests` checks that the tables write no number by hand.
extension AppState {
  /// The placeholders of `rules`'s texts (`game.<id>.rules`, the role cards), in the words of `words`.
  func rulesArguments(for rules: any GameType, words: Words) -> [String: String] {
    var arguments = [
      "minPlayers": String(rules.players.lowerBound), "maxPlayers": String(rules.players.upperBound),
    ]
    if case .countBad(_, let limit, _, _) = rules.setupKind {
      arguments["minBad"] = String(limit.lowerBound)
      arguments["maxBad"] = String(limit.upperBound)
    }
    // The game in play keeps what it was dealt with (`TableOptions`); any
    // other game is told as the next deal will play it.
    let dealt = table?.game == rules.id ? table : nil
    if let minutes = dealt?.roundMinutes ?? preferences.minutes(for: rules) {
      arguments["minutes"] = words.plural("rules.minutes", minutes)
    }
    if let attempts = rules.roles.compactMap(\.accusationAttempts).max() {
      arguments["wrongAccusations"] = words.plural("rules.wrongAccusations", attempts)
    }
    for (name, value) in rules.rulesPoints { arguments[name] = words.plural("rules.points", value) }
    // A game with secret night steps: the house rules of its nights and days.
    if rules.hasNightSteps {
      let house = dealt?.options.dealt ?? houseRules.dealt
      let mode = dealt == nil ? preferences.narration : session?.narration?.mode ?? .manual
      let seconds = Narration.awakeMilliseconds
      arguments["narrator"] = words(
        GameKeys.rulesNarrator(rules.id, mode),
        ["shortest": String(seconds.lowerBound / 1_000), "longest": String(seconds.upperBound / 1_000)])
      // Each house rule's sentence, in its paragraph, in the order declared.
      for paragraph in RulesParagraph.allCases {
        arguments[paragraph.rawValue] = DealtRules.declared.filter { $0.told == paragraph }
          .map { words(GameKeys.rulesDealt(rules.id, $0, $0.value(in: house))) }.joined(separator: " ")
      }
    }
    return arguments
  }

  /// The rules of `rules` as this group plays them.
  func rulesText(of rules: any GameType, words: Words) -> String {
    words(GameKeys.rules(rules.id), rulesArguments(for: rules, words: words))
  }

  /// The card of `role` in `rules`, with its numbers filled in.
  /// A role whose night ability a house rule limits (the Doctor's) says
  /// that rule after its own words (`DealtRule.concerns`).
  func roleDescription(_ role: RoleID, of rules: any GameType, words: Words) -> String {
    let text = words(GameKeys.roleDescription(role), rulesArguments(for: rules, words: words))
    let abilities = Set(rules.phases.flatMap(\.steps).filter { $0.roles.contains(role) }.map(\.action))
    let concerning = DealtRules.declared.filter { $0.concerns.map(abilities.contains) ?? false }
    guard !concerning.isEmpty else { return text }
    let house = (table?.game == rules.id ? table?.options.dealt : nil) ?? houseRules.dealt
    let sentences = concerning.map { words(GameKeys.cardDealt(rules.id, $0, $0.value(in: house))) }
    return text + " " + words("card.houseRules", ["rules": sentences.joined(separator: words("card.houseRules.and"))])
  }
}
