import PareaRules

/// The words of a group's own roles, which no locale table can hold: each
/// is made from the role's declaration and the name the group gave it, in
/// sentences the tables do hold (`house.*`), so that every screen, the
/// narrator's voice, the phones and the story ask for a group's role by
/// the same keys as for a built-in one (`GameKeys`). A game without house
/// roles is given the tables' words as they are (`Environment.words`).
///
/// The name stands as a label (after a colon, in «» in Greek), never
/// addressed and never with a word that must agree with it: the group may
/// type any name.
struct HouseWording: Wording {
  /// A key's words: as they are, or a table's sentence with the role's name in it.
  enum Entry: Sendable {
    case literal(String)
    case sentence(String, [String: String])
  }

  let base: any Wording
  let entries: [String: Entry]

  /// The words of `game`'s house roles in `language` (a language code), over `base`.
  init(base: any Wording, game: any GameType, language: String) {
    self.base = base
    var entries: [String: Entry] = [:]
    let names = Dictionary(
      uniqueKeysWithValues: game.houseRoles.map { ($0.id, $0.name(in: language) ?? $0.id.rawValue) })
    func name(_ id: RoleID) -> String { names[id] ?? base.text(GameKeys.roleName(id), [:]) }
    for declaration in game.houseRoles {
      let role = name(declaration.id)
      entries[GameKeys.roleName(declaration.id)] = .literal(role)
      let card = Self.card(of: declaration, in: game, name: name, base: base)
      entries[GameKeys.roleDescription(declaration.id)] = .literal(card)
      if let win = declaration.alone {
        let side = declaration.side
        entries[GameKeys.sideName(side)] = .sentence("house.side.none", [:])
        entries[GameKeys.sideWin(side)] = .sentence("house.side.win", ["role": role])
        entries[GameKeys.summaryWon(side)] = .sentence("house.summary.won.\(win.rawValue)", ["role": role])
        entries[GameKeys.narratorWon(side)] = .sentence("house.narrator.won.\(win.rawValue)", ["role": role])
      }
    }
    for phase in game.phases {
      for step in phase.steps {
        guard step.roles.count == 1, let role = step.roles.first, names[role] != nil else { continue }
        for part in GameKeys.parts(of: step, first: step == phase.meetingStep) {
          let key = Self.ownPart.contains(part) ? "house.step.\(step.action.rawValue).\(part)" : "house.step.\(part)"
          entries[GameKeys.step(game.id, step.id, part)] = .sentence(key, ["role": name(role)])
        }
      }
    }
    self.entries = entries
  }

  /// Every sentence the house roles' words are made of, for the test that
  /// the tables have them all (`AppKeys.derived`).
  static var sentenceKeys: Set<String> {
    var keys: Set<String> = [
      "house.side.win", "house.side.none", "house.card.side.town", "house.card.side.thieves", "house.card.thief", "house.card.knows",
      "house.card.separator", "house.card.knowsSide",
    ]
    for win in AloneWin.allCases {
      keys.formUnion([
        "house.summary.won.\(win.rawValue)", "house.narrator.won.\(win.rawValue)", "house.card.side.alone.\(win.rawValue)",
      ])
    }
    for action in [NightAction.kill, .protect, .check, .block] {
      keys.insert("house.card.night.\(action.rawValue)")
      if RoleDeclaration.onceAbilities.contains(action) { keys.insert("house.card.night.\(action.rawValue).once") }
      guard action != .kill else { continue }
      for part in ownPart { keys.insert("house.step.\(action.rawValue).\(part)") }
    }
    for part in [GameKeys.StepPart.sleep, .record, .choseNone] { keys.insert("house.step.\(part)") }
    for cause in RoleDeclaration.kamikazeCauses { keys.insert("house.card.kamikaze.\(cause.rawValue)") }
    return keys
  }

  /// The parts of a step whose words depend on what it does (the rest say only who chooses).
  static let ownPart: Set<GameKeys.StepPart> = [.wake, .wakePhones, .prompt, .chose]

  /// A group's role's card, from its declaration: its side (and its own
  /// win), whether it counts as a thief, its night ability, whom it knows,
  /// what makes it take a player along. Said to the player ("you"), so the
  /// role's name never has to agree with anything.
  static func card(
    of role: RoleDeclaration, in game: any GameType, name: (RoleID) -> String, base: any Wording
  ) -> String {
    var sentences: [String] = []
    let side = role.alone.map { "alone.\($0.rawValue)" } ?? (role.side == Palermo.thieves ? "thieves" : "town")
    sentences.append(base.text("house.card.side.\(side)", [:]))
    if role.countsAsThief { sentences.append(base.text("house.card.thief", [:])) }
    if let action = role.night {
      sentences.append(base.text("house.card.night.\(action.rawValue)\(role.once ? ".once" : "")", [:]))
    }
    let known = role.knows.map(name)
    if !known.isEmpty {
      sentences.append(base.text("house.card.knows", ["roles": known.joined(separator: base.text("house.card.separator", [:]))]))
    }
    if role.knowsSide { sentences.append(base.text("house.card.knowsSide", [:])) }
    if let cause = role.takesPlayerAlongWhen { sentences.append(base.text("house.card.kamikaze.\(cause.rawValue)", [:])) }
    return sentences.joined(separator: " ")
  }

  func text(_ key: String, _ args: [String: String]) -> String {
    switch entries[key] {
    case .literal(let text)?: text
    case .sentence(let sentence, let fixed)?: base.text(sentence, args.merging(fixed) { $1 })
    case nil: base.text(key, args)
    }
  }

  func plural(_ key: String, count: Int) -> String { base.plural(key, count: count) }
  func upper(_ text: String) -> String { base.upper(text) }
  func has(_ key: String) -> Bool { entries[key] != nil || base.has(key) }
}
