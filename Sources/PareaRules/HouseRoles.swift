import PareaTextWidth

// The limits of a group's own roles: what the role editor lets a group
// declare, and what a deck file or a saved game must keep to before Parea
// deals from it. One check for the three, so that a file can hold nothing
// the editor could not have made.

/// Why a group's roles cannot be dealt as they stand: the role (its index
/// among the group's roles) and what is wrong with it.
public enum HouseRoleProblem: Hashable, Sendable {
  /// More roles than `RoleDeclaration.maximumHouseRoles`.
  case tooMany
  /// An identifier not of the form `house.<letters and digits>`.
  case badID(Int)
  /// An identifier another role already has.
  case duplicateID(Int)
  /// No name in any language Parea speaks.
  case noName(Int)
  /// A name in a language Parea does not speak.
  case unknownLanguage(Int, String)
  /// A name no player's name could be (a control, an emoji, too wide, empty).
  case badName(Int, String)
  /// A name another role already has in the same language.
  case duplicateName(Int, String)
  /// A role it knows that the game does not have (or itself).
  case unknownKnown(Int, RoleID)
  /// A declaration the editor does not offer (a killer not on the thieves'
  /// side, a thief who plays alone, a once-a-game kill…).
  case notOffered(Int)
}

extension RoleDeclaration {
  /// The most roles of its own a group's deck may declare.
  public static let maximumHouseRoles = 12
  /// What every group's role's identifier starts with.
  public static let houseIDPrefix = "house."
  /// The languages a group's role may be named in.
  public static let nameLanguages = ["el", "en"]
  /// The longest identifier after `house.`.
  public static let maximumIDLength = 24
  /// The night abilities that may be used once in the game instead of every
  /// night: those whose spent choice shows nothing (a check always shows an
  /// answer, a kill is the thieves').
  public static let onceAbilities: Set<NightAction> = [.protect, .block]
  /// What makes a group's role take a player along.
  public static let kamikazeCauses: Set<DeathCause> = [.votedOut, .killedAtNight]

  /// What is wrong with `houseRoles` as a group's roles for a game whose
  /// own roles are `builtIn` (Palermo's 14), in the order of the roles;
  /// empty when they can be dealt.
  public static func houseProblems(_ houseRoles: [RoleDeclaration], builtIn: [Role]) -> [HouseRoleProblem] {
    var problems: [HouseRoleProblem] = []
    if houseRoles.count > maximumHouseRoles { problems.append(.tooMany) }
    let known = Set(builtIn.map(\.id)).union(houseRoles.map(\.id))
    var ids: Set<RoleID> = []
    var names: [String: Set<String>] = [:]
    for (index, role) in houseRoles.enumerated() {
      if !isHouseID(role.id) {
        problems.append(.badID(index))
      } else if !ids.insert(role.id).inserted {
        problems.append(.duplicateID(index))
      }
      if role.names.isEmpty { problems.append(.noName(index)) }
      for language in role.names.keys.sorted() {
        let name = role.names[language] ?? ""
        guard nameLanguages.contains(language) else {
          problems.append(.unknownLanguage(index, language))
          continue
        }
        let trimmed = PlayerName.clean(name)
        if trimmed.isEmpty || trimmed != name || PlayerName.refusal(name) != nil {
          problems.append(.badName(index, language))
        } else if !names[language, default: []].insert(PlayerName.key(name)).inserted {
          problems.append(.duplicateName(index, language))
        }
      }
      for other in role.knows where !known.contains(other) || other == role.id {
        problems.append(.unknownKnown(index, other))
      }
      if !isOffered(role) { problems.append(.notOffered(index)) }
    }
    return problems
  }

  /// Whether `id` is a group's role's identifier: `house.` and then 1 to
  /// `maximumIDLength` lowercase ASCII letters and digits.
  public static func isHouseID(_ id: RoleID) -> Bool {
    guard id.rawValue.hasPrefix("house.") else { return false }
    let rest = id.rawValue.dropFirst("house.".count)
    return (1...maximumIDLength).contains(rest.count)
      && rest.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
  }

  /// Whether the role editor offers this declaration: the town's or the
  /// thieves' side, or alone; only the thieves kill with the thieves and
  /// count as thieves; a role alone neither; once a game only for the
  /// abilities in `onceAbilities`; a kamikaze by day's vote or night's kill.
  static func isOffered(_ role: RoleDeclaration) -> Bool {
    let sides: Set<SideID> = [Palermo.town, Palermo.thieves]
    if role.alone == nil, !sides.contains(role.side) { return false }
    if role.alone != nil, role.side != SideID(role.id.rawValue) { return false }
    let thief = role.alone == nil && role.side == Palermo.thieves
    if role.night == .kill, !thief { return false }
    if role.countsAsThief, !thief { return false }
    if role.once, !(role.night.map(onceAbilities.contains) ?? false) { return false }
    if let cause = role.takesPlayerAlongWhen, !kamikazeCauses.contains(cause) { return false }
    return true
  }
}

extension RoleDeclaration {
  /// A group's role drawn at random within the editor's limits (`isOffered`):
  /// its side, ability, once or every night, whom it knows (some of
  /// `knowable`, or its side), a kamikaze's trigger, and a name of the form
  /// "Role <n>" in one or both languages. Privacy and fairness are checked
  /// over decks of these (the role-blind test, the no-trick search), so that
  /// they hold for roles nobody has written yet.
  public static func randomHouseRole(
    number: Int, knowable: [RoleID], using generator: inout some RandomNumberGenerator
  ) -> RoleDeclaration {
    func pick<T>(_ options: [T]) -> T { options[Int(generator.next() % UInt64(options.count))] }
    let alone: AloneWin? = pick([nil, nil, nil, AloneWin.votedOut])
    let side = alone == nil ? pick([Palermo.town, Palermo.town, Palermo.thieves]) : SideID("house.r\(number)")
    let thief = alone == nil && side == Palermo.thieves
    let night: NightAction? = pick([nil, .protect, .check, .block] + (thief ? [.kill, .kill] : []))
    let once = night.map(onceAbilities.contains) == true && pick([false, true])
    let knows = knowable.filter { _ in generator.next() % 5 == 0 }
    let languages = pick([["en"], ["el"], ["el", "en"]])
    return RoleDeclaration(
      id: RoleID("house.r\(number)"), side: side, knows: Array(knows.prefix(2)), knowsSide: pick([false, false, true]),
      night: night, takesPlayerAlongWhen: alone == nil ? pick([nil, nil, DeathCause.votedOut, .killedAtNight]) : nil,
      countsAsThief: thief && (night == .kill || pick([false, true])), once: once, alone: alone,
      names: Dictionary(uniqueKeysWithValues: languages.map { ($0, "Role \(number)") }))
  }
}

/// A named set of Palermo's roles a group keeps ("Friday", 9 players): the
/// roles it deals, one per player, and the group's own roles it carries
/// (those dealt and any more the group made, offered on the roles page).
public struct Deck: Hashable, Sendable {
  /// The deck's name, as the group typed it (a player's name's limits).
  public var name: String
  /// The roles dealt, one per player: built-in and the group's own.
  public var roles: [RoleID]
  /// The group's own roles the deck carries.
  public var houseRoles: [RoleDeclaration]

  /// A deck.
  public init(name: String, roles: [RoleID], houseRoles: [RoleDeclaration]) {
    self.name = name
    self.roles = roles
    self.houseRoles = houseRoles
  }

  /// The game the deck deals.
  public var game: Palermo { Palermo(houseRoles: houseRoles) }
}

/// What is wrong with a deck file: the first thing found.
public enum DeckProblem: Hashable, Sendable, Error {
  /// Larger than `DeckFile.maximumSize`.
  case tooLarge
  /// Not a file Parea can read (a folder, no permission, a device).
  case unreadable
  /// Not UTF-8 JSON, or not a Parea deck (`"parea": "deck"` missing).
  case notADeck
  /// Written by a newer Parea.
  case futureVersion(Int)
  /// A key Parea does not know, at `place` ("role 2", or "" for the top).
  case unknownKey(place: String, key: String)
  /// A value of the wrong kind or missing, for `key` at `place`.
  case wrongValue(place: String, key: String)
  /// A night ability Parea does not know.
  case unknownAbility(place: String, value: String)
  /// A deck name a player's name could not be (empty, a control, too wide).
  case badDeckName
  /// A role in the set the game does not have.
  case unknownRole(String)
  /// A role twice in the set.
  case repeatedRole(String)
  /// A set of a size the game is not played with.
  case playerCount(Int)
  /// One of the group's roles breaks the editor's limits.
  case houseRole(HouseRoleProblem)
}

/// One file of the decks folder: the deck in it, or what is wrong with it.
public struct DeckEntry: Hashable, Sendable {
  /// The file's path.
  public var file: String
  /// The deck, or why it cannot be used.
  public var deck: Result<Deck, DeckProblem>

  /// A file of the decks folder, read.
  public init(file: String, deck: Result<Deck, DeckProblem>) {
    self.file = file
    self.deck = deck
  }

  /// The last part of a path (a file's name in its folder).
  public static func fileName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
