import PareaCanvas
import PareaRules

/// The menu of games: the start of everything.
public struct HomeScreen: Hashable, Sendable {
  /// The highlighted item.
  public var selection: Int
  /// The game chosen while a game in progress was in the way: once the user
  /// agrees to discard that one, this one is played.
  public var playAfterDiscard: GameID?

  /// Highlights the first item.
  public init(selection: Int = 0) { self.selection = selection }

  /// A line of the menu.
  enum Item: Hashable {
    case resume
    case game(GameID)
    /// One of `HomeScreen.pages`, by its index.
    case page(Int)
    case quit

    /// The settings' line.
    static let settings = Item.page(0)
  }

  /// The pages the menu opens, in its order after the games (then Quit):
  /// a new page reachable from the menu is its own file and a line here.
  static let pages: [MenuPage] = [
    MenuPage(label: "home.settings", key: "s") { home in
      .settings(SettingsScreen(returnTo: ReturnPoint(.home(home))))
    },
  ]

  /// The menu, from the game registry: a game in progress first, then every
  /// game, the pages, and Quit.
  static func items(for state: AppState) -> [Item] {
    (state.resumable == nil ? [] : [.resume]) + state.registry.games.map { .game($0.id) }
      + pages.indices.map { .page($0) } + [.quit]
  }

  /// Moving on the menu and choosing; the rules, the settings, a saved
  /// game thrown away (when there is one), leaving; a game by its number.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    var commands: [KeyCommand] = [
      .shown("↑↓", "key.move", [(.up, .home(.move(-1))), (.down, .home(.move(1)))]),
      .shown("Enter", "key.play", [(.enter, .home(.choose))]),
      .shown("i", "key.rules", [(.letter("i"), .home(.info))]),
    ]
    if state.resumable != nil { commands.append(.shown("x", "key.discard", [(.letter("x"), .home(.discard))])) }
    commands.append(.shown("q", "key.quit", [(.letter("q"), .home(.quit))]))
    commands.append(.hidden(.alias, [(.space, .home(.choose)), (.right, .home(.choose))]))
    // Each game's number and each page's key, written beside its line on
    // the menu (so the footer does not grow with the pages).
    let games = state.registry.games.prefix(9).enumerated()
    commands.append(.hidden(.onScreen, games.map { (.letter(Character(String($0.offset + 1))), .home(.play($0.element.id))) }))
    commands.append(.hidden(.onScreen, Self.pages.enumerated().map { (.letter($0.element.key), .home(.open($0.offset))) }))
    return commands
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    let bounds = canvas.bounds
    canvas.header(words, title: words("home.title"))
    var row = 3
    if state.notices.isEmpty {
      for line in Banner.lines(words.upper(words("app.name"))) {
        canvas.center(line, row: row, in: bounds, style: Theme.title)
        row += 1
      }
    } else {
      // Problems to read: the banner gives its rows to them.
      row = 2
    }
    canvas.center(words("app.tagline"), row: row, in: bounds, style: Theme.dim)
    row += 2

    let items = Self.items(for: state)
    let nameWidth = 15
    let menu = Rect(row: row, column: 3, width: bounds.width - 6, height: items.count + 1)
    var line = menu.row
    for (index, item) in items.enumerated() {
      if item == .page(0) { line += 1 }  // a gap between the games and the rest
      let isSelected = index == selection
      let style = isSelected ? Theme.selected : Theme.normal
      if isSelected { canvas.fill(Rect(row: line, column: menu.column, width: menu.width, height: 1), style: style) }
      let marker = isSelected ? " ▸ " : "   "
      switch item {
      case .resume:
        let resume = words("home.resume", [
          "game": state.resumable.map { words.gameName($0.game) } ?? "",
          "count": String(state.resumable?.playerCount ?? 0),
        ])
        canvas.write(marker + resume, row: line, column: menu.column, style: isSelected ? style : Theme.good)
      case .game(let id):
        let number = (state.registry.games.firstIndex { $0.id == id } ?? 0) + 1
        let name = TextWidth.pad("\(number)  " + words.gameName(id), to: nameWidth)
        let used = canvas.write(marker + name, row: line, column: menu.column, style: isSelected ? style : Style(bold: true))
        canvas.write(words(GameKeys.blurb(id)), row: line, column: menu.column + used, style: isSelected ? style : Theme.dim, limit: menu.width - used)
      case .page(let index):
        let page = Self.pages[index]
        canvas.write(marker + "\(page.key)  " + words(page.label), row: line, column: menu.column, style: style)
      case .quit:
        canvas.write(marker + "q  " + words("home.quit"), row: line, column: menu.column, style: style)
      }
      line += 1
    }
    // Every notice, one under the other (two damaged files are two notices);
    // those that do not fit are counted on a line of their own, never dropped unsaid.
    let area = Rect(row: line + 1, column: 3, width: bounds.width - 6, height: bounds.height - 2 - line)
    let heights = state.notices.map { Canvas.noticeHeight($0, words: words, width: area.width) }
    let placement = Stack.rows(heights, in: area, reserve: 1)
    for (notice, rect) in zip(state.notices, placement.placed) {
      canvas.notice(notice, words: words, row: rect.row, in: Rect(row: 0, column: area.column, width: area.width, height: 0))
    }
    if placement.left > 0 {
      canvas.write(
        words.plural("home.moreNotices", placement.left), row: placement.next, column: area.column + 1,
        style: Theme.dim, limit: area.width - 1)
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

/// A page the menu opens (`HomeScreen.pages`): its line, its key (written
/// beside the line), and the page, over the menu as it is.
struct MenuPage: Sendable {
  /// Its line on the menu (a locale key).
  let label: String
  /// The key that opens it from anywhere on the menu.
  let key: Character
  /// The page, opened over `home`.
  let open: @Sendable (HomeScreen) -> Screen
}

/// What the user can do on the home screen.
public enum HomeAction: Hashable, Sendable {
  /// Move the highlight.
  case move(Int)
  /// Choose the highlighted item.
  case choose
  /// Play a game directly (its number).
  case play(GameID)
  /// Read the highlighted game's rules.
  case info
  /// Open one of the menu's pages (`HomeScreen.pages`, by index) from
  /// wherever the highlight is: its key.
  case open(Int)

  /// The settings, by their key.
  static let openSettings = HomeAction.open(0)
  /// Discard the saved game (asks first).
  case discard
  /// "Throw the game in progress away?" answered yes.
  case discardConfirmed
  /// … answered no: the game chosen meanwhile is forgotten.
  case keepSavedGame
  /// Leave Parea.
  case quit
}

extension HomeScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  mutating func reduce(_ action: HomeAction, in context: ScreenContext) -> Outcome {
    let state = context.state
    let items = Self.items(for: state)
    switch action {
    case .move(let step):
      selection = (selection + step + items.count) % items.count
      return .stay
    case .choose:
      // The messages on the home screen have been read.
      switch items[min(selection, items.count - 1)] {
      case .resume: return Self.resume(state).after([.clearNotices])
      case .game(let id): return startPlayers(for: id, in: state).after([.clearNotices])
      case .page(let index): return .go(Self.pages[index].open(self), [.clearNotices])
      case .quit: return .stay([.clearNotices, .finish], effects: [.quit])
      }
    case .play(let id):
      return startPlayers(for: id, in: state).after([.clearNotices])
    case .info:
      var id = state.game
      if case .game(let highlighted) = items[min(selection, items.count - 1)] { id = highlighted }
      return .go(.info(InfoScreen(game: id, returnTo: ReturnPoint(.home(self)))))
    case .open(let index):
      guard Self.pages.indices.contains(index) else { return .stay }
      return .go(Self.pages[index].open(self))
    case .discard:
      guard state.session != nil else { return .stay }
      playAfterDiscard = nil
      return .ask(Self.discardQuestion)
    case .discardConfirmed:
      return discard(in: context)
    case .keepSavedGame:
      playAfterDiscard = nil
      return .stay
    case .quit:
      return .stay([.finish], effects: [.quit])
    }
  }

  /// "Throw the game in progress away?": yes drops it, then plays the game
  /// chosen meanwhile or stays home on the item that was highlighted (the
  /// game that was saved, if that was "Resume"); no forgets the game chosen
  /// meanwhile, so that it is not played later by surprise.
  static let discardQuestion = Confirmation(.discardSavedGame, yes: .home(.discardConfirmed), no: .home(.keepSavedGame))

  private mutating func discard(in context: ScreenContext) -> Outcome {
    let items = Self.items(for: context.state)
    var highlighted = items[min(selection, items.count - 1)]
    if highlighted == .resume { highlighted = .game(context.state.game) }
    // The whole session goes: its table, its timer, a scored session's points.
    var after = context.state
    after.apply(.dropSession)
    var home = HomeScreen(selection: Self.items(for: after).firstIndex(of: highlighted) ?? 0)
    var outcome = Outcome.go(.home(home))
    if let id = playAfterDiscard { outcome = home.startPlayers(for: id, in: after) }
    return outcome.after([.dropSession]).adding([.saveGame, .redrawAll])
  }

  /// A game chosen on the menu: its players screen, or first the question
  /// whether to throw the game in progress away.
  mutating func startPlayers(for id: GameID, in state: AppState) -> Outcome {
    if state.session != nil {
      // Starting another game would throw the one in progress (or the
      // session's scores) away: ask first, with the chosen game highlighted
      // (a number key chooses without moving).
      selection = Self.items(for: state).firstIndex(of: .game(id)) ?? selection
      playAfterDiscard = id
      return .ask(Self.discardQuestion)
    }
    // The last game's names wait in the quick picks (one key adds them all),
    // the same after a game as after a restart; names typed since are kept.
    let fresh: [Change] = state.players == state.savedNames ? [.players([])] : []
    return .go(.players(PlayersScreen()), [.chooseGame(id)] + fresh)
  }

  /// Goes back into the game in progress where it was: the next hand-off of the
  /// first round, or the table. Never straight onto a role.
  static func resume(_ state: AppState) -> Outcome {
    guard let session = state.session else { return .stay(effects: [.redrawAll]) }
    let changes: [Change] = [.chooseGame(session.game)]
    guard let table = session.table else {
      // A session between rounds goes on where it stopped: choosing the next round.
      return .go(.setup(SetupScreen()), changes, effects: [.redrawAll])
    }
    let screen: Screen
    if table.endedByHand || table.rules.winner(of: table) != nil {
      screen = .summary(SummaryScreen())
    } else if session.nextReveal < table.seats.count {
      screen = .handOff(HandOffScreen(seat: session.nextReveal))
    } else if var narration = session.narration {
      // A night in progress starts again from "everyone, close your eyes"
      // (a saved game is read back at dusk already); the screen says so
      // when choices of that night were made.
      narration.resume()
      let midNight = narration.stage == .dusk && table.isSecretPhase && !table.choicesThisPhase.isEmpty
      return .go(.narrator(NarratorScreen(resumedNight: midNight)), changes + [.resumeNarration], effects: [.redrawAll])
    } else {
      var page = TableScreen()
      // A kamikaze who was choosing when the game stopped still chooses.
      if case .takePlayer(let by) = table.pending { page.mode = .pick(.kamikaze(by: by)) }
      screen = .table(page)
    }
    return .go(screen, changes, effects: [.redrawAll])
  }


  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome {
    .stay  // the first screen: Esc does nothing (q quits)
  }
}

extension AppState {
  /// The menu, the game being set up highlighted.
  var homeScreen: Screen { .home(HomeScreen(selection: homeIndex(of: game))) }
}
