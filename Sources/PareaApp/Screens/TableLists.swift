import PareaCanvas
import PareaRules

/// The roles in this game with their descriptions, or the possible
/// locations, read at the table: a page of its own over the table (or the
/// narrator's day), which any key but the scrolling ones (and `i`) goes back
/// to, as it was.
public struct TableListScreen: Hashable, Sendable {
  /// Which list.
  public enum Kind: Hashable, Sendable {
    /// The roles dealt in this game, with their descriptions.
    case roles
    /// Spy's possible locations.
    case locations
  }

  /// Which list is on show.
  public var kind: Kind
  /// How far it is scrolled.
  public var scroll: Int
  /// The page to go back to, as it was.
  public var beneath: TableBeneath

  /// The list `kind` at its top, over `beneath`.
  public init(_ kind: Kind, scroll: Int = 0, beneath: TableBeneath) {
    self.kind = kind
    self.scroll = scroll
    self.beneath = beneath
  }

  /// The list `kind` at its top, over the manual table's page `table`.
  public init(_ kind: Kind, scroll: Int = 0, table: TableScreen = TableScreen()) {
    self.init(kind, scroll: scroll, beneath: .table(table))
  }
}

/// What the table can do on a list.
public enum TableListAction: Hashable, Sendable {
  /// Scroll by lines (clamped to the list).
  case scroll(Int)
  /// Back to the table.
  case close
}

extension TableListScreen: Feature {
  /// The roles dealt in this game, or the table's lists: the table's.
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  /// Scrolling and the rules; any other key goes back.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    [
      .shown("↑↓", "key.scroll", [(.up, .tableList(.scroll(-1))), (.down, .tableList(.scroll(1)))]),
      .shown("i", "key.rules", [(.letter("i"), .openRules)]),
      .shown("Esc", "key.back", [(.escape, .tableList(.close))]),
      .hidden(.alias, [(.pageUp, .tableList(.scroll(-10))), (.pageDown, .tableList(.scroll(10))), (.space, .tableList(.scroll(10)))]),
      .otherwise(.tableList(.close)),
    ]
  }

  mutating func reduce(_ action: TableListAction, in context: ScreenContext) -> Outcome {
    switch action {
    case .scroll(let step):
      // Clamped here, not only when drawn: one step back always moves the view.
      let count = context.state.inPlay(context.locations).count
      let limit = Self.maxScroll(of: kind, state: context.state, words: context.words, locations: count)
      scroll = max(0, min(limit, scroll + step))
      return .stay
    case .close:
      return .go(beneath.screen)
    }
  }

  func back(in context: ScreenContext) -> Outcome { .go(beneath.screen) }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    let state = context.state
    let words = context.words
    switch kind {
    case .roles:
      canvas.header(words, title: words("table.rolesTitle"))
      let body = Self.rolesBody(size: Size(width: canvas.width, height: canvas.height))
      let lines = Self.roleLines(state: state, words: words, width: body.width)
      canvas.paragraphs(lines, in: body, scroll: min(scroll, max(0, lines.count - body.height)))
    case .locations:
      TableScreen.drawLocations(
        into: &canvas, state: state, words: words, locations: state.inPlay(context.locations), selection: nil,
        scroll: scroll)
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }

  /// Where the roles' text goes.
  static func rolesBody(size: Size) -> Rect {
    Rect(row: 2, column: 3, width: size.width - 7, height: size.height - 4)
  }

  /// The furthest a list can scroll at the terminal's size (`locations`: how many there are).
  static func maxScroll(of kind: Kind, state: AppState, words: Words, locations: Int) -> Int {
    switch kind {
    case .roles:
      let body = rolesBody(size: state.viewport)
      return max(0, roleLines(state: state, words: words, width: body.width).count - body.height)
    case .locations:
      return max(0, ColumnGrid.rows(locations) - TableScreen.locationsBody(size: state.viewport).height)
    }
  }

  /// The roles dealt in this game with their descriptions, wrapped to `width`.
  static func roleLines(state: AppState, words: Words, width: Int) -> [(String, Style)] {
    guard let table = state.table else { return [] }
    let rules = state.rules
    var seen: [RoleID] = []
    for seat in table.seats where !seen.contains(seat.role) { seen.append(seat.role) }
    let order = rules.roles.map(\.id).filter(seen.contains)
    var lines: [(String, Style)] = []
    for role in order {
      let count = table.seats.filter { $0.role == role }.count
      let side = rules.role(role).map { words.sideName($0.side) } ?? ""
      // With the house rule every count goes: "Local ×4" at a table of six says two spies.
      let hideCount = state.houseRules.hideSpyCount && rules.usesLocations
      let title = words.roleName(role) + (count > 1 && !hideCount ? " ×\(count)" : "") + "  ·  " + side
      lines.append((title, rules.isBad(role) ? Theme.bad : Theme.good))
      lines += wrapped(state.roleDescription(role, of: rules, words: words), width: width, indent: 2)
      lines.append(("", .plain))
    }
    return lines
  }
}
