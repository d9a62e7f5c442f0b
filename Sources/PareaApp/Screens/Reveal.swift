import PareaCanvas
import PareaRules

/// The reveal countdown (a house rule): seconds left before a role appears.
public struct RevealCountdown: Hashable, Sendable {
  /// Whole seconds left.
  public var seconds: Int
  /// The clock reading when it last stepped, once a tick has come.
  public var lastStep: Int64?

  /// Seconds before every reveal when the house rule is on.
  public static let start = 3

  /// A countdown from `seconds`.
  public init(seconds: Int = RevealCountdown.start) { self.seconds = seconds }

  /// Steps one second for every second since the last step; true when it has run out.
  mutating func step(now: Int64) -> Bool {
    let started = lastStep ?? now
    let whole = max(0, now - started) / 1000
    seconds = max(0, seconds - Int(whole))
    lastStep = started + whole * 1000
    return seconds == 0
  }
}

/// A player's role, on screen only while that player looks.
public struct RevealScreen: Hashable, Sendable {
  /// The seat whose role is shown.
  public var seat: Int

  static func action(for key: Key) -> Action? {
    switch Shortcut(key) {
    case .enter, .escape: .hide
    default: nil
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table else { return }
    RoleCard.draw(seat: seat, table: table, state: state, into: &canvas, words: words)
  }
}

/// The private card: role, side, what to do, what the player knows.
///
/// Every card looks the same from across the table, whatever the role: the
/// same frame, the same place and style for the title, the role's name and
/// the side, and plain text for everything else, the same footer. Nothing
/// on it may be styled by side or role (a test compares every role's card).
enum RoleCard {
  static func draw(seat: Int, table: Table, state: AppState, into canvas: inout Canvas, words: Words) {
    let rules = table.rules
    guard table.seats.indices.contains(seat) else { return }
    let player = table.seats[seat]
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(table.game), right: player.name)
    let card = Rect(row: 2, column: 6, width: bounds.width - 12, height: bounds.height - 4)
    canvas.frame(card, title: words.upper(player.name), style: Theme.frame)
    let inner = card.inset(2)
    var row = inner.row
    canvas.center(words("reveal.youAre"), row: row, in: card, style: Theme.dim)
    row += 1
    canvas.center(words.upper(words.roleName(player.role)), row: row, in: card, style: Theme.title)
    row += 1
    if let role = rules.role(player.role) {
      canvas.center(words("reveal.side", ["side": words.sideName(role.side)]), row: row, in: card, style: Theme.dim)
    }
    row += 2
    var lines: [String] = TextWidth.wrap(state.roleDescription(player.role, of: rules, words: words), width: inner.width)
    var known: [String] = []
    var players: [String] = []
    for item in rules.knowledge(of: seat, at: table) {
      switch item {
      case .player(let other, let role):
        players.append(words("knowledge.player", [
          "name": table.seats[other].name, "role": words.roleName(role),
        ]))
      case .knowsNoOne:
        known.append(words("knowledge.noOne"))
      case .location(let location, let index):
        known.append(words("knowledge.location", ["location": words.locationName(location)]))
        if let index {
          known.append(words("knowledge.locationRole", ["role": words.locationRole(location, index)]))
        }
      case .locationUnknown:
        known.append(words("knowledge.locationUnknown"))
      }
    }
    if !players.isEmpty {
      known.insert(words("knowledge.title"), at: 0)
      known.insert(contentsOf: players.map { "  • " + $0 }, at: 1)
    }
    if !known.isEmpty { lines.append("") }
    for text in known { lines += TextWidth.wrap(text, width: inner.width) }
    for line in lines where row < inner.bottom {
      canvas.write(line, row: row, column: inner.column)
      row += 1
    }
    canvas.footer([
      KeyHint(key: "Enter", label: words("key.hideRole")), KeyHint(key: "Esc", label: words("key.hideRole")),
    ])
  }
}
extension AppState {
  /// Hides the role and hands the laptop on: the next hand-off (deaf to keys
  /// for a moment, see `KeyPause`), or the table after the last.
  mutating func hideCurrent() -> [Effect] {
    guard case .reveal(let reveal) = screen, var session, let table = session.table else { return [] }
    session.nextReveal = max(session.nextReveal, reveal.seat + 1)
    self.session = session
    if session.nextReveal < table.seats.count {
      screen = .handOff(HandOffScreen(seat: session.nextReveal, pausedAt: clock))
    } else if session.narration != nil {
      screen = .narrator(NarratorScreen())
    } else {
      screen = .table(TableScreen())
    }
    return [.saveGame, .redrawAll]
  }
}

extension RevealScreen: Page {
  func action(for key: Key, in context: PageContext) -> Action? { Self.action(for: key) }

  func draw(into canvas: inout Canvas, in context: PageContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in state: inout AppState) -> [Effect] {
    state.confirmation = Confirmation(.abandonGame)
    return []
  }
}
