import PareaCanvas
import PareaLocale
import PareaRules

/// Palermo narrated: Parea runs the nights and days (`Narration` in the rules
/// library says where the game stands). In Parea's mode the laptop sits in
/// the middle of the table and speaks each step, shown in large type; in the
/// moderator's mode the screen tells the moderator what to say and to record.
///
/// Privacy at night: a secret step shows only its instruction and the players
/// who may be chosen, the same screen whoever is alive or dealt; a choice, and
/// the end of every step, repaint the whole screen to the neutral "eyes
/// closed" screen before the next line is spoken. Parea's mode never shows a role.
public struct NarratorScreen: Hashable, Sendable {
  /// The highlighted entry of the list on show (candidates; the vote's last entry is "nobody").
  public var selection = 0
  /// The entry waiting for "yes" (Enter) or "no" (Esc).
  public var confirming: NarratorPick?
  /// The moderator's view of every role is open.
  public var showingRoles = false
  /// The moderator turned the voice on (the moderator's mode speaks only then).
  public var moderatorVoice = false
  /// A game resumed in the middle of a night says so at dusk.
  public var resumedNight = false

  /// Starts with nothing highlighted.
  public init(resumedNight: Bool = false) { self.resumedNight = resumedNight }
}

/// An entry of a narrator's list.
public enum NarratorPick: Hashable, Sendable {
  /// A player.
  case seat(Int)
  /// Nobody (a tied vote).
  case nobody
}

/// What the user can do on the narrator's screen.
public enum NarratorAction: Hashable, Sendable {
  /// Move the highlight.
  case move(Int)
  /// Enter: ask to confirm the highlighted entry, or go on from a stage that waits.
  case select
  /// Yes to the entry being confirmed.
  case confirm
  /// No to it.
  case cancel
  /// Pause or restart the day's timer.
  case toggleTimer
  /// The moderator asks to see every role (a confirmation first).
  case askRoles
  /// Close the moderator's view of the roles.
  case hideRoles
  /// The moderator turns the voice on or off.
  case toggleVoice
}

extension NarratorScreen {
  /// Whether `i` opens the rules: at the stages that wait for the table, and
  /// in Parea's day (its timer runs on under the rules, see
  /// `screenUnderRules`); never at night, whose steps are secret and timed.
  /// The moderator's day has no room left in its footer at 80 columns: the
  /// moderator has the rules at dusk, in the morning and at the vote.
  static func offersRules(_ narration: Narration) -> Bool {
    switch narration.stage {
    case .dusk, .morning, .takeAlong, .vote: true
    case .discussion: narration.mode == .parea
    case .nightFalls, .awake, .asleep, .over: false
    }
  }

  /// The entries of the list on show: the candidates, and for the vote "nobody" last.
  static func entries(state: AppState) -> [NarratorPick] {
    guard let narration = state.session?.narration, let table = state.table else { return [] }
    let seats = narration.candidates(on: table).map(NarratorPick.seat)
    return narration.stage == .vote ? seats + [.nobody] : seats
  }

  func action(for key: Key, state: AppState) -> Action? {
    guard let narration = state.session?.narration else { return nil }
    let shortcut = Shortcut(key)
    if showingRoles {
      switch shortcut {
      case .escape, .enter, .letter("r"): return .narrator(.hideRoles)
      default: return nil
      }
    }
    if confirming != nil {
      switch shortcut {
      case .enter, .letter("y"): return .narrator(.confirm)
      case .escape, .letter("n"): return .narrator(.cancel)
      default: return nil
      }
    }
    if narration.mode == .moderator {
      switch shortcut {
      case .letter("r"): return .narrator(.askRoles)
      case .letter("v"): return .narrator(.toggleVoice)
      default: break
      }
    }
    switch shortcut {
    case .up: return .narrator(.move(-1))
    case .down: return .narrator(.move(1))
    case .letter("i") where Self.offersRules(narration): return .openRules
    case .enter: return .narrator(.select)
    case .space where narration.stage == .discussion: return .narrator(.toggleTimer)
    case .escape: return .back
    default: return nil
    }
  }
}
