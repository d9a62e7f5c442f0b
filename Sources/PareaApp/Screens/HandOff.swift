import PareaRules

/// "Pass the laptop to ANNA": nothing of the game is on this screen.
public struct HandOffScreen: Hashable, Sendable {
  /// The seat whose turn it is.
  public var seat: Int
  /// Seconds left before the role appears, while the reveal countdown runs.
  public var countdown: Int?
  /// The clock reading when the countdown last stepped.
  public var countdownTick: Int64?

  /// The hand-off for `seat`.
  public init(seat: Int) { self.seat = seat }

  static func action(for key: Key) -> Action? {
    switch Shortcut(key) {
    case .enter, .space: .reveal
    case .escape: .back
    default: nil
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table, table.seats.indices.contains(seat) else { return }
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(table.game), right: words("handOff.progress", [
      "number": String(seat + 1), "count": String(table.seats.count),
    ]))
    let name = words.upper(table.seats[seat].name)
    canvas.center(words("handOff.passTo"), row: 7, in: bounds)
    let nameBox = Rect(row: 9, column: (bounds.width - 44) / 2, width: 44, height: 3)
    canvas.frame(nameBox, style: Theme.accent)
    canvas.center(name, row: 10, in: nameBox, style: Theme.title)
    canvas.center(words("handOff.privacy", ["name": table.seats[seat].name]), row: 14, in: bounds, style: Theme.dim)
    if let countdown {
      canvas.center(words("handOff.countdown", ["seconds": String(countdown)]), row: 16, in: bounds, style: Theme.title)
    } else {
      canvas.center(words("handOff.ready", ["name": table.seats[seat].name]), row: 16, in: bounds)
    }
    canvas.footer([
      KeyHint(key: "Enter", label: words("key.showRole")),
      KeyHint(key: "Esc", label: words("key.leaveGame")),
    ])
  }
}

/// A player's role, on screen only while that player looks.
public struct RevealScreen: Hashable, Sendable {
  /// The seat whose role is shown.
  public var seat: Int

  static func action(for key: Key) -> Action? {
    switch Shortcut(key) {
    case .enter, .space, .escape: .hide
    default: nil
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table else { return }
    RoleCard.draw(seat: seat, table: table, rules: state.rules, into: &canvas, words: words)
    canvas.footer([KeyHint(key: "Enter", label: words("key.hideRole"))])
  }
}

/// The private card: role, side, what to do, what the player knows.
enum RoleCard {
  static func draw(seat: Int, table: Table, rules: any GameType, into canvas: inout Canvas, words: Words) {
    guard table.seats.indices.contains(seat) else { return }
    let player = table.seats[seat]
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(table.game), right: player.name)
    let card = Rect(row: 2, column: 6, width: bounds.width - 12, height: bounds.height - 4)
    let bad = rules.isBad(player.role)
    canvas.frame(card, title: words.upper(player.name), style: bad ? Theme.bad : Theme.good)
    let inner = card.inset(2)
    var row = inner.row
    canvas.center(words("reveal.youAre"), row: row, in: card, style: Theme.dim)
    row += 1
    canvas.center(words.upper(words.roleName(player.role)), row: row, in: card, style: bad ? Theme.bad : Theme.good)
    row += 1
    if let role = rules.role(player.role) {
      canvas.center(words("reveal.side", ["side": words.sideName(role.side)]), row: row, in: card, style: Theme.dim)
    }
    row += 2
    for line in TextWidth.wrap(words.roleDescription(player.role), width: inner.width) {
      canvas.write(line, row: row, column: inner.column)
      row += 1
    }
    let knowledge = rules.knowledge(of: seat, at: table)
    var lines: [(String, Style)] = []
    var players: [String] = []
    for item in knowledge {
      switch item {
      case .player(let other, let role):
        players.append(words("knowledge.player", [
          "name": table.seats[other].name, "role": words.roleName(role),
        ]))
      case .knowsNoOne:
        lines.append((words("knowledge.noOne"), Theme.dim))
      case .location(let location, let index):
        lines.append((words("knowledge.location", ["location": words.locationName(location)]), Theme.title))
        if let index {
          lines.append((words("knowledge.locationRole", ["role": words.locationRole(location, index)]), Style(bold: true)))
        }
      case .locationUnknown:
        lines.append((words("knowledge.locationUnknown"), Theme.bad))
      }
    }
    if !players.isEmpty {
      lines.insert((words("knowledge.title"), Style(bold: true)), at: 0)
      lines.insert(contentsOf: players.map { ("  • " + $0, Theme.accent) }, at: 1)
    }
    if !lines.isEmpty { row += 1 }
    for (text, style) in lines {
      for line in TextWidth.wrap(text, width: inner.width) where row < inner.bottom {
        canvas.write(line, row: row, column: inner.column, style: style)
        row += 1
      }
    }
  }
}

extension AppState {
  /// The hand-off's key: show the role to the player holding the laptop
  /// (after the countdown, when the house rule asks for one).
  mutating func revealCurrent(afterCountdown: Bool) -> [Effect] {
    guard case .handOff(var handOff) = screen, table != nil else { return [] }
    if houseRules.revealCountdown && !afterCountdown {
      if handOff.countdown == nil {
        handOff.countdown = 3
        screen = .handOff(handOff)
      }
      return []
    }
    try? table?.recordLook(at: handOff.seat)
    screen = .reveal(RevealScreen(seat: handOff.seat))
    return [.saveGame, .redrawAll]
  }

  /// Hides the role and hands the laptop on: the next hand-off, or the table after the last.
  mutating func hideCurrent() -> [Effect] {
    guard case .reveal(let reveal) = screen, let table else { return [] }
    nextReveal = max(nextReveal, reveal.seat + 1)
    if nextReveal < table.seats.count {
      screen = .handOff(HandOffScreen(seat: nextReveal))
    } else {
      screen = .table(TableScreen())
    }
    return [.saveGame, .redrawAll]
  }
}
