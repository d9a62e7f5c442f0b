import PareaCanvas
import PareaLocale
import PareaRules

/// What a screen may read to turn a key into an action, to reduce one or to
/// draw itself: the app as it is, read-only (a copy: nothing a screen does to
/// it reaches the app), the words of its language and the locations in the
/// lists' order.
struct ScreenContext {
  /// The state, with this screen on show.
  let state: AppState
  /// The words of the state's language.
  let words: Words
  /// Every Spy location, sorted as the lists show them (empty for other games).
  let locations: [Location]
  /// Every Spy location in the order they were made, worked out on first
  /// use (the deal draws from this order).
  let unsortedLocations: LazyLocations
  /// The deal's randomness as it stands: a screen that draws from it returns
  /// the generator it drew from in `Outcome.random`.
  let random: SplitMix64

  /// The game in play, if any.
  var session: GameSession? { state.session }
  /// The dealt table of the game in play, if any.
  var table: Table? { state.session?.table }
  /// The rules of the game in play, or of the game chosen on the home screen.
  var rules: any GameType { state.rules }
  /// The monotonic clock's last reading, in milliseconds.
  var clock: Int64 { state.clock }
}

/// What a screen's `reduce` asks for, besides its own new state: where the
/// app goes next, changes to what lies outside the screen (as actions the
/// top-level reducer applies, `Change`), and work for the outside world.
struct Outcome {
  /// Where the app goes after the changes.
  enum Next {
    /// The screen on show stays, with its new state.
    case stay
    /// Another screen.
    case go(Screen)
    /// The screen stays and a question opens over it.
    case ask(Confirmation)

    /// Whether the screen on show stays, with nothing asked.
    var isStay: Bool { if case .stay = self { true } else { false } }
  }

  /// Where the app goes.
  var next: Next = .stay
  /// Changes outside the screen, applied in order before `next`.
  var changes: [Change] = []
  /// Work for the outside world, in order.
  var effects: [Effect] = []
  /// The deal's randomness after the screen drew from it (`ScreenContext.random`).
  var random: SplitMix64?

  /// Nothing outside the screen changes.
  static let stay = Outcome()

  /// Goes to `screen` after `changes`, asking `effects`.
  static func go(_ screen: Screen, _ changes: [Change] = [], effects: [Effect] = []) -> Outcome {
    Outcome(next: .go(screen), changes: changes, effects: effects)
  }

  /// Opens a question over the screen on show; its answers carry their actions.
  static func ask(_ question: Confirmation) -> Outcome {
    Outcome(next: .ask(question))
  }

  /// Stays, with `changes` and `effects`.
  static func stay(_ changes: [Change] = [], effects: [Effect] = []) -> Outcome {
    Outcome(changes: changes, effects: effects)
  }

  /// The same outcome with `changes` applied before its own.
  func after(_ changes: [Change]) -> Outcome {
    Outcome(next: next, changes: changes + self.changes, effects: effects, random: random)
  }

  /// The same changes and effects, staying on the private screen that asked
  /// for them (its hand-back), with everything repainted: wherever the
  /// outcome would have gone (the table, the game over) is for the hand-back
  /// to go to, in front of everyone.
  func handingBack() -> Outcome {
    Outcome(
      next: .stay, changes: changes, effects: effects.filter { $0 != .redrawAll } + [.redrawAll], random: random)
  }

  /// The same outcome asking for `effects` after its own.
  func adding(_ effects: [Effect]) -> Outcome {
    Outcome(next: next, changes: changes, effects: self.effects + effects, random: random)
  }
}

/// A change to the app outside the screen on show, asked for by a screen's
/// `reduce` and applied by `AppState.apply(_:)`, the one place that writes
/// them. Each is an action on what it changes, never a whole new state.
enum Change: Hashable, Sendable {
  /// The group at the table is now these names, in seating order.
  case players([String])
  /// The last game's names (the quick picks) are now these.
  case savedNames([String])
  /// The game chosen for setting up; another game than before starts from a fresh setup.
  case chooseGame(GameID)
  /// The language, the voice, the house rules and the locations out of play
  /// as a screen leaves them (all saved together, with the settings).
  case settings(SettingValues)
  /// The roles or the count chosen for the next deal, as the setup leaves them.
  case setup(Setup)
  /// The group's own roles on the roles page are now these (made, or brought by a deck).
  case groupRoles([RoleDeclaration])
  /// A game is dealt: a new session (an earlier round's scores carried in it).
  case startSession(GameSession)
  /// An action on the game in play.
  case session(SessionChange)
  /// A screen's draft of the game in play, taken as it is (`SessionDraft`).
  case edit(SessionEdit)
  /// The game in play, scores and all, is dropped.
  case dropSession
  /// The round on the summary closes: its points join the session's scores;
  /// a session with nothing to keep between rounds is dropped.
  case closeRound
  /// A narrated game goes on: a night in progress starts again from dusk.
  case resumeNarration
  /// Something the user must hear of, shown like a problem reported from
  /// outside (away from home, until the next key); said once.
  case report(Notice)
  /// The home screen's messages are read: they go.
  case clearNotices
  /// Leave Parea.
  case finish
}

/// One screen of the app. Its value is the screen's own state (the highlight,
/// a scroll position); it says what a key means, draws itself and where Esc
/// goes. What its actions do is its `Feature.reduce`.
///
/// Adding a screen: a file with its state conforming to `Feature` (its
/// action type, `reduce`, `commands(in:words:)`, `draw`, `back`, and who may
/// see it and whether a key there is guarded: `audience`, `guardedMoment`,
/// which have no default, so a screen that does not say does not compile).
/// Nothing central lists the screens (`Screen` holds any `Feature`, its
/// actions come as `Action.page`); reachable from the menu, it is a line in
/// `HomeScreen.pages`. `ScopeTests` fails if a screen's file writes the whole state.
protocol Page: Hashable, Sendable {
  /// Who may see the screen now, as the app stands in `state` (the screen
  /// on show). A private screen clears the terminal's scroll-back once it
  /// is gone and is blanked on the way out (`AppState.showsSecret`); the
  /// role-blind runs compare the ink of a private page's rows.
  func audience(in state: AppState) -> Audience
  /// The moment on this screen whose next key could choose what cannot be
  /// taken back, if any: keys are then held back until they have been
  /// quiet a moment (`KeyGuard.swift`).
  func guardedMoment(in state: AppState) -> GuardedMoment?
  /// What the screen lets its user do now, in its footer's order: what a
  /// key means there and the footer's hints both come from this list
  /// (`KeyCommand`); the footer is drawn with `Canvas.footer(_:words:)`.
  func commands(in state: AppState, words: Words) -> [KeyCommand]
  /// What `key` means on this screen, if anything: by default, its commands'.
  func action(for key: Key, in context: ScreenContext) -> Action?
  /// Draws the screen (the confirmation and reported problems go on top).
  func draw(into canvas: inout Canvas, in context: ScreenContext)
  /// Esc: where it goes, or the question it asks first.
  func back(in context: ScreenContext) -> Outcome
}

/// Who may see a screen while it is on show.
enum Audience: Hashable, Sendable {
  /// Everyone at the table.
  case table
  /// One player alone: a role as dealt or shown again, a private answer.
  case player
  /// The roles awake at a secret step of a narrated night, and nobody else.
  case awake
  /// The moderator alone: every role of the game.
  case moderator

  /// Whether anyone at the table must not see it.
  var isPrivate: Bool { self != .table }
}

/// A screen that owns its state: `reduce` changes only the screen's own
/// value and says in its `Outcome` what else should happen.
protocol Feature: Page {
  /// What the user can do on this screen (`SettingsAction`, …).
  associatedtype ScreenAction
  /// Applies `action` to the screen's own state, reading the rest of the app in `context`.
  mutating func reduce(_ action: ScreenAction, in context: ScreenContext) -> Outcome
  /// The clock moved on (milliseconds of a monotonic clock) while this screen is on show.
  mutating func tick(now: Int64, in context: ScreenContext) -> Outcome
}

extension Feature {
  func tick(now: Int64, in context: ScreenContext) -> Outcome { .stay }
}

/// Something done to the screen on show as its own type (`Screen.visit`):
/// its own action, the clock's tick.
protocol ScreenVisit {
  /// Does it to `page`; nil when there is nothing to do there.
  func callAsFunction<F: Feature>(_ page: inout F) -> Outcome?
}

/// The page a page of the table (a role shown again, the roles in this game)
/// goes back to: the manual table's list, or the narrator's day.
public enum TableBeneath: Hashable, Sendable {
  /// The manual table's page, as it was.
  case table(TableScreen)
  /// The narrator's page by day, as it was.
  case narrator(NarratorScreen)

  /// The screen to go back to.
  var screen: Screen {
    switch self {
    case .table(let page): .table(page)
    case .narrator(let page): .narrator(page)
    }
  }
}

extension Screen {
  /// The narrator's page: the one on show, or the one a page over it (the
  /// rules, a role shown again, the roles, the settings) goes back to; nil
  /// elsewhere. Its time runs on beneath them (`NarratorAction.clock`).
  var narratorBeneath: NarratorScreen? {
    get {
      if let page = self.as(NarratorScreen.self) { return page }
      if let page = self.as(InfoScreen.self) { return page.returnTo.screen.narratorBeneath }
      if let page = self.as(SettingsScreen.self) { return page.returnTo.screen.narratorBeneath }
      if let page = self.as(LookAgainScreen.self), case .narrator(let under) = page.beneath { return under }
      if let page = self.as(TableListScreen.self), case .narrator(let under) = page.beneath { return under }
      return nil
    }
    set {
      // Only where there is one: a page over something else stays as it is.
      guard let newValue, narratorBeneath != nil else { return }
      if self.is(NarratorScreen.self) {
        self = .narrator(newValue)
      } else if var page = self.as(InfoScreen.self) {
        var under = page.returnTo.screen
        under.narratorBeneath = newValue
        page.returnTo = ReturnPoint(under)
        self = .info(page)
      } else if var page = self.as(SettingsScreen.self) {
        var under = page.returnTo.screen
        under.narratorBeneath = newValue
        page.returnTo = ReturnPoint(under)
        self = .settings(page)
      } else if var page = self.as(LookAgainScreen.self) {
        page.beneath = .narrator(newValue)
        self = .lookAgain(page)
      } else if var page = self.as(TableListScreen.self) {
        page.beneath = .narrator(newValue)
        self = .tableList(page)
      }
    }
  }

  /// The table's own page: the one on show, or the one a page over it (the
  /// rules, a role shown again, a list, a guess, a private answer) goes
  /// back to; nil away from the table.
  var tableBeneath: TableScreen? {
    get {
      if let page = self.as(TableScreen.self) { return page }
      if let page = self.as(InfoScreen.self) { return page.returnTo.screen.tableBeneath }
      if let page = self.as(LookAgainScreen.self), case .table(let under) = page.beneath { return under }
      if let page = self.as(TableListScreen.self), case .table(let under) = page.beneath { return under }
      if let page = self.as(SpyGuessScreen.self) { return page.table }
      if let page = self.as(OutAnswerScreen.self) { return page.table }
      return nil
    }
    set {
      guard let newValue else { return }
      if self.is(TableScreen.self) {
        self = .table(newValue)
      } else if var page = self.as(InfoScreen.self) {
        var under = page.returnTo.screen
        guard under.tableBeneath != nil else { return }
        under.tableBeneath = newValue
        page.returnTo = ReturnPoint(under)
        self = .info(page)
      } else if var page = self.as(LookAgainScreen.self) {
        guard case .table = page.beneath else { return }
        page.beneath = .table(newValue)
        self = .lookAgain(page)
      } else if var page = self.as(TableListScreen.self) {
        guard case .table = page.beneath else { return }
        page.beneath = .table(newValue)
        self = .tableList(page)
      } else if var page = self.as(SpyGuessScreen.self) {
        page.table = newValue
        self = .spyGuess(page)
      } else if var page = self.as(OutAnswerScreen.self) {
        page.table = newValue
        self = .outAnswer(page)
      }
    }
  }
}
