import Foundation
import PareaApp
import PareaCanvas
import PareaLocale
import Testing

extension EndToEnd {
  /// Things that happen to a game at the table: a language switch, a resize,
  /// a terminal made too small, ending the game by hand.
  @Suite
  struct MidGameTests {
    @Test("switching to Greek at the table: the table, look again's question and card, the end are Greek")
    func languageSwitchMidGame() throws {
      let session = try TmuxSession(arguments: ["--seed", "6", "--lang", "en"])
      defer { session.kill() }
      var play = Driver(session)
      let saved = try play.dealAndRevealPalermo(["Anna", "Bob", "Chris", "Dora", "Eve"])

      try session.sendKeys("s")
      try session.waitFor(play.text("settings.languageHint"))
      try session.sendKeys("Right")
      play.language = .el
      try session.waitFor(play.text("settings.languageHint"))
      try session.sendKeys("Escape")
      var screen = try play.waitForTable()
      #expect(screen.contains(play.text("phase.night.name", ["round": "1"])))
      // The first night is a night like any other unless the house rule says the thieves only meet.
    #expect(screen.contains(play.text("table.hint.night")))
      try play.waitForRows(saved)
      for key in ["table.actions", "table.command.end", "table.alive", "key.lookAgain"] {
        let english = Catalog.builtIn(.en).text(key)
        #expect(!screen.contains(english), "\"\(english)\" still in English:\n\(screen)")
      }
      // The setting is kept.
      let settings = try String(
        contentsOfFile: session.configHome + "/parea/settings.json", encoding: .utf8)
      #expect(settings.contains("\"el\""), "\(settings)")

      // Look again, in Greek: the question, the card, then back to the table.
      let seat = 3
      let player = saved.seats[seat]
      try session.sendKeys("l")
      try session.waitFor(play.text("table.pick.look"))
      try play.pick(player.name, among: saved.names)
      screen = try session.waitUntilSettled("the question, answering keys") {
        $0.contains(play.text("table.areYou", ["name": play.upper(player.name)])) && $0.contains(play.text("key.showRole"))
      }
      #expect(screen.contains(play.text("table.areYouHint")))
      let card = try play.reveal(player.name, role: player.role)
      #expect(card.contains(play.text("reveal.youAre")))
      #expect(card.contains(play.upper(play.roleName(player.role))), "\(card)")
      #expect(card.contains(play.text("key.hideRole")))
      #expect(!card.contains(Catalog.builtIn(.en).text("reveal.youAre") + " "))
      try session.sendKeys("Enter")
      try play.waitForTable()
      try play.waitForRow(player.name, views: 2)

      // End the game: Enter on the default answers No; ν (the Greek yes) ends it.
      try session.sendKeys("e")
      try session.waitFor(play.text("confirm.endGame.title"))
      try session.sendKeys("Enter")
      try session.waitForAbsence(of: play.text("confirm.endGame.title"))
      try play.waitForTable()
      try session.sendKeys("e")
      try session.waitFor(play.text("confirm.endGame.title"))
      try session.type(play.text("confirm.yes.key"))
      try play.showResult()
      screen = try session.settled(play.text("summary.noWinner"))
      #expect(screen.contains(play.text("summary.title")))
      for seat in saved.seats {
        #expect(screen.contains(TextWidth.pad(seat.name, to: 22) + play.roleName(seat.role)))
      }
    }

    @Test("a resize at the table redraws it; too small shows the message; back to 80×24, the same table")
    func resizeAndTooSmallAtTheTable() throws {
      let session = try TmuxSession(arguments: ["--seed", "7"])
      defer { session.kill() }
      let play = Driver(session)
      let saved = try play.dealAndRevealPalermo(["Anna", "Bob", "Chris", "Dora", "Eve"])
      try play.nextPhase(to: "day", round: 1)
      let before = try play.waitForRows(saved)
      let footer = play.text("key.lookAgain")
      #expect(Screens.lines(before).lastIndex { $0.contains(footer) } == 23)

      try session.resize(width: 100, height: 30)
      let large = try session.waitUntilSettled("the table at 100×30") { screen in
        Screens.lines(screen).lastIndex { $0.contains(footer) } == 29
      }
      #expect(try session.format("#{pane_width}x#{pane_height}") == "100x30")
      for row in play.rows(saved) { #expect(play.hasRow(row, on: large), "\(large)") }
      #expect(large.contains(play.text("phase.day.name", ["round": "1"])))

      try session.resize(width: 80, height: 24)
      var after = try session.waitUntil("the table at 80×24 again") { $0 == before }
      #expect(after == before)

      try session.resize(width: 70, height: 20)
      let small = Screens.start(width: 70, height: 20)
      let tooSmall = try session.waitUntil("the too-small message") { Screens.lines($0) == small }
      play.expectNoRoleOnTable(tooSmall, saved)
      // Large enough again: the table comes back as it was.
      try session.resize(width: 80, height: 24)
      after = try session.waitUntil("the table is back unchanged") { $0 == before }
      #expect(after == before)
      #expect(try play.saved().seats == saved.seats)
    }
  }
}
