// Rules throughput for Parea's benchmark: deals per second for a large table.
//
// Compiled together with the rules library's sources into one module (the
// library's one dependency, PareaTextWidth, compiled first), so no Swift
// target is added to the package:
//
//   swiftc -O -parse-as-library -wmo -module-name PareaTextWidth \
//     Sources/PareaTextWidth/*.swift -emit-module \
//     -emit-module-path bench/out/modules/PareaTextWidth.swiftmodule \
//     -c -o bench/out/modules/PareaTextWidth.o
//   swiftc -O -parse-as-library -module-name PareaRules -I bench/out/modules \
//     Sources/PareaRules/*.swift Sources/PareaRules/Games/*.swift \
//     bench/deals.swift bench/out/modules/PareaTextWidth.o -o bench/out/deals
//
// Each game deals through the public API (`deal(players:setup:locations:using:)`,
// validation included) with the seeded SplitMix64, for 20 players (Palermo: 14,
// its maximum), with the game's suggested setup. Prints one line per game:
//   deals <game> <players> <median deals/s> <best deals/s>
// and, last, a checksum of the roles dealt so the work cannot be optimised away.

@main
struct DealsBenchmark {
  /// Batches per game; each runs for at least `batchSeconds`.
  static let batches = 7
  static let batchSeconds = 0.15

  static func main() throws {
    let names = (1...20).map { "Player \($0)" }
    // 42 locations of 7 roles each, like the built-in Spy list.
    let locations = (1...42).map { Location(id: LocationID("location\($0)"), roleCount: 7) }
    var checksum = 0
    for game in GameRegistry.all {
      let players = min(20, game.players.upperBound)
      let table = Array(names.prefix(players))
      guard let setup = game.suggestedSetup(players: players) else {
        print("no suggested setup for \(game.id) with \(players) players")
        continue
      }
      var generator = SplitMix64(seed: 2024)
      // Warm-up, and a check that the setup deals at all.
      checksum &+= try game.deal(
        players: table, setup: setup, locations: locations, using: &generator
      ).seats.count
      var rates: [Double] = []
      let clock = ContinuousClock()
      for _ in 0..<batches {
        let start = clock.now
        var count = 0
        var seconds = 0.0
        // Deal in groups of 100 until the batch has run long enough.
        while seconds < batchSeconds {
          for _ in 0..<100 {
            let dealt = try game.deal(
              players: table, setup: setup, locations: locations, using: &generator)
            checksum &+= dealt.seats[0].role.rawValue.utf8.count
            checksum &+= dealt.seats[players - 1].locationRole ?? 0
          }
          count += 100
          let elapsed = clock.now - start
          seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }
        rates.append(Double(count) / seconds)
      }
      rates.sort()
      let median = rates[rates.count / 2]
      print("deals \(game.id) \(players) \(Int(median)) \(Int(rates.last!))")
    }
    balance()
    print("checksum \(checksum)")
  }

  /// Palermo's suggested sets, each played 20,000 times with random but legal
  /// choices (`Balance`), with the thieves striking on the first night and
  /// with a first night of meeting only. One line per set and rule:
  ///   balance <players> <kill|meet> <town rate> <thieves rate> <decided at dawn> <games>
  static func balance() {
    for players in Palermo().players {
      guard let setup = Palermo().suggestedSetup(players: players) else { continue }
      for meetingOnly in [false, true] {
        var house = DealtRules()
        house.firstNightMeetingOnly = meetingOnly
        let report = Balance.simulate(
          Palermo(), setup: setup, players: players, games: 20_000, house: house, seed: UInt64(players))
        print(
          "balance \(players) \(meetingOnly ? "meet" : "kill") \(report.rate(of: Palermo.town))",
          "\(report.rate(of: Palermo.thieves)) \(report.decidedBeforeFirstVote) \(report.games)")
      }
    }
  }
}
