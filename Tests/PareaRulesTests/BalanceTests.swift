import Testing

@testable import PareaRules

/// The suggested Palermo sets give each side a real game: with random but
/// legal play (`Balance`), no side wins more than two games in three, and no
/// game is decided before the first day's vote. `make bench` prints the
/// rates from many more games.
@Suite struct BalanceTests {
  /// Games per set here (a debug build): enough that the rates stand well
  /// clear of noise at the bound (one standard error is about 1.2 points).
  static let games = 1_500

  @Test(arguments: Array(5...14)) func everySuggestedSetIsAGame(_ players: Int) throws {
    let setup = try #require(Palermo().suggestedSetup(players: players))
    for meetingOnly in [false, true] {
      var house = DealtRules()
      house.firstNightMeetingOnly = meetingOnly
      let report = Balance.simulate(
        Palermo(), setup: setup, players: players, games: Self.games, house: house, seed: UInt64(players))
      let what = "\(players) players, first night \(meetingOnly ? "a meeting" : "a killing")"
      #expect(report.games == Self.games, "\(what): the set did not deal")
      #expect(report.unfinished == 0, "\(what)")
      for side in [Palermo.town, Palermo.thieves] {
        #expect(report.rate(of: side) <= Balance.bound, "\(what): \(side) wins \(report.rate(of: side))")
      }
      #expect(report.decidedBeforeFirstVote == 0, "\(what): \(report.decidedBeforeFirstVote) games decided at dawn")
    }
  }

  /// The measure can fail: the old five-player set (two thieves) is
  /// decided at the first dawn in most games, and the thieves win nearly all.
  @Test func theOldFivePlayerSetFails() {
    let old = Setup(roles: [
      Palermo.Roles.redThief, Palermo.Roles.blackThief, Palermo.Roles.doctor,
      Palermo.Roles.citizens[0], Palermo.Roles.citizens[1],
    ])
    let report = Balance.simulate(Palermo(), setup: old, players: 5, games: Self.games, seed: 5)
    #expect(report.rate(of: Palermo.thieves) > Balance.bound)
    #expect(report.decidedBeforeFirstVote > Self.games / 2)
  }

  /// Random play goes through the table's own rules: every game ends with a
  /// winner the table itself declares, and its night choices count as the
  /// narrator's do (a Doctor under the house rules, a kamikaze's choice).
  @Test func everyGamePlaysToAWinner() throws {
    var generator = SplitMix64(seed: 9)
    let setup = try #require(Palermo().suggestedSetup(players: 12))
    for _ in 0..<200 {
      var table = try Palermo().deal(players: (1...12).map { "P\($0)" }, setup: setup, using: &generator)
      let (winner, _) = Balance.play(&table, house: DealtRules(), generator: &generator)
      #expect(winner != nil && winner == table.winner)
      #expect(table.pending == nil)
    }
  }
}
