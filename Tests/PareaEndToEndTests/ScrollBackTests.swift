import Foundation
import Testing

extension EndToEnd.PrivacyTests {
  /// A terminal without an alternate screen keeps in its scroll-back whatever
  /// a full repaint pushes off the screen, and leaves the last screen as it
  /// is at exit. `vt100` has no alternate screen in terminfo; tmux with
  /// `alternate-screen off` ignores the one the program asks for.
  @Test(
    "without an alternate screen, a hidden role is in neither the history nor, after Ctrl-C on a card, the screen",
    arguments: [("vt100", true), ("tmux-256color", false)])
  func noAlternateScreenKeepsNoRole(term: String, alternateScreen: Bool) throws {
    let words = self.words
    let session = try TmuxSession(
      arguments: ["--seed", "3"], environment: ["TERM": term], alternateScreen: alternateScreen)
    defer { session.kill() }
    try dealPalermo(session)
    let youAre = words.text("reveal.youAre")
    // The control: this terminal does keep what a full repaint pushes off
    // the screen (the setup, before any secret), so the checks below can fail.
    let kept = try session.history()
    #expect(kept.contains(words.text("setup.title")), "no scroll-back kept here:\n\(kept)")

    /// The role's name: the line under "You are", inside the card's frame.
    func shownRole() throws -> String {
      let card = Screens.lines(try session.settled(youAre))
      let index = try #require(card.firstIndex { $0.contains(youAre) })
      let role = card[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: "│| "))
      try #require(!role.isEmpty)
      return role
    }

    try session.sendKeys("Enter")
    let first = try shownRole()
    try session.sendKeys("Enter")
    // Keys are paused for a moment after a card: the hand-off says when Enter works.
    _ = try session.settled(words.text("handOff.ready", ["name": "Bob"]))
    let history = try session.history()
    #expect(!history.contains(youAre), "the hidden card is in the history:\n\(history)")
    #expect(!history.contains(first), "the hidden role is in the history:\n\(history)")

    // Ctrl-C while the next card is on the screen: it goes from the screen
    // and the history on the way out.
    try session.sendKeys("Enter")
    let second = try shownRole()
    try session.sendKeys("C-c")
    #expect(try session.waitForExit() == 130)
    let after = try session.history()
    #expect(!after.contains(youAre), "the card stayed after Ctrl-C:\n\(after)")
    #expect(!after.contains(second), "the role stayed after Ctrl-C:\n\(after)")
  }
}
