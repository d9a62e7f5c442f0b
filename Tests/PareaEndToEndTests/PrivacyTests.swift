import Foundation
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// Hiding a role repaints the whole terminal, so nothing of the reveal can
  /// survive on screen or in the pane's history.
  @Suite
  struct PrivacyTests {
    let words = Catalog.builtIn(.en)

    /// Home → players (five names) → who narrates → setup (suggested roles) → deal → the
    /// first hand-off, for Anna.
    func dealPalermo(_ session: TmuxSession) throws {
      try session.waitFor(Screens.homeMarker)
      try session.sendKeys("Enter")
      try session.waitFor(words.text("players.title"))
      for name in ["Anna", "Bob", "Chris", "Dora", "Eve"] {
        try session.type(name)
        try session.sendKeys("Enter")
      }
      try session.waitFor("5. Eve")
      try session.sendKeys("Enter")
      // Who narrates, the setup's first page: as remembered (any way to play deals the same roles).
      try session.waitFor(words.text("setup.narration.title"))
      try session.sendKeys("Enter")
      try session.waitFor(words.text("setup.rolesPrompt"))
      try session.sendKeys("s")
      try session.waitFor(words.text("setup.chosenCount", ["chosen": "5", "players": "5"]))
      try session.sendKeys("d")
      try session.waitFor(words.text("handOff.passTo"))
      try session.waitFor("ANNA")
      // Keys are paused for a moment after the deal: wait until Enter shows the role.
      try session.waitFor(words.text("handOff.ready", ["name": "Anna"]))
    }

    /// Waits for the next player's hand-off answering keys, checking every
    /// screen on the way that no card is shown; returns the views saved for
    /// each seat.
    private func waitForHandOffWithoutACard(_ session: TmuxSession, _ name: String) throws {
      try session.waitUntil("\(name)'s hand-off answering keys, with no card on the way") { screen in
        #expect(!screen.contains(words.text("reveal.youAre")), "a card showed:\n\(TmuxSession.framed(screen))")
        return screen.contains(words.text("handOff.ready", ["name": name]))
      }
    }

    private func views(_ session: TmuxSession) throws -> [Int] {
      try SavedGameFile.read(from: session.dataDirectory).seats.map(\.views)
    }

    @Test("Enter pressed twice, fast, on a role hides it and stops at the next hand-off")
    func doublePressStopsAtTheHandOff() throws {
      let session = try TmuxSession(arguments: ["--seed", "3"])
      defer { session.kill() }
      try dealPalermo(session)
      try session.sendKeys("Enter")
      try session.waitFor(words.text("reveal.youAre"))
      try session.sendKeys("Enter", "Enter")  // two presses in one burst
      try session.waitFor("BOB")
      try waitForHandOffWithoutACard(session, "Bob")
      #expect(try views(session) == [1, 0, 0, 0, 0])

      // And the same a little slower, as a person double-clicks.
      try session.sendKeys("Enter")
      try session.waitFor(words.text("reveal.youAre"))
      try session.sendKeys("Enter")
      try session.waitFor("CHRIS")
      try session.sendKeys("Enter")
      try waitForHandOffWithoutACard(session, "Chris")
      #expect(try views(session) == [1, 1, 0, 0, 0])
    }

    @Test("a held key (ten presses in 100 ms) never reaches the next role")
    func heldKeyStopsAtTheHandOff() throws {
      let session = try TmuxSession(arguments: ["--seed", "3"])
      defer { session.kill() }
      try dealPalermo(session)
      try session.sendKeys("Enter")
      try session.waitFor(words.text("reveal.youAre"))
      for _ in 0..<10 {
        try session.sendKeys("Enter")
        usleep(10_000)
      }
      try waitForHandOffWithoutACard(session, "Bob")
      #expect(try views(session) == [1, 0, 0, 0, 0])
    }

    @Test("every card draws with the same colours and attributes, row by row, whatever the side")
    func cardsLookAlikeInTheTerminal() throws {
      let session = try TmuxSession(arguments: ["--seed", "3"])
      defer { session.kill() }
      try dealPalermo(session)
      let dealt = try SavedGameFile.read(from: session.dataDirectory)
      var skeletons: [String: [String]] = [:]
      for player in dealt.seats {
        try session.waitFor(words.text("handOff.ready", ["name": player.name]))
        try session.sendKeys("Enter")
        try session.waitUntilSettled("\(player.name)'s card") {
          $0.contains(words.text("reveal.youAre")) && $0.contains(player.name.uppercased())
        }
        // The escape sequences of each row without its text: what the
        // terminal is told about colours and attributes, in order.
        let attributed = try session.captureWithAttributes()
        skeletons[player.role] = attributed.split(separator: "\n", omittingEmptySubsequences: false).map { row in
          row.components(separatedBy: "\u{1B}[").dropFirst().map { $0.prefix { $0 != "m" } }.joined(separator: "|")
        }
        try session.sendKeys("Enter")
      }
      let thieves = try #require(skeletons["palermo.redThief"])
      let town = try #require(skeletons.first { !$0.key.contains("Thief") && $0.key != "palermo.snitch" }?.value)
      #expect(thieves.contains { $0.contains("34") }, "the frame's colour is drawn: \(thieves)")
      for (role, skeleton) in skeletons {
        #expect(skeleton == thieves, "\(role)'s card is drawn differently from the Red thief's")
        #expect(skeleton == town)
      }
    }

    @Test("after a role is hidden, neither the screen nor the history holds it")
    func hiddenRoleLeavesNoTrace() throws {
      let session = try TmuxSession(arguments: ["--seed", "3"])
      defer { session.kill() }
      try dealPalermo(session)
      // Whole frames: the rows found blank below must really be blank, and the
      // role's line comes after "You are" in the frame.
      let ready = words.text("handOff.ready", ["name": "Anna"])
      let handOff = Screens.lines(try session.settled(ready))

      try session.sendKeys("Enter")
      let reveal = Screens.lines(try session.settled(words.text("reveal.youAre")))
      // The role's name is the line under "You are", inside the frame.
      let index = try #require(reveal.firstIndex { $0.contains(words.text("reveal.youAre")) })
      let role = reveal[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
      #expect(!role.isEmpty)

      // Something the program does not know is on the screen (stray output on
      // its terminal) in a row that is blank on the reveal and on the next
      // hand-off: a redraw of only the changed cells would leave it there; a
      // full repaint removes it. (On a change this large ncurses often clears
      // the screen by itself too, so this checks the outcome, not the flag.)
      let blank = { (lines: [String], row: Int) in row >= lines.count || lines[row].isEmpty }
      let row = try #require((1..<23).first { blank(handOff, $0) && blank(reveal, $0) })
      try session.writeToTerminal("\u{1B}[\(row + 1);3HSTRAY-TEXT-ON-THE-REVEAL")
      try session.waitFor("STRAY-TEXT-ON-THE-REVEAL")

      try session.sendKeys("Enter")
      let next = try session.settled("BOB")
      #expect(!next.contains(role), "\(next)")
      #expect(
        !next.contains("STRAY-TEXT"),
        "a full repaint clears cells the new screen leaves blank:\n\(next)")
      let history = try session.history()
      #expect(!history.contains(role), "\(history)")
      #expect(!history.contains("STRAY-TEXT"))
      #expect(Screens.lines(history).count <= 24, "the alternate screen keeps no scroll-back")
    }
  }
}
