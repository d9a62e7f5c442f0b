import PareaRules
import Testing

// Taking steps back in a narrated game: a whole night from the day after it
// (the dawn, the night's deaths, a kamikaze's take and every choice), and
// the day's votes one by one, with the narration back where each was taken.

private typealias R = Palermo.Roles

/// Seats: 0 Red thief, 1 Black thief, 2 Red kamikaze, 3 Black kamikaze, 4 Doctor, 5 to 7 citizens.
private let eight = [
  R.redThief, R.blackThief, R.redKamikaze, R.blackKamikaze, R.doctor, R.citizens[0], R.citizens[1],
  R.citizens[2],
]

@Suite struct NarrationUndoTests {
  @Test func aNightIsTakenBackWholeToWhereItBegan() throws {
    var driver = NightDriver(roles: eight)
    let dealt = driver.table
    try driver.run(.night(kill: 5, protect: 6))
    #expect(driver.narration.stage == .morning)
    #expect(driver.table.seats[5].death == .killedAtNight)
    #expect(driver.table.nightIsLastStep)
    try driver.table.undoNight()
    driver.narration.tookBackNight()
    #expect(driver.table == dealt)
    #expect(driver.narration.stage == .dusk)
    // Played again, it may go otherwise.
    try driver.run(.night(kill: 6, protect: 6))
    #expect(driver.table.seats[5].death == nil)
    #expect(driver.table.seats[6].death == nil)
  }

  @Test func theSecondNightGoesBackToItsOwnStartNotTheFirst() throws {
    var driver = NightDriver(roles: eight)
    try driver.run(.night(kill: 5, protect: nil))
    try driver.run([.enter, .enter, .vote(nil)])  // the morning, the vote, a tie: dusk
    let beforeNight2 = driver.table
    try driver.run(.night(kill: 6, protect: nil))
    #expect(driver.table.round == 2)
    try driver.table.undoNight()
    driver.narration.tookBackNight()
    // Night 2 has begun (its phase is kept), with nothing chosen: dusk goes on into it.
    #expect(driver.table.seats[6].death == nil)
    #expect(driver.table.seats[5].death == .killedAtNight)
    #expect(driver.table.round == 2 && driver.table.isSecretPhase)
    #expect(driver.table.choicesThisPhase.isEmpty)
    #expect(driver.table.log.count == beforeNight2.log.count + 1)
    try driver.run(.night(kill: 7, protect: nil))
    #expect(driver.table.seats[7].death == .killedAtNight)
  }

  @Test func aNightKamikazesTakeGoesBackWithItsNight() throws {
    var driver = NightDriver(roles: eight)
    let dealt = driver.table
    try driver.run(.night(kill: 3, protect: nil))  // the Black kamikaze, killed at night
    #expect(driver.narration.stage == .takeAlong)
    try driver.run(.take(6))
    #expect(driver.narration.stage == .morning)
    try driver.table.undoNight()
    driver.narration.tookBackNight()
    #expect(driver.table == dealt)
  }

  @Test func onlyADayWithNothingDoneTakesItsNightBack() throws {
    var driver = NightDriver(roles: eight)
    #expect(throws: TableError.nothingToUndo) { try driver.table.undoNight() }
    try driver.run(.night(kill: 5, protect: nil))
    try driver.run([.enter, .enter, .vote(nil)])
    #expect(!driver.table.nightIsLastStep)
    #expect(throws: TableError.nothingToUndo) { try driver.table.undoNight() }
  }

  @Test func aVoteTakenBackIsVotedAgainAndARevoteStaysARevote() throws {
    var driver = NightDriver(roles: eight, rules: DealtRules(tie: .revoteOnce))
    try driver.run(.night(kill: 5, protect: nil))
    try driver.run([.enter, .enter, .vote(nil)])
    #expect(driver.narration.revoting)
    #expect(driver.table.tiesToday == 1)
    try driver.run(.vote(6))
    #expect(driver.narration.stage == .dusk)
    let step = try driver.table.undo()
    driver.narration.tookBack(step, table: driver.table)
    #expect(step == .died(seat: 6, cause: .votedOut))
    #expect(driver.narration.stage == .vote && driver.narration.revoting)
    let tie = try driver.table.undo()
    driver.narration.tookBack(tie, table: driver.table)
    #expect(tie == .tied(among: nil))
    #expect(driver.narration.stage == .vote && !driver.narration.revoting)
    #expect(driver.table.tiesToday == 0)
  }

  @Test func aDaysKamikazesTakeIsChosenAgain() throws {
    var driver = NightDriver(roles: eight)
    try driver.run(.night(kill: 5, protect: nil))
    try driver.run([.enter, .enter, .vote(2)])  // the Red kamikaze, voted out
    #expect(driver.narration.stage == .takeAlong)
    try driver.run(.take(6))
    let step = try driver.table.undo()
    driver.narration.tookBack(step, table: driver.table)
    #expect(step == .taken(seat: 6))
    #expect(driver.narration.stage == .takeAlong)
    #expect(driver.table.pending == .takePlayer(by: 2))
  }
}
