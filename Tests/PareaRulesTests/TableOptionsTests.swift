import Foundation  // JSONEncoder / JSONDecoder / JSONSerialization only
import PareaRules
import Testing

/// A dealt game's options (`TableOptions`) have one home, the table: the deal
/// puts them there, the saved game keeps them, undo keeps them, and a game
/// saved before they existed is read as it was played.
@Suite("A dealt game's options")
struct TableOptionsTests {
  typealias R = Palermo.Roles

  static let roles = [R.redThief, R.blackThief, R.doctor, R.blackKamikaze, R.redKamikaze, R.citizens[0], R.citizens[1]]
  static let names = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus"]

  /// Options unlike the defaults in every field.
  static let chosen: TableOptions = {
    var dealt = DealtRules()
    for rule in DealtRules.declared { rule.set(&dealt, to: (rule.defaultValue + 1) % rule.values.count) }
    return TableOptions(dealt: dealt, roundMinutes: 7)
  }()

  static func dealt(_ options: TableOptions? = chosen) throws -> Table {
    var generator = SplitMix64(seed: 4)
    return try Palermo().deal(players: names, setup: Setup(roles: roles), options: options, using: &generator)
  }

  @Test func theDealKeepsThemAndTheTableFollowsThem() throws {
    let table = try Self.dealt()
    #expect(table.options == Self.chosen)
    #expect(table.roundMinutes == 7)
    #expect(table.isMeetingNight(), "the dealt first-night rule, with no rules passed in")
    #expect(table.stepsTonight().count == 1)
    let plain = try Self.dealt(nil)
    #expect(plain.options == TableOptions())
    #expect(plain.roundMinutes == Palermo().roundMinutes, "no length dealt: the game's own")
    #expect(!plain.isMeetingNight())
  }

  @Test func savedAndReadBackWholeAndOnlyWhenDealt() throws {
    let table = try Self.dealt()
    let data = try JSONEncoder().encode(table)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["options"] != nil)
    #expect(try JSONDecoder().decode(Table.self, from: data) == table)
    // A table with no options (tests, files from before) writes none: its bytes did not change.
    let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try Self.dealt(nil))) as? [String: Any]
    #expect(plain?["options"] == nil)
  }

  @Test func aFieldMissingFromTheFileKeepsItsDefault() throws {
    let options = try JSONDecoder().decode(TableOptions.self, from: Data(#"{"roundMinutes": 12}"#.utf8))
    #expect(options == TableOptions(roundMinutes: 12))
    let empty = try JSONDecoder().decode(TableOptions.self, from: Data("{}".utf8))
    #expect(empty == TableOptions())
  }

  @Test(arguments: [0, 31, -5, 1000]) func aRoundLengthPareaCouldNotDealIsDamage(_ minutes: Int) throws {
    var table = try Self.dealt()
    #expect(table.isConsistent)
    table.options.roundMinutes = minutes
    #expect(!table.isConsistent)
    let read = try JSONDecoder().decode(Table.self, from: JSONEncoder().encode(table))
    #expect(!read.isConsistent)
  }

  /// Undo rebuilds the table from its log; the options go with it (a copy
  /// forgotten there would reset them silently on every undo).
  @Test func undoKeepsThem() throws {
    var table = try Self.dealt()
    for seat in table.seats.indices { try table.recordLook(at: seat) }
    try table.advancePhase()
    try table.markDead(5, cause: .votedOut)
    #expect(try table.undo() == .died(seat: 5, cause: .votedOut))
    #expect(try table.undo() == .phase(.day, round: 1))
    #expect(table.options == Self.chosen)
  }

  /// A narrated game saved before the table kept its options had the house
  /// rules in its narration: they are read into the table and written there.
  @Test func aNarrationsEarlierRulesMoveToTheTable() throws {
    var table = try Self.dealt(TableOptions())
    for seat in table.seats.indices { try table.recordLook(at: seat) }
    let session = GameSession(
      table: table, players: Self.names, setup: Setup(roles: Self.roles), narration: Narration(mode: .parea, seed: 3))
    var object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(session)) as? [String: Any])
    var narration = try #require(object["narration"] as? [String: Any])
    // Today's files have them in the table, and a copy where an older Parea reads them.
    #expect(narration["rules"] != nil)
    var saved = try #require(object["table"] as? [String: Any])
    saved["options"] = nil
    object["table"] = saved
    narration["rules"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.chosen.dealt))
    object["narration"] = narration
    let earlier = try JSONSerialization.data(withJSONObject: object)
    let read = try JSONDecoder().decode(GameSession.self, from: earlier)
    #expect(read.table?.options.dealt == Self.chosen.dealt)
    #expect(read.table?.hasOptions == true)
    #expect(read.isValid(rules: Palermo()))
    #expect(read.table?.options.roundMinutes == nil, "not saved then: the app takes today's (`AppState.restore`)")
    // Written again: in the table, and the copy for an older Parea.
    let again = try JSONDecoder().decode(GameSession.self, from: JSONEncoder().encode(read))
    #expect(again == read)
    let written = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(read)) as? [String: Any])
    #expect(((written["table"] as? [String: Any])?["options"] as? [String: Any])?["narrator"] != nil)
    let copy = try #require((written["narration"] as? [String: Any])?["rules"])
    let copied = try JSONDecoder().decode(DealtRules.self, from: JSONSerialization.data(withJSONObject: copy))
    #expect(copied == Self.chosen.dealt)
  }
}
