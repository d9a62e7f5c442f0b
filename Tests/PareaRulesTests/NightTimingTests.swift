import PareaRules
import Testing

// Timing fairness: how long a secret night step lasts must not tell the table
// whether its role is alive, out or not dealt. With the injected clock, the
// Doctor's step is timed over many nights in each case (the living Doctor
// choosing after a random human delay); the three samples must look drawn
// from one distribution (two-sample Kolmogorov–Smirnov), and a step that ends
// when the choice is made — the unfair design — must clearly fail the same check.

private typealias R = Palermo.Roles

/// The two-sample Kolmogorov–Smirnov statistic: the largest gap between the
/// two empirical distribution functions.
func ksStatistic(_ a: [Int64], _ b: [Int64]) -> Double {
  let x = a.sorted()
  let y = b.sorted()
  var i = 0
  var j = 0
  var gap = 0.0
  while i < x.count && j < y.count {
    let value = min(x[i], y[j])
    while i < x.count && x[i] == value { i += 1 }
    while j < y.count && y[j] == value { j += 1 }
    gap = max(gap, abs(Double(i) / Double(x.count) - Double(j) / Double(y.count)))
  }
  return gap
}

/// The critical value at the 0.001 level for samples of `n` and `m`.
func ksCritical(_ n: Int, _ m: Int) -> Double {
  1.95 * ((Double(n) + Double(m)) / (Double(n) * Double(m))).squareRoot()
}

enum DoctorCase: CaseIterable { case alive, dead, notDealt }

/// The length of the Doctor's step in `nights` first nights, each with its own seed.
/// A living Doctor chooses after a delay drawn from `delays` (a person's time to
/// decide); `endsAtChoice` models the unfair design for the control.
func doctorStepLengths(_ doctor: DoctorCase, nights: Int, seedBase: UInt64, endsAtChoice: Bool = false)
  throws -> [Int64]
{
  var human = SplitMix64(seed: seedBase &* 31 &+ 5)
  var lengths: [Int64] = []
  for night in 0..<nights {
    var roles: [RoleID] = [R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]
    if doctor == .notDealt { roles[2] = R.citizens[3] }
    let seats = roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) }
    var table = Table(game: Palermo(), seats: seats)
    if doctor == .dead { try table.markDead(2, cause: .votedOut) }
    var narration = Narration(mode: .parea, seed: seedBase &+ UInt64(night))
    var now: Int64 = 0
    _ = try narration.proceed(table: &table, now: now)
    // Through the thieves' step (a citizen chosen in time) to the Doctor's.
    while narration.stage != .awake(step: 1) {
      if narration.stage == .awake(step: 0), !narration.hasChosen(on: table) {
        _ = try narration.choose(5, table: &table, now: now)
      }
      now = try #require(narration.stageEnds)
      _ = narration.tick(table: &table, now: now)
    }
    let woke = now
    let ends = try #require(narration.stageEnds)
    var slept = ends
    if doctor == .alive {
      // A person takes 3 to 50 seconds: sometimes longer than the step.
      let delay = Int64(3_000 + human.uniform(below: 47_000))
      if woke + delay < ends {
        _ = try narration.choose(3, table: &table, now: woke + delay)
        if endsAtChoice { slept = woke + delay }
      }
    }
    now = ends
    let cues = narration.tick(table: &table, now: now)
    #expect(cues == [.sleep("doctor")])
    lengths.append(slept - woke)
  }
  return lengths
}

@Suite("Night timing")
struct NightTimingTests {
  @Test("a secret step lasts as long whether its role is alive, out or not dealt")
  func sameDistribution() throws {
    let alive = try doctorStepLengths(.alive, nights: 400, seedBase: 1_000)
    let dead = try doctorStepLengths(.dead, nights: 400, seedBase: 50_000)
    let notDealt = try doctorStepLengths(.notDealt, nights: 400, seedBase: 90_000)
    let critical = ksCritical(400, 400)
    #expect(ksStatistic(alive, dead) < critical)
    #expect(ksStatistic(alive, notDealt) < critical)
    #expect(ksStatistic(dead, notDealt) < critical)
    // Every step lasts within the declared range, never less.
    for length in alive + dead + notDealt { #expect(Narration.awakeMilliseconds.contains(length)) }
  }

  @Test("the check catches a step that ends when the choice is made")
  func unfairStepFails() throws {
    let unfair = try doctorStepLengths(.alive, nights: 400, seedBase: 1_000, endsAtChoice: true)
    let dead = try doctorStepLengths(.dead, nights: 400, seedBase: 50_000)
    #expect(ksStatistic(unfair, dead) > 2 * ksCritical(400, 400))
  }

  @Test("the order and words of a night do not depend on who is alive or dealt")
  func sameCues() throws {
    var cuesSeen: [[NarrationCue]] = []
    for doctor in DoctorCase.allCases {
      // Seven, so that the thieves' victim never ends the game when the Doctor is out.
      var roles: [RoleID] = [
        R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2], R.citizens[4],
      ]
      if doctor == .notDealt { roles[2] = R.citizens[3] }
      let seats = roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) }
      var table = Table(game: Palermo(), seats: seats)
      if doctor == .dead { try table.markDead(2, cause: .votedOut) }
      var narration = Narration(mode: .parea, seed: 3)
      var cues = try narration.proceed(table: &table, now: 0)
      var now: Int64 = 0
      while let ends = narration.stageEnds {
        if narration.stage == .awake(step: 0), !narration.hasChosen(on: table) {
          cues += try narration.choose(5, table: &table, now: now)
        }
        now = ends
        cues += narration.tick(table: &table, now: now)
      }
      // The living Doctor's "chosen" is the only difference the screen shows, to the Doctor alone.
      cuesSeen.append(cues.filter { $0 != .chosen })
    }
    #expect(cuesSeen[0] == cuesSeen[1])
    #expect(cuesSeen[0] == cuesSeen[2])
  }

  @Test("the thieves' step lasts its drawn time at least, and waits past it for their choice")
  func thievesWait() throws {
    for seed in UInt64(1)...50 {
      let roles: [RoleID] = [R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]
      let seats = roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) }
      // An early choice: the step still lasts its drawn time.
      var table = Table(game: Palermo(), seats: seats)
      var narration = Narration(mode: .parea, seed: seed)
      _ = try narration.proceed(table: &table, now: 0)
      let woke = try #require(narration.stageEnds)
      _ = narration.tick(table: &table, now: woke)
      let ends = try #require(narration.stageEnds)
      #expect(try narration.choose(5, table: &table, now: woke + 2_000) == [.chosen])
      #expect(narration.stage == .awake(step: 0) && narration.stageEnds == ends)
      // A late choice: past its drawn time the step waits, whatever the clock says, and ends at the choice.
      var late = Table(game: Palermo(), seats: seats)
      narration = Narration(mode: .parea, seed: seed)
      _ = try narration.proceed(table: &late, now: 0)
      _ = narration.tick(table: &late, now: woke)
      #expect(narration.tick(table: &late, now: ends).isEmpty)
      #expect(narration.waitsForChoice && narration.stageEnds == nil)
      #expect(narration.tick(table: &late, now: ends + 600_000).isEmpty)
      #expect(narration.stage == .awake(step: 0))
      let chosenAt = ends + 90_000
      #expect(try narration.choose(5, table: &late, now: chosenAt) == [.chosen, .sleep("thieves")])
      #expect(narration.stage == .asleep(step: 0) && narration.stageEnds == chosenAt + Narration.asleepMilliseconds)
      #expect(!narration.waitsForChoice)
    }
  }

  @Test("a first night of meeting only does not wait: nobody chooses then")
  func meetingNightPasses() throws {
    let roles: [RoleID] = [R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]
    let seats = roles.enumerated().map { Seat(name: "P\($0.offset)", role: $0.element) }
    var table = Table(game: Palermo(), seats: seats, options: TableOptions(dealt: DealtRules(firstNightMeetingOnly: true)))
    var narration = Narration(mode: .parea, seed: 9)
    _ = try narration.proceed(table: &table, now: 0)
    _ = narration.tick(table: &table, now: try #require(narration.stageEnds))
    let ends = try #require(narration.stageEnds)
    #expect(narration.tick(table: &table, now: ends) == [.sleep("thieves")])
  }
}
