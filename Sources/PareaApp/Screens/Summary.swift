import PareaCanvas
import PareaRules

/// The end of a game: who won, why, everyone's role and, in a scored game
/// (Spy), the points of this round and of the session.
public struct SummaryScreen: Hashable, Sendable {
  /// The first line shown.
  public var scroll = 0
  /// Whether the session's final standings are shown (`h` in a scored game).
  public var standings = false

  /// Starts at the top.
  public init(standings: Bool = false) { self.standings = standings }

  /// Whether the table is at the game over without its result shown yet:
  /// the public gate, where nothing of the result or the roles is drawn
  /// (DECISIONS: "An ending is public before it is shown").
  static func atGate(_ state: AppState) -> Bool {
    guard let table = state.table else { return false }
    return !table.resultShown
  }

  /// Whether the gate offers to take back the game's last step: a game the
  /// table plays by hand, with a step to take back.
  static func gateOffersUndo(_ state: AppState) -> Bool {
    state.session?.narration == nil && state.table?.lastStep != nil
  }

  /// The game over: the result, undo (when the last step may be taken
  /// back), the rules, the menu. The session's standings: ending it (it
  /// asks), the rules, back. The results: another round, the menu (or
  /// ending a scored session), the rules, scrolling when the list is longer
  /// than its rows.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    commands(in: state, scrollable: Self.maxScroll(state: state, words: words, standings: false) > 0)
  }

  /// The commands, with whether the results' list is longer than its rows
  /// (as drawn: the terminal's size).
  func commands(in state: AppState, scrollable: Bool) -> [KeyCommand] {
    let rules = KeyCommand.shown("i", "key.rules", [(.letter("i"), .openRules)])
    let scrolling: [(Shortcut, Action)] = [(.up, .summary(.scroll(-1))), (.down, .summary(.scroll(1)))]
    if Self.atGate(state) {
      var commands: [KeyCommand] = [.shown("Enter", "key.showResult", [(.enter, .summary(.show))])]
      if Self.gateOffersUndo(state) { commands.append(.shown("u", "key.undo", [(.letter("u"), .summary(.undo))])) }
      return commands + [rules, .shown("Esc", "key.home", [(.escape, .summary(.home))])]
    }
    if standings {
      return [
        .shown("h", "key.leaveSession", [(.letter("h"), .summary(.home))]),
        rules,
        .shown("Esc", "key.back", [(.escape, .summary(.closeStandings))]),
        .hidden(.moving, scrolling),
      ]
    }
    let scored = state.table.map { state.rules.points(for: $0) != nil } ?? false
    return [
      .shown("Enter", "key.playAgain", [(.enter, .summary(.playAgain))]),
      .shown("h", scored ? "key.leaveSession" : "key.home", [(.letter("h"), .summary(.home))]),
      rules,
      scrollable ? .shown("↑↓", "key.scroll", scrolling) : .hidden(.moving, scrolling),
      .hidden(.alias, [(.letter("p"), .summary(.playAgain)), (.escape, .summary(.home))]),
    ]
  }

  // Columns of the results, from the list's left edge. The widest built-in
  // texts: a name 20, a role at a location 24, a note 12, so that every column
  // keeps at least two blank columns before the next at 80 columns.
  static let roleColumn = 22
  static let noteColumn = 48
  static let roundColumn = 62
  static let totalColumn = 69

  /// Why the game ended, wrapped to the screen.
  static func reasonLines(state: AppState, table: Table, words: Words, width: Int) -> [String] {
    let text: String
    if let ending = state.rules.ending(of: table) {
      text = reason(ending, table: table, state: state, words: words)
    } else if !state.rules.phases.isEmpty, let winner = state.rules.winner(of: table) {
      // A game of nights and days ends by its win rule: say which.
      text = words(GameKeys.summaryWon(winner))
    } else {
      return []
    }
    return TextWidth.wrap(text, width: width - 8)
  }

  /// Where the list of players goes: below the winner, the reason and the location.
  static func list(state: AppState, table: Table, words: Words, size: Size) -> Rect {
    let row = 3 + reasonLines(state: state, table: table, words: words, width: size.width).count
      + (table.location == nil ? 0 : 1) + 1
    return Rect(row: row, column: 2, width: size.width - 4, height: size.height - row - 2)
  }

  /// The standings' list, below its heading.
  static func standingsBody(size: Size) -> Rect {
    Rect(row: 5, column: 20, width: 40, height: size.height - 7)
  }

  /// The furthest the list can scroll: its last line at the bottom of its place.
  static func maxScroll(state: AppState, words: Words, standings: Bool) -> Int {
    guard let table = state.table else { return 0 }
    if standings {
      return max(0, state.sessionTotals().count - standingsBody(size: state.viewport).height)
    }
    let list = list(state: state, table: table, words: words, size: state.viewport)
    return max(0, rows(state: state, table: table, words: words, width: list.width).count - list.height)
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table else { return }
    if Self.atGate(state) {
      drawGate(into: &canvas, state: state, table: table, words: words)
      return
    }
    if standings {
      drawStandings(into: &canvas, state: state, table: table, words: words)
      return
    }
    let rules = state.rules
    let bounds = canvas.bounds
    let points = rules.points(for: table)
    // `roundsPlayed` is at most `GameSession.maximumRoundsPlayed` (checked when
    // read, saturating after): + 1 cannot overflow.
    let round = points == nil ? "" : words("summary.round", ["number": String((state.session?.roundsPlayed ?? 0) + 1)])
    canvas.header(words, title: words.gameName(table.game) + "  ·  " + words("summary.title"), right: round)
    if let winner = rules.winner(of: table) {
      let bad = rules.side(winner)?.isBad == true
      canvas.center(words.upper(words(GameKeys.sideWin(winner))), row: 2, in: bounds, style: bad ? Theme.bad : Theme.good)
    } else {
      canvas.center(words("summary.noWinner"), row: 2, in: bounds, style: Theme.title)
    }
    var row = 3
    for line in Self.reasonLines(state: state, table: table, words: words, width: bounds.width) {
      canvas.center(line, row: row, in: bounds)
      row += 1
    }
    if let location = table.location {
      canvas.center(words("summary.location", ["location": words.locationName(location)]), row: row, in: bounds, style: Theme.title)
      row += 1
    }
    let list = Self.list(state: state, table: table, words: words, size: Size(width: bounds.width, height: bounds.height))
    let rows = Self.rows(state: state, table: table, words: words, width: list.width)
    let top = min(scroll, max(0, rows.count - list.height))
    for (offset, index) in (top..<min(rows.count, top + list.height)).enumerated() {
      for (column, text, limit) in rows[index].cells {
        canvas.write(text, row: list.row + offset, column: list.column + column, style: rows[index].style, limit: limit)
      }
    }
    canvas.footer(commands(in: state, scrollable: rows.count > list.height), words: words)
  }

  /// The game over, before anything of its result is drawn: the same page
  /// whoever won and however (only the step undo would take back is named,
  /// and the table saw it taken), for everyone to look at together.
  private func drawGate(into canvas: inout Canvas, state: AppState, table: Table, words: Words) {
    let bounds = canvas.bounds
    let scored = table.rules.points(for: table) != nil
    let round = scored ? words("summary.round", ["number": String((state.session?.roundsPlayed ?? 0) + 1)]) : ""
    canvas.header(words, title: words.gameName(table.game) + "  ·  " + words("summary.title"), right: round)
    let box = Rect(row: 6, column: (bounds.width - 44) / 2, width: 44, height: 3)
    canvas.frame(box, style: Theme.accent)
    canvas.center(words.upper(words("summary.gate.title")), row: box.row + 1, in: box, style: Theme.title)
    var row = box.bottom + 2
    for line in TextWidth.wrap(words("summary.gate.look"), width: 64) {
      canvas.center(line, row: row, in: bounds)
      row += 1
    }
    row += 1
    let offersUndo = Self.gateOffersUndo(state)
    let note: String
    if offersUndo, let step = table.lastStep {
      note = words("summary.gate.undo", ["what": Confirmation.describe(step, table: table, words: words)])
    } else {
      note = words("summary.gate.final")
    }
    for line in TextWidth.wrap(note, width: 64) {
      canvas.center(line, row: row, in: bounds, style: Theme.dim)
      row += 1
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }

  /// One line of the scrolled list: its cells (column, text, width limit) and style.
  typealias Row = (cells: [(Int, String, Int)], style: Style)

  /// The scrolled list: one row per player (in a scored game a heading
  /// first), then the story of a game of nights and days.
  static func rows(state: AppState, table: Table, words: Words, width: Int) -> [Row] {
    let rules = state.rules
    let points = rules.points(for: table)
    // One row per player; in a scored game a heading first. Each column is
    // written on its own with a limit, so a long text is cut, never run into the next.
    var rows: [Row] = []
    if points != nil {
      rows.append((
        [(0, words("table.player"), 20), (Self.roleColumn, words("summary.role"), 24),
          (Self.roundColumn, words("summary.points"), 6), (Self.totalColumn, words("summary.total"), width - Self.totalColumn)],
        Theme.dim))
    }
    let guesser = table.guess?.by
    for (seat, player) in table.seats.enumerated() {
      let role: String
      if let index = player.locationRole, let location = table.location {
        // At a location the role there says more than "Local".
        role = words.locationRole(location, index)
      } else {
        role = words.roleName(player.role)
      }
      var cells = [(0, player.name, 20), (Self.roleColumn, role, 24)]
      if let points {
        // Short notes: the reason line above says the rest.
        let note = seat == guesser ? words("summary.note.guessed") : player.death.map { _ in words("summary.note.accused") }
        if let note { cells.append((Self.noteColumn, note, 12)) }
        // A score within `GameSession.scoreLimit` and one round's points: the sum cannot overflow.
        let total = (state.session?.scores[player.name] ?? 0) + points[seat]
        cells.append((Self.roundColumn, "+\(points[seat])", 6))
        cells.append((Self.totalColumn, String(total), width - Self.totalColumn))
      } else if let death = player.death {
        cells.append((Self.noteColumn, words(GameKeys.cause(death)), width - Self.noteColumn))
      }
      rows.append((cells, rules.isBad(player.role) ? Theme.bad : Theme.normal))
    }
    return rows + storyRows(state: state, table: table, words: words, width: width)
  }

  /// The game's story (`Table.story`), a heading per night and day and a line
  /// per thing that happened in it, wrapped to the list.
  static func storyRows(state: AppState, table: Table, words: Words, width: Int) -> [Row] {
    let chapters = table.story()
    guard !chapters.isEmpty else { return [] }
    func name(_ seat: Int) -> String { table.seats.indices.contains(seat) ? table.seats[seat].name : "" }
    var rows: [Row] = [([], Theme.normal), ([(0, words("story.title"), width)], Theme.title)]
    for chapter in chapters {
      rows.append(([(2, words(GameKeys.phaseName(chapter.phase), ["round": String(chapter.round)]), width - 2)], Style(bold: true)))
      for (position, event) in chapter.events.enumerated() {
        let line: String
        switch event {
        case .chose(let step, let seat?):
          line = words(GameKeys.step(table.game, step, .chose), ["name": name(seat)])
        case .chose(let step, nil):
          line = words(GameKeys.step(table.game, step, .choseNone))
        case .met(let step):
          line = words(GameKeys.step(table.game, step, .met))
        case .saved:
          line = words.line(.storySaved, of: table.game)
        case .died(let seat, let cause):
          let role = table.seats.indices.contains(seat) ? words.roleName(table.seats[seat].role) : ""
          line = words(GameKeys.storyDied(cause), ["name": name(seat), "role": role])
        case .tied:
          // A tie the town voted again after, and the revote's tie, are told
          // as such: never "the vote was tied" twice in one day.
          let after = chapter.events.dropFirst(position + 1)
          let revoted = after.contains { if case .died(_, .votedOut) = $0 { true } else { $0 == .tied || $0 == .spared } }
          let again = chapter.events.prefix(position).contains(.tied)
          line = words(revoted ? "story.tied.revote" : again ? "story.tied.again" : "story.tied")
        case .spared:
          line = words("story.spared")
        case .quiet:
          line = words(GameKeys.storyQuiet(chapter.phase))
        }
        for (index, part) in TextWidth.wrap(line, width: width - 6).enumerated() {
          rows.append(([(index == 0 ? 4 : 6, part, width - 6)], Theme.normal))
        }
      }
    }
    return rows
  }

  /// Why the round ended, in a sentence with the names in it.
  static func reason(_ ending: Ending, table: Table, state: AppState, words: Words) -> String {
    func name(_ seat: Int) -> String { table.seats.indices.contains(seat) ? table.seats[seat].name : "" }
    switch ending {
    case .guessed(let by, let location, let right):
      return words(right ? "summary.ending.rightGuess" : "summary.ending.wrongGuess", [
        "name": name(by), "guess": words.locationName(location),
      ])
    case .falseClaim(let by, let location):
      return words("summary.ending.falseClaim", ["name": name(by), "guess": words.locationName(location)])
    case .accusedInnocent(let target):
      return words("summary.ending.accusedInnocent", ["name": name(target)])
    case .caughtAll(let last):
      let bad = table.seats.filter { state.rules.isBad($0.role) }.count
      return words(bad == 1 ? "summary.ending.caughtAll.one" : "summary.ending.caughtAll.other", ["name": name(last)])
    case .endedNobodyAccused:
      // The timer is not saved: after a restart the plainer sentence is still true.
      return words(state.timer?.expired == true ? "summary.ending.timeUp" : "summary.ending.nobodyAccused")
    case .endedEarly:
      return words("summary.ending.endedEarly")
    case .falseAccusation(let by):
      let accuser = state.rules.roles.first { $0.accusationAttempts != nil }
      return words("summary.ending.falseAccusation", [
        "name": name(by), "role": accuser.map { words.roleName($0.id) } ?? "",
      ])
    }
  }

  /// The session's totals, best first, before the scores are thrown away.
  private func drawStandings(into canvas: inout Canvas, state: AppState, table: Table, words: Words) {
    let bounds = canvas.bounds
    let rounds = (state.session?.roundsPlayed ?? 0) + 1  // bounded, as on the results
    canvas.header(words, title: words.gameName(table.game) + "  ·  " + words("summary.standings"),
      right: words(rounds == 1 ? "summary.rounds.one" : "summary.rounds.other", ["count": String(rounds)]))
    let totals = state.sessionTotals()
    canvas.center(words("summary.standingsHint"), row: 2, in: bounds, style: Theme.dim)
    let list = Rect(row: 4, column: 20, width: 40, height: bounds.height - 6)
    canvas.write(words("table.player"), row: list.row, column: list.column + 5, style: Theme.dim, limit: 20)
    canvas.write(words("summary.total"), row: list.row, column: list.column + 28, style: Theme.dim, limit: 12)
    let body = Self.standingsBody(size: Size(width: bounds.width, height: bounds.height))
    let top = min(scroll, max(0, totals.count - body.height))
    var rank = 0
    for (index, entry) in totals.enumerated() {
      // Equal totals share a place.
      if index == 0 || entry.total != totals[index - 1].total { rank = index + 1 }
      let row = body.row + index - top
      guard index >= top, row < body.bottom else { continue }
      let style = rank == 1 ? Theme.title : Theme.normal
      canvas.write(String(rank) + ".", row: row, column: body.column, style: style)
      canvas.write(entry.name, row: row, column: body.column + 5, style: style, limit: 20)
      canvas.write(String(entry.total), row: row, column: body.column + 28, style: style)
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

/// What the user can do on the summary.
public enum SummaryAction: Hashable, Sendable {
  /// The same game with the same players: back to the setup.
  case playAgain
  /// Back to the menu; in a scored session, the final standings first, then a question.
  case home
  /// From the final standings back to the round's results.
  case closeStandings
  /// Scroll the list of players.
  case scroll(Int)
  /// Ask to take back the table's last action (back to the table), only
  /// before the result is shown.
  case undo
  /// Show the result and every role to the whole table (from the gate).
  case show
  /// "Leave the session?" answered yes: its scores go, home.
  case leaveSession
  /// "Undo …?" answered yes: the step named goes, if it is still the last.
  case takeBack(TableStep)
}

extension AppState {
  /// Every name's points in this session including the round on the summary,
  /// best first (then by name, so the order is the same every time).
  func sessionTotals() -> [(name: String, total: Int)] {
    session?.totals() ?? []
  }
}

extension SummaryScreen: Feature {
  /// The game over is shown to everyone at once (DECISIONS: "An ending is public before it is shown").
  func audience(in state: AppState) -> Audience { .table }
  /// The gate's Enter shows every role.
  func guardedMoment(in state: AppState) -> GuardedMoment? { Self.atGate(state) ? .gameOver : nil }

  mutating func reduce(_ action: SummaryAction, in context: ScreenContext) -> Outcome {
    let state = context.state
    let scored = context.table.map { $0.rules.points(for: $0) != nil } ?? false
    switch action {
    case .playAgain:
      // The round's points join the scores; the next deal makes the next
      // round's table (and a fresh timer) from the same players and setup.
      // Saved even without a table: a session's scores survive a restart between rounds.
      return SetupScreen.open(in: state, changes: [.closeRound], effects: [.saveGame, .redrawAll])
    case .home:
      if scored && !standings {
        standings = true
        scroll = 0
        return .stay(effects: [.redrawAll])
      }
      if scored { return .ask(Confirmation(.leaveSession, yes: .summary(.leaveSession))) }
      return Self.leaveSession(state)
    case .closeStandings:
      return .go(.summary(SummaryScreen()), effects: [.redrawAll])
    case .undo:
      // The last action may have been the slip that ended the game: it may
      // be taken back at the gate, before anything is shown (after, the
      // table has no last step). A narrated game has no undo: its night
      // cannot be replayed in the open.
      guard Self.gateOffersUndo(state), let step = context.table?.lastStep else { return .stay }
      return .ask(Confirmation(.undo(step), yes: .summary(.takeBack(step))))
    case .leaveSession:
      return Self.leaveSession(context.state)
    case .takeBack(let step):
      return TableScreen.takeBack(step, fromTable: false, in: context)
    case .show:
      guard Self.atGate(state) else { return .stay }
      scroll = 0
      return .stay([.session(.showResult)], effects: [.saveGame, .redrawAll])
    case .scroll(let step):
      // Clamped here, not only when drawn: one step back always moves the view.
      let limit = Self.maxScroll(state: state, words: context.words, standings: standings)
      scroll = max(0, min(scroll + step, limit))
      return .stay
    }
  }

  /// Back to the menu, forgetting the game and the session's scores.
  static func leaveSession(_ state: AppState) -> Outcome {
    var after = state
    after.apply(.dropSession)
    return .go(after.homeScreen, [.dropSession], effects: [.saveGame, .redrawAll])
  }


  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .go(context.state.homeScreen) }
}
