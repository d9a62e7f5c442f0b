import PareaCanvas
import PareaRules

/// Setup, count games (Spy, Killer): how many spies or killers, and the table it makes.
extension SetupScreen {
  /// The rows of the count: the number of spies or killers, and the round's
  /// length when the game has a timed round.
  static func countRows(_ state: AppState) -> [CountRow] {
    state.preferences.minutes(for: state.rules) == nil ? [.bad] : [.bad, .minutes]
  }

  /// What the count lets the user do: with two rows ↑↓ light one and ←→
  /// change it; with one row (Killer) both pairs change the count.
  func countCommands(state: AppState, rules: KeyCommand, back: KeyCommand) -> [KeyCommand] {
    let rows = Self.countRows(state)
    let change: (Int) -> Action =
      countRow == .minutes && rows.contains(.minutes)
      ? { .setup(.changeRoundMinutes($0)) } : { .setup(.changeCount($0)) }
    var commands: [KeyCommand] = []
    if rows.count > 1 {
      commands.append(.shown("↑↓", "key.move", [(.up, .setup(.moveCountRow(-1))), (.down, .setup(.moveCountRow(1)))]))
    }
    commands.append(.shown("←→", "key.change", [(.left, change(-1)), (.right, change(1))]))
    commands.append(.shown("Enter", "key.deal", [(.enter, .setup(.deal))]))
    if state.rules.usesLocations {
      commands.append(.shown("o", "key.locations", [(.letter("o"), .setup(.chooseLocations(true)))]))
    }
    commands.append(rules)
    commands.append(back)
    var aliases: [(Shortcut, Action)] = [
      (.letter("h"), change(-1)), (.letter("-"), change(-1)), (.letter("l"), change(1)), (.letter("+"), change(1)),
      (.letter("d"), .setup(.deal)),
    ]
    if rows.count == 1 { aliases += [(.down, change(-1)), (.up, change(1))] }
    commands.append(.hidden(.alias, aliases))
    return commands
  }

  func drawCount(
    into canvas: inout Canvas, state: AppState, words: Words, bad: RoleID, fixed: [RoleID],
    filler: RoleID, locations: [Location]
  ) {
    let rules = state.rules
    let count = state.setup.badCount
    let bounds = canvas.bounds
    canvas.center(words("setup.countPrompt", ["players": String(state.players.count)]), row: 3, in: bounds)
    let label = words(GameKeys.badCountLabel(state.game))
    let rows = Self.countRows(state)
    if rows.count == 1 {
      canvas.center(words.upper(label), row: 6, in: bounds, style: Theme.title)
      canvas.center("◀   \(count)   ▶", row: 8, in: bounds, style: Style(bold: true))
    } else {
      drawCountRows(rows, into: &canvas, state: state, words: words, label: label)
    }

    // The resulting table, e.g. "1 killer, 1 Cop, 5 citizens".
    var parts: [String] = []
    var counts: [(RoleID, Int)] = [(bad, count)]
    for role in fixed { counts.append((role, 1)) }
    counts.append((filler, max(0, state.players.count - count - fixed.count)))
    for (role, number) in counts where number > 0 {
      parts.append(words.plural(GameKeys.roleCount(role), number))
    }
    canvas.center(parts.joined(separator: words("list.separator")), row: 11, in: bounds, style: Theme.good)
    if let allowed = rules.allowedBadCounts(players: state.players.count) {
      // One number allowed: not "1 to 1"; two adjacent: "1 or 2", not "1 to 2".
      let limitWords = ["min": String(allowed.lowerBound), "max": String(allowed.upperBound)]
      let limits = allowed.lowerBound == allowed.upperBound
        ? words("setup.countLimits.exact", ["number": String(allowed.lowerBound)])
        : words(allowed.count == 2 ? "setup.countLimits.pair" : "setup.countLimits", limitWords)
      canvas.center(limits, row: 13, in: bounds, style: Theme.dim)
    }
    if rules.usesLocations {
      let inPlay = state.inPlay(locations).count
      canvas.center(words("setup.locationsInPlay", [
        "count": String(inPlay), "total": String(locations.count),
      ]), row: 16, in: bounds, style: inPlay == 0 ? Theme.bad : Theme.dim)
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

extension SetupScreen {
  /// The count's rows, one under the other: the lit one in the highlight's
  /// colours with a ▸ and the arrows that change it (an arrow is left out
  /// where the round's length stops, at 1 and 30 minutes).
  private func drawCountRows(
    _ rows: [CountRow], into canvas: inout Canvas, state: AppState, words: Words, label: String
  ) {
    let block = Rect(row: 6, column: (canvas.width - 52) / 2, width: 52, height: 1)
    for (index, row) in rows.enumerated() {
      let line = block.row + 2 * index
      let lit = row == countRow
      let style = lit ? Theme.selected : Style(bold: true)
      var name = label
      var value = String(state.setup.badCount)
      var lower = true
      var upper = true
      if row == .minutes {
        let minutes = state.preferences.minutes(for: state.rules) ?? 0
        name = words("setup.roundLength")
        value = words.plural("setup.roundMinutes", minutes)
        lower = minutes > Preferences.minuteRange.lowerBound
        upper = minutes < Preferences.minuteRange.upperBound
      }
      if lit {
        canvas.fill(Rect(row: line, column: block.column, width: block.width, height: 1), style: style)
        value = (lower ? "◀" : " ") + "   " + value + "   " + (upper ? "▶" : " ")
      }
      canvas.write((lit ? " ▸ " : "   ") + name, row: line, column: block.column, style: style, limit: 28)
      canvas.center(value, row: line, in: Rect(row: line, column: block.column + 28, width: 24, height: 1), style: style)
    }
  }
}

extension SetupScreen {
  /// One spy or killer more or fewer, within what the table allows.
  mutating func changeCount(_ step: Int, setup: inout Setup, in state: AppState) {
    // The count is one the game allows (a saved one is checked when read) and
    // the step is one: the sum cannot overflow.
    let wanted = setup.badCount + step
    let allowed = state.rules.allowedBadCounts(players: state.players.count)
    if allowed?.contains(wanted) == true {
      setup.badCount = wanted
    } else {
      notice = .setup(.badCount(count: wanted, allowed: allowed), players: state.players.count)
    }
  }
}
