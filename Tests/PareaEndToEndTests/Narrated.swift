import Foundation
import PareaLocale
import PareaRules

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Helpers for narrated Palermo games (`NarratedGameTests`): a night waits on
// the clock (every secret step lasts a drawn 30–45 s, whatever the players
// do, and the binary has no way to shorten it), so the long games run side by
// side, each on its own thread, and their long waits poll slowly.

/// Runs each job at once on its own thread and waits until all have ended;
/// returns, in order, what each one threw (nil for a job that finished).
///
/// For games that spend most of their time waiting for a night's steps. A job
/// checks with `ensure` and the harness's waits, which throw: `#expect` on a
/// thread of one's own would not be reported as the test's.
func runAtOnce(_ jobs: [@Sendable () throws -> Void]) -> [(any Error)?] {
  final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Int: any Error] = [:]
    func record(_ error: any Error, at index: Int) {
      lock.lock()
      errors[index] = error
      lock.unlock()
    }
    func error(at index: Int) -> (any Error)? {
      lock.lock()
      defer { lock.unlock() }
      return errors[index]
    }
  }
  let outcomes = Outcomes()
  let group = DispatchGroup()
  for (index, job) in jobs.enumerated() {
    group.enter()
    Thread {
      defer { group.leave() }
      do { try job() } catch { outcomes.record(error, at: index) }
    }.start()
  }
  group.wait()
  return jobs.indices.map { outcomes.error(at: $0) }
}

/// A check in a job of `runAtOnce`: throws `message` when `condition` is false.
func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw HarnessError(message()) }
}

/// `expectRestored` for a job of `runAtOnce`: canonical input and echo on.
func isRestored(_ stty: String) -> Bool {
  let words = Set(
    stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
  return words.contains("icanon") && words.contains("echo")
}

extension Screens {
  /// The screen as one line: each row trimmed, blank rows left out, the rest
  /// joined by single spaces, so that a line wrapped over rows (or centred on
  /// every other row, as Parea's large type is) reads whole.
  static func flat(_ capture: String) -> String {
    lines(capture).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// `flat` of a message in a box: its side borders dropped, so that a
  /// message wrapped inside it reads as one line.
  static func flatInBox(_ capture: String) -> String {
    flat(capture.replacingOccurrences(of: "│", with: " "))
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  /// `flat` of the columns left of the day's actions panel (the narrator's
  /// words by day wrap there, beside the panel).
  static func flatBesideThePanel(_ capture: String) -> String {
    flat(lines(capture).map { String($0.prefix(56)) }.joined(separator: "\n"))
  }
}

extension TmuxSession {
  /// A new folder of links to the `keeping` programs (found on this PATH),
  /// for a pane whose PATH must not hold `missing`.
  static func toolsWithout(_ missing: String, keeping programs: [String]) throws -> String {
    var template = Array("/tmp/parea-tools.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
    let folder = String(cString: made)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for program in programs where program != missing {
      let candidates: [String] = path.split(separator: ":").map { String($0) + "/" + program }
      guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else {
        throw HarnessError("\(program) is not on PATH")
      }
      try FileManager.default.createSymbolicLink(atPath: folder + "/" + program, withDestinationPath: found)
    }
    return folder
  }

  /// `waitUntil` for the long waits of a night (a minute and more): polls
  /// every 200 ms rather than every 20, so that games waiting side by side
  /// leave the machine's cores to the rest.
  @discardableResult
  func waitSlowly(_ what: String, timeout: Duration, _ condition: (String) -> Bool) throws -> String {
    try waitUntil(what, timeout: timeout, pollMicroseconds: 200_000, condition)
  }
}

extension FakeVoice {
  /// Waits until the narrator has asked for `text` to be said (the stand-in
  /// logs a call a moment after the screen changes; each line is awaited
  /// before the key that brings the next, which would stop it, perhaps
  /// before it had logged). Returns the calls so far.
  @discardableResult
  func waitUntilAsked(_ text: String, timeout: Duration = TmuxSession.defaultTimeout) throws
    -> [Call]
  {
    let deadline = ContinuousClock.now + timeout
    while true {
      let calls = calls()
      if calls.contains(where: { $0.says(text) }) { return calls }
      if ContinuousClock.now >= deadline {
        throw HarnessError(
          "timed out after \(timeout) waiting for the voice to be asked to say \"\(text)\"; it was asked for:\n\(calls.map(\.description).joined(separator: "\n"))"
        )
      }
      usleep(20_000)
    }
  }
}

extension Driver {
  /// How long a wait for the next step of a night may take: a secret step
  /// lasts at most 45 s, then "close your eyes" 4 s; with room for a loaded machine.
  static let nightWait: Duration = .seconds(100)

  /// Palermo's roles for the smallest narrated game that shows a whole night
  /// and a day: one thief, so that a night's victim leaves the town three to
  /// one and the day's vote can end the game.
  static let oneThiefRoles = [
    "palermo.redThief", "palermo.doctor", "palermo.citizenGeorge", "palermo.citizenMichael",
    "palermo.citizenJohn",
  ]

  /// Palermo for `names` with `roles` chosen by hand, narrated by `mode`:
  /// waits for the first hand-off and returns the game as dealt.
  func dealNarrated(_ names: [String], roles: [String], mode: NarrationMode) throws -> SavedGameFile
  {
    try chooseGame(1)
    try addPlayers(names)
    try continueToSetup()
    // How the table plays is chosen first, then the roles.
    try chooseNarration(mode)
    for (count, role) in roles.enumerated() {
      try chooseRole(role, chosen: Array(roles.prefix(count)))
      try session.waitFor(
        text("setup.chosenCount", ["chosen": "\(count + 1)", "players": "\(names.count)"]))
    }
    try session.sendKeys("d")
    try waitForHandOff(names[0])
    return try saved()
  }

  /// Every player in turn sees their card and hides it; waits for the
  /// narrator's first screen (dusk, "Enter: night falls").
  func revealAllToDusk(_ dealt: SavedGameFile) throws {
    for player in dealt.seats {
      try waitForHandOff(player.name)
      try reveal(player.name, role: player.role)
      try session.sendKeys("Enter")
    }
    try session.waitFor(text("key.nightFalls"))
  }

  /// A line as the narrator's screen shows it: in large capitals in Parea's
  /// mode, between «» under "Say:" in the moderator's.
  func shown(_ line: String, mode: NarrationMode) -> String {
    mode == .moderator ? text("narrator.moderator.quote", ["line": line]) : upper(line)
  }

  /// Waits until the narrator's screen shows `line` (see `shown`), polling
  /// slowly, for as long as a night's step may take. Returns the screen.
  @discardableResult
  func waitForLine(_ line: String, mode: NarrationMode, timeout: Duration = nightWait) throws
    -> String
  {
    let wanted = shown(line, mode: mode)
    let what = "the narrator shows \"\(wanted)\""
    try session.waitSlowly(what, timeout: timeout) { Screens.flat($0).contains(wanted) }
    // Then a whole frame: the line is near the top, and a capture taken while
    // the frame is being written shows it above the last screen's rest (a CI
    // run saw the new line over dusk's text and keys).
    return try session.waitUntilSettled(what) { Screens.flat($0).contains(wanted) }
  }

  /// On a narrator's list (`entries` are its lines, in order): highlights
  /// `name`, Enter, then Enter again to "Your choice: …" (`asked`: how the question says it, if not `name`).
  func chooseOnList(_ name: String, among entries: [String], asked: String? = nil) throws {
    guard let index = entries.firstIndex(of: name) else {
      throw HarnessError("\(name) is not among \(entries)")
    }
    // The list opens on its first line and stops at its ends.
    try press("Up", times: entries.count)
    try press("Down", times: index)
    try session.waitUntil("\(name) is highlighted") { screen in
      // By day the actions' panel is on the same rows, right of the list.
      Screens.lines(screen).contains { $0.hasSuffix("▸ " + name) || $0.contains("▸ " + name + "  ") }
    }
    try waitForKeys()
    try session.sendKeys("Enter")
    try waitForQuestion(asked ?? name)
    try waitForKeys()  // the question is guarded too
    try session.sendKeys("Enter")
  }

  /// Waits for "Your choice: …" about `choice` (said as the question says it), wrapped or not.
  func waitForQuestion(_ choice: String) throws {
    let question = text("narrator.confirm", ["choice": choice])
    try session.waitUntil("the question \"\(question)\"") { Screens.flat($0).contains(question) }
  }

  /// By day on the narrator, as on the manual table: the player at `looker`
  /// looks at their role again (their count goes from 1 to 2), then the
  /// settings open over the day and close back to it.
  func lookAgainAndOpenSettingsByDay(_ looker: Int, of dealt: SavedGameFile) throws {
    let names = dealt.seats.map(\.name)
    try waitForRow(names[looker], views: 1)
    try session.sendKeys("l")
    try session.waitFor(text("table.pick.look"))
    try press("Up", times: names.count)
    try press("Down", times: looker)
    try session.waitUntil("\(names[looker]) is highlighted") { screen in
      Screens.lines(screen).contains { $0.hasSuffix("▸ " + names[looker]) }
    }
    try waitForKeys()
    try session.sendKeys("Enter")
    try session.waitUntilSettled("\"Are you \(names[looker])?\" answering keys") {
      $0.contains(self.text("table.areYou", ["name": self.upper(names[looker])]))
        && $0.contains(self.text("key.showRole"))
    }
    try reveal(names[looker], role: dealt.seats[looker].role)
    try session.sendKeys("Enter")
    try waitForRow(names[looker], views: 2)
    try session.sendKeys("s")
    try session.waitFor(text("settings.title"))
    try session.sendKeys("Escape")
    try waitForRow(names[looker], views: 2)
  }

  /// From the menu: Settings → "On a tied vote": vote again; back to the menu.
  func voteAgainOnATie() throws {
    try waitForHome()
    try session.sendKeys("s")
    try session.waitFor(text("settings.title"))
    let label = text("settings.narrator.tie")
    for _ in 0..<30 {
      if Screens.lines(try session.capture()).contains(where: { $0.contains("▸") && $0.contains(label) }) { break }
      try session.sendKeys("Down")
      try session.waitUntilSettled("the settings moved") { _ in true }
    }
    try session.waitUntil("\(label) is highlighted") { screen in
      Screens.lines(screen).contains { $0.contains("▸") && $0.contains(label) }
    }
    // Both values are on the row, the chosen one in its style: the vote's
    // list says which rule the game was dealt with ("narrator.vote.tieCount").
    try session.sendKeys("Right")
    _ = try session.waitUntilSettled("the tie's rule changed") { _ in true }
    try session.sendKeys("Escape")
    try waitForHome()
  }

  /// The vote's list after the players on it: a tie, nobody, count the hands.
  func voteEntries(_ players: [String]) -> [String] {
    players + [text("narrator.vote.tie"), text("narrator.vote.nobody"), text("narrator.vote.count")]
  }

  /// Counts the vote hand by hand from its list of `players`: `hands` for
  /// each (in their order on the list), then confirms what it comes to,
  /// which the question says as `result`.
  func countTheHands(_ hands: [Int], players: [String], result: String) throws {
    try press("Up", times: players.count + 3)
    try press("Down", times: players.count + 2)
    try session.waitUntil("the count is highlighted") { screen in
      Screens.lines(screen).contains { $0.contains("▸ " + self.text("narrator.vote.count")) }
    }
    try waitForKeys()
    try session.sendKeys("Enter")
    try session.waitFor(text("narrator.count.prompt"))
    try waitForKeys()  // the count is a new moment: its first key is guarded
    for (row, raised) in hands.enumerated() {
      if row > 0 { try press("Down", times: 1) }
      try session.sendKeys(String(raised))
    }
    try session.waitFor(text("narrator.count.result", ["result": result]))
    try waitForKeys()
    try session.sendKeys("Enter")
    try waitForQuestion(result)
    try waitForKeys()  // the question is guarded too
    try session.sendKeys("Enter")
  }

  /// The names of the living players of `saved`, in seat order.
  func aliveNames(_ saved: SavedGameFile) -> [String] { saved.alive.map { saved.seats[$0].name } }
}

/// The narration as `game.json` has it: the stage, and the night's choices on the table's log.
struct SavedNarration: Equatable, CustomStringConvertible {
  /// The stage's name, with its step for a secret one: "dusk", "awake 1", "morning"…
  var stage: String
  /// Each choice on the log, in order: the step's id and the seat chosen (nil: nobody).
  var choices: [Choice]

  struct Choice: Equatable {
    var step: String
    var seat: Int?
  }

  var description: String { "stage \(stage), choices \(choices)" }

  static func read(from dataDirectory: String) throws -> SavedNarration {
    let path = SavedGameFile.path(in: dataDirectory)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw HarnessError("no saved game at \(path)")
    }
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let narration = root["narration"] as? [String: Any],
      let stage = narration["stage"] as? [String: Any], let name = stage.keys.first,
      let table = root["table"] as? [String: Any], let log = table["log"] as? [[String: Any]]
    else {
      throw HarnessError("game.json has no narration:\n\(String(decoding: data, as: UTF8.self))")
    }
    let step = (stage[name] as? [String: Any])?["step"] as? Int
    let choices = log.compactMap { $0["chose"] as? [String: Any] }.map {
      // `.chose(NightStepID, seat: Int?)`, as Codable writes it: the step unlabelled.
      Choice(step: $0["_0"] as? String ?? "?", seat: $0["seat"] as? Int)
    }
    return SavedNarration(stage: step.map { "\(name) \($0)" } ?? name, choices: choices)
  }
}
