import PareaCanvas
import PareaRules

/// Choosing the roles (Palermo) or the number of spies or killers, and for Spy
/// the locations in play: three screens sharing one state, each in its own
/// file (`SetupRoles.swift`, `SetupCount.swift`, `SetupLocations.swift`).
public struct SetupScreen: Hashable, Sendable {
  /// Which list takes the keys (choose-roles games).
  public enum Focus: Hashable, Sendable { case available, chosen }
  /// Which list takes the keys.
  public var focus: Focus = .available
  /// The highlighted available role.
  public var availableSelection = 0
  /// The highlighted chosen role.
  public var chosenSelection = 0
  /// An error shown in place.
  public var notice: Notice?
  /// Whether the list of Spy locations to keep in play is open.
  public var choosingLocations = false
  /// The highlighted location in that list.
  public var locationSelection = 0
  /// Whether the page of who narrates is open: the setup's first page for a game with nights (who narrates, the day's length).
  public var choosingNarration = false
  /// The lit row of the count (a game with a timed round has two: ↑↓ light one, ←→ change it).
  public var countRow: CountRow = .bad

  /// A row of the count.
  public enum CountRow: Hashable, Sendable {
    /// How many spies or killers.
    case bad
    /// How long a round lasts.
    case minutes
  }

  /// Starts on the available roles.
  public init() {}

  /// The setup's first page: for a game with nights, how the group will play
  /// (who narrates, the day's length), chosen before the roles; otherwise the roles or the count.
  public init(opening rules: any GameType) {
    choosingNarration = rules.hasNightSteps
  }

  /// Goes to the setup's first page; the page of who narrates looks for the
  /// voice first (once a run), so it can say before the group chooses Parea that there is none.
  static func open(in state: AppState, changes: [Change] = [], effects: [Effect] = []) -> Outcome {
    let page = SetupScreen(opening: state.rules)
    let lookForVoice = page.choosingNarration && state.voiceFound == nil
    return .go(.setup(page), changes, effects: effects + (lookForVoice ? [.lookForVoice] : []))
  }

  /// What the page on show lets the user do: the list of locations, who
  /// narrates, the roles' lists or the count. The rules are offered from
  /// every page (no page types text).
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    let rules = KeyCommand.shown("i", "key.rules", [(.letter("i"), .openRules)])
    if choosingLocations { return locationCommands(rules: rules) }
    if choosingNarration { return narrationCommands(rules: rules) }
    // A game with nights chose who narrates on the page before the roles: Esc goes back there.
    let back = KeyCommand.shown(
      "Esc", "key.back", [(.escape, state.rules.hasNightSteps ? .setup(.chooseNarration(true)) : .back)])
    switch state.rules.setupKind {
    case .chooseRoles: return roleCommands(rules: rules, back: back)
    case .countBad: return countCommands(state: state, rules: rules, back: back)
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words, locations: [Location]) {
    let rules = state.rules
    if choosingLocations {
      drawLocationChoice(into: &canvas, state: state, words: words, locations: locations)
      return
    }
    if choosingNarration {
      drawNarrationChoice(into: &canvas, state: state, words: words)
      return
    }
    canvas.header(words, title: words.gameName(state.game) + "  ·  " + words("setup.title"))
    switch rules.setupKind {
    case .chooseRoles: drawRoles(into: &canvas, state: state, words: words)
    case .countBad(let bad, _, let fixed, let filler):
      drawCount(
        into: &canvas, state: state, words: words, bad: bad, fixed: fixed, filler: filler,
        locations: locations)
    }
    if let notice {
      canvas.notice(notice, words: words, row: canvas.height - 7, in: Rect(row: 0, column: 3, width: canvas.width - 6, height: 0))
    }
  }
}

/// What the user can do on the setup screen.
public enum SetupAction: Hashable, Sendable {
  /// Move the highlight in the focused list.
  case move(Int)
  /// Switch between the available and chosen lists.
  case switchList
  /// Move the highlighted role into or out of the game.
  case toggleRole
  /// Fill in a suggested role set for this many players.
  case suggest
  /// Take every role out.
  case clear
  /// Open the role editor for a new role of the group's own.
  case newRole
  /// Open the role editor on the lit role, one of the group's own.
  case editRole
  /// Take the lit role, one of the group's own, out of the group's roles (and of the game).
  case removeRole
  /// Open the group's decks.
  case openDecks
  /// Change the number of spies or killers.
  case changeCount(Int)
  /// Light the count's next or previous row.
  case moveCountRow(Int)
  /// Deal the roles.
  case deal
  /// Open or close the list of Spy locations in play.
  case chooseLocations(Bool)
  /// Move the highlight in that list, by one.
  case moveLocation(Int)
  /// Move the highlight in that list a column left (-1) or right (1).
  case moveLocationColumn(Int)
  /// Take the highlighted location out of play, or put it back.
  case toggleLocation
  /// Every location in play, or (when all are) none.
  case toggleAllLocations
  /// Go to the page of who narrates (from the roles, with Esc) or on from it to the roles.
  case chooseNarration(Bool)
  /// Highlight the next or previous way to narrate.
  case moveNarration(Int)
  /// Make the round (Palermo's day, Spy's questions) longer or shorter by a
  /// minute, within `Preferences.minuteRange` (remembered with the settings).
  case changeRoundMinutes(Int)
}

extension SetupScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  mutating func reduce(_ action: SetupAction, in context: ScreenContext) -> Outcome {
    let state = context.state
    var setup = state.setup
    var values = SettingValues(state)
    var effects: [Effect] = []
    notice = nil
    switch action {
    case .move, .switchList, .toggleRole, .suggest, .clear:
      chooseRoles(action, setup: &setup, in: state)
    case .newRole, .editRole, .removeRole, .openDecks:
      return groupRole(action, in: state)
    case .changeCount(let step):
      changeCount(step, setup: &setup, in: state)
    case .moveCountRow(let step):
      let rows = Self.countRows(state)
      let index = rows.firstIndex(of: countRow) ?? 0
      countRow = rows[max(0, min(rows.count - 1, index + step))]
    case .chooseLocations, .moveLocation, .moveLocationColumn, .toggleLocation, .toggleAllLocations:
      effects = chooseLocations(action, excluded: &values.excludedLocations, in: context)
    case .chooseNarration(let open):
      choosingNarration = open
      // Whether Parea can be heard is known before the group chooses who narrates.
      if choosingNarration && state.voiceFound == nil { effects = [.lookForVoice] }
    case .moveNarration(let step):
      let modes = NarrationMode.menu
      let index = modes.firstIndex(of: values.preferences.narration) ?? 0
      values.preferences.narration = modes[max(0, min(modes.count - 1, index + step))]
      effects = [.saveSettings]
    case .changeRoundMinutes(let step):
      guard let minutes = values.preferences.minutes(for: context.rules) else { break }
      let changed = Preferences.allowedMinutes(minutes + step)
      guard changed != minutes else { break }  // at 1 or 30: nothing changes, nothing to save
      values.preferences.roundMinutes[context.rules.id] = changed
      effects = [.saveSettings]
    case .deal:
      return deal(in: context)
    }
    var changes: [Change] = []
    if setup != state.setup { changes.append(.setup(setup)) }
    if values != SettingValues(state) { changes.append(.settings(values)) }
    return .stay(changes, effects: effects)
  }

  /// Deals the game: a new session, from its first hand-off.
  private mutating func deal(in context: ScreenContext) -> Outcome {
    let state = context.state
    let rules = context.rules
    var random = context.random
    let table: Table
    do {
      table = try rules.deal(
        players: state.players, setup: state.setup, locations: state.inPlay(context.unsortedLocations.value),
        options: TableOptions(dealing: rules, houseRules: state.houseRules, preferences: state.preferences),
        using: &random)
    } catch {
      notice = .setup(error, players: state.players.count)
      return .stay
    }
    // A new session: nothing of an earlier game (its timer, its reveal
    // position) comes along; only the next round of a scored session keeps its points.
    let carried = state.session.flatMap { $0.table == nil && $0.game == state.game ? $0 : nil }
    // A game with secret night steps is narrated unless the group keeps its own table.
    let narrated = rules.hasNightSteps && state.preferences.narration != .manual
    let narration = narrated
      ? Narration(mode: state.preferences.narration, seed: random.next())
      : nil
    let session = GameSession(
      table: table, players: state.players, setup: state.setup, scores: carried?.scores ?? [:],
      roundsPlayed: carried?.roundsPlayed ?? 0, narration: narration)
    var outcome = Outcome.go(.handOff(HandOffScreen(seat: 0)), [.startSession(session)], effects: [.saveGame, .redrawAll])
    outcome.random = random
    return outcome
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words, locations: context.locations)
  }

  func back(in context: ScreenContext) -> Outcome { .go(.players(PlayersScreen())) }
}
