import PareaCanvas
import PareaRules

/// The rules and roles of one game, scrollable.
public struct InfoScreen: Hashable, Sendable {
  /// The game shown.
  public var game: GameID
  /// The first line shown.
  public var scroll = 0
  /// Where Esc goes.
  public var returnTo: ReturnPoint

  /// Scrolling, by line and by page, and the way back.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    [
      .shown("↑↓", "key.scroll", [(.up, .info(.scroll(-1))), (.down, .info(.scroll(1)))]),
      .shown("PgUp PgDn", "key.page", [(.pageUp, .info(.scroll(-Self.page))), (.pageDown, .info(.scroll(Self.page)))]),
      .shown("Esc", "key.back", [(.escape, .back)]),
      .hidden(
        .alias,
        [
          (.space, .info(.scroll(Self.page))), (.home, .info(.scroll(-10_000))), (.end, .info(.scroll(10_000))),
          (.enter, .back), (.left, .back), (.letter("q"), .back),
        ]),
    ]
  }

  static let page = 18

  /// The whole text, wrapped to `width`: rules, then every role with its side.
  static func lines(game rules: (any GameType)?, state: AppState, words: Words, width: Int) -> [(String, Style)] {
    guard let rules else { return [] }
    var lines = wrapped(state.rulesText(of: rules, words: words), width: width)
    lines.append(("", .plain))
    lines.append((words.upper(words("info.roles")), Theme.title))
    for role in rules.roles {
      lines.append(("", .plain))
      let side = rules.side(role.side)
      let sideStyle = side?.isBad == true ? Theme.bad : Theme.good
      lines.append((words.roleName(role.id) + "  ·  " + words.sideName(role.side), sideStyle))
      lines += wrapped(state.roleDescription(role.id, of: rules, words: words), width: width, indent: 2)
    }
    return lines
  }

  static func body(in size: Size) -> Rect {
    Rect(row: 2, column: 3, width: size.width - 7, height: size.height - 4)
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    canvas.header(words, title: words.gameName(game))
    let body = Self.body(in: Size(width: canvas.width, height: canvas.height))
    let lines = Self.lines(game: state.registry.game(game), state: state, words: words, width: body.width)
    let top = min(scroll, max(0, lines.count - body.height))
    canvas.paragraphs(lines, in: body, scroll: top)
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

/// What the user can do on a game's info screen.
public enum InfoAction: Hashable, Sendable {
  /// Scroll by a number of lines.
  case scroll(Int)
}

extension InfoScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  mutating func reduce(_ action: InfoAction, in context: ScreenContext) -> Outcome {
    guard case .scroll(let by) = action else { return .stay }
    let state = context.state
    let body = InfoScreen.body(in: state.viewport)
    let count = InfoScreen.lines(game: state.registry.game(game), state: state, words: context.words, width: body.width).count
    scroll = max(0, min(scroll + by, count - body.height))
    return .stay
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .go(returnTo.screen) }
}

extension AppState {
  /// `i` on a screen of the game being set up or played: its rules, over the
  /// screen on show, which Esc brings back as it was (its highlight, its
  /// scroll, its open sub-page). Never offered where a role or a secret
  /// choice is on screen, nor on a screen a running clock would leave behind
  /// (a night's timed steps).
  var rulesOverScreen: Outcome {
    // The summary has every role on it: leaving it repaints everything, as its other ways out do.
    let showedRoles = screen.is(SummaryScreen.self)
    return .go(.info(InfoScreen(game: rules.id, returnTo: ReturnPoint(screen))), effects: showedRoles ? [.redrawAll] : [])
  }
}
