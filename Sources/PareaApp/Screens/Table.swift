import PareaCanvas
import PareaRules

/// The game in progress: the players, their state, and what the table can do.
public struct TableScreen: Hashable, Sendable {
  /// What the table is doing right now.
  public enum Mode: Hashable, Sendable {
    /// The list of players and the actions.
    case main
    /// Choosing a player for a purpose.
    case pick(Purpose)
    /// "Are you ANNA?" before showing a role again.
    case confirmIdentity(seat: Int)
    /// The reveal countdown (a house rule) before a role is shown again.
    case countdown(seat: Int, RevealCountdown)
    /// A role shown again, in private.
    case reveal(seat: Int)
    /// Choosing how a player died.
    case cause(seat: Int)
    /// "Pass the laptop to ANNA" before a claimed spy guesses in private.
    case guessHandOff(by: Int)
    /// A claimed spy choosing the location to guess; the same screen whether
    /// or not the player is a spy.
    case guessLocation(by: Int, selection: Int)
    /// The roles in this game, with descriptions.
    case roles(scroll: Int)
    /// The list of possible locations.
    case locations(scroll: Int)
    /// "Pass the laptop to ANNA" before a player marked out answers in
    /// private whether that is true (Killer: a wink takes out citizens only).
    case outHandOff(seat: Int, cause: DeathCause)
    /// That player's private answer: the same screen for every role, but for
    /// its words; a role the cause cannot take out stays in whatever the answer.
    case confirmOut(seat: Int, cause: DeathCause)

    /// Whether `i` opens the rules: on the list of players, a pick or a
    /// cause (all in the open) and the lists of roles and locations; not on
    /// the way to a role or a guess, nor on them.
    var offersRules: Bool {
      switch self {
      case .main, .pick, .cause, .roles, .locations: true
      case .confirmIdentity, .countdown, .reveal, .guessHandOff, .guessLocation, .outHandOff, .confirmOut: false
      }
    }
  }

  /// Why a player is being picked.
  public enum Purpose: Hashable, Sendable {
    /// To look at their own role again.
    case look
    /// To be marked dead.
    case markDead
    /// Taken along by the kamikaze at `by`.
    case kamikaze(by: Int)
    /// Accused by the accuser at `by` (the Cop).
    case accuse(by: Int)
    /// Choosing who accuses (when several players could).
    case accuser
    /// Accused by the table (Spy's vote).
    case tableAccuses
    /// Who started the table's accusation of `target` (it scores).
    case voteStarter(target: Int)
    /// The player who claims to be a spy and guesses the location.
    case guesser
  }

  /// What the table is doing.
  public var mode: Mode = .main
  /// The highlighted player.
  public var selection = 0
  /// The highlighted cause while choosing one.
  public var causeSelection = 0
  /// The result of the last action, shown until the next key.
  public var notice: Notice?

  /// Starts on the list of players.
  public init() {}

  /// The table's actions that this game offers, in the order they are listed.
  public enum Command: Hashable, Sendable {
    case look, markDead, nextPhase, accuse, tableAccuses, guessLocation, timer, roles, locations
    case undo, settings, end

    var key: Character {
      switch self {
      case .look: "l"
      case .markDead: "d"
      case .nextPhase: "n"
      case .accuse: "a"
      case .tableAccuses: "v"
      case .guessLocation: "g"
      case .timer: "t"
      case .roles: "r"
      case .locations: "o"
      case .undo: "u"
      case .settings: "s"
      case .end: "e"
      }
    }

    var label: String { "table.command.\(self)" }
  }

  static func commands(for state: AppState) -> [Command] {
    let rules = state.rules
    guard let table = state.table else { return [] }
    var commands: [Command] = [.look]
    if !rules.deathCauses.isEmpty { commands.append(.markDead) }
    if rules.usesPhases { commands.append(.nextPhase) }
    if table.seats.contains(where: { rules.role($0.role)?.accusationAttempts != nil }) {
      commands.append(.accuse)
    }
    if rules.tableAccuses { commands.append(.tableAccuses) }
    if table.seats.contains(where: { rules.role($0.role)?.guessesLocation == true }) {
      commands.append(.guessLocation)
    }
    if rules.roundMinutes != nil { commands.append(.timer) }
    commands.append(.roles)
    if rules.usesLocations { commands.append(.locations) }
    commands += [.undo, .settings, .end]
    return commands
  }

  func action(for key: Key, state: AppState, locationCount: Int) -> Action? {
    let shortcut = Shortcut(key)
    // The rules, over the table's public steps (never where a role or a
    // secret guess is on screen, nor on the way to one); the result on
    // screen, if any, is still there when they close.
    if shortcut == .letter("i"), mode.offersRules { return .openRules }
    if notice != nil, mode == .main {
      // Right after an action, its result on screen: the moment a slip is seen.
      if shortcut == .letter("u") { return .table(.command(.undo)) }
      return .table(.dismiss)
    }
    switch mode {
    case .main:
      switch shortcut {
      case .up: return .table(.move(-1))
      case .down: return .table(.move(1))
      case .home: return .table(.jump(last: false))
      case .end: return .table(.jump(last: true))
      case .enter: return .table(.command(.look))
      case .escape: return .back
      case .letter("+") where state.timer?.running == false: return .table(.adjustTimer(1))
      case .letter("-") where state.timer?.running == false: return .table(.adjustTimer(-1))
      case .letter(let letter):
        guard let command = Self.commands(for: state).first(where: { $0.key == letter }) else {
          return nil
        }
        return .table(.command(command))
      default: return nil
      }
    case .pick, .cause:
      // Choosing a player and choosing a cause take the same keys (those the footer names).
      switch shortcut {
      case .up: return .table(.move(-1))
      case .down: return .table(.move(1))
      case .home: return .table(.jump(last: false))
      case .end: return .table(.jump(last: true))
      case .enter: return .table(.pick)
      case .escape: return .table(.cancel)
      // A kamikaze's choice cannot be skipped, but the death that asked for it
      // can be taken back.
      case .letter("u"):
        if case .pick(.kamikaze) = mode { return .table(.command(.undo)) }
        return nil
      default: return nil
      }
    case .confirmIdentity:
      // Only the keys its footer names (deaf for a moment when it appears: `KeyGuard`).
      switch shortcut {
      case .escape: return .table(.cancel)
      case .enter: return .table(.showRole)
      default: return nil
      }
    case .countdown:
      return shortcut == .escape ? .table(.cancel) : nil
    case .reveal:
      switch shortcut {
      case .enter, .escape: return .table(.hideRole)
      default: return nil
      }
    case .guessHandOff, .outHandOff:
      switch shortcut {
      case .enter: return .table(.pick)
      case .escape: return .table(.cancel)
      default: return nil
      }
    case .confirmOut:
      switch shortcut {
      case .enter: return .table(.answerOut(true))
      case .escape: return .table(.answerOut(false))
      default: return nil
      }
    case .guessLocation:
      let rows = ColumnGrid.rows(locationCount)
      switch shortcut {
      case .up: return .table(.move(-1))
      case .down: return .table(.move(1))
      case .left: return .table(.move(-rows))
      case .right: return .table(.move(rows))
      case .pageUp: return .table(.move(-10))
      case .pageDown: return .table(.move(10))
      case .enter: return .table(.pick)
      case .escape: return .table(.cancel)
      default: return nil
      }
    case .roles, .locations:
      switch shortcut {
      case .up: return .table(.move(-1))
      case .down: return .table(.move(1))
      case .pageUp: return .table(.move(-10))
      case .pageDown, .space: return .table(.move(10))
      default: return .table(.cancel)
      }
    }
  }
}

/// What the user can do at the table.
public enum TableAction: Hashable, Sendable {
  /// Move the highlight (or scroll).
  case move(Int)
  /// Highlight the first or the last row.
  case jump(last: Bool)
  /// Start one of the table's commands.
  case command(TableScreen.Command)
  /// Choose the highlighted player, cause or location.
  case pick
  /// Show the role after "Are you ANNA?".
  case showRole
  /// Hide a role shown again.
  case hideRole
  /// Leave the current step and go back to the list.
  case cancel
  /// Dismiss the last result.
  case dismiss
  /// Lengthen or shorten the round timer by whole minutes.
  case adjustTimer(Int)
  /// The player marked out answers in private: out (true) or not.
  case answerOut(Bool)
}

extension AppState {
  /// The players a pick offers: the living, except for looking at one's role.
  func pickable(for purpose: TableScreen.Purpose) -> [Int] {
    guard let table else { return [] }
    switch purpose {
    case .look: return Array(table.seats.indices)
    // Left out by who was picked a moment ago, in front of everyone, never by
    // role: the accuser is whoever the table said accuses.
    case .voteStarter(let target): return table.alive.filter { $0 != target }
    case .accuse(let by): return table.alive.filter { $0 != by }
    // Never filtered or ordered by role: a list missing one name would tell
    // the table who the Cop is, or who could guess.
    default: return table.alive
    }
  }

  mutating func reduceTable(_ action: TableAction, environment: Environment) -> [Effect] {
    if action == .showRole { return revealAgain(afterCountdown: false) }
    guard case .table(var page) = screen, var table else { return [] }
    var effects: [Effect] = []
    defer {
      self.table = table
      if case .table = screen { screen = .table(page) }
    }
    let rules = self.rules
    switch action {
    case .dismiss:
      page.notice = nil
    case .adjustTimer(let minutes):
      timer?.adjust(minutes: minutes)
    case .jump(let last):
      switch page.mode {
      case .main: page.selection = last ? max(0, table.seats.count - 1) : 0
      case .pick(let purpose): page.selection = last ? max(0, pickable(for: purpose).count - 1) : 0
      case .cause: page.causeSelection = last ? max(0, rules.deathCauses.count - 1) : 0
      default: break
      }
    case .move(let step):
      switch page.mode {
      case .main: page.selection = clamp(page.selection + step, table.seats.count)
      // A picker is a short ring: past the last player comes the first again.
      case .pick(let purpose): page.selection = wrap(page.selection + step, pickable(for: purpose).count)
      case .cause: page.causeSelection = wrap(page.causeSelection + step, rules.deathCauses.count)
      case .guessLocation(let by, let selection):
        page.mode = .guessLocation(by: by, selection: clamp(selection + step, inPlay(environment.locations).count))
      // Clamped here, not only when drawn: one step back always moves the view.
      case .roles(let scroll):
        let limit = TableScreen.maxScroll(of: page.mode, state: self, words: environment.words(language), locationCount: 0)
        page.mode = .roles(scroll: max(0, min(limit, scroll + step)))
      case .locations(let scroll):
        let count = inPlay(environment.locations).count
        let limit = TableScreen.maxScroll(of: page.mode, state: self, words: environment.words(language), locationCount: count)
        page.mode = .locations(scroll: max(0, min(limit, scroll + step)))
      default: break
      }
    case .command(let command):
      page.notice = nil
      switch command {
      case .look: startPick(.look, &page)
      case .markDead:
        if table.isMeetingNight(rules: narratorRules) {
          // The group's house rule: on the first night the thieves only meet.
          page.notice = Notice(kind: .info, title: "table.meetingNight.title", message: "table.meetingNight.message")
        } else {
          startPick(.markDead, &page)
        }
      case .nextPhase:
        try? table.advancePhase()
        // A timer belongs to one round: the day's does not run into the night,
        // and the next day starts its own.
        timer = nil
        effects.append(.saveGame)
      case .accuse:
        // The accuser is always asked for first, from everyone: the list of
        // suspects then leaves out the player the table just named, and never
        // tells who holds the accusing role.
        let accusers = table.alive.filter { (table.accusationsLeft(for: $0) ?? 0) > 0 }
        if accusers.isEmpty {
          page.notice = Notice(kind: .error, title: "table.noAccuser.title", message: "table.noAccuser.message")
        } else {
          startPick(.accuser, &page)
        }
      case .tableAccuses: startPick(.tableAccuses, &page)
      case .timer:
        // The length the group chose on the setup (or the game's own).
        if timer == nil, let minutes = preferences.minutes(for: rules) { timer = RoundTimer(minutes: minutes) }
        timer?.toggle()
      case .guessLocation:
        startPick(.guesser, &page)
      case .roles: page.mode = .roles(scroll: 0)
      case .locations: page.mode = .locations(scroll: 0)
      case .undo:
        if !askUndo() {
          page.notice = Notice(kind: .info, title: "table.nothingToUndo.title", message: "table.nothingToUndo.message")
        }
      case .settings:
        screen = .settings(SettingsScreen(returnTo: ReturnPoint(.table(page))))
      case .end:
        confirmation = Confirmation(.endGame)
      }
    case .cancel:
      // A kamikaze's choice cannot be skipped: the rules wait for it.
      if case .pick(.kamikaze) = page.mode { break }
      page.mode = .main
    case .showRole:
      break  // above, before this function's own bookkeeping
    case .hideRole:
      page.mode = .main
      effects.append(.redrawAll)
    case .pick:
      let locations = inPlay(environment.sortedLocations(language))
      effects += pick(&page, table: &table, locations: locations)
    case .answerOut(let out):
      effects += answerOut(out, &page, table: &table)
    }
    return effects
  }

  /// "Are you ANNA?" answered (or its countdown run out): the role again,
  /// after the countdown when the house rule asks for one, as at the hand-off.
  mutating func revealAgain(afterCountdown: Bool) -> [Effect] {
    guard case .table(var page) = screen, table != nil else { return [] }
    let seat: Int
    switch page.mode {
    case .confirmIdentity(let asked) where !afterCountdown: seat = asked
    case .countdown(let counting, _) where afterCountdown: seat = counting
    default: return []
    }
    if houseRules.revealCountdown && !afterCountdown {
      page.mode = .countdown(seat: seat, RevealCountdown())
      screen = .table(page)
      return []
    }
    try? table?.recordLook(at: seat)
    page.mode = .reveal(seat: seat)
    screen = .table(page)
    return [.saveGame, .redrawAll]
  }

  private func startPick(_ purpose: TableScreen.Purpose, _ page: inout TableScreen) {
    // Every pick opens on its first player: a row left highlighted by another
    // step (or by someone else) is the easiest slip to make with Enter.
    page.mode = .pick(purpose)
    page.selection = 0
  }

  private func clamp(_ value: Int, _ count: Int) -> Int { max(0, min(count - 1, value)) }

  private func wrap(_ value: Int, _ count: Int) -> Int {
    count == 0 ? 0 : ((value % count) + count) % count
  }

  private mutating func pick(_ page: inout TableScreen, table: inout Table, locations: [Location])
    -> [Effect]
  {
    let rules = self.rules
    switch page.mode {
    case .pick(let purpose):
      let seats = pickable(for: purpose)
      guard seats.indices.contains(page.selection) else { return [] }
      let seat = seats[page.selection]
      let name = Notice.Argument.text(table.seats[seat].name)
      switch purpose {
      case .look:
        page.mode = .confirmIdentity(seat: seat)
        return [.redrawAll]
      case .markDead:
        if rules.deathCauses.count == 1 {
          return markDead(seat, cause: rules.deathCauses[0], &page, table: &table)
        }
        page.mode = .cause(seat: seat)
        page.causeSelection = 0  // the phase's own cause: listed first
      case .kamikaze:
        try? table.resolveFollowUp(target: seat)
        page.mode = .main
        page.notice = Notice(kind: .info, title: "table.taken.title", message: "table.taken.message", args: ["name": name])
        return finishIfWon(table: table, effects: [.saveGame])
      case .accuser:
        // Judged only once the accusation is made: refusing here would let
        // anyone find the Cop by picking players and going back.
        startPick(.accuse(by: seat), &page)
      case .accuse(let by):
        let correct: Bool
        do {
          // Made by anyone: an accuser who is not the Cop has made a false
          // claim, which the rules record and which ends the game (a refusal
          // here would tell the table who the Cop is not).
          correct = try table.accuse(seat, by: by)
        } catch {
          page.mode = .main
          page.notice = Notice(kind: .error, title: "table.notAllowed.title", message: "table.notAllowed.message")
          return []
        }
        page.mode = .main
        let left = table.accusationsLeft(for: by) ?? 0
        page.notice = Notice(
          kind: correct ? .info : .error,
          title: correct ? "table.accuseRight.title" : "table.accuseWrong.title",
          message: correct ? "table.accuseRight.message" : "table.accuseWrong.message",
          args: ["name": name, "left": .phrase(left == 1 ? "table.accusationsLeft.one" : "table.accusationsLeft.other", ["count": String(left)])])
        return finishIfWon(table: table, effects: [.saveGame])
      case .tableAccuses:
        page.mode = .pick(.voteStarter(target: seat))
        page.selection = 0
      case .voteStarter(let target):
        let name = Notice.Argument.text(table.seats[target].name)
        guard let caught = try? table.tableAccuses(target, startedBy: seat) else {
          page.mode = .main
          page.notice = Notice(kind: .error, title: "table.notAllowed.title", message: "table.notAllowed.message")
          return []
        }
        page.mode = .main
        page.notice = Notice(
          kind: caught ? .info : .error,
          title: caught ? "table.caught.title" : "table.innocent.title",
          message: caught ? "table.caught.message" : "table.innocent.message", args: ["name": name])
        return finishIfWon(table: table, effects: [.saveGame])
      case .guesser:
        // Anyone may claim, and the claimant goes on in private: what follows
        // looks and behaves the same for a spy and for a local, and only the
        // final guess, which ends the round, is judged.
        page.mode = .guessHandOff(by: seat)
        return [.redrawAll]
      }
    case .guessHandOff(let by):
      page.mode = .guessLocation(by: by, selection: 0)
      return [.redrawAll]
    case .outHandOff(let seat, let cause):
      page.mode = .confirmOut(seat: seat, cause: cause)
      return [.redrawAll]
    case .cause(let seat):
      let causes = table.causesOffered
      guard causes.indices.contains(page.causeSelection) else { return [] }
      let cause = causes[page.causeSelection]
      if let earlier = table.deathThatEndedPhase {
        // Two deaths in one phase are rare: most often "next" was forgotten.
        confirmation = Confirmation(.secondDeath(seat: seat, cause: cause, earlier: earlier))
        return []
      }
      return markDead(seat, cause: cause, &page, table: &table)
    case .guessLocation(_, let selection):
      guard !locations.isEmpty else { return [] }
      // Asked the same way whoever holds the laptop; "yes" is `makeGuess`.
      confirmation = Confirmation(.finalGuess(locations[max(0, min(locations.count - 1, selection))].id))
    default: break
    }
    return []
  }

  private mutating func markDead(
    _ seat: Int, cause: DeathCause, _ page: inout TableScreen, table: inout Table
  ) -> [Effect] {
    // A cause some role cannot die of (Killer's wink, which spares the Cop
    // and the killers) is confirmed by the player in private: refusing it on
    // the shared screen would tell the table who holds such a role.
    if rules.roles.contains(where: { !$0.canDie(of: cause) }) {
      page.mode = .outHandOff(seat: seat, cause: cause)
      return [.redrawAll]
    }
    return record(seat, cause: cause, &page, table: &table)
  }

  /// The private answer of a player marked out: a player the cause can take
  /// out and who says so is out; anyone else stays in, and the table is told
  /// only that (the same words whether they said no or could not be taken).
  private mutating func answerOut(_ out: Bool, _ page: inout TableScreen, table: inout Table) -> [Effect] {
    guard case .confirmOut(let seat, let cause) = page.mode, table.seats.indices.contains(seat) else { return [] }
    let name = Notice.Argument.text(table.seats[seat].name)
    if out, rules.role(table.seats[seat].role)?.canDie(of: cause) != false {
      let effects = record(seat, cause: cause, &page, table: &table)
      if case .main = page.mode, !effects.isEmpty {
        page.notice = Notice(kind: .info, title: "table.out.done.title", message: "table.out.done.message", args: ["name": name])
      }
      return effects + [.redrawAll]
    }
    page.mode = .main
    page.notice = Notice(kind: .info, title: "table.out.stillIn.title", message: "table.out.stillIn.message", args: ["name": name])
    return [.redrawAll]
  }

  private mutating func record(
    _ seat: Int, cause: DeathCause, _ page: inout TableScreen, table: inout Table
  ) -> [Effect] {
    // The phase moves only when the table says so ("next"): the cause menu
    // follows the phase, and a jump nobody asked for would change what the
    // next Enter records (docs/DECISIONS.md).
    let followUp: FollowUp?
    do {
      followUp = try table.markDead(seat, cause: cause, rules: narratorRules)
    } catch {
      page.mode = .main
      page.notice = Notice(kind: .error, title: "table.notAllowed.title", message: "table.notAllowed.message")
      return []
    }
    if case .takePlayer(let by)? = followUp {
      page.mode = .pick(.kamikaze(by: by))
      page.selection = 0
      page.notice = nil
      return [.saveGame]
    }
    page.mode = .main
    return finishIfWon(table: table, effects: [.saveGame])
  }

  /// Asks before undoing the table's last action, naming it; false if there is none.
  @discardableResult
  mutating func askUndo() -> Bool {
    guard let step = table?.lastStep else { return false }
    confirmation = Confirmation(.undo(step))
    return true
  }

  /// The answer to a question the table asked (a second death, an undo).
  mutating func answerTable(_ question: Confirmation.Question, yes: Bool, words: Words) -> [Effect] {
    switch question {
    case .secondDeath(let seat, let cause, _):
      guard case .table(var page) = screen, var table else { return [] }
      guard yes else {
        page.mode = .main
        screen = .table(page)
        return []
      }
      let effects = markDead(seat, cause: cause, &page, table: &table)
      self.table = table
      if case .table = screen { screen = .table(page) }
      return effects
    case .undo(let step):
      guard yes, var table, table.lastStep == step else { return [] }
      do {
        try table.undo()
      } catch {
        // Only a damaged file gets here: the table stays as it was.
        var page = TableScreen()
        page.notice = Notice(kind: .error, title: "table.cannotUndo.title", message: "table.cannotUndo.message")
        if case .table = screen { screen = .table(page) }
        return []
      }
      self.table = table
      var page = TableScreen()
      if rules.winner(of: table) != nil || table.endedByHand {
        screen = .summary(SummaryScreen())
      } else if case .takePlayer(let by) = table.pending {
        // Undoing a kamikaze's choice asks for it again.
        page.mode = .pick(.kamikaze(by: by))
        screen = .table(page)
      } else {
        page.notice = Notice(
          kind: .info, title: "table.undone.title", message: "table.undone.message",
          args: ["what": .text(Confirmation.describe(step, table: table, words: words))])
        screen = .table(page)
      }
      // From the summary, every role was on screen: repaint it all.
      return [.saveGame, .redrawAll]
    default:
      return []
    }
  }

  /// The claimed spy's guess, confirmed: recorded and judged by the rules,
  /// which end the round whoever made it (a local's claim is a false one).
  mutating func makeGuess(_ location: LocationID) -> [Effect] {
    guard case .table(var page) = screen, case .guessLocation(let by, _) = page.mode, var table
    else { return [] }
    page.mode = .main
    do {
      try table.guessLocation(location, by: by)
    } catch {
      page.notice = Notice(kind: .error, title: "table.notAllowed.title", message: "table.notAllowed.message")
      screen = .table(page)
      return [.redrawAll]
    }
    self.table = table
    screen = .table(page)
    return finishIfWon(table: table, effects: [.saveGame])
  }

  /// Goes to the summary as soon as the rules name a winner.
  private mutating func finishIfWon(table: Table, effects: [Effect]) -> [Effect] {
    guard rules.winner(of: table) != nil else { return effects }
    screen = .summary(SummaryScreen())
    return effects + [.redrawAll]
  }

}

/// Locations in the order the screens list them: by name in the current language.
func locationsByName(_ locations: [Location], words: Words) -> [Location] {
  // Compared without case or accents, so "Ίντερνετ καφέ" sorts among the Ι's.
  locations.map { (PlayerName.key(words.locationName($0.id)), $0) }
    .sorted { $0.0 < $1.0 }
    .map(\.1)
}

// MARK: Drawing
extension TableScreen {
  func draw(into canvas: inout Canvas, state: AppState, words: Words, locations: [Location]) {
    guard let table = state.table else { return }
    let rules = state.rules
    switch mode {
    case .confirmIdentity(let seat), .countdown(let seat, _):
      // Only the question: the next screen is private.
      canvas.header(words, title: words.gameName(table.game))
      let bounds = canvas.bounds
      canvas.center(words("table.areYou", ["name": words.upper(table.seats[seat].name)]), row: 10, in: bounds, style: Theme.title)
      if case .countdown(_, let countdown) = mode {
        canvas.center(words("handOff.countdown", ["seconds": String(countdown.seconds)]), row: 12, in: bounds, style: Theme.title)
        canvas.footer([KeyHint(key: "Esc", label: words("key.stopCountdown"))])
      } else if state.keyGuard != nil {
        canvas.center(words("table.areYouHint"), row: 12, in: bounds, style: Theme.dim)
        canvas.center(words("table.areYouWait"), row: 14, in: bounds, style: Theme.dim)  // the footer says why
      } else {
        canvas.center(words("table.areYouHint"), row: 12, in: bounds, style: Theme.dim)
        canvas.footer([
          KeyHint(key: "Enter", label: words("key.showRole")), KeyHint(key: "Esc", label: words("key.cancel")),
        ])
      }
      return
    case .reveal(let seat):
      RoleCard.draw(seat: seat, table: table, state: state, into: &canvas, words: words)
      return
    case .roles(let scroll):
      drawRoles(into: &canvas, state: state, words: words, scroll: scroll)
      return
    case .locations(let scroll):
      drawLocations(into: &canvas, state: state, words: words, locations: locations, selection: nil, scroll: scroll)
      return
    case .guessHandOff(let by):
      drawGuessHandOff(into: &canvas, name: table.seats[by].name, game: table.game, words: words)
      return
    case .outHandOff(let seat, _):
      drawGuessHandOff(
        into: &canvas, name: table.seats[seat].name, game: table.game, words: words, privacy: "table.outHandOff.privacy")
      return
    case .confirmOut(let seat, let cause):
      drawConfirmOut(into: &canvas, seat: seat, cause: cause, table: table, words: words)
      return
    case .guessLocation(let by, let selection):
      drawLocations(into: &canvas, state: state, words: words, locations: locations, selection: selection, scroll: 0, guesser: by)
      return
    default: break
    }

    canvas.header(words, title: words.gameName(table.game), right: status(table: table, rules: rules, words: words))
    // Players: name, state, how many times each has looked.
    let nameWidth = PlayersScreen.maxNameWidth + 2
    let listRect = Rect(row: 4, column: 1, width: 55, height: canvas.height - 6)
    var heading = TextWidth.pad(words("table.player"), to: nameWidth + 3)
    heading += TextWidth.pad(words("table.state"), to: 22) + words("table.looked")
    canvas.write(heading, row: 3, column: 1, style: Theme.dim, limit: listRect.width)

    var seats = Array(table.seats.indices)
    var selected: Int? = selection
    var prompt: String?
    if case .pick(let purpose) = mode {
      seats = state.pickable(for: purpose)
      prompt = pickPrompt(purpose, table: table, words: words)
    } else if case .cause(let seat) = mode {
      seats = Array(table.seats.indices)
      selected = seat
    }
    let lines = seats.map { seat -> [String] in
      let player = table.seats[seat]
      let status = player.death.map { words("cause.\($0)") } ?? words("table.alive")
      var rows = [
        TextWidth.pad(player.name, to: nameWidth) + TextWidth.pad(status, to: 21) + " " + String(player.views)
      ]
      if player.death != nil && state.houseRules.revealDeadRoles {
        // Cause and role together are wider than the column (and the actions
        // panel leaves no room for another): the role goes under the cause.
        rows.append(String(repeating: " ", count: nameWidth) + words("table.deadRole", ["role": words.roleName(player.role)]))
      }
      return rows
    }
    let styles = seats.map { table.seats[$0].isAlive ? Theme.normal : Theme.dim }
    canvas.list(lines, selected: selected, in: listRect, styles: styles)
    if let prompt {
      canvas.write(prompt, row: 1, column: 2, style: Theme.title, limit: canvas.width - 4)
    } else {
      canvas.write(hint(table: table, rules: rules, timer: state.timer, narratorRules: state.narratorRules, words: words), row: 1, column: 2, style: Theme.dim, limit: canvas.width - 4)
    }

    // The actions this game offers.
    let panel = Rect(row: 3, column: 57, width: 23, height: canvas.height - 5)
    if case .main = mode {
      canvas.write(words("table.actions"), row: panel.row, column: panel.column, style: Theme.dim)
      for (offset, command) in Self.commands(for: state).enumerated() {
        let row = panel.row + 1 + offset
        var label = words(command.label)
        if command == .nextPhase, let next = table.nextPhase {
          label = words("phase.\(next).begin")
        }
        if command == .timer {
          label = words(state.timer?.running == true ? "table.command.pauseTimer" : "table.command.startTimer")
        }
        canvas.write(String(command.key), row: row, column: panel.column, style: Theme.key)
        canvas.write(label, row: row, column: panel.column + 3, limit: panel.width - 3)
      }
    }
    if case .cause = mode {
      let box = Rect(row: 6, column: 52, width: 26, height: rules.deathCauses.count + 2)
      canvas.fill(box)
      canvas.frame(box, title: words("table.howDied"), style: Theme.accent)
      canvas.list(table.causesOffered.map { words("cause.\($0)") }, selected: causeSelection, in: box.inset(1))
    }
    if let timer = state.timer, case .main = mode {
      let row = panel.row + Self.commands(for: state).count + 2
      let style = timer.expired ? Theme.bad : timer.running ? Theme.title : Theme.dim
      canvas.write(words("timer.label"), row: row, column: panel.column, style: Theme.dim)
      canvas.write(timer.display, row: row + 1, column: panel.column, style: style)
      if !timer.running {
        canvas.write(words("timer.adjust"), row: row + 2, column: panel.column, style: Theme.dim, limit: panel.width)
      }
    }
    if let notice, case .main = mode {
      canvas.notice(notice, words: words, row: canvas.height - 7, in: Rect(row: 0, column: 4, width: canvas.width - 8, height: 0))
    }

    switch mode {
    case .main where notice != nil:
      canvas.footer([
        KeyHint(key: "Enter", label: words("key.ok")), KeyHint(key: "u", label: words("key.undo")),
        KeyHint(key: "i", label: words("key.rules")),
      ])
    case .main:
      canvas.footer([
        KeyHint(key: "↑↓", label: words("key.move")), KeyHint(key: "Enter", label: words("key.lookAgain")),
        KeyHint(key: "i", label: words("key.rules")), KeyHint(key: "Esc", label: words("key.leaveGame")),
      ])
    case .pick(.kamikaze):
      canvas.footer([
        KeyHint(key: "↑↓", label: words("key.move")), KeyHint(key: "Enter", label: words("key.choose")),
        KeyHint(key: "u", label: words("key.undo")), KeyHint(key: "i", label: words("key.rules")),
      ])
    default:
      canvas.footer([
        KeyHint(key: "↑↓", label: words("key.move")), KeyHint(key: "Enter", label: words("key.choose")),
        KeyHint(key: "i", label: words("key.rules")), KeyHint(key: "Esc", label: words("key.cancel")),
      ])
    }
  }

  /// Night/day, or the accusations left: what the whole table may know.
  private func status(table: Table, rules: any GameType, words: Words) -> String {
    var parts: [String] = []
    if let phase = table.phase {
      parts.append(words("phase.\(phase).name", ["round": String(table.round)]))
    }
    for seat in table.seats.indices {
      if let left = table.accusationsLeft(for: seat) {
        parts.append(words("table.accusationsLeft", ["count": String(left)]))
      }
    }
    return parts.joined(separator: "  ·  ")
  }

  /// What the table should be doing now, for whoever runs the game.
  private func hint(
    table: Table, rules: any GameType, timer: RoundTimer?, narratorRules: NarratorRules, words: Words
  ) -> String {
    // The first question starts the round's clock; a vote or a death comes
    // after it. Looking at a role again, or at a list, is not a question.
    let questionsStarted =
      timer != nil || !table.votes.isEmpty || table.guess != nil
      || table.log.contains { if case .looked = $0 { false } else { true } }
    if let first = table.firstPlayer, table.seats.indices.contains(first), !questionsStarted {
      // Until then, say who starts.
      return words("table.hint.firstPlayer", ["name": table.seats[first].name])
    }
    guard rules.usesPhases else { return words("game.\(table.game).tableHint") }
    if table.phase == .night {
      return words(table.isMeetingNight(rules: narratorRules) ? "table.hint.firstNight" : "table.hint.night")
    }
    return words("table.hint.day")
  }

  private func pickPrompt(_ purpose: Purpose, table: Table, words: Words) -> String {
    switch purpose {
    case .look: words("table.pick.look")
    case .markDead: words("table.pick.markDead")
    case .kamikaze(let by): words("table.pick.kamikaze", ["name": table.seats[by].name])
    case .accuse: words("table.pick.accuse")
    case .accuser: words("table.pick.accuser")
    case .tableAccuses: words("table.pick.tableAccuses")
    case .voteStarter(let target): words("table.pick.voteStarter", ["name": table.seats[target].name])
    case .guesser: words("table.pick.guesser")
    }
  }

  /// Where the roles' text goes.
  static func rolesBody(size: Size) -> Rect {
    Rect(row: 2, column: 3, width: size.width - 7, height: size.height - 4)
  }

  /// Where the list of locations goes.
  static func locationsBody(size: Size) -> Rect {
    Rect(row: 2, column: 3, width: size.width - 6, height: size.height - 4)
  }

  /// The furthest the roles' text or the locations' list can scroll.
  static func maxScroll(of mode: Mode, state: AppState, words: Words, locationCount: Int) -> Int {
    switch mode {
    case .roles:
      let body = rolesBody(size: state.viewport)
      return max(0, roleLines(state: state, words: words, width: body.width).count - body.height)
    case .locations:
      return max(0, ColumnGrid.rows(locationCount) - locationsBody(size: state.viewport).height)
    default:
      return 0
    }
  }

  private func drawRoles(into canvas: inout Canvas, state: AppState, words: Words, scroll: Int) {
    canvas.header(words, title: words("table.rolesTitle"))
    let body = Self.rolesBody(size: Size(width: canvas.width, height: canvas.height))
    let lines = Self.roleLines(state: state, words: words, width: body.width)
    canvas.paragraphs(lines, in: body, scroll: min(scroll, max(0, lines.count - body.height)))
    canvas.footer([
      KeyHint(key: "↑↓", label: words("key.scroll")), KeyHint(key: "i", label: words("key.rules")),
      KeyHint(key: "Esc", label: words("key.back")),
    ])
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

  /// The laptop goes to whoever claims to be a spy. Nothing here depends on
  /// the claimant's role: a spy and a local get the same screen.
  private func drawGuessHandOff(
    into canvas: inout Canvas, name: String, game: GameID, words: Words, privacy: String = "table.guessHandOff.privacy"
  ) {
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(game))
    canvas.center(words("handOff.passTo"), row: 7, in: bounds)
    let nameBox = Rect(row: 9, column: (bounds.width - 44) / 2, width: 44, height: 3)
    canvas.frame(nameBox, style: Theme.accent)
    canvas.center(words.upper(name), row: 10, in: nameBox, style: Theme.title)
    for (offset, line) in TextWidth.wrap(words(privacy, ["name": name]), width: 64).enumerated() {
      canvas.center(line, row: 14 + offset, in: bounds, style: Theme.dim)
    }
    canvas.footer([
      KeyHint(key: "Enter", label: words("key.continue")), KeyHint(key: "Esc", label: words("key.cancel")),
    ])
  }

  /// The private answer of a player marked out: the same frame, question,
  /// rows and keys for every role; only the words of its paragraph differ
  /// (spread over the same rows), telling a player the cause cannot take
  /// out that they stay in whatever they press.
  private func drawConfirmOut(into canvas: inout Canvas, seat: Int, cause: DeathCause, table: Table, words: Words) {
    let player = table.seats[seat]
    let (card, inner) = RoleCard.frame(for: player, table: table, into: &canvas, words: words)
    canvas.center(words("table.out.question"), row: inner.row + 1, in: card, style: Theme.title)
    let canDie = table.rules.role(player.role)?.canDie(of: cause) != false
    let texts = [words("table.out.canDie"), words("table.out.cannotDie")]
    let rows = texts.map { TextWidth.wrap($0, width: inner.width).count }.max() ?? 1
    for (offset, line) in RoleCard.fill(texts[canDie ? 0 : 1], rows: rows, width: inner.width).enumerated() {
      canvas.write(line, row: inner.row + 3 + offset, column: inner.column)
    }
    canvas.footer([
      KeyHint(key: "Enter", label: words("key.out.yes")), KeyHint(key: "Esc", label: words("key.out.no")),
    ])
  }

  private func drawLocations(
    into canvas: inout Canvas, state: AppState, words: Words, locations: [Location],
    selection: Int?, scroll: Int, guesser: Int? = nil
  ) {
    let title = guesser.map { words("table.guessTitle", ["name": state.table?.seats[$0].name ?? ""]) }
    canvas.header(words, title: title ?? words("table.locationsTitle"))
    let names = locations.map { words.locationName($0.id) }
    let body = Self.locationsBody(size: Size(width: canvas.width, height: canvas.height))
    ColumnGrid.draw(names, marks: nil, selection: selection, scroll: scroll, in: body, canvas: &canvas)
    if guesser != nil {
      canvas.footer([
        KeyHint(key: "↑↓←→", label: words("key.move")), KeyHint(key: "Enter", label: words("key.guess")),
        KeyHint(key: "Esc", label: words("key.cancel")),
      ])
    } else {
      canvas.footer([
        KeyHint(key: "↑↓", label: words("key.scroll")), KeyHint(key: "i", label: words("key.rules")),
        KeyHint(key: "Esc", label: words("key.back")),
      ])
    }
  }
}

extension TableScreen: Page {
  func action(for key: Key, in context: ScreenContext) -> Action? { action(for: key, state: context.state, locationCount: context.state.inPlay(context.locations).count) }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words, locations: context.state.inPlay(context.locations))
  }

  func back(in context: ScreenContext) -> Outcome { .ask(.abandonGame) }
}
