import Foundation
import PareaApp
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

/// `game.json` as the program last wrote it: who holds which role, who is
/// out, how often each has looked. Read with JSONSerialization so that the
/// tests see the file as a person (or another program) would, not through the
/// app's own Codable types.
struct SavedGameFile {
  struct Seat: Equatable, CustomStringConvertible {
    var name: String
    var role: String
    var death: String?
    var views: Int
    var locationRole: Int?
    var description: String { "\(name): \(role), \(death ?? "alive"), looked \(views)" }
  }

  var game: String
  var seats: [Seat]
  var nextReveal: Int
  var location: String?
  var phase: String
  var round: Int
  /// The seat of a kamikaze who still has to choose, if any.
  var pendingKamikaze: Int?
  /// The file as written.
  var text: String

  static func path(in dataDirectory: String) -> String { dataDirectory + "/state/parea/game.json" }

  static func exists(in dataDirectory: String) -> Bool {
    FileManager.default.fileExists(atPath: path(in: dataDirectory))
  }

  static func read(from dataDirectory: String) throws -> SavedGameFile {
    let path = path(in: dataDirectory)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw HarnessError("no saved game at \(path)")
    }
    let text = String(decoding: data, as: UTF8.self)
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let table = root["table"] as? [String: Any],
      let seats = table["seats"] as? [[String: Any]]
    else { throw HarnessError("game.json does not have table.seats:\n\(text)") }
    var pending: Int?
    if let follow = table["pending"] as? [String: Any],
      let take = follow["takePlayer"] as? [String: Any]
    {
      pending = take["by"] as? Int
    }
    return SavedGameFile(
      game: table["game"] as? String ?? (table["game"] as? [String: Any])?["id"] as? String ?? "",
      seats: seats.map {
        Seat(
          name: $0["name"] as? String ?? "", role: $0["role"] as? String ?? "",
          death: $0["death"] as? String, views: $0["views"] as? Int ?? -1,
          locationRole: $0["locationRole"] as? Int)
      },
      nextReveal: root["nextReveal"] as? Int ?? -1, location: table["location"] as? String,
      phase: table["phase"] as? String ?? "", round: table["round"] as? Int ?? 0,
      pendingKamikaze: pending, text: text)
  }

  var names: [String] { seats.map(\.name) }
  var alive: [Int] { seats.indices.filter { seats[$0].death == nil } }

  func seats(holding role: String) -> [Int] { seats.indices.filter { seats[$0].role == role } }

  func seat(_ name: String) throws -> Int {
    guard let index = seats.firstIndex(where: { $0.name == name }) else {
      throw HarnessError("no seat named \(name) in:\n\(text)")
    }
    return index
  }
}

/// Drives one running `parea` as a person would, in the words of the language
/// the program is showing (looked up in the built-in tables, not hard-coded).
struct Driver {
  let session: TmuxSession
  /// The language the program is drawing in right now.
  var language: Language
  /// The names of the group's own roles in play, by identifier (the tables do not have them).
  var houseNames: [String: String] = [:]

  init(_ session: TmuxSession, language: Language = .en) {
    self.session = session
    self.language = language
  }

  var words: Catalog { Catalog.builtIn(language) }
  func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
    words.text(key, arguments)
  }
  func upper(_ text: String) -> String { words.upper(text) }
  func roleName(_ role: String) -> String { houseNames[role] ?? text("role.\(role).name") }
  /// The words of a side's win: a group's role that plays alone is its own side.
  func sideWin(_ side: String) -> String {
    houseNames[side].map { text("house.side.win", ["role": $0]) } ?? text("side.\(side).win")
  }
  func causeName(_ cause: String) -> String { text("cause.\(cause)") }

  // MARK: Keys

  /// Presses `key` `count` times in one go (tmux `send-keys -N`).
  func press(_ key: String, times count: Int) throws {
    // Zero presses send nothing (tmux would send one).
    if count > 0 {
      try waitForKeys()
      try session.sendKeys("-N", String(count), key)
    }
  }

  /// Waits until the screen answers keys: a screen whose next key could
  /// choose what cannot be taken back holds keys back for a moment and says
  /// so in its footer (`KeyGuard`); a key sent before would start the wait again.
  func waitForKeys() throws {
    let notes = Language.allCases.map { Catalog.builtIn($0).text("guard.note") }
    try session.waitUntil("the keys answer") { screen in !notes.contains { screen.contains($0) } }
  }

  // MARK: Home, players, setup

  /// Waits for the home screen.
  @discardableResult
  func waitForHome() throws -> String { try session.settled(text("home.title")) }

  /// Esc on a game in play, "Yes" to leaving it, then q on the menu: the
  /// program exits with 0 (and, as every exit, leaves no process behind).
  func leaveGameAndQuit() throws {
    try session.sendKeys("Escape")
    try session.waitFor(text("confirm.abandonGame.title"))
    try session.type(text("confirm.yes.key"))
    try waitForHome()
    try session.sendKeys(Screens.quitKey)
    #expect(try session.waitForExit() == 0)
  }

  /// Picks a game by its number on the home screen: 1 Palermo, 2 Spy, 3 Killer.
  func chooseGame(_ number: Int) throws {
    try waitForHome()
    try session.sendKeys(String(number))
    try session.waitFor(text("players.fieldHint"))
  }

  /// Types each name and Enter, waiting until it is listed.
  func addPlayers(_ names: [String], startingAt first: Int = 1) throws {
    for (offset, name) in names.enumerated() {
      try session.type(name)
      try session.sendKeys("Enter")
      try session.waitFor("\(first + offset). \(name)")
    }
  }

  /// Enter on the empty field: on to the setup.
  func continueToSetup() throws {
    try session.sendKeys("Enter")
    try session.waitFor(text("setup.title"))
  }

  /// From home: Killer for Anna, Bob and Chris, dealt; waits for Anna's hand-off.
  func dealKillerForThree() throws {
    try chooseGame(3)
    try addPlayers(["Anna", "Bob", "Chris"])
    try continueToSetup()
    try session.sendKeys("Enter")
    try waitForHandOff("Anna")
  }

  /// Palermo, from who narrates (the setup's first page): `mode`, the
  /// suggested role set, then the deal; waits for the first hand-off.
  func suggestAndDeal(players count: Int, first name: String, mode: NarrationMode = .manual) throws {
    try chooseNarration(mode)
    try session.sendKeys("s")
    try session.waitFor(text("setup.chosenCount", ["chosen": "\(count)", "players": "\(count)"]))
    try session.sendKeys("d")
    try waitForHandOff(name)
  }

  /// On Palermo's first page of the setup: chooses who narrates and goes on to the roles.
  func chooseNarration(_ mode: NarrationMode) throws {
    try session.waitFor(text("setup.narration.title"))
    // The modes are listed Parea, moderator, manual; the highlight stops at the ends.
    for _ in 0..<2 { try session.sendKeys("Up") }
    let steps = mode == .parea ? 0 : mode == .moderator ? 1 : 2
    for _ in 0..<steps { try session.sendKeys("Down") }
    try session.waitFor("▸ " + text("setup.narration.\(mode)"))
    try session.sendKeys("Enter")
    try session.waitFor(text("setup.rolesPrompt"))
  }

  // MARK: Hand-off and reveal

  /// Waits for "Pass the laptop to NAME".
  @discardableResult
  func waitForHandOff(_ name: String) throws -> String {
    try session.waitUntilSettled("the hand-off to \(name)") {
      $0.contains(text("handOff.passTo")) && $0.contains(text("handOff.ready", ["name": name]))
        && $0.contains(upper(name))
    }
  }

  /// Enter on a hand-off (or "Are you…?"): waits for NAME's card and returns it.
  @discardableResult
  func reveal(_ name: String, role: String) throws -> String {
    try session.sendKeys("Enter")
    return try waitForCard(name, role: role)
  }

  /// Waits for NAME's card showing `role`.
  @discardableResult
  func waitForCard(_ name: String, role: String) throws -> String {
    let card = try session.waitUntilSettled("\(name)'s card (\(role))") {
      $0.contains(text("reveal.youAre")) && $0.contains(upper(roleName(role)))
        && $0.contains(upper(name))
    }
    return Screens.asRead(card)
  }

  /// Every player of the first round in turn: hand-off, reveal (checked by
  /// `check` with the seat and the card), hide. Waits for the table after the last.
  func revealAll(
    _ saved: SavedGameFile, from first: Int = 0, check: (Int, String) throws -> Void = { _, _ in }
  ) throws {
    for seat in first..<saved.seats.count {
      let player = saved.seats[seat]
      let handOff = try waitForHandOff(player.name)
      try expectNoRole(in: handOff, saved)
      let card = try reveal(player.name, role: player.role)
      try check(seat, card)
      try session.sendKeys("Enter")  // hides: the next hand-off, or the table after the last
    }
    try waitForTable()
  }

  /// No card on `screen`, and no role name of the game in capitals, as a
  /// card shows them, in either language.
  func expectNoRole(
    in screen: String, _ saved: SavedGameFile, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for role in Set(saved.seats.map(\.role)) {
      for language in Language.allCases {
        let words = Catalog.builtIn(language)
        let name = words.text("role.\(role).name")
        #expect(
          !screen.contains(words.upper(name)), "\(role) shows on:\n\(TmuxSession.framed(screen))",
          sourceLocation: sourceLocation)
      }
    }
    #expect(
      !screen.contains(text("reveal.youAre")), "a card on:\n\(TmuxSession.framed(screen))",
      sourceLocation: sourceLocation)
  }

  // MARK: The table

  /// Waits for the table's main view (the list of actions).
  @discardableResult
  func waitForTable() throws -> String {
    try session.waitUntilSettled("the table") {
      $0.contains(text("table.actions")) && $0.contains(text("table.command.end"))
        && $0.contains(text("table.looked"))
    }
  }

  /// A player's line on the table: name, state, how many times they looked.
  /// Ends with a space, so "1" does not match "12"; compare with
  /// `hasRow(_:on:)` (capture-pane drops the space at the end of a line).
  func row(_ name: String, death: String? = nil, views: Int) -> String {
    TextWidth.pad(name, to: PlayersScreen.maxNameWidth + 2)
      + TextWidth.pad(death.map(causeName) ?? text("table.alive"), to: 22) + "\(views) "
  }

  /// Whether `screen` has `row` (from `row(_:death:views:)`) on one of its lines.
  func hasRow(_ row: String, on screen: String) -> Bool {
    Screens.lines(screen).contains { ($0 + " ").contains(row) }
  }

  /// Waits for a player's line on the table.
  @discardableResult
  func waitForRow(_ name: String, death: String? = nil, views: Int) throws -> String {
    let row = row(name, death: death, views: views)
    return try session.waitUntilSettled("the table shows \"\(row)\"") { hasRow(row, on: $0) }
  }

  /// The table's rows as the saved game says they should be.
  func rows(_ saved: SavedGameFile) -> [String] {
    saved.seats.map { row($0.name, death: $0.death, views: $0.views) }
  }

  /// Waits until the screen shows every row of `saved`; returns the screen.
  @discardableResult
  func waitForRows(_ saved: SavedGameFile) throws -> String {
    let expected = rows(saved)
    return try session.waitUntilSettled("the table shows \(expected)") { screen in
      expected.allSatisfy { hasRow($0, on: screen) }
    }
  }

  /// In a pick list (`candidates` are the names offered, in order): moves to
  /// `name` and chooses it.
  func pick(_ name: String, among candidates: [String]) throws {
    guard let index = candidates.firstIndex(of: name) else {
      throw HarnessError("\(name) is not among \(candidates)")
    }
    // A pick opens on its first player and wraps: a whole round of Up lands there too.
    try press("Up", times: candidates.count)
    try press("Down", times: index)
    try session.waitUntil("\(name) is highlighted") { screen in
      Screens.lines(screen).contains { $0.contains("▸ " + name + " ") }
    }
    try waitForKeys()
    try session.sendKeys("Enter")
  }

  /// `d`, the player, then (Palermo) the cause: marks a player out. With
  /// `second`, another player was already marked out in this phase: says yes
  /// to the question that follows.
  func markOut(
    _ name: String, cause: String, in saved: SavedGameFile, causes: [String], second: Bool = false
  ) throws {
    try session.sendKeys("d")
    try session.waitFor(text("table.pick.markDead"))
    try pick(name, among: saved.alive.map { saved.seats[$0].name })
    // One cause only (Killer): no "How?" box, and never a second-death
    // question; the player marked out says so in private.
    if causes.count > 1 {
      try chooseCause(cause, among: causes, second: second)
    } else {
      try sayOutInPrivate(name)
    }
  }

  /// Killer's wink: the laptop goes to the player marked out, who answers
  /// "I am out" in private; the table's notice is then put away.
  func sayOutInPrivate(_ name: String) throws {
    try session.waitUntilSettled("the hand-off to \(name)") {
      $0.contains(text("handOff.passTo")) && $0.contains(upper(name))
    }
    try waitForKeys()
    try session.sendKeys("Enter")
    try session.waitFor(text("table.out.question"))
    try waitForKeys()
    try session.sendKeys("Enter")
    try handBack()
    try session.waitFor(text("table.out.done.message", ["name": name]))
    try session.sendKeys("Escape")
    try waitForTable()
  }

  /// After a private answer: the page that hands the laptop back to the
  /// table (the same whatever was answered), then Enter once it answers keys.
  @discardableResult
  func handBack() throws -> String {
    let screen = try session.waitUntilSettled("the hand-back to the table") {
      $0.contains(self.text("handBack.done")) && $0.contains(self.upper(self.text("handBack.box")))
    }
    try waitForKeys()
    try session.sendKeys("Enter")
    return screen
  }

  /// The game over, before anything of its result is drawn.
  @discardableResult
  func waitForGameOver() throws -> String {
    try session.waitUntilSettled("the game over") { $0.contains(self.upper(self.text("summary.gate.title"))) }
  }

  /// At the game over, Enter once it answers keys: the result for everyone.
  func showResult() throws {
    try waitForGameOver()
    try waitForKeys()
    try session.sendKeys("Enter")
  }

  /// The "How?" box: the cause of the death marked a moment ago.
  private func chooseCause(_ cause: String, among causes: [String], second: Bool) throws {
    try session.waitFor(text("table.howDied"))
    // The phase's own cause is listed first: a killing by night, a vote by day.
    let phase = try self.saved().phase
    let ownCause = phase == "night" ? "killedAtNight" : "votedOut"
    let order = causes.filter { $0 == ownCause } + causes.filter { $0 != ownCause }
    let index = try #require(order.firstIndex(of: cause))
    try press("Down", times: index)
    try session.waitFor("▸ " + causeName(cause))
    try session.sendKeys("Enter")
    if second {
      try session.waitFor(text("confirm.secondDeath.title"))
      try session.type(text("confirm.yes.key"))
    }
  }

  /// `a`, who accuses, then whom: the suspects are everyone alive but the accuser.
  func accuse(_ name: String, by accuser: String, in saved: SavedGameFile) throws {
    try session.sendKeys("a")
    try session.waitFor(text("table.pick.accuser"))
    let alive = saved.alive.map { saved.seats[$0].name }
    try pick(accuser, among: alive)
    try session.waitFor(text("table.pick.accuse"))
    try pick(name, among: alive.filter { $0 != accuser })
  }

  /// `n`: night to day or day to night; waits for the header to say so.
  func nextPhase(to phase: String, round: Int) throws {
    try session.sendKeys("n")
    try session.waitFor(text("phase.\(phase).name", ["round": "\(round)"]))
  }

  /// `l`, the player, "Are you NAME?", Enter: waits for their card.
  @discardableResult
  func lookAgain(_ name: String, role: String, in saved: SavedGameFile) throws -> String {
    try session.sendKeys("l")
    try session.waitFor(text("table.pick.look"))
    try pick(name, among: saved.names)
    // Keys are paused for a moment after the pick (a double press must not
    // go through): wait until the footer offers Enter.
    try session.waitUntilSettled("\"Are you \(name)?\" answering keys") {
      $0.contains(text("table.areYou", ["name": upper(name)])) && $0.contains(text("key.showRole"))
    }
    return try reveal(name, role: role)
  }

  /// The summary with the winner's headline.
  @discardableResult
  func waitForSummary(winner side: String) throws -> String {
    // The game over comes first, for the whole table: Enter shows the result.
    let gate = upper(text("summary.gate.title"))
    let winner = upper(sideWin(side))
    let first = try session.waitUntilSettled("the game over or the summary") {
      $0.contains(gate) || ($0.contains(self.text("summary.title")) && $0.contains(winner))
    }
    if first.contains(gate) {
      try waitForKeys()
      try session.sendKeys("Enter")
    }
    return try session.waitUntilSettled("the summary says \(side) won") {
      $0.contains(self.text("summary.title")) && $0.contains(winner)
    }
  }

  /// The saved game in this session's data folder.
  func saved() throws -> SavedGameFile { try SavedGameFile.read(from: session.dataDirectory) }
}
