import PareaRules

/// The end of a game: who won and everyone's role.
public struct SummaryScreen: Hashable, Sendable {
  /// The first line shown.
  public var scroll = 0

  /// Starts at the top.
  public init() {}

  static func action(for key: Key) -> Action? {
    switch Shortcut(key) {
    case .enter, .letter("p"): .summary(.playAgain)
    case .letter("h"), .escape: .summary(.home)
    case .letter("u"): .summary(.undo)
    case .up: .summary(.scroll(-1))
    case .down: .summary(.scroll(1))
    default: nil
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table else { return }
    let rules = state.rules
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(table.game) + "  ·  " + words("summary.title"))
    if let winner = rules.winner(of: table) {
      let bad = rules.side(winner)?.isBad == true
      canvas.center(words.upper(words("side.\(winner).win")), row: 2, in: bounds, style: bad ? Theme.bad : Theme.good)
    } else {
      canvas.center(words("summary.noWinner"), row: 2, in: bounds, style: Theme.title)
    }
    var row = 3
    if let location = table.location {
      canvas.center(words("summary.location", ["location": words.locationName(location)]), row: row, in: bounds, style: Theme.title)
      row += 1
    }
    row += 1
    let nameWidth = PlayersScreen.maxNameWidth + 2
    let list = Rect(row: row, column: 4, width: bounds.width - 8, height: bounds.height - row - 2)
    var lines = table.seats.map { seat -> String in
      var text = TextWidth.pad(seat.name, to: nameWidth)
      if let index = seat.locationRole, let location = table.location {
        // At a location the role there says more than "Local", and leaves room for the scores.
        text += words.locationRole(location, index)
      } else {
        text += TextWidth.pad(words.roleName(seat.role), to: 24)
      }
      if seat.locationRole == nil, let death = seat.death {
        text += words("cause.\(death)")
      }
      return text
    }
    var styles = table.seats.map { rules.isBad($0.role) ? Theme.bad : Theme.normal }
    if let points = rules.points(for: table) {
      // This round's points and the running total, right-aligned.
      let heading = TextWidth.pad(words("summary.points"), to: 8) + words("summary.total")
      lines = lines.map { TextWidth.pad($0, to: list.width - 16) }
      lines.insert(TextWidth.pad("", to: list.width - 16) + heading, at: 0)
      styles.insert(Theme.dim, at: 0)
      for (seat, value) in points.enumerated() {
        let total = (state.scores[table.seats[seat].name] ?? 0) + value
        lines[seat + 1] += TextWidth.pad("+\(value)", to: 8) + String(total)
      }
    }
    let top = min(scroll, max(0, lines.count - list.height))
    for (offset, index) in (top..<min(lines.count, top + list.height)).enumerated() {
      canvas.write(lines[index], row: list.row + offset, column: list.column, style: styles[index], limit: list.width)
    }
    canvas.footer([
      KeyHint(key: "Enter", label: words("key.playAgain")),
      KeyHint(key: "h", label: words("key.home")),
      KeyHint(key: "u", label: words("key.undo")),
    ])
  }
}

/// What the user can do on the summary.
public enum SummaryAction: Hashable, Sendable {
  /// The same game with the same players: back to the setup.
  case playAgain
  /// Back to the menu.
  case home
  /// Scroll the list of players.
  case scroll(Int)
  /// Ask to take back the table's last action (back to the table).
  case undo
}

extension AppState {
  mutating func reduceSummary(_ action: SummaryAction) -> [Effect] {
    switch action {
    case .playAgain:
      if let table, let points = rules.points(for: table) {
        for (seat, value) in zip(table.seats, points) { scores[seat.name, default: 0] += value }
      }
      table = nil
      nextReveal = 0
      screen = .setup(SetupScreen())
      return [.saveGame, .redrawAll]
    case .home:
      scores = [:]
      table = nil
      nextReveal = 0
      screen = .home(HomeScreen(selection: homeIndex(of: game)))
      return [.saveGame, .redrawAll]
    case .undo:
      // The last action may have been the slip that ended the game.
      askUndo()
      return []
    case .scroll(let step):
      guard case .summary(var summary) = screen else { return [] }
      summary.scroll = max(0, min(summary.scroll + step, (table?.seats.count ?? 0)))
      screen = .summary(summary)
      return []
    }
  }
}
