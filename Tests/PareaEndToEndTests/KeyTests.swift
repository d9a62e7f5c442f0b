import PareaLocale
import Testing

extension EndToEnd {
  /// Keys as tmux sends them: arrows, Escape, unknown keys and sequences.
  @Suite
  struct KeyTests {
    private let words = Catalog.builtIn(.en)

    private func openPlayers(_ session: TmuxSession) throws {
      try session.waitFor(Screens.homeMarker)
      try session.sendKeys("Enter")
      try session.waitFor(words.text("players.fieldHint"))
    }

    @Test("keys the app has no use for (F-keys, Ctrl-arrows, unknown sequences) type nothing")
    func unknownKeysAreIgnored() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try openPlayers(session)
      try session.sendKeys("F5", "C-Up", "F12", "C-Left", "S-F3")
      // Raw sequences no terminfo entry names: a CSI with a private final byte, SS3.
      try session.type("\u{1B}[999~\u{1B}[1;9Z\u{1B}OP")
      try session.type("x")
      // Garbage would stand in the field's line before the x: a settled frame.
      let screen = try session.settled("│ x ")
      let field = try #require(Screens.lines(screen).first { $0.contains("│ x ") })
      for garbage in ["[", "~", "999", "OP", ";"] {
        #expect(!field.contains(garbage), "\(TmuxSession.framed(screen))")
      }
    }

    @Test("Escape followed at once by another key is both keys, in order")
    func escapeThenKey() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try openPlayers(session)
      // One send-keys: the two arrive together, as Alt-Down would.
      try session.sendKeys("Escape", "Down")
      try session.waitUntil("home shows with the second game highlighted") {
        $0.contains(Screens.homeMarker) && $0.contains("▸ 2")
      }
    }

    @Test("a lone Escape goes back (after ESCDELAY, not a second later)")
    func loneEscape() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try openPlayers(session)
      let pressed = session.elapsed
      try session.sendKeys("Escape")
      try session.waitFor(Screens.homeMarker)
      // With ncurses' default ESCDELAY the key alone would take 1000 ms; the
      // rest of this (send-keys, the redraw, polling) gets the time below it,
      // which a loaded machine may need.
      #expect(
        session.elapsed - pressed < .milliseconds(1000), "ncurses' default ESCDELAY is 1000 ms")
    }
  }
}
