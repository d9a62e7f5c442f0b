import PareaCanvas
import PareaRules

/// Adding, removing and ordering the players of the game.
public struct PlayersScreen: Hashable, Sendable {
  /// Which part of the screen takes the keys.
  public enum Focus: Hashable, Sendable { case field, list, picks }
  /// Which part of the screen takes the keys.
  public var focus: Focus = .field
  /// The name being typed.
  public var field = TextField()
  /// The highlighted player.
  public var listSelection = 0
  /// The highlighted quick pick.
  public var pickSelection = 0
  /// An error or note shown under the lists.
  public var notice: Notice?
  /// A name Enter could not add stays in the field, highlighted: the next
  /// character typed starts the next name in its place, while ←→, Home, End
  /// and the delete keys edit it (it is never lost, nor typed onto).
  public var replacesOnType = false

  /// Starts with the cursor in the name field.
  public init() {}

  /// The widest name, in columns (the table and the summary size their name
  /// column from it); the rule itself is `PlayerName.refusal`.
  public static let maxNameWidth = PlayerName.maxWidth

  /// What a typed character means: "+" adds every quick pick from the
  /// empty field or the picks (no name starts with "+"; in the list it
  /// starts a name like any other character), `[` and `]` move a player in
  /// the list, any other character (Space too, in the field) is typed into
  /// the name. Nil for the keys that are not typing (`commands`).
  func typed(_ key: Key) -> Action? {
    if key == .character("+"), field.text.isEmpty, focus != .list { return .players(.addAllPicks) }
    guard case .character(let character) = key, character != " " || focus == .field else { return nil }
    if focus == .list && (character == "[" || character == "]") {
      return .players(.reorder(character == "[" ? -1 : 1))
    }
    return .players(.type(character))
  }

  /// The keys that are not typing, by the part of the page in focus: the
  /// field (Enter adds the name, or goes on once it is empty; editing keys),
  /// the list (remove, reorder, go on), the quick picks (Space adds or
  /// takes out one, Enter goes on); Tab to the next part, Esc back, and
  /// "+" (typed, see `typed`) while there are picks left to add.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    let moving: [(Shortcut, Action)] = [(.up, .players(.move(-1))), (.down, .players(.move(1)))]
    var commands: [KeyCommand]
    switch focus {
    case .field:
      commands = [
        .shown("Enter", field.text.isEmpty ? "key.continue" : "key.add", [(.enter, .players(.submit))]),
        .hidden(
          .typing,
          [
            (.backspace, .players(.deleteBackward)), (.delete, .players(.deleteForward)), (.left, .players(.cursor(-1))),
            (.right, .players(.cursor(1))), (.home, .players(.cursor(-1000))), (.end, .players(.cursor(1000))),
          ]),
        .hidden(.alias, [(.down, .players(.focusNext))]),
      ]
    case .list:
      commands = [
        .shown("Del", "key.remove", [(.delete, .players(.remove)), (.backspace, .players(.remove))]),
        .shown("[ ]", "key.reorder", [(.letter("["), .players(.reorder(-1))), (.letter("]"), .players(.reorder(1)))]),
        .shown("Enter", "key.continue", [(.enter, .players(.proceed))]),
        .hidden(.moving, moving),
        .hidden(.alias, [(.right, .players(.focusNext))]),
      ]
    case .picks:
      commands = [
        .shown("Space", "key.toggle", [(.space, .players(.togglePick))]),
        .shown("Enter", "key.continue", [(.enter, .players(.proceed))]),
        .hidden(.moving, moving),
        .hidden(.alias, [(.left, .players(.focusPrevious))]),
      ]
    }
    let added = Set(state.players.map(PlayerName.key))
    if focus != .list, field.text.isEmpty, state.savedNames.contains(where: { !added.contains(PlayerName.key($0)) }) {
      commands.append(.shown("+", "key.addAll", [(.letter("+"), .players(.addAllPicks))]))
    }
    commands.append(.shown("Tab", "key.nextPart", [(.tab, .players(.focusNext))]))
    commands.append(.shown("Esc", "key.back", [(.escape, .back)]))
    commands.append(.hidden(.alias, [(.backTab, .players(.focusPrevious))]))
    return commands
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    let rules = state.rules
    canvas.header(words, title: words.gameName(state.game) + "  ·  " + words("players.title"))
    canvas.write(
      words("players.prompt", [
        "min": String(rules.players.lowerBound), "max": String(rules.players.upperBound),
      ]), row: 2, column: 3)

    // The name field, with how much of a name it still takes.
    let fieldBox = Rect(row: 3, column: 3, width: 40, height: 3)
    field.draw(into: &canvas, in: fieldBox, title: words("players.name"), focused: focus == .field)
    if replacesOnType && !field.text.isEmpty {
      // The refused name, highlighted: typing replaces it.
      canvas.write(
        TextWidth.truncate(field.text, to: fieldBox.width - 4), row: fieldBox.row + 1, column: fieldBox.column + 2,
        style: Theme.selected)
    }
    let used = TextWidth.of(field.text)
    let length = " " + words("players.nameWidth", ["count": String(used), "max": String(PlayerName.maxWidth)]) + " "
    canvas.write(
      length, row: fieldBox.bottom - 1, column: fieldBox.column + fieldBox.width - 2 - TextWidth.of(length),
      style: used >= PlayerName.maxWidth ? Theme.error : Theme.dim)
    canvas.write(words("players.fieldHint"), row: 4, column: 45, style: Theme.dim, limit: canvas.width - 47)

    // The lists take every row down to the notice, or to the footer: a blank
    // row above either.
    let noticeWidth = canvas.width - 6
    let noticeRow = notice.map { canvas.height - 1 - Canvas.noticeHeight($0, words: words, width: noticeWidth) }
    let listBottom = (noticeRow ?? canvas.height - 1) - 1

    // The players, numbered in seating order.
    let listRect = Rect(row: 8, column: 3, width: 38, height: listBottom - 8)
    let count = words("players.count", [
      "count": String(state.players.count), "max": String(rules.players.upperBound),
    ])
    canvas.write(count, row: 7, column: 3, style: focus == .list ? Theme.key : Theme.title)
    if state.players.isEmpty {
      // Wrapped within the list's column: the quick picks stand to its right.
      let empty = Rect(row: listRect.row, column: 5, width: listRect.width - 2, height: listRect.height)
      canvas.paragraphs(wrapped(words("players.empty"), width: empty.width, style: Theme.dim), in: empty, scroll: 0)
    } else {
      let numbered = state.players.enumerated().map { "\($0.offset + 1). " + $0.element }
      canvas.list(numbered, selected: focus == .list ? listSelection : nil, in: listRect)
    }

    // Quick picks from last time, in the order they sat.
    let picks = state.savedNames
    if !picks.isEmpty {
      let picksRect = Rect(row: 8, column: 45, width: 32, height: listBottom - 8)
      canvas.write(words("players.lastTime"), row: 7, column: 45, style: focus == .picks ? Theme.key : Theme.title)
      let keys = Set(state.players.map(PlayerName.key))
      let lines = picks.map { (keys.contains(PlayerName.key($0)) ? "✓ " : "  ") + $0 }
      canvas.list(lines, selected: focus == .picks ? pickSelection : nil, in: picksRect)
    }

    if let notice, let noticeRow {
      canvas.notice(notice, words: words, row: noticeRow, in: Rect(row: 0, column: 3, width: noticeWidth, height: 0))
    }

    canvas.footer(commands(in: state, words: words), words: words)
  }
}

/// What the user can do on the players screen.
public enum PlayersAction: Hashable, Sendable {
  /// Type a character into the name field.
  case type(Character)
  /// Delete the character before the cursor.
  case deleteBackward
  /// Delete the character under the cursor.
  case deleteForward
  /// Move the cursor.
  case cursor(Int)
  /// Enter in the field: add the name, or go on when the field is empty.
  case submit
  /// Go on to the setup.
  case proceed
  /// Move the focus to the next part (field, list, quick picks).
  case focusNext
  /// Move the focus to the previous part.
  case focusPrevious
  /// Move the highlight in the list or the quick picks.
  case move(Int)
  /// Remove the highlighted player.
  case remove
  /// Move the highlighted player up or down.
  case reorder(Int)
  /// Add or remove the highlighted quick pick.
  case togglePick
  /// Add every quick pick not yet in the list, in their order, as far as the game takes them.
  case addAllPicks
}

extension PlayersScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  mutating func reduce(_ action: PlayersAction, in context: ScreenContext) -> Outcome {
    let state = context.state
    let rules = context.rules
    let savedNames = state.savedNames
    var players = state.players
    let shown = notice
    notice = nil
    // The group as this action leaves it, if it changed.
    var changed: [Change] { players == state.players ? [] : [.players(players)] }
    let replacing = replacesOnType
    replacesOnType = false
    switch action {
    case .type(let character):
      focus = .field
      // A refused name, highlighted, gives way to the next one typed; a
      // character that is refused too leaves it there, still highlighted.
      if let refusal = PlayerName.refusal(typing: character, into: replacing ? "" : field.text) {
        notice = .name(refusal)
        replacesOnType = replacing
      } else {
        if replacing { field.clear() }
        field.insert(character)
        // What was left out stays said while the rest is typed (or pasted).
        if let shown, shown.isNameRefusal { notice = shown }
      }
    case .deleteBackward: field.deleteBackward()
    case .deleteForward: field.deleteForward()
    case .cursor(let step): field.moveCursor(by: step)
    case .submit:
      if PlayerName.clean(field.text).isEmpty && field.text.isEmpty {
        return proceedToSetup(players, in: state)
      }
      notice = Self.add(field.text, to: &players, rules: rules)
      if notice == nil { field.clear() } else { replacesOnType = true }
    case .proceed: return proceedToSetup(players, in: state)
    case .focusNext, .focusPrevious:
      var order: [PlayersScreen.Focus] = [.field]
      if !players.isEmpty { order.append(.list) }
      if !savedNames.isEmpty { order.append(.picks) }
      let index = order.firstIndex(of: focus) ?? 0
      let step = action == .focusNext ? 1 : order.count - 1
      focus = order[(index + step) % order.count]
    case .move(let step):
      if focus == .list, !players.isEmpty {
        if listSelection + step < 0 {
          focus = .field
        } else {
          listSelection = min(players.count - 1, listSelection + step)
        }
      } else if focus == .picks, !savedNames.isEmpty {
        pickSelection = max(0, min(savedNames.count - 1, pickSelection + step))
      }
    case .remove:
      guard focus == .list, players.indices.contains(listSelection) else { break }
      players.remove(at: listSelection)
      listSelection = max(0, min(listSelection, players.count - 1))
      if players.isEmpty { focus = .field }
    case .reorder(let step):
      let target = listSelection + step
      guard focus == .list, players.indices.contains(listSelection), players.indices.contains(target)
      else { break }
      players.swapAt(listSelection, target)
      listSelection = target
    case .togglePick:
      guard savedNames.indices.contains(pickSelection) else { break }
      let name = savedNames[pickSelection]
      let key = PlayerName.key(name)
      if let index = players.firstIndex(where: { PlayerName.key($0) == key }) {
        players.remove(at: index)
        listSelection = max(0, min(listSelection, players.count - 1))
      } else {
        notice = Self.add(name, to: &players, rules: rules)
      }
    case .addAllPicks:
      let added = Set(players.map(PlayerName.key))
      for name in savedNames where !added.contains(PlayerName.key(name)) {
        notice = Self.add(name, to: &players, rules: rules)
        if notice != nil { break }
      }
    }
    return .stay(changed)
  }

  /// Adds a player to `players`, or says why not.
  private static func add(_ name: String, to players: inout [String], rules: any GameType) -> Notice? {
    if let refusal = PlayerName.refusal(PlayerName.clean(name)) { return .name(refusal) }
    if let problem = PlayerName.problem(adding: name, to: players) { return .setup(problem) }
    if players.count >= rules.players.upperBound {
      return .setup(.tooManyPlayers(maximum: rules.players.upperBound, count: players.count + 1))
    }
    players.append(PlayerName.clean(name))
    return nil
  }

  private mutating func proceedToSetup(_ players: [String], in state: AppState) -> Outcome {
    let rules = state.rules
    // Players carried over from a game with a larger table may be too many here.
    guard players.count <= rules.players.upperBound else {
      notice = .setup(.tooManyPlayers(maximum: rules.players.upperBound, count: players.count))
      return .stay
    }
    guard players.count >= rules.players.lowerBound else {
      notice = .setup(.tooFewPlayers(minimum: rules.players.lowerBound, count: players.count))
      return .stay
    }
    // These are now the last game's names: the quick picks offer them next time,
    // in this session as after a restart.
    return SetupScreen.open(in: state, changes: [.savedNames(players)], effects: [.savePlayers(players)])
  }

  func action(for key: Key, in context: ScreenContext) -> Action? {
    typed(key) ?? commands(in: context.state, words: context.words).action(for: key)
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .go(context.state.homeScreen) }
}
