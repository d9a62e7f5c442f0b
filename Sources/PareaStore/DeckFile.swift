import FoundationEssentials
import PareaRules

// A deck in its file: one readable JSON file per deck, in the decks folder
// (`StorePaths.decksFolder`), that a friend can be sent and import. Read
// strictly, because such a file comes from elsewhere: every key known,
// every value of its kind, every name within a player's name's limits,
// every role one the editor could have made (`RoleDeclaration.houseProblems`);
// the first thing wrong is named, in words the app localizes (`DeckProblem`).
//
//     {
//       "game": "palermo",
//       "houseRoles": [
//         { "id": "house.sheriff", "name": { "el": "Σερίφης", "en": "Sheriff" },
//           "night": "check", "side": "town" },
//         { "id": "house.fool", "name": { "en": "Fool" }, "side": "alone", "wins": "votedOut" }
//       ],
//       "name": "Friday",
//       "parea": "deck",
//       "roles": [ "palermo.redThief", "palermo.doctor", "house.sheriff", "house.fool", … ],
//       "version": 1
//     }

/// Reading and writing a deck's file.
public enum DeckFile {
  /// The version of the format this build writes and reads.
  public static let currentVersion = 1
  /// The largest deck file read: far above any real deck (12 roles with
  /// two names each take a few kilobytes), small enough to read at once.
  public static let maximumSize = 64 << 10
  /// The night abilities by their name in the file.
  static let abilities: [String: NightAction] = ["kill": .kill, "protect": .protect, "check": .check, "block": .block]

  /// The deck in `bytes`, or the first thing wrong with it.
  public static func decode(_ bytes: [UInt8]) -> Result<Deck, DeckProblem> {
    guard bytes.count <= maximumSize else { return .failure(.tooLarge) }
    guard String(validating: bytes, as: UTF8.self) != nil,
      let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
      case .object(let top) = value, top["parea"] == .string("deck")
    else { return .failure(.notADeck) }
    do throws(DeckProblem) {
      return .success(try deck(top))
    } catch {
      return .failure(error)
    }
  }

  /// The file's bytes for `deck`: pretty-printed JSON, sorted keys, a final newline.
  public static func encode(_ deck: Deck) -> [UInt8] {
    Store.encode(
      FileDeck(
        parea: "deck", version: currentVersion, game: "palermo", name: deck.name, roles: deck.roles.map(\.rawValue),
        houseRoles: deck.houseRoles.map(FileRole.init)))
  }

  private static func deck(_ top: [String: JSONValue]) throws(DeckProblem) -> Deck {
    guard case .number(let version)? = top["version"], version == version.rounded(), version >= 1 else {
      throw .wrongValue(place: "", key: "version")
    }
    if version > Double(currentVersion) { throw .futureVersion(Int(min(version, 1e9))) }
    try known(top, ["parea", "version", "game", "name", "roles", "houseRoles"], place: "")
    guard top["game"] == .string("palermo") else { throw .wrongValue(place: "", key: "game") }
    guard case .string(let name)? = top["name"] else { throw .wrongValue(place: "", key: "name") }
    guard PlayerName.clean(name) == name, !name.isEmpty, PlayerName.refusal(name) == nil else { throw .badDeckName }
    var houseRoles: [RoleDeclaration] = []
    switch top["houseRoles"] {
    case nil: break
    case .array(let items)?:
      guard items.count <= RoleDeclaration.maximumHouseRoles else { throw .houseRole(.tooMany) }
      for (index, item) in items.enumerated() { houseRoles.append(try role(item, place: "\(index + 1)")) }
    default: throw .wrongValue(place: "", key: "houseRoles")
    }
    if let problem = RoleDeclaration.houseProblems(houseRoles, builtIn: Palermo().roles).first {
      throw .houseRole(problem)
    }
    guard case .array(let items)? = top["roles"], items.count <= 64 else { throw .wrongValue(place: "", key: "roles") }
    let game = Palermo(houseRoles: houseRoles)
    var roles: [RoleID] = []
    for item in items {
      guard case .string(let text) = item else { throw .wrongValue(place: "", key: "roles") }
      let id = RoleID(text)
      guard game.role(id) != nil else { throw .unknownRole(String(text.prefix(40))) }
      guard !roles.contains(id) else { throw .repeatedRole(text) }
      roles.append(id)
    }
    guard game.players.contains(roles.count) else { throw .playerCount(roles.count) }
    return Deck(name: name, roles: roles, houseRoles: houseRoles)
  }

  /// One of the group's roles, from its object in the file.
  private static func role(_ value: JSONValue, place: String) throws(DeckProblem) -> RoleDeclaration {
    guard case .object(let fields) = value else { throw .wrongValue(place: place, key: "") }
    try known(fields, ["id", "name", "side", "wins", "night", "once", "knows", "kamikaze", "thief"], place: place)
    func text(_ key: String) throws(DeckProblem) -> String? {
      switch fields[key] {
      case nil: return nil
      case .string(let value)?: return value
      default: throw .wrongValue(place: place, key: key)
      }
    }
    func flag(_ key: String) throws(DeckProblem) -> Bool {
      switch fields[key] {
      case nil: return false
      case .bool(let value)?: return value
      default: throw .wrongValue(place: place, key: key)
      }
    }
    guard let id = try text("id") else { throw .wrongValue(place: place, key: "id") }
    guard case .object(let nameFields)? = fields["name"] else { throw .wrongValue(place: place, key: "name") }
    var names: [String: String] = [:]
    for (language, name) in nameFields {
      guard case .string(let name) = name else { throw .wrongValue(place: place, key: "name") }
      names[language] = name
    }
    let alone: AloneWin?
    let side: SideID
    switch try text("side") {
    case "town": side = Palermo.town
    case "thieves": side = Palermo.thieves
    case "alone": side = SideID(id)
    default: throw .wrongValue(place: place, key: "side")
    }
    if side == SideID(id) {
      guard let wins = try text("wins"), let win = AloneWin(rawValue: wins) else {
        throw .wrongValue(place: place, key: "wins")
      }
      alone = win
    } else {
      guard fields["wins"] == nil else { throw .wrongValue(place: place, key: "wins") }
      alone = nil
    }
    let night: NightAction?
    if let ability = try text("night") {
      guard let action = abilities[ability] else { throw .unknownAbility(place: place, value: String(ability.prefix(40))) }
      night = action
    } else {
      night = nil
    }
    var knows: [RoleID] = []
    var knowsSide = false
    switch fields["knows"] {
    case nil: break
    case .string("side")?: knowsSide = true
    case .array(let items)?:
      for item in items.prefix(64) {
        guard case .string(let known) = item else { throw .wrongValue(place: place, key: "knows") }
        if known == "side" { knowsSide = true } else { knows.append(RoleID(known)) }
      }
      guard items.count <= 64 else { throw .wrongValue(place: place, key: "knows") }
    default: throw .wrongValue(place: place, key: "knows")
    }
    let kamikaze: DeathCause?
    switch try text("kamikaze") {
    case nil: kamikaze = nil
    case "votedOut": kamikaze = .votedOut
    case "killedAtNight": kamikaze = .killedAtNight
    default: throw .wrongValue(place: place, key: "kamikaze")
    }
    return RoleDeclaration(
      id: RoleID(id), side: side, knows: knows, knowsSide: knowsSide, night: night, takesPlayerAlongWhen: kamikaze,
      countsAsThief: try flag("thief"), once: try flag("once"), alone: alone, names: names)
  }

  /// Throws for the first key of `fields` not in `keys` (in the file's sorted order).
  private static func known(_ fields: [String: JSONValue], _ keys: Set<String>, place: String) throws(DeckProblem) {
    if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
      throw .unknownKey(place: place, key: String(unknown.prefix(40)))
    }
  }
}

/// A deck as written: the file's keys.
private struct FileDeck: Encodable {
  let parea: String
  let version: Int
  let game: String
  let name: String
  let roles: [String]
  let houseRoles: [FileRole]
}

/// One of the group's roles as written: only what it declares.
private struct FileRole: Encodable {
  let id: String
  let name: [String: String]
  let side: String
  let wins: String?
  let night: String?
  let once: Bool?
  let knows: [String]?
  let kamikaze: String?
  let thief: Bool?

  init(_ role: RoleDeclaration) {
    id = role.id.rawValue
    name = role.names
    side = role.alone != nil ? "alone" : role.side == Palermo.thieves ? "thieves" : "town"
    wins = role.alone?.rawValue
    night = role.night.flatMap { action in DeckFile.abilities.first { $0.value == action }?.key }
    once = role.once ? true : nil
    let known = role.knows.map(\.rawValue) + (role.knowsSide ? ["side"] : [])
    knows = known.isEmpty ? nil : known
    kamikaze = role.takesPlayerAlongWhen?.rawValue
    thief = role.countsAsThief ? true : nil
  }
}

/// Any JSON value, to read a file from elsewhere key by key.
enum JSONValue: Decodable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case array([JSONValue])
  case object([String: JSONValue])
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
