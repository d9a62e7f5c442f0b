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
    private let words = Catalog.builtIn(.en)

    /// Home → players (five names) → setup (suggested roles) → deal → the
    /// first hand-off, for Anna.
    private func dealPalermo(_ session: TmuxSession) throws {
      try session.waitFor(Screens.homeMarker)
      try session.sendKeys("Enter")
      try session.waitFor(words.text("players.title"))
      for name in ["Anna", "Bob", "Chris", "Dora", "Eve"] {
        try session.type(name)
        try session.sendKeys("Enter")
      }
      try session.waitFor("5. Eve")
      try session.sendKeys("Enter")
      try session.waitFor(words.text("setup.rolesPrompt"))
      try session.sendKeys("s")
      try session.waitFor(words.text("setup.chosenCount", ["chosen": "5", "players": "5"]))
      try session.sendKeys("d")
      try session.waitFor(words.text("handOff.passTo"))
      try session.waitFor("ANNA")
    }

    @Test("after a role is hidden, neither the screen nor the history holds it")
    func hiddenRoleLeavesNoTrace() throws {
      let session = try TmuxSession(arguments: ["--seed", "3"])
      defer { session.kill() }
      try dealPalermo(session)
      let handOff = Screens.lines(try session.capture())

      try session.sendKeys("Enter")
      let reveal = Screens.lines(try session.waitFor(words.text("reveal.youAre")))
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
      let tty = try session.format("#{pane_tty}")
      let stray = "\u{1B}[\(row + 1);3HSTRAY-TEXT-ON-THE-REVEAL"
      let descriptor = open(tty, O_WRONLY | O_NOCTTY)
      try #require(descriptor >= 0)
      _ = stray.withCString { write(descriptor, $0, strlen($0)) }
      close(descriptor)
      try session.waitFor("STRAY-TEXT-ON-THE-REVEAL")

      try session.sendKeys("Enter")
      let next = try session.waitFor("BOB")
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
