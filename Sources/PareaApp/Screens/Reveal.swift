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

/// A player's role, on screen only while that player looks. With phones
/// on, it first shows the player's own link as a QR code (`PhoneCode`), and
/// the card on the laptop only if they ask (Space).
public struct RevealScreen: Hashable, Sendable {
  /// The seat whose role is shown.
  public var seat: Int
  /// With phones on: whether the card is shown on the laptop instead of the phone's code.
  public var cardOnLaptop = false

  /// The screen for `seat`, starting with the phone's code when phones are on.
  public init(seat: Int) { self.seat = seat }

  /// Whether this screen offers the phone's code (phones on, links made).
  static func offersPhone(_ state: AppState) -> Bool { state.preferences.phones && state.session?.phones != nil }

  func showsCode(_ state: AppState) -> Bool { Self.offersPhone(state) && !cardOnLaptop }

  /// What the card or the phone's code lets the player do, with the
  /// actions of the screen that shows it (the reveal, or a role shown again):
  /// hide it; with phones on, switch between the code and the card, and a
  /// new link from the code's page.
  static func commands(phone: Bool, code: Bool, hide: Action, switchView: Action, newLink: Action) -> [KeyCommand] {
    guard phone else {
      return [.shown("Enter", "key.hideRole", [(.enter, hide)]), .shown("Esc", "key.hideRole", [(.escape, hide)])]
    }
    var commands: [KeyCommand] = [
      .shown("Enter", "key.hideRole", [(.enter, hide)]),
      .shown("Space", code ? "key.cardHere" : "key.phoneCode", [(.space, switchView)]),
    ]
    if code { commands.append(.shown("n", "key.newLink", [(.letter("n"), newLink)])) }
    commands.append(.hidden(.alias, [(.escape, hide)]))
    return commands
  }

  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    Self.commands(
      phone: Self.offersPhone(state), code: showsCode(state), hide: .hide, switchView: .revealPage(.switchView),
      newLink: .revealPage(.newLink))
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    drawPage(into: &canvas, state: state, words: words)
    canvas.footer(commands(in: state, words: words), words: words)
  }

  /// The phone's code or the card, without the footer (a role shown again
  /// puts its own).
  func drawPage(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table else { return }
    if showsCode(state) {
      PhoneCode.draw(seat: seat, table: table, state: state, into: &canvas, words: words)
    } else {
      RoleCard.draw(seat: seat, table: table, state: state, into: &canvas, words: words)
    }
  }
}

/// The private card: role, side, what to do, what the player knows.
///
/// Every card looks the same from across the table, whatever the role: the
/// same frame, the same place and style for the title, the role's name and
/// the side, and plain text for everything else, the same footer. Nothing
/// on it may be styled by side or role (a test compares every role's card).
///
/// Its outline is the same too: every card of a game has the same blocks in
/// the same rows. The description takes as many rows as the longest one
/// dealt in this game (shorter ones are wrapped narrower to fill them), and
/// every card has its "You know" block of the same height, with a sentence
/// for knowing nobody, so the amount of text never tells a side.
enum RoleCard {
  static func draw(seat: Int, table: Table, state: AppState, into canvas: inout Canvas, words: Words) {
    // The card draws the seat's view, as a phone's page does: one source
    // for what a seat may know.
    guard let view = SeatView(seat: seat, table: table) else { return }
    let (card, inner) = frame(for: table.seats[seat], table: table, into: &canvas, words: words)
    var row = inner.row
    canvas.center(words("reveal.youAre"), row: row, in: card, style: Theme.dim)
    row += 1
    let layout = Layout(table: table, state: state, words: words, width: inner.width)
    layout.drawTitle(of: view.role, row: row, in: card, into: &canvas)
    row += 1
    canvas.center(words("reveal.side", ["side": words.sideName(view.side)]), row: row, in: card, style: Theme.dim)
    row += 2
    var lines = layout.description(of: view.role)
    lines.append("")
    lines.append(words("knowledge.title"))
    lines += layout.knowledge(of: seat)
    for line in lines where row < inner.bottom {
      canvas.write(line, row: row, column: inner.column)
      row += 1
    }
  }

  /// The frame of every screen one player reads alone (the card, a private
  /// answer): the header and a frame titled with their name, the same for
  /// every role. Returns the frame and the area inside its margin.
  static func frame(for player: Seat, table: Table, into canvas: inout Canvas, words: Words) -> (card: Rect, inner: Rect) {
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(table.game), right: player.name)
    let card = Rect(row: 2, column: 6, width: bounds.width - 12, height: bounds.height - 4)
    canvas.frame(card, title: words.upper(player.name), style: Theme.frame)
    return (card, card.inset(2))
  }

  /// The rows of the cards of one table: worked out from every seat, so
  /// that each card's blocks are as tall as the tallest of their kind.
  struct Layout {
    let table: Table
    let state: AppState
    let words: Words
    let width: Int

    /// The rows every description takes: the most any role dealt here needs.
    var descriptionRows: Int {
      Set(table.seats.map(\.role)).map { TextWidth.wrap(text(of: $0), width: width).count }.max() ?? 1
    }

    /// The rows every "You know" block takes: the most any seat needs.
    var knowledgeRows: Int {
      table.seats.indices.map { entries(of: $0).reduce(0) { $0 + lines(of: $1).count } }.max() ?? 1
    }

    func text(of role: RoleID) -> String {
      state.roleDescription(role, of: table.rules, words: words)
    }

    /// The role's description in exactly `descriptionRows` rows, each
    /// spread to the whole width: every role's block has one outline.
    func description(of role: RoleID) -> [String] {
      RoleCard.block(text(of: role), rows: descriptionRows, width: width)
    }

    /// The widest role name dealt here, in capitals.
    var nameWidth: Int {
      Set(table.seats.map(\.role)).map { TextWidth.of(words.upper(words.roleName($0))) }.max() ?? 0
    }

    /// The role's name in capitals between two rules, as wide for every role
    /// dealt here (the widest name and its rules), centred in `card`.
    func drawTitle(of role: RoleID, row: Int, in card: Rect, into canvas: inout Canvas) {
      let name = words.upper(words.roleName(role))
      let total = nameWidth + 2 * (RoleCard.ruleWidth + 1)
      let rules = total - TextWidth.of(name) - 2
      let left = rules / 2
      var column = card.column + max(0, (card.width - total) / 2)
      // The rules in the name's own style: the bar looks the same from afar whatever the name.
      canvas.write(String(repeating: "─", count: left), row: row, column: column, style: Theme.title)
      column += left + 1
      canvas.write(name, row: row, column: column, style: Theme.title)
      column += TextWidth.of(name) + 1
      canvas.write(String(repeating: "─", count: rules - left), row: row, column: column, style: Theme.title)
    }

    /// What the seat knows, one sentence per thing known (a sentence for
    /// knowing nobody else when that is all, or nothing more).
    func sentences(of seat: Int) -> [String] {
      var known: [String] = []
      for item in SeatView(seat: seat, table: table)?.knowledge ?? [] {
        switch item {
        case .player(let other, let role):
          known.append("  • " + words("knowledge.player", ["name": table.seats[other].name, "role": words.roleName(role)]))
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
      if known.isEmpty { known.append(words("knowledge.nobody")) }
      return known
    }

    /// One thing the seat knows, as the card lays it out: a player and
    /// their role on one row (a leader between them), or a sentence.
    enum Entry: Equatable {
      case pair(String, String)
      case sentence(String)
    }

    /// What the seat knows, one entry per thing known (a sentence for
    /// knowing nobody else when that is all, or nothing more).
    func entries(of seat: Int) -> [Entry] {
      var known: [Entry] = []
      for item in SeatView(seat: seat, table: table)?.knowledge ?? [] {
        switch item {
        case .player(let other, let role):
          known.append(.pair("  • " + table.seats[other].name, words.roleName(role)))
        case .knowsNoOne:
          known.append(.sentence(words("knowledge.noOne")))
        case .location(let location, let index):
          known.append(.pair(words("knowledge.locationLabel"), words.locationName(location)))
          if let index {
            known.append(.pair(words("knowledge.locationRoleLabel"), words.locationRole(location, index)))
          }
        case .locationUnknown:
          known.append(.sentence(words("knowledge.locationUnknown")))
        }
      }
      if known.isEmpty { known.append(.sentence(words("knowledge.nobody"))) }
      return known
    }

    /// What the seat knows in exactly `knowledgeRows` rows, every row
    /// spread to the whole width: a player and their role with a leader
    /// between them, sentences justified; the last sentence is spread over
    /// the rows left, or a sentence saying that nobody else is known fills them.
    func knowledge(of seat: Int) -> [String] {
      let rows = knowledgeRows
      var entries = entries(of: seat)
      var last = entries.removeLast()
      var lines = entries.flatMap(lines)
      if case .pair = last, lines.count + 1 < rows {
        // A name is never split: the rows left say that nobody else is known.
        lines += self.lines(of: last)
        last = .sentence(words("knowledge.nobodyElse"))
      }
      switch last {
      case .pair: return lines + self.lines(of: last)
      case .sentence(let text): return lines + RoleCard.block(text, rows: max(1, rows - lines.count), width: width)
      }
    }

    /// An entry's rows at the whole width.
    private func lines(of entry: Entry) -> [String] {
      switch entry {
      case .pair(let left, let right):
        let dots = width - TextWidth.of(left) - TextWidth.of(right) - 2
        guard dots > 0 else { return TextWidth.wrap(left + " " + right, width: width) }
        return [left + " " + String(repeating: "·", count: dots) + " " + right]
      case .sentence(let text):
        return TextWidth.wrap(text, width: width).map { TextWidth.justify($0, width: width) }
      }
    }
  }

  /// The rule on each side of a role's name on its card, at its shortest.
  static let ruleWidth = 3

  /// `text` in exactly `rows` rows, each spread to exactly `width` columns
  /// (`fill`, then `TextWidth.justify`): whatever the text, the block it
  /// draws has one outline, so a short description does not show as a
  /// narrow block from across the table.
  ///
  /// A row reads well spread to the whole width only with a few words on
  /// it: a text too short for its rows (a group's role's card beside a long
  /// one, "nobody" beside a long list of fellows) takes the rows it fills
  /// with eight words or more each (at least its natural ones), and a dotted
  /// rule as wide fills each of the rest.
  static func block(_ text: String, rows: Int, width: Int) -> [String] {
    let words = text.split(whereSeparator: \.isWhitespace).count
    let natural = TextWidth.wrap(text, width: width).count
    let filled = max(1, min(rows, max(natural, words / 8)))
    let lines = fill(text, rows: filled, width: width).map { TextWidth.justify($0, width: width) }
    return lines + Array(repeating: String(repeating: "·", count: width), count: max(0, rows - lines.count))
  }

  /// `text` wrapped into exactly `rows` rows, as evenly as it goes: of the
  /// widths (never more than `width`) at which it takes that many rows, the
  /// one whose shortest line is the longest, so that spreading every line
  /// to `width` (`block`) opens the narrowest gaps. A text too short to fill
  /// them is followed by blank rows; the tests hold the real texts to
  /// filling them.
  static func fill(_ text: String, rows: Int, width: Int) -> [String] {
    let natural = TextWidth.wrap(text, width: width)
    if natural.count > rows { return natural }
    var best: (lines: [String], shortest: Int)?
    var narrow = width
    while narrow >= max(1, TextWidth.of(text) / rows) {
      let lines = TextWidth.wrap(text, width: narrow)
      if lines.count > rows { break }
      if lines.count == rows {
        let shortest = lines.map { TextWidth.of($0) }.min() ?? 0
        if shortest > best?.shortest ?? -1 { best = (lines, shortest) }
      }
      narrow -= 1
    }
    if let best { return best.lines }
    return natural + Array(repeating: "", count: rows - natural.count)
  }
}
/// What the reveal does.
public enum RevealAction: Hashable, Sendable {
  /// Hide the role and hand the laptop on.
  case hide
  /// With phones on: the card on the laptop, or back to the phone's code.
  case switchView
  /// With phones on: a new link for this player (the old one stops working).
  case newLink
}

extension RevealScreen: Feature {
  /// A role as dealt: its player's alone.
  func audience(in state: AppState) -> Audience { .player }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  /// Hides the role and hands the laptop on: the next hand-off (deaf to keys
  /// for a moment, see `KeyPause`), or the table after the last.
  mutating func reduce(_ action: RevealAction, in context: ScreenContext) -> Outcome {
    switch action {
    case .hide: break
    case .switchView:
      cardOnLaptop.toggle()
      return .go(.reveal(self), effects: [.redrawAll])
    case .newLink:
      return .go(.reveal(self), effects: [.renewPhoneLink(seat: seat)])
    }
    guard var draft = SessionDraft(context.session),
      (try? draft.apply(.handedOn(seat: seat))) != nil
    else { return .stay }
    let session = draft.session
    let next: Screen
    if session.nextReveal < draft.table.seats.count {
      next = .handOff(HandOffScreen(seat: session.nextReveal))
    } else if session.narration != nil {
      next = .narrator(NarratorScreen())
    } else {
      next = .table(TableScreen())
    }
    return .go(next, draft.changes, effects: [.saveGame, .redrawAll])
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .ask(.abandonGame) }
}
