import Foundation
import Testing

/// Every test that drives the real binary in tmux. One at a time: each has
/// its own tmux server, but the machine has two cores and other test targets
/// run alongside, and key timing (ESCDELAY) should not compete for them.
@Suite(.serialized, .enabled(if: tmuxAvailable, tmuxMissing))
enum EndToEnd {}

/// tmux is required in CI (the setup script installs it); on a developer's
/// machine without it the end-to-end tests are skipped with this message.
let tmuxAvailable: Bool = {
  let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
  return !ci.isEmpty || Spawn.isInstalled("tmux")
}()
let tmuxMissing: Comment =
  "tmux is not installed: end-to-end tests skipped (scripts/setup --test installs it; in CI they fail instead)"

/// Asserts that the terminal modes `stty -a` printed are the normal ones:
/// canonical input and echo on (a program that died in raw mode leaves
/// `-icanon -echo`).
func expectRestored(_ stty: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let words = Set(
    stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
  #expect(words.contains("icanon"), "stty -a after exit: \(stty)", sourceLocation: sourceLocation)
  #expect(words.contains("echo"), "stty -a after exit: \(stty)", sourceLocation: sourceLocation)
  #expect(!words.contains("-icanon") && !words.contains("-echo"), sourceLocation: sourceLocation)
}
