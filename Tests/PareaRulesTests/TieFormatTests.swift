import Foundation
import PareaRules
import Testing

/// A tie's record in the saved log: one counted names whom it was among; one
/// not counted is written as ties always were, so that files saved before
/// the count read the same and write the same.
@Suite struct TieFormatTests {
  @Test func aTieNotCountedIsWrittenAsBeforeAndReadBack() throws {
    let old = Data(#"[{"tied":{}},{"spared":{}}]"#.utf8)
    let events = try JSONDecoder().decode([TableEvent].self, from: old)
    #expect(events == [.tied(among: nil), .spared])
    #expect(String(decoding: try JSONEncoder().encode(events), as: UTF8.self) == #"[{"tied":{}},{"spared":{}}]"#)
  }

  @Test func aCountedTieKeepsWhomItWasAmong() throws {
    let data = try JSONEncoder().encode([TableEvent.tied(among: [2, 5])])
    #expect(try JSONDecoder().decode([TableEvent].self, from: data) == [.tied(among: [2, 5])])
  }

  @Test func aTieAmongFewerThanTwoOrTheDeadIsRefused() throws {
    let roles = [Palermo.Roles.redThief] + Palermo.Roles.citizens.prefix(4)
    let seats = roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) }
    var table = Table(game: Palermo(), seats: seats)
    for seat in 0..<5 { try table.recordLook(at: seat) }
    try table.advancePhase()  // the first day
    #expect(throws: TableError.notAllowed) { try table.recordTie(among: [1]) }
    #expect(throws: TableError.notAllowed) { try table.recordTie(among: [1, 1]) }
    try table.markDead(3, cause: .votedOut)
    #expect(throws: TableError.alreadyOut(3)) { try table.recordTie(among: [1, 3]) }
  }

  @Test func aSavedTieAmongTheDeadIsRefused() throws {
    let roles = [Palermo.Roles.redThief] + Palermo.Roles.citizens.prefix(4)
    var table = Table(game: Palermo(), seats: roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) })
    for seat in 0..<5 { try table.recordLook(at: seat) }
    try table.advancePhase()
    try table.markDead(3, cause: .votedOut)
    try table.advancePhase()
    try table.advancePhase()  // the second day
    try table.recordTie(among: [1, 2])
    #expect(table.isConsistent)
    let json = String(decoding: try JSONEncoder().encode(table), as: UTF8.self)
    #expect(json.contains(#""among":[1,2]"#))
    let edited = json.replacingOccurrences(of: #""among":[1,2]"#, with: #""among":[1,3]"#)
    let read = try JSONDecoder().decode(Table.self, from: Data(edited.utf8))
    #expect(!read.isConsistent, "a tie among a player already out")
  }
}
