import Foundation  // JSONEncoder / JSONDecoder only
import PareaRules
import Testing

// The saved format of a table must not change when the code does: these files
// were written by the app before the table knew its own game, and the tables
// below, played the same way today, must read them and write them byte for byte.
//
// Why one file of this length: most of it is the saved files themselves, byte
// for byte, which sit beside the tables that must write them again.

/// Tables as the app wrote them (pretty-printed, sorted keys, as the store does).
enum SavedTables {
  static let palermo = #"""
{
  "accusations" : [

  ],
  "endedByHand" : false,
  "game" : "palermo",
  "log" : [
    {
      "looked" : {
        "seat" : 0
      }
    },
    {
      "looked" : {
        "seat" : 1
      }
    },
    {
      "died" : {
        "cause" : "killedAtNight",
        "seat" : 3
      }
    },
    {
      "died" : {
        "cause" : "takenByKamikaze",
        "seat" : 5
      }
    },
    {
      "phase" : {
        "_0" : "day",
        "round" : 1
      }
    },
    {
      "died" : {
        "cause" : "votedOut",
        "seat" : 4
      }
    },
    {
      "died" : {
        "cause" : "takenByKamikaze",
        "seat" : 6
      }
    },
    {
      "phase" : {
        "_0" : "night",
        "round" : 2
      }
    }
  ],
  "phase" : "night",
  "round" : 2,
  "seats" : [
    {
      "name" : "P0",
      "role" : "palermo.redThief",
      "views" : 1
    },
    {
      "name" : "P1",
      "role" : "palermo.blackThief",
      "views" : 1
    },
    {
      "name" : "P2",
      "role" : "palermo.doctor",
      "views" : 0
    },
    {
      "death" : "killedAtNight",
      "name" : "P3",
      "role" : "palermo.blackKamikaze",
      "views" : 0
    },
    {
      "death" : "votedOut",
      "name" : "P4",
      "role" : "palermo.redKamikaze",
      "views" : 0
    },
    {
      "death" : "takenByKamikaze",
      "name" : "P5",
      "role" : "palermo.citizenGeorge",
      "views" : 0
    },
    {
      "death" : "takenByKamikaze",
      "name" : "P6",
      "role" : "palermo.citizenMichael",
      "views" : 0
    }
  ],
  "votes" : [

  ]
}
"""#

  static let palermoPending = #"""
{
  "accusations" : [

  ],
  "endedByHand" : false,
  "game" : "palermo",
  "log" : [
    {
      "looked" : {
        "seat" : 0
      }
    },
    {
      "looked" : {
        "seat" : 1
      }
    },
    {
      "died" : {
        "cause" : "killedAtNight",
        "seat" : 3
      }
    },
    {
      "died" : {
        "cause" : "takenByKamikaze",
        "seat" : 5
      }
    },
    {
      "phase" : {
        "_0" : "day",
        "round" : 1
      }
    },
    {
      "died" : {
        "cause" : "votedOut",
        "seat" : 4
      }
    }
  ],
  "pending" : {
    "takePlayer" : {
      "by" : 4
    }
  },
  "phase" : "day",
  "round" : 1,
  "seats" : [
    {
      "name" : "P0",
      "role" : "palermo.redThief",
      "views" : 1
    },
    {
      "name" : "P1",
      "role" : "palermo.blackThief",
      "views" : 1
    },
    {
      "name" : "P2",
      "role" : "palermo.doctor",
      "views" : 0
    },
    {
      "death" : "killedAtNight",
      "name" : "P3",
      "role" : "palermo.blackKamikaze",
      "views" : 0
    },
    {
      "death" : "votedOut",
      "name" : "P4",
      "role" : "palermo.redKamikaze",
      "views" : 0
    },
    {
      "death" : "takenByKamikaze",
      "name" : "P5",
      "role" : "palermo.citizenGeorge",
      "views" : 0
    },
    {
      "name" : "P6",
      "role" : "palermo.citizenMichael",
      "views" : 0
    }
  ],
  "votes" : [

  ]
}
"""#

  static let spy = #"""
{
  "accusations" : [

  ],
  "endedByHand" : false,
  "firstPlayer" : 4,
  "game" : "spy",
  "guess" : {
    "by" : 4,
    "correct" : false,
    "location" : "zoo"
  },
  "location" : "gym",
  "log" : [
    {
      "looked" : {
        "seat" : 2
      }
    },
    {
      "voted" : {
        "_0" : {
          "by" : 0,
          "correct" : true,
          "target" : 3
        }
      }
    },
    {
      "died" : {
        "cause" : "accusedByTable",
        "seat" : 3
      }
    },
    {
      "guessed" : {
        "_0" : {
          "by" : 4,
          "correct" : false,
          "location" : "zoo"
        }
      }
    }
  ],
  "phase" : "day",
  "round" : 1,
  "seats" : [
    {
      "locationRole" : 1,
      "name" : "Ann",
      "role" : "spy.local",
      "views" : 0
    },
    {
      "locationRole" : 2,
      "name" : "Bob",
      "role" : "spy.local",
      "views" : 0
    },
    {
      "locationRole" : 6,
      "name" : "Cy",
      "role" : "spy.local",
      "views" : 1
    },
    {
      "death" : "accusedByTable",
      "name" : "Di",
      "role" : "spy.spy",
      "views" : 0
    },
    {
      "name" : "Ed",
      "role" : "spy.spy",
      "views" : 0
    }
  ],
  "votes" : [
    {
      "by" : 0,
      "correct" : true,
      "target" : 3
    }
  ]
}
"""#

  static let spyEnded = #"""
{
  "accusations" : [

  ],
  "endedByHand" : true,
  "firstPlayer" : 2,
  "game" : "spy",
  "location" : "casino",
  "log" : [
    {
      "ended" : {

      }
    }
  ],
  "phase" : "day",
  "round" : 1,
  "seats" : [
    {
      "locationRole" : 1,
      "name" : "Ann",
      "role" : "spy.local",
      "views" : 0
    },
    {
      "name" : "Bob",
      "role" : "spy.spy",
      "views" : 0
    },
    {
      "locationRole" : 0,
      "name" : "Cy",
      "role" : "spy.local",
      "views" : 0
    },
    {
      "locationRole" : 3,
      "name" : "Di",
      "role" : "spy.local",
      "views" : 0
    }
  ],
  "votes" : [

  ]
}
"""#

  static let killer = #"""
{
  "accusations" : [
    {
      "by" : 1,
      "correct" : false,
      "target" : 3
    },
    {
      "by" : 1,
      "correct" : true,
      "target" : 0
    }
  ],
  "endedByHand" : true,
  "game" : "killer",
  "log" : [
    {
      "died" : {
        "cause" : "killed",
        "seat" : 2
      }
    },
    {
      "accused" : {
        "_0" : {
          "by" : 1,
          "correct" : false,
          "target" : 3
        }
      }
    },
    {
      "accused" : {
        "_0" : {
          "by" : 1,
          "correct" : true,
          "target" : 0
        }
      }
    },
    {
      "died" : {
        "cause" : "caughtByCop",
        "seat" : 0
      }
    },
    {
      "ended" : {

      }
    }
  ],
  "phase" : "day",
  "round" : 1,
  "seats" : [
    {
      "death" : "caughtByCop",
      "name" : "P0",
      "role" : "killer.killer",
      "views" : 0
    },
    {
      "name" : "P1",
      "role" : "killer.cop",
      "views" : 0
    },
    {
      "death" : "killed",
      "name" : "P2",
      "role" : "killer.citizen",
      "views" : 0
    },
    {
      "name" : "P3",
      "role" : "killer.citizen",
      "views" : 0
    },
    {
      "name" : "P4",
      "role" : "killer.killer",
      "views" : 0
    }
  ],
  "votes" : [

  ]
}
"""#
}

/// The store's encoder settings.
private func encoded(_ table: Table) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(table), as: UTF8.self)
}

private func decoded(_ text: String, registry: GameRegistry? = nil) throws -> Table {
  let decoder = JSONDecoder()
  if let registry { decoder.userInfo[GameRegistry.userInfoKey] = registry }
  return try decoder.decode(Table.self, from: Data(text.utf8))
}

@Suite("The saved format")
struct SavedFormatTests {
  typealias R = Palermo.Roles

  /// A night victim (the Black kamikaze, who takes a citizen), day, a vote (the
  /// Red kamikaze), and, once the kamikaze has chosen, the next night.
  static func palermo(resolved: Bool) throws -> Table {
    var table = makeTable(
      Palermo(), [R.redThief, R.blackThief, R.doctor, R.blackKamikaze, R.redKamikaze, R.citizens[0], R.citizens[1]])
    try table.recordLook(at: 0)
    try table.recordLook(at: 1)
    try table.markDead(3, cause: .killedAtNight)
    try table.resolveFollowUp(target: 5)
    try table.advancePhase()
    try table.markDead(4, cause: .votedOut)
    guard resolved else { return table }
    try table.resolveFollowUp(target: 6)
    try table.advancePhase()
    return table
  }

  /// A dealt round with a vote that caught a spy, then the other spy's wrong guess.
  static func spy() throws -> Table {
    var table = try Spy().dealForTest(
      players: ["Ann", "Bob", "Cy", "Di", "Ed"], setup: Setup(badCount: 2), locations: Sample.baselineLocations,
      seed: 7)
    try table.recordLook(at: 2)
    let local = try #require(table.seats.indices.first { table.seats[$0].role == Spy.local })
    let spy = try #require(table.seats.indices.first { table.seats[$0].role == Spy.spy })
    try table.tableAccuses(spy, startedBy: local)
    let other = try #require(table.seats.indices.first { table.seats[$0].role == Spy.spy && table.seats[$0].isAlive })
    try table.guessLocation("zoo", by: other)
    return table
  }

  static func spyEnded() throws -> Table {
    var table = try Spy().dealForTest(
      players: ["Ann", "Bob", "Cy", "Di"], setup: Setup(badCount: 1), locations: Sample.baselineLocations, seed: 9)
    table.end()
    return table
  }

  static func killer() throws -> Table {
    var table = makeTable(Killer(), [Killer.killer, Killer.cop, Killer.citizen, Killer.citizen, Killer.killer])
    try table.markDead(2, cause: .killed)
    try table.accuse(3, by: 1)
    try table.accuse(0, by: 1)
    table.end()
    return table
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let saved: String
    let play: @Sendable () throws -> Table
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "Palermo, two rounds", saved: SavedTables.palermo) { try palermo(resolved: true) },
    Row(name: "Palermo, a kamikaze choosing", saved: SavedTables.palermoPending) { try palermo(resolved: false) },
    Row(name: "Spy, a vote and a guess", saved: SavedTables.spy) { try spy() },
    Row(name: "Spy, ended by hand", saved: SavedTables.spyEnded) { try spyEnded() },
    Row(name: "Killer, accusations", saved: SavedTables.killer) { try killer() },
  ]

  @Test("Written byte for byte as before, and read back", arguments: rows)
  func sameBytes(row: Row) throws {
    let table = try row.play()
    #expect(try encoded(table) == row.saved)
    let read = try decoded(row.saved)
    #expect(read == table)
    #expect(read.rules.id == table.game && read.isConsistent)
    #expect(try encoded(read) == row.saved)
  }

  @Test func anUnknownGameIsADecodingError() throws {
    let chess = SavedTables.killer.replacingOccurrences(of: #""game" : "killer""#, with: #""game" : "chess""#)
    #expect(chess != SavedTables.killer)
    #expect(throws: DecodingError.self) { try decoded(chess) }
  }

  @Test func aGameOnlyAnotherRegistryKnowsIsReadWithThatRegistry() throws {
    var table = makeTable(
      WerewolfLite(), [WerewolfLite.wolf, WerewolfLite.seer, WerewolfLite.hunter, WerewolfLite.villager])
    try table.markDead(3, cause: .killedAtNight)
    try table.advancePhase()
    let text = try encoded(table)
    #expect(throws: DecodingError.self) { try decoded(text) }
    #expect(throws: DecodingError.self) { try decoded(text, registry: .standard) }
    let registry = GameRegistry.standard.adding(WerewolfLite())
    var read = try decoded(text, registry: registry)
    #expect(read == table)
    #expect(read.rules is WerewolfLite && read.phase == .day)
    // The game read back plays by its own rules: the Hunter, voted out, takes someone along.
    #expect(try read.markDead(2, cause: .votedOut) == .takePlayer(by: 2))
    #expect(try read.undo() == .died(seat: 2, cause: .votedOut))
    #expect(read == table)
  }

  @Test func tablesOfTwoGamesDifferEvenWithTheSameSeats() throws {
    let seats = [Seat(name: "A", role: "x"), Seat(name: "B", role: "y")]
    let spy = Table(game: Spy(), seats: seats)
    let killer = Table(game: Killer(), seats: seats)
    #expect(spy != killer)
    #expect(spy == Table(game: Spy(), seats: seats), "two values of one game type are the same game")
  }
}
