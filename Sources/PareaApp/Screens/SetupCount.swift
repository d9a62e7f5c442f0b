import PareaCanvas
import PareaRules

/// Setup, count games (Spy, Killer): how many spies or killers, and the table it makes.
extension SetupScreen {
  /// What a key means on the count.
  func countAction(for shortcut: Shortcut, state: AppState) -> Action? {
    switch shortcut {
    case .left, .down, .letter("h"), .letter("-"): return .setup(.changeCount(-1))
    case .right, .up, .letter("l"), .letter("+"): return .setup(.changeCount(1))
    case .enter, .letter("d"): return .setup(.deal)
    case .letter("o") where state.rules.usesLocations: return .setup(.chooseLocations(true))
    default: return nil
    }
  }

  func drawCount(
    into canvas: inout Canvas, state: AppState, words: Words, bad: RoleID, fixed: [RoleID],
    filler: RoleID, locations: [Location]
  ) {
    let rules = state.rules
    let count = state.setup.badCount
    let bounds = canvas.bounds
    canvas.center(words("setup.countPrompt", ["players": String(state.players.count)]), row: 3, in: bounds)
    let label = words("game.\(state.game).badCount.label")
    canvas.center(words.upper(label), row: 6, in: bounds, style: Theme.title)
    canvas.center("◀   \(count)   ▶", row: 8, in: bounds, style: Style(bold: true))

    // The resulting table, e.g. "1 killer, 1 Cop, 5 citizens".
    var parts: [String] = []
    var counts: [(RoleID, Int)] = [(bad, count)]
    for role in fixed { counts.append((role, 1)) }
    counts.append((filler, max(0, state.players.count - count - fixed.count)))
    for (role, number) in counts where number > 0 {
      parts.append(words.plural("role.\(role).count", number))
    }
    canvas.center(parts.joined(separator: words("list.separator")), row: 11, in: bounds, style: Theme.good)
    if let allowed = rules.allowedBadCounts(players: state.players.count) {
      canvas.center(words("setup.countLimits", [
        "min": String(allowed.lowerBound), "max": String(allowed.upperBound),
      ]), row: 13, in: bounds, style: Theme.dim)
    }
    var hints = [
      KeyHint(key: "←→", label: words("key.change")),
      KeyHint(key: "Enter", label: words("key.deal")),
    ]
    if rules.usesLocations {
      let inPlay = state.inPlay(locations).count
      canvas.center(words("setup.locationsInPlay", [
        "count": String(inPlay), "total": String(locations.count),
      ]), row: 16, in: bounds, style: inPlay == 0 ? Theme.bad : Theme.dim)
      hints.append(KeyHint(key: "o", label: words("key.locations")))
    }
    hints.append(KeyHint(key: "i", label: words("key.rules")))
    hints.append(KeyHint(key: "Esc", label: words("key.back")))
    canvas.footer(hints)
  }
}

extension AppState {
  /// One spy or killer more or fewer, within what the table allows.
  mutating func changeCount(_ step: Int, _ page: inout SetupScreen) {
    let wanted = setup.badCount + step
    let allowed = rules.allowedBadCounts(players: players.count)
    if allowed?.contains(wanted) == true {
      setup.badCount = wanted
    } else {
      page.notice = .setup(.badCount(count: wanted, allowed: allowed), players: players.count)
    }
  }
}
