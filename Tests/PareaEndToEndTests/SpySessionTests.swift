import Foundation
import PareaApp
import Testing

extension EndToEnd {
  /// A Spy session's scores belong to the group, not to one run of the program.
  @Suite
  struct SpySessionTests {
    @Test("Scores survive a restart between two Spy rounds; ending the session asks, then forgets them")
    func scoresSurviveARestartBetweenRounds() throws {
      let run = try ResumeTests.Run()
      let first = try run.start(["--seed", "4"])
      var play = Driver(first)
      let names = ["Anna", "Bob", "Chris", "Dina"]
      try play.chooseGame(2)
      try play.addPlayers(names)
      try play.continueToSetup()
      let firstSpy = try play.playRoundEndedByHand(number: 1)

      // On to the next round's setup, then the program is gone.
      try first.sendKeys("Enter")
      try first.waitFor(play.text("setup.title"))
      first.kill()

      let second = try run.start(["--seed", "9"])
      play = Driver(second)
      try play.expectResumeOffered(game: "spy", players: 4)
      try second.sendKeys("Enter")
      try second.waitFor(play.text("setup.title"))
      let secondSpy = try play.playRoundEndedByHand(number: 2)
      // Nobody accused: each spy scores 2 a round. (Every line of the results.)
      let screen = try second.settled(play.text("summary.round", ["number": "2"]))
      for name in names {
        let total = (name == firstSpy ? 2 : 0) + (name == secondSpy ? 2 : 0)
        let line = try #require(Screens.lines(screen).first { $0.hasPrefix("  " + name + " ") })
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        #expect(trimmed.hasSuffix(" " + String(total)), "\(name)'s total on:\n\(screen)")
      }

      // h: the final standings, then a question; "no" keeps everything.
      try second.sendKeys("h")
      try second.waitFor(play.text("summary.standings"))
      try second.sendKeys("h")
      try second.waitFor(play.text("confirm.leaveSession.title"))
      try second.sendKeys("n")
      try second.waitForAbsence(of: play.text("confirm.leaveSession.title"))
      #expect(SavedGameFile.exists(in: run.data))
      try second.sendKeys("h")
      try second.waitFor(play.text("confirm.leaveSession.title"))
      try second.sendKeys("y")
      try play.waitForHome()
      #expect(!SavedGameFile.exists(in: run.data), "the session is over: nothing to resume")
    }
  }
}

extension EndToEnd.SpySessionTests {
  /// The round's time left as the table shows it ("09:57"), in seconds.
  static func secondsLeft(_ screen: String) -> Int? {
    screen.firstMatch(of: /\b(\d\d):(\d\d)\b/).flatMap { match in
      Int(match.1).flatMap { minutes in Int(match.2).map { minutes * 60 + $0 } }
    }
  }

  @Test("the round's timer survives a closed terminal: it comes back paused at its time left (less at most ten seconds), and goes on from there")
  func theTimerSurvivesARestart() throws {
    let run = try EndToEnd.ResumeTests.Run()
    let first = try run.start(["--seed", "4"])
    var play = Driver(first)
    try play.chooseGame(2)
    try play.addPlayers(["Anna", "Bob", "Chris", "Dina"])
    try play.continueToSetup()
    try first.sendKeys("Enter")
    try play.waitForHandOff("Anna")
    try play.revealAll(try play.saved())
    try play.waitForTable()
    try first.sendKeys("t")
    // Past the first ten seconds of questions, the terminal is closed.
    let last = try first.waitUntil("eleven seconds of the round", timeout: .seconds(30)) {
      (Self.secondsLeft($0) ?? 600) <= 589
    }
    try first.signal(SIGHUP)
    _ = try first.waitForExit()
    let closedAt = try #require(Self.secondsLeft(last))
    first.kill()

    let second = try run.start()
    play = Driver(second)
    try play.expectResumeOffered(game: "spy", players: 4)
    try second.sendKeys("Enter")
    let table = try play.waitForTable()
    let resumed = try #require(Self.secondsLeft(table), "no time left on:\n\(table)")
    // Saved every ten seconds while it ran: at most ten seconds are given back.
    #expect((closedAt...closedAt + 10).contains(resumed), "closed at \(closedAt) s left, came back at \(resumed) s")
    #expect(resumed < 600, "the round started again from the top")
    // Paused: it does not move until `t`.
    usleep(2_200_000)
    #expect(Self.secondsLeft(try second.capture()) == resumed, "a resumed timer runs before t")
    try second.sendKeys("t")
    try second.waitUntil("the timer goes on from \(resumed) s", timeout: .seconds(10)) {
      (Self.secondsLeft($0) ?? resumed) < resumed
    }
  }
}

extension Driver {
  /// From a Spy setup: deal one spy, reveal everyone, end the round with
  /// nobody accused; waits for the results of round `number` and returns the spy's name.
  func playRoundEndedByHand(number: Int, first: String = "Anna") throws -> String {
    try session.sendKeys("Enter")
    // The round's game is saved by the time its first hand-off shows.
    try waitForHandOff(first)
    let dealt = try saved()
    try revealAll(dealt)
    try session.sendKeys("e")
    try session.waitFor(text("confirm.endGame.title"))
    try session.sendKeys("y")
    try showResult()
    try session.waitUntilSettled("the results of round \(number)") {
      $0.contains(text("summary.round", ["number": "\(number)"]))
        && $0.contains(text("summary.ending.nobodyAccused"))
    }
    let spy = try #require(dealt.seats(holding: "spy.spy").first)
    return dealt.seats[spy].name
  }
}
