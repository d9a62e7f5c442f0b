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
    /// Choosing how a player died.
    case cause(seat: Int)
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

    var label: String { AppKeys.command(self) }
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

  /// What the table lets the user do now. The rules, over every mode of
  /// the table's own page (the private steps are pages of their own, where
  /// `i` does nothing). Right after an action, its result on screen: Enter
  /// (or any key) puts it away, `u` takes it back — the moment a slip is
  /// seen. On the list: moving, a role shown again, leaving, and the
  /// table's commands as its panel lists them (with the round's timer's
  /// +/- while it is stopped). Choosing a player or a cause: the same keys;
  /// a kamikaze's choice cannot be skipped, but the death that asked for it
  /// can be taken back.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    let rules = KeyCommand.shown("i", "key.rules", [(.letter("i"), .openRules)])
    let moving: [(Shortcut, Action)] = [(.up, .table(.move(-1))), (.down, .table(.move(1)))]
    let jumping = KeyCommand.hidden(.alias, [(.home, .table(.jump(last: false))), (.end, .table(.jump(last: true)))])
    let undo = KeyCommand.shown("u", "key.undo", [(.letter("u"), .table(.command(.undo)))])
    switch mode {
    case .main where notice != nil:
      // `u` only when there is something to take back ("nothing to undo" is
      // said once; then `u` puts it away like any other key).
      let takesBack = state.table?.lastStep != nil ? [undo] : []
      return [.shown("Enter", "key.ok", [(.enter, .table(.dismiss))])] + takesBack + [rules, .otherwise(.table(.dismiss))]
    case .main:
      var panel = Self.commands(for: state).map { (Shortcut.letter($0.key), Action.table(.command($0))) }
      if state.timer?.running == false {
        panel += [(.letter("+"), .table(.adjustTimer(1))), (.letter("-"), .table(.adjustTimer(-1)))]
      }
      return [
        .shown("↑↓", "key.move", moving), .shown("Enter", "key.lookAgain", [(.enter, .table(.command(.look)))]),
        rules, .shown("Esc", "key.leaveGame", [(.escape, .back)]), jumping, .hidden(.onScreen, panel),
      ]
    case .pick(.kamikaze):
      return [.shown("↑↓", "key.move", moving), .shown("Enter", "key.choose", [(.enter, .table(.pick))]), undo, rules, jumping]
    case .pick, .cause:
      return [
        .shown("↑↓", "key.move", moving), .shown("Enter", "key.choose", [(.enter, .table(.pick))]), rules,
        .shown("Esc", "key.cancel", [(.escape, .table(.cancel))]), jumping,
      ]
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
  /// Leave the current step and go back to the list.
  case cancel
  /// Dismiss the last result.
  case dismiss
  /// Lengthen or shorten the round timer by whole minutes.
  case adjustTimer(Int)
  /// "A second death in this phase?" answered yes: `seat` is out all the same.
  case markDeadAnyway(seat: Int, cause: DeathCause)
  /// … answered no: back to the list, nothing recorded.
  case keepAlive
  /// "Undo …?" answered yes: the step named goes, if it is still the last.
  case takeBack(TableStep)
  /// The round's time ran out (the bell rings): the list says what comes next.
  case timeUp
}
