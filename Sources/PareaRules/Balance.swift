// How balanced a set of roles is, measured: many games of nights and days
// played with random but legal choices, through the table's own rules (the
// deal, the night's choices and how they count, deaths, kamikazes, who wins).
// The thieves kill a random player who is not a thief, the Doctor protects a
// random living player, a kamikaze takes a random living player along, and
// the town votes a random living player out every day. Nobody plays well, so
// the rates say what the roles alone give each side; a set where one side
// wins almost every random game, or where the game is decided before the
// first vote, is not a game. `make bench` prints the rates of every
// suggested set; `BalanceTests` holds them to `Balance.bound`.

/// The outcome of many random games of one role set.
public struct BalanceReport: Hashable, Sendable {
  /// The games played.
  public var games = 0
  /// The games each side won, by side.
  public var wins: [SideID: Int] = [:]
  /// The games decided before the first day's vote (at the first dawn).
  public var decidedBeforeFirstVote = 0
  /// The games that reached the table's last round without a winner (none, in practice).
  public var unfinished = 0

  /// No games yet.
  public init() {}

  /// The share of the games `side` won, from 0 to 1.
  public func rate(of side: SideID) -> Double {
    games == 0 ? 0 : Double(wins[side, default: 0]) / Double(games)
  }
}

/// Random games played a batch at a time, the report growing with each:
/// the roles page's live odds play until their time is up, and stop when
/// the set changes (`Balance.simulate` is one batch).
public struct BalanceRun: Sendable {
  /// The games played so far.
  public private(set) var report = BalanceReport()
  private var generator: SplitMix64
  private let rules: any GameType
  private let setup: Setup
  private let names: [String]
  private let house: DealtRules

  /// Games of `rules` dealt with `setup` to `players` players, under `house`, from `seed`.
  public init(_ rules: any GameType, setup: Setup, players: Int, house: DealtRules = DealtRules(), seed: UInt64) {
    self.rules = rules
    self.setup = setup
    self.names = (0..<max(0, players)).map { "P\($0 + 1)" }
    self.house = house
    generator = SplitMix64(seed: seed)
  }

  /// Plays `games` more games (none if the set cannot be dealt).
  public mutating func play(_ games: Int) {
    for _ in 0..<games {
      guard var table = try? rules.deal(players: names, setup: setup, using: &generator) else { return }
      report.games += 1
      let (winner, early) = Balance.play(&table, house: house, generator: &generator)
      if let winner { report.wins[winner, default: 0] += 1 } else { report.unfinished += 1 }
      if early { report.decidedBeforeFirstVote += 1 }
    }
  }
}

/// Random games of a game of nights and days (Palermo).
public enum Balance {
  /// No side may win more than this share of random games with a suggested set.
  public static let bound = 2.0 / 3.0

  /// Plays `games` random games of `rules` dealt with `setup` to `players`
  /// players, under the narrator's house rules `house`.
  public static func simulate(
    _ rules: any GameType, setup: Setup, players: Int, games: Int, house: DealtRules = DealtRules(),
    seed: UInt64
  ) -> BalanceReport {
    var run = BalanceRun(rules, setup: setup, players: players, house: house, seed: seed)
    run.play(games)
    return run.report
  }

  /// Plays one table to its end; returns the winner and whether the game was
  /// decided before the first day's vote.
  static func play(
    _ table: inout Table, house: DealtRules, generator: inout SplitMix64
  ) -> (winner: SideID?, early: Bool) {
    var votes = 0
    while table.winner == nil {
      guard let phase = table.currentPhase else { return (nil, false) }
      if phase.steps.isEmpty {
        // Day: the town votes a random living player out.
        let alive = table.alive
        guard !alive.isEmpty else { return (nil, false) }
        do { try table.markDead(alive[generator.uniform(below: alive.count)], cause: .votedOut, rules: house) } catch {
          return (nil, false)
        }
        votes += 1
      } else {
        let meeting = table.isMeetingNight(rules: house)
        for step in table.stepsTonight(rules: house) {
          // On a night of meeting only nobody is chosen (the narrator offers no list).
          let choice = meeting ? nil : choose(step, on: table, generator: &generator)
          let counted = choice.flatMap { table.countedChoice($0, by: step, rules: house) }
          guard (try? table.recordChoice(step.id, seat: counted)) != nil else { return (nil, false) }
        }
        _ = try? table.resolveNight()
      }
      if case .takePlayer? = table.pending {
        let alive = table.alive
        _ = try? table.resolveFollowUp(target: alive[generator.uniform(below: alive.count)])
      }
      if let winner = table.winner { return (winner, votes == 0) }
      guard (try? table.advancePhase()) != nil else { return (nil, false) }
    }
    return (table.winner, votes == 0)
  }

  /// A random legal choice of a night step: a killing step picks a living
  /// player outside its own roles, a protecting or checking step any living
  /// player (a check changes nothing in a random game: no player acts on it).
  static func choose(_ step: NightStep, on table: Table, generator: inout SplitMix64) -> Int? {
    guard table.hasChooser(step) else { return nil }
    let holders = Set(step.roles.flatMap { table.seats(holding: $0) })
    let options: [Int]
    switch step.action {
    case .kill: options = table.alive.filter { !holders.contains($0) }
    case .protect, .check, .block: options = table.alive
    }
    return options.isEmpty ? nil : options[generator.uniform(below: options.count)]
  }
}
