import PareaCanvas
import PareaLocale
import PareaRules

extension AppState {
  /// The rules of the game in play, or else of the game chosen on the home screen.
  /// With the group's own roles, if it has any and the game takes them.
  var rules: any GameType { table?.rules ?? groupRoles.game(game) ?? registry.game(game) ?? registry.games[0] }

  /// What `key` means on the screen on show, if anything.
  func action(for key: Key, environment: Environment) -> Action? {
    if let confirmation { return confirmation.action(for: key, words: environment.words(language, rules: rules)) }
    return screen.page.action(for: key, in: context(environment))
  }

  /// Applies an action; returns the work for the outside world. Keys are
  /// held back at a moment that could choose what cannot be taken back
  /// (`KeyGuard.swift`), and such a moment is guarded as it appears.
  mutating func reduce(_ action: Action, environment: inout Environment) -> [Effect] {
    if case .key(let key) = action, holdsBack(key) { return [] }
    let before = guardedMoment
    var effects = apply(action, environment: &environment)
    guardMoment(after: before)
    followPhones()
    effects += askForOdds()
    // A step that waits for its choice may have it now that its time is over.
    if case .tick = action { effects += handOnPhoneChoice(environment: environment) + saveLooks() }
    // A seeded run keeps where its sequence stands with the game it saves.
    if let seed = environment.seed, session != nil {
      session?.seeded = SeededSequence(seed: seed, state: environment.generator.state)
    } else if environment.seed == nil, session?.seeded != nil {
      session?.seeded = nil  // played on without the seed: its place in the sequence is gone
    }
    return effects
  }

  private mutating func apply(_ action: Action, environment: inout Environment) -> [Effect] {
    switch action {
    case .confirm(let yes): return answer(yes, environment: &environment)
    case .answered(let answer): return perform(answer)
    case .toggleConfirmation:
      confirmation?.yesSelected.toggle()
      return []
    case .back: return goBack(environment)
    case .key(let key):
      // Away from home a reported problem stays until the next key, which still counts.
      if !screen.is(HomeScreen.self) { notices.removeAll() }
      guard let meant = self.action(for: key, environment: environment) else { return [] }
      return reduce(meant, environment: &environment)
    case .started(let names, let session):
      savedNames = names
      savedGameSummary = nil
      // The store has checked the whole file, its places among the known
      // locations too (`Store.knownLocations`).
      guard let session else { return [] }
      restore(session)
      // Started again with the seed it was dealt with: the sequence goes on
      // (round 4 is not round 1 dealt again).
      if let seeded = session.seeded, seeded.seed == environment.seed {
        environment.generator = seeded.generator
      }
      return []
    case .reported(let reported):
      for notice in reported where !notices.contains(notice) { notices.append(notice) }
      return []
    case .voiceLookedFor(let found):
      voiceFound = found
      return []
    case .decksListed(let entries):
      decks = entries
      return []
    case .oddsMeasured(let result):
      // Only the set last asked for: a late result of an earlier one is dropped.
      if result.request == oddsAsked { odds = result }
      return []
    case .phones(let action):
      return reducePhones(action, environment: environment)
    case .tick(let now):
      clock = now
      var effects = tickCountdowns(now: clock, environment: environment)
      // The pages opened over a screen (the rules, and over the narrator's
      // day a role shown again, the roles, the settings) do not stop its clock.
      if screen.narratorBeneath != nil {
        // The narrator keeps its own time: the night's steps and the day's timer.
        effects += reduce(NarratorAction.clock(now: now), beneath: \.narratorBeneath, environment: environment)
      } else if var timer = session?.timer {
        let before = timer.remaining
        let ranOut = timer.tick(now: now)
        session?.timer = timer
        guard ranOut else {
          // A running round's time left is saved every `RoundTimer.saveEvery`:
          // a restart loses at most that much of it.
          if RoundTimer.crossesSave(from: before, to: timer.remaining) { effects.append(.saveGame) }
          return effects
        }
        // The table says so: on its list, or when it comes back from a page
        // over it (the bell rings now).
        effects += reduce(TableAction.timeUp, beneath: \.tableBeneath, environment: environment)
        effects.append(.bell)
        effects.append(.saveGame)
      }
      return effects
    case .resize(let width, let height):
      viewport = Size(width: width, height: height)
      return []
    case .openRules: return perform(rulesOverScreen)
    case .page(let action):
      return run(action, environment: &environment)
    }
  }

  /// Esc: each screen goes back to the one before it; leaving a game in play asks first.
  private mutating func goBack(_ environment: Environment) -> [Effect] {
    perform(screen.page.back(in: context(environment)))
  }

  /// What a screen reads: this state as it is now, its words and locations.
  func context(_ environment: Environment) -> ScreenContext {
    ScreenContext(
      state: self, words: environment.words(language, rules: rules),
      locations: rules.usesLocations ? environment.sortedLocations(language) : [],
      unsortedLocations: environment.lazyLocations, random: environment.generator)
  }

  /// The clock moved on: the screen on show keeps its time (a reveal
  /// countdown). Every screen is asked (most keep no time: `Feature.tick`'s
  /// default changes nothing); the narrator's time runs on its own action,
  /// `NarratorAction.clock`, also under a page opened over it.
  private mutating func tickCountdowns(now: Int64, environment: Environment) -> [Effect] {
    struct Tick: ScreenVisit {
      let now: Int64
      let context: ScreenContext
      func callAsFunction<F: Feature>(_ page: inout F) -> Outcome? { page.tick(now: now, in: context) }
    }
    return screen.visit(Tick(now: now, context: context(environment))).map { perform($0) } ?? []
  }

  /// `action` on the narrator's page, on show or under a page over it: how
  /// the phones' side hands the narrator what the phones decided.
  mutating func reduceNarrator(_ action: NarratorAction, environment: Environment) -> [Effect] {
    reduce(action, beneath: \.narratorBeneath, environment: environment)
  }

  /// `action` on the page at `path` (a screen's own page on show or under a
  /// page over it, `Screen.narratorBeneath`, `.tableBeneath`), done by that
  /// page's own `reduce` and put back where it waits: nothing outside a
  /// screen writes its fields.
  private mutating func reduce<F: Feature>(
    _ action: F.ScreenAction, beneath path: WritableKeyPath<Screen, F?>, environment: Environment
  ) -> [Effect] {
    guard var page = screen[keyPath: path] else { return [] }
    let outcome = page.reduce(action, in: context(environment))
    screen[keyPath: path] = page
    return perform(outcome)
  }

  /// Reduces `action` on the screen on show (`page`, put back by `wrap`),
  /// then performs what it asked for.
  /// A screen's own action, done by the screen on show if it is of that
  /// screen's type (else nothing: the screen changed under it).
  private mutating func run(_ action: PageAction, environment: inout Environment) -> [Effect] {
    struct Run: ScreenVisit {
      let action: PageAction
      let context: ScreenContext
      func callAsFunction<F: Feature>(_ page: inout F) -> Outcome? {
        guard let action = action.as(F.ScreenAction.self) else { return nil }
        return page.reduce(action, in: context)
      }
    }
    guard let outcome = screen.visit(Run(action: action, context: context(environment))) else { return [] }
    if let random = outcome.random { environment.generator = random }
    return perform(outcome)
  }

  /// Applies a screen's outcome: its changes in order, then where it goes.
  mutating func perform(_ outcome: Outcome) -> [Effect] {
    for change in outcome.changes { apply(change) }
    switch outcome.next {
    case .stay: break
    case .go(let next): screen = next
    case .ask(let question): confirmation = question
    }
    return outcome.effects
  }

  /// Applies `change` to the game in play; a refusal is said (the game
  /// stays as it was), never dropped. Whether it went through.
  @discardableResult
  private mutating func apply(session change: SessionChange) -> Bool {
    guard session != nil else { return false }
    do {
      try session?.apply(change)
      return true
    } catch {
      let notice = Notice(kind: .error, title: "session.refused.title", message: "session.refused.message")
      if !notices.contains(notice) { notices.append(notice) }
      return false
    }
  }

  /// The one place a screen's change to the rest of the app is written.
  mutating func apply(_ change: Change) {
    switch change {
    case .players(let names): players = names
    case .savedNames(let names): savedNames = names
    case .chooseGame(let id):
      guard id != game else { return }
      game = id
      setup = Setup()
    case .settings(let values):
      if values.language != language { languageChosen = true }
      language = values.language
      preferences = values.preferences
      houseRules = values.houseRules
      excludedLocations = values.excludedLocations
    case .setup(let chosen): setup = chosen
    case .groupRoles(let roles): groupRoles = GroupRoles(roles, registry: registry)
    case .startSession(let dealt): session = dealt
    case .session(let change):
      apply(session: change)
    case .edit(let edit):
      // The screen's draft, taken as it is: applied once. Only if the game
      // moved on since the draft began (an earlier change of the same
      // outcome) are its changes played again on the game as it is now.
      if session == edit.base {
        session = edit.result
      } else {
        for step in edit.steps where !apply(session: step) { break }
      }
    case .dropSession: session = nil
    case .closeRound:
      session?.closeRound()
      if session?.roundsPlayed == 0 { session = nil }  // nothing to keep between rounds
    case .resumeNarration: session?.narration?.resume()
    case .report(let notice): if !notices.contains(notice) { notices.append(notice) }
    case .clearNotices: notices = []
    case .finish: finished = true
    }
  }

  /// The open question answered: it closes, and the answer's action (the
  /// asker's, `Confirmation.yes`/`.no`) is done.
  private mutating func answer(_ yes: Bool, environment: inout Environment) -> [Effect] {
    guard let asked = confirmation else { return [] }
    confirmation = nil
    guard let action = yes ? asked.yes : asked.no else { return [] }
    return apply(action, environment: &environment)
  }

  /// The app's own questions, answered.
  private mutating func perform(_ answer: AppAnswer) -> [Effect] {
    switch answer {
    case .abandonGame:
      // A line being said stops with the game it belongs to.
      let speaking = session?.narration != nil
      session = nil
      screen = .home(HomeScreen(selection: homeIndex(of: game)))
      return (speaking ? [.silence] : []) + [.saveGame, .redrawAll]
    case .endGame:
      // A narrated game's narration ends with its table; a line being said stops.
      let speaking = session?.narration != nil
      apply(session: .end)
      apply(session: .timer(.stop))  // no day's time rings over the summary
      screen = .summary(SummaryScreen())
      return (speaking ? [.silence] : []) + [.saveGame, .redrawAll]
    case .playWithoutSaving(let file):
      notices.append(
        Notice(
          kind: .info, title: "store.readOnly.title", message: "store.readOnly.message",
          args: ["file": .text(file)]))
      return []
    case .quitUnsaved:
      finished = true
      return [.quit]
    }
  }

  /// The home menu's index of a game.
  func homeIndex(of id: GameID) -> Int {
    HomeScreen.items(for: self).firstIndex(of: .game(id)) ?? 0
  }

  /// Puts a saved session in play, on the home screen with "Resume" highlighted.
  mutating func restore(_ saved: GameSession) {
    var saved = saved
    // A game saved before tables kept their options followed the settings
    // of the moment; it goes on following them, now fixed in its table (a
    // narrated one kept its house rules in its narration, and reads only its
    // round's length from today's settings).
    if var table = saved.table {
      let today = TableOptions(dealing: table.rules, houseRules: houseRules, preferences: preferences)
      if !table.hasOptions {
        table.options = today
      } else if table.options.roundMinutes == nil {
        table.options.roundMinutes = today.roundMinutes
      }
      saved.table = table
    }
    game = saved.game
    players = saved.players
    setup = saved.setup
    // The group's own roles it was dealt with are the group's again: the
    // next round's setup offers them (a role of the same identifier is the game's).
    if let dealt = saved.table?.rules.houseRoles, !dealt.isEmpty {
      var roles = groupRoles.roles.filter { role in !dealt.contains { $0.id == role.id } } + dealt
      if roles.count > RoleDeclaration.maximumHouseRoles { roles = dealt }
      groupRoles = GroupRoles(roles, registry: registry)
    }
    session = saved
    screen = .home(HomeScreen(selection: 0))
  }

  /// Draws the state.
  func render(width: Int, height: Int, environment: Environment) -> Canvas {
    let context = context(environment)
    let words = context.words
    var canvas = Canvas(width: width, height: height)
    guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
      TooSmallView.draw(into: &canvas, words: words, size: Size(width: width, height: height))
      return canvas
    }
    screen.page.draw(into: &canvas, in: context)
    if !screen.is(HomeScreen.self), let notice = notices.first {
      // Reported from outside (a save that failed): above the footer, on any screen.
      let rows = Canvas.noticeHeight(notice, words: words, width: width - 6)
      canvas.notice(notice, words: words, row: height - 1 - rows, in: Rect(row: 0, column: 3, width: width - 6, height: 0))
    }
    confirmation?.draw(into: &canvas, words: words, table: table)
    // While keys are held back (`KeyGuard`), the footer says so, over a question too.
    if keyGuard != nil { canvas.footerNote(words("guard.note")) }
    return canvas
  }

  /// The smallest terminal the screens are laid out for.
  public static let minimumWidth = 80
  /// The smallest terminal the screens are laid out for.
  public static let minimumHeight = 24
}
