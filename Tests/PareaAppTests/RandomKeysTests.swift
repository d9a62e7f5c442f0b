import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Any sequence of keys — held keys, pasted text, resizes — leaves a valid state
/// and a screen that draws, and hand-off screens never show a role.
@Suite struct RandomKeysTests {
  static let keys: [Key] = [
    .up, .down, .left, .right, .enter, .enter, .enter, .escape, .backspace, .delete, .tab, .backTab,
    .home, .end, .pageUp, .pageDown, .control("a"), .character(" "), .character("s"),
    .character("d"), .character("y"), .character("n"), .character("ν"), .character("ο"),
    .character("e"), .character("l"), .character("a"), .character("v"), .character("g"),
    .character("o"), .character("r"), .character("x"), .character("i"), .character("["),
    .character("]"), .character("1"), .character("2"), .character("3"), .character("Ά"),
    .character("\u{301}"), .character("😀"), .character("界"), .character("\u{202E}"),
    .character("p"), .character("h"), .character("k"), .character("j"),
  ]

  @Test(arguments: 0..<12) func randomKeysNeverBreakAnything(_ seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var app = makeApp(seed % 2 == 0 ? .en : .el, seed: seed, savedNames: ["Anna", "Bob", "Γιώργος"])
    // Keys come at random moments: bursts as fast as a held key, and pauses
    // long enough for a paused hand-off to answer again.
    var clock: Int64 = 0
    for step in 0..<4_000 {
      clock += Int64([0, 10, 30, 300, 1_200][generator.uniform(below: 5)])
      app.tick(now: clock)
      let before = app.state
      let roll = generator.uniform(below: 100)
      if roll < 3 {
        // Paste a name: a burst of characters, then Enter.
        app.type(["Anna", "Νίκος", "Ελένη", "Bob", "Maria", "Kostas", "Ζωή"][generator.uniform(below: 7)] + String(step))
        _ = app.handle(.enter)
      } else if roll < 4 {
        app.resize(width: 40 + generator.uniform(below: 80), height: 10 + generator.uniform(below: 30))
      } else {
        _ = app.handle(Self.keys[generator.uniform(below: Self.keys.count)], now: clock)
      }
      // A role is only ever shown from a hand-off that was answering keys.
      if app.state.screen.is(RevealScreen.self), before.screen.is(HandOffScreen.self) {
        #expect(before.keyGuard == nil || before.keyGuard!.isOver(at: app.state.clock), "a key reached a role through a paused hand-off")
      }
      if app.isFinished {
        app = makeApp(.en, seed: seed &+ UInt64(step))
        clock = 0
      }
      checkValid(app.state)
      let canvas = app.render(width: 80, height: 24)
      if app.state.screen.is(HandOffScreen.self) { try checkNoRoles(canvas, app.state) }
      if let page = app.state.screen.as(TableScreen.self), page.notice == nil, app.state.notices.isEmpty,
        !app.state.houseRules.revealDeadRoles
      {
        switch page.mode {
        case .main, .pick, .cause: try checkPlayerRows(canvas, app.state)
        default: break
        }
      }
    }
  }

  func checkValid(_ state: AppState) {
    #expect(state.players.count <= 20)
    if let table = state.table {
      // The game as dealt: the group's own roles with it, if any.
      #expect(GameRegistry.game(table.game) != nil)
      #expect(table.seats.allSatisfy { table.rules.role($0.role) != nil })
      #expect(RoleDeclaration.houseProblems(table.rules.houseRoles, builtIn: Palermo().roles).isEmpty)
      #expect((0...table.seats.count).contains(state.session?.nextReveal ?? -1))
    }
    if let page = state.screen.as(HandOffScreen.self) { #expect(state.table?.seats.indices.contains(page.seat) == true) }
    if let page = state.screen.as(RevealScreen.self) { #expect(state.table?.seats.indices.contains(page.seat) == true) }
    if state.screen.is(TableScreen.self) || state.screen.is(SummaryScreen.self) { #expect(state.table != nil) }
    if let page = state.screen.as(PlayersScreen.self) { #expect(page.field.cursor <= page.field.text.count) }
  }

  /// The table's list of players (its first 55 columns) never shows a role or
  /// leaves out a living player in a way that points at one.
  func checkPlayerRows(_ canvas: Canvas, _ state: AppState) throws {
    let table = try #require(state.table)
    let words = Words(wording: Catalog.builtIn(state.language))
    let rows = canvas.lines.dropFirst().map { String($0.prefix(55)) }
    for seat in table.seats {
      let role = words.roleName(seat.role)
      for row in rows where Self.row(row, names: seat.name) {
        #expect(!row.contains(role), "the table shows \(seat.name)'s role: \(row)")
      }
    }
  }

  /// Whether `row` holds `name` as a whole word: a player called "a" (random
  /// keys make such names) is not in every row with an "a" in it, such as
  /// the table's hint, which names roles on purpose.
  static func row(_ row: String, names name: String) -> Bool {
    var rest = Substring(row)
    while let range = rest.firstRange(of: name) {
      let before = range.lowerBound == row.startIndex ? nil : row[row.index(before: range.lowerBound)]
      let after = range.upperBound == row.endIndex ? nil : row[range.upperBound]
      if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
      rest = row[range.upperBound...]
    }
    return false
  }

  func checkNoRoles(_ canvas: Canvas, _ state: AppState) throws {
    let table = try #require(state.table)
    let words = Words(wording: Catalog.builtIn(state.language))
    // The header names the game, which may share its name with a role (Spy's spy).
    let text = canvas.lines.dropFirst().joined(separator: "\n")
    for seat in table.seats {
      #expect(!text.contains(words.roleName(seat.role)), "a hand-off shows a role")
    }
  }
}
