import FoundationEssentials
import PareaRules
import Testing

@testable import PareaStore

/// A deck in its file: written readable, read back whole, and a file from
/// elsewhere (malformed, oversized, with unknown abilities, duplicate names
/// or hostile text) refused with the first thing wrong, changing nothing.
@Suite struct DeckFileTests {
  typealias R = Palermo.Roles

  static let sheriff = RoleDeclaration(
    id: "house.sheriff", side: Palermo.town, night: .check, names: ["en": "Sheriff", "el": "Σερίφης"])
  static let fool = RoleDeclaration(id: "house.fool", side: Palermo.town, alone: .votedOut, names: ["en": "Fool"])
  static let madam = RoleDeclaration(
    id: "house.madam", side: Palermo.thieves, knows: [R.redThief], knowsSide: true, night: .block,
    takesPlayerAlongWhen: .votedOut, once: true, names: ["el": "Μαντάμ"])
  static let friday = Deck(
    name: "Friday",
    roles: [R.redThief, R.doctor, "house.sheriff", "house.fool", R.redKamikaze] + R.citizens.prefix(3),
    houseRoles: [sheriff, fool, madam])

  /// The file of `friday` as text, to edit into bad ones.
  static var text: String { DeckFile.encode(friday).text }

  @Test("a deck is written as readable JSON and read back whole")
  func roundTrip() throws {
    let text = Self.text
    #expect(text.contains("\"name\" : \"Friday\"") && text.contains("\"night\" : \"check\""))
    #expect(text.contains("\"side\" : \"alone\"") && text.contains("\"wins\" : \"votedOut\""))
    #expect(text.contains("\"Σερίφης\"") && text.hasSuffix("}\n"))
    #expect(DeckFile.decode(Array(text.utf8)) == .success(Self.friday))
  }

  /// The deck file with `from` replaced by `to`.
  func edited(_ from: String, _ to: String) -> [UInt8] {
    let text = Self.text
    precondition(text.contains(from), from)
    return Array(text.replacing(from, with: to).utf8)
  }

  @Test("a file from elsewhere is refused with the first thing wrong")
  func attacks() {
    func problem(_ bytes: [UInt8]) -> DeckProblem? {
      if case .failure(let problem) = DeckFile.decode(bytes) { return problem }
      return nil
    }
    // Malformed.
    #expect(problem([]) == .notADeck)
    #expect(problem(Array("{\"name\": \"Friday\"".utf8)) == .notADeck)
    #expect(problem(Array("[1, 2, 3]".utf8)) == .notADeck)
    #expect(problem([0xFF, 0xFE] + Array("{}".utf8)) == .notADeck)
    #expect(problem(edited("\"parea\" : \"deck\"", "\"parea\" : \"settings\"")) == .notADeck)
    #expect(problem(Array(String(repeating: "[", count: 5_000).utf8)) == .notADeck)
    #expect(problem(edited("\"version\" : 1", "\"version\" : \"one\"")) == .wrongValue(place: "", key: "version"))
    #expect(problem(edited("\"version\" : 1", "\"version\" : 7")) == .futureVersion(7))
    #expect(problem(edited("\"game\" : \"palermo\"", "\"game\" : \"spy\"")) == .wrongValue(place: "", key: "game"))
    #expect(problem(edited("\"name\" : \"Friday\"", "\"name\" : 12")) == .wrongValue(place: "", key: "name"))
    #expect(problem(edited("\"side\" : \"alone\"", "\"side\" : \"both\"")) == .wrongValue(place: "2", key: "side"))
    #expect(problem(edited("\"wins\" : \"votedOut\"", "\"wins\" : \"always\"")) == .wrongValue(place: "2", key: "wins"))
    #expect(problem(edited("\"once\" : true", "\"once\" : \"yes\"")) == .wrongValue(place: "3", key: "once"))
    #expect(problem(edited("\"kamikaze\" : \"votedOut\"", "\"kamikaze\" : \"winked\"")) == .wrongValue(place: "3", key: "kamikaze"))
    // Unknown keys and abilities: named, never ignored.
    #expect(problem(edited("\"parea\" : \"deck\"", "\"parea\" : \"deck\", \"cheat\" : true")) == .unknownKey(place: "", key: "cheat"))
    #expect(problem(edited("\"night\" : \"check\"", "\"nigth\" : \"check\"")) == .unknownKey(place: "1", key: "nigth"))
    #expect(problem(edited("\"night\" : \"check\"", "\"night\" : \"fly\"")) == .unknownAbility(place: "1", value: "fly"))
    // Oversized.
    let padding = String(repeating: " ", count: DeckFile.maximumSize)
    #expect(problem(Array((padding + Self.text).utf8)) == .tooLarge)
    // Duplicate names, and a role twice or unknown in the set.
    #expect(problem(edited("\"en\" : \"Fool\"", "\"en\" : \"sheriff\"")) == .houseRole(.duplicateName(1, "en")))
    #expect(problem(edited("\"id\" : \"house.fool\"", "\"id\" : \"house.sheriff\"")) != nil)
    #expect(problem(edited("\"palermo.doctor\"", "\"palermo.redThief\"")) == .repeatedRole("palermo.redThief"))
    #expect(problem(edited("\"palermo.doctor\"", "\"palermo.wizard\"")) == .unknownRole("palermo.wizard"))
    #expect(problem(edited("\"palermo.doctor\",", "")) == nil)  // seven players still play
    // Hostile text: escapes, direction overrides, emoji, a name too wide, a deck name of controls.
    for hostile in ["\\u001b[2J", "Fo\\u202Eol", "🃏", String(repeating: "W", count: 21), "Fool\\n", " Fool"] {
      #expect(problem(edited("\"en\" : \"Fool\"", "\"en\" : \"\(hostile)\"")) == .houseRole(.badName(1, "en")), "\(hostile)")
    }
    #expect(problem(edited("\"name\" : \"Friday\"", "\"name\" : \"\\u001b]0;pwned\\u0007\"")) == .badDeckName)
    #expect(problem(edited("\"el\" : \"Σερίφης\"", "\"fr\" : \"Shérif\"")) == .houseRole(.unknownLanguage(0, "fr")))
    // A role the editor could not make: a town role that kills.
    #expect(problem(edited("\"night\" : \"check\"", "\"night\" : \"kill\"")) == .houseRole(.notOffered(0)))
    // Too many roles.
    let many = (0...RoleDeclaration.maximumHouseRoles).map {
      RoleDeclaration(id: RoleID("house.r\($0)"), side: Palermo.town, names: ["en": "R\($0)"])
    }
    let crowded = Deck(name: "Crowded", roles: Self.friday.roles, houseRoles: many)
    #expect(problem(DeckFile.encode(crowded)) == .houseRole(.tooMany))
  }

  @Test("decks are saved in the decks folder, one file each, and listed with what is wrong with any")
  func folder() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    try store.save(Self.friday)
    let file = sandbox.path("data/parea/decks/Friday.json")
    #expect(sandbox.bytes(file) == DeckFile.encode(Self.friday))
    var greek = Self.friday
    greek.name = "Παρασκευή/βράδυ"
    try store.save(greek)
    #expect(exists(sandbox.path("data/parea/decks/Παρασκευή_βράδυ.json")))
    sandbox.put(Array("not json".utf8), at: "data/parea/decks/dropped.json")
    sandbox.put(Array("ignored".utf8), at: "data/parea/decks/notes.txt")
    let entries = store.decks()
    #expect(entries.map { DiskFile.split($0.file).name } == ["Friday.json", "dropped.json", "Παρασκευή_βράδυ.json"])
    #expect(entries[0].deck == .success(Self.friday) && entries[1].deck == .failure(.notADeck))

    // Saving again under the same name (any case) replaces it; a file that is no deck of that name is never written over.
    var renamed = Self.friday
    renamed.roles.removeLast()
    renamed.name = "FRIDAY"
    sandbox.put(DeckFile.encode(renamed), at: "data/parea/decks/FRIDAY.json")
    try? FileManager.default.removeItem(atPath: file)
    renamed.name = "Friday"
    try store.save(renamed)
    #expect(sandbox.bytes(sandbox.path("data/parea/decks/FRIDAY.json")) == DeckFile.encode(renamed) && !exists(file))
    var dropped = Self.friday
    dropped.name = "dropped"
    #expect(throws: StoreError.self) { try store.save(dropped) }
    #expect(sandbox.bytes(sandbox.path("data/parea/decks/dropped.json"))?.text == "not json")
  }

  @Test("importing: a good deck is copied in; a bad one, or another deck of the same name, changes nothing")
  func importing() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    sandbox.put(DeckFile.encode(Self.friday), at: "downloads/friday.json")
    #expect(store.importDeck(from: sandbox.path("downloads/friday.json")) == .success(Self.friday))
    #expect(store.decks().map(\.deck) == [.success(Self.friday)])
    // The same deck again: nothing changes.
    #expect(store.importDeck(from: sandbox.path("downloads/friday.json")) == .success(Self.friday))
    // Another deck of the same name: refused, the one there kept.
    var other = Self.friday
    other.roles.removeLast()
    sandbox.put(DeckFile.encode(other), at: "downloads/other.json")
    let there = sandbox.path("data/parea/decks/Friday.json")
    #expect(store.importDeck(from: sandbox.path("downloads/other.json")) == .failure(.nameTaken(name: "Friday", file: there)))
    #expect(sandbox.bytes(there) == DeckFile.encode(Self.friday))
    // A bad file, a missing one and a folder: refused, the folder unchanged.
    sandbox.put(edited("\"night\" : \"check\"", "\"night\" : \"fly\""), at: "downloads/bad.json")
    let bad = sandbox.path("downloads/bad.json")
    #expect(store.importDeck(from: bad) == .failure(.bad(file: bad, .unknownAbility(place: "1", value: "fly"))))
    #expect(store.importDeck(from: sandbox.path("downloads/none.json")) == .failure(.cannotRead(file: sandbox.path("downloads/none.json"))))
    #expect(store.importDeck(from: sandbox.path("downloads")) == .failure(.cannotRead(file: sandbox.path("downloads"))))
    #expect(sandbox.names(in: sandbox.path("data/parea/decks")) == ["Friday.json"])
  }
}
