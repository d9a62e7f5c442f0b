import Foundation
import PareaApp
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// Undo is saved like any other action: a restart keeps what was undone,
  /// and can undo further back.
  @Suite
  struct UndoTests {
    @Test("A vote undone after a restart stays undone after another; then the day itself")
    func undoAcrossRestarts() throws {
      let run = try ResumeTests.Run()
      var session = try run.start(["--seed", "12"])
      var play = Driver(session)
      let saved = try play.dealAndRevealPalermo(["Anna", "Bob", "Chris", "Dora", "Eve"])
      let voted = try #require(saved.seats(holding: "palermo.citizenGeorge").first)  // out, and the game goes on
      let name = saved.seats[voted].name
      try play.nextPhase(to: "day", round: 1)
      try play.markOut(name, cause: "votedOut", in: saved, causes: ResumeTests.palermoCauses)
      try play.waitForRow(name, death: "votedOut", views: 1)

      /// The terminal closes; the program starts again on the same data; Resume.
      func restart() throws {
        try session.signal(SIGHUP)
        #expect(try session.waitForExit() == 128 + SIGHUP)
        session.kill()
        session = try run.start()
        play = Driver(session)
        try play.expectResumeOffered(game: "palermo", players: 5)
        try session.sendKeys("Enter")
        try play.waitForTable()
      }

      try restart()
      try play.waitForRow(name, death: "votedOut", views: 1)
      try session.sendKeys("u")
      try session.waitFor(play.text("confirm.undo.title"))
      let what = play.text("undo.what.died", ["name": name, "cause": play.causeName("votedOut")])
      try session.waitFor(what)
      try session.type(play.text("confirm.yes.key"))
      try session.waitFor(play.text("table.undone.title"))
      try play.waitForRow(name, views: 1)
      #expect(try play.saved().seats[voted].death == nil)

      try restart()
      try play.waitForRow(name, views: 1)
      #expect(try play.saved().seats[voted].death == nil)
      try session.sendKeys("u")
      try session.waitFor(play.text("phase.day.undo", ["round": "1"]))
      try session.type(play.text("confirm.yes.key"))
      try session.waitFor(play.text("phase.night.name", ["round": "1"]))
      #expect(try play.saved().phase == "night")
    }
  }
}
