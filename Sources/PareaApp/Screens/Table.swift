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

  func action(for key: Key, state: AppState) -> Action? {
    let shortcut = Shortcut(key)
    // The rules, over the table's public steps (never where a role or a
    // secret guess is on screen, nor on the way to one); the result on
    // screen, if any, is still there when they close.
    // (Every mode of the table's own page is in the open: the private steps
    // are pages of their own, where `i` does nothing.)
    if shortcut == .letter("i") { return .openRules }
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
}
