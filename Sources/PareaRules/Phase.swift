/// Identifies a phase of a game's cycle, e.g. `night`. Its words are
/// `phase.<id>.name` ("Night {round}"), `.begin` ("Night falls", the command
/// that moves the table into it), `.undo` ("the start of Night {round}") and
/// `.secondDeath` (the question before a second death in it).
public struct PhaseID: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Eyes closed: the bad side acts in secret (Palermo's night).
  public static let night: PhaseID = "night"
  /// Eyes open: the table talks and votes (Palermo's day).
  public static let day: PhaseID = "day"
}

/// How a phase is played: the narrator and the screens go by this, never by
/// a phase's identifier, so another game's night is run as Palermo's is.
public enum PhaseKind: String, Hashable, Sendable {
  /// Eyes closed: the night steps wake in turn, choices are secret.
  case secret
  /// Eyes open: the table talks and votes.
  case open
}

/// Identifies a secret step of a night within its game, e.g. Palermo's
/// `thieves`: two games may each have a step of the same name. Its words are
/// the game's (`GameKeys.step`: `game.<game>.step.<id>.wake`, `.sleep`, …).
public struct NightStepID: StringIdentifier {
  /// The identifier's text.
  public let rawValue: String
  /// Wraps an identifier's text.
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// What the players who wake in a night step choose.
public enum NightAction: String, Hashable, Codable, Sendable {
  /// Tonight's victim (Palermo's thieves, one choice for all of them).
  case kill
  /// A player kept alive tonight if they are the victim (Palermo's Doctor).
  case protect
  /// A player whose side the step's roles learn at once, in private (a
  /// Detective's check): the screen shows the answer (`NightAnswer`) while
  /// the step lasts; nothing is spoken.
  case check
  /// A player whose own night ability does nothing tonight (a house role's
  /// block): the blocking steps wake first, so that what they chose is known
  /// before anyone it could stop chooses (`Table.countedChoice`).
  case block
}

/// What a checking step learns about the player it chose: whether that
/// player is on a bad side. Shown only while the step's roles are awake.
public enum NightAnswer: String, Hashable, Sendable, CaseIterable {
  /// The player is on a bad side.
  case bad
  /// The player is not.
  case notBad
}

/// One secret step of a night, as the narrator runs it: the roles that open
/// their eyes and what they choose together.
public struct NightStep: Hashable, Sendable {
  /// The step's identifier.
  public let id: NightStepID
  /// The roles that wake in this step (their holders choose as one).
  public let roles: [RoleID]
  /// What they choose.
  public let action: NightAction
  /// Whether the step waits for its choice once its drawn time is over
  /// (the drawn time is then its least length). Only for a step whose roles
  /// are a whole side the game ends without, so that someone is always awake
  /// to choose (Palermo's thieves): waiting then tells the table nothing it
  /// does not know. A step whose role may be out or not dealt keeps its drawn
  /// length whatever happens, and passes without a choice when time runs out.
  public let waitsForChoice: Bool
  /// Whether its roles may use it once in the game only: the step still
  /// wakes every night (the order of the night tells nothing), but after a
  /// night in which it counted, a choice counts for nothing.
  public let once: Bool

  /// Declares a night step.
  public init(id: NightStepID, roles: [RoleID], action: NightAction, waitsForChoice: Bool = false, once: Bool = false) {
    self.id = id
    self.roles = roles
    self.action = action
    self.waitsForChoice = waitsForChoice
    self.once = once
  }
}

/// One phase of a game's cycle, as data: a game declares its phases in order
/// (`GameType.phases`); the table starts in the first, "next" moves to the
/// following one, and passing the last starts a new round at the first.
///
/// A secret phase lists its night steps in the order the narrator wakes them
/// (`steps`); the choices are turned into deaths when the phase ends
/// (`Table.resolveNight`, see `NightRecord.swift`).
public struct Phase: Hashable, Sendable {
  /// The phase's identifier (its words are `phase.<id>.…`).
  public let id: PhaseID
  /// The causes of death that belong to this phase (a killing by night, a
  /// vote by day): the table offers them first while the phase is on.
  public let causes: [DeathCause]
  /// Whether the phase normally ends at one death marked by hand (the day's
  /// vote, the night's victim): another one before the table moves on most
  /// likely means "next" was forgotten, so the table asks first
  /// (`Table.deathThatEndedPhase`).
  public let endsAtADeath: Bool
  /// The secret steps of the phase, in the order they wake (empty for a phase played in the open).
  public let steps: [NightStep]
  /// Whether it is played with eyes closed or open.
  public let kind: PhaseKind

  /// The step that wakes alone on a night of meeting only: the killers'
  /// (the first step that kills), else the first step.
  public var meetingStep: NightStep? { steps.first { $0.action == .kill } ?? steps.first }

  /// Declares a phase; its kind is secret when it has night steps, unless given.
  public init(
    id: PhaseID, kind: PhaseKind? = nil, causes: [DeathCause] = [], endsAtADeath: Bool = false,
    steps: [NightStep] = []
  ) {
    self.id = id
    self.kind = kind ?? (steps.isEmpty ? .open : .secret)
    self.causes = causes
    self.endsAtADeath = endsAtADeath
    self.steps = steps
  }
}

extension Table {
  /// The current phase as the game declares it, or nil if the game has no phases.
  public var currentPhase: Phase? { phase.flatMap { rules.phase($0) } }

  /// Whether the current phase is played with eyes closed (a night).
  public var isSecretPhase: Bool { currentPhase?.kind == .secret }

  /// Whether the current phase is played in the open (a day).
  public var isOpenPhase: Bool { currentPhase?.kind == .open }

  /// The phase "next" (`advancePhase()`) moves to, or nil if the game has no phases.
  public var nextPhase: PhaseID? {
    let phases = rules.phases
    guard let phase, let index = phases.firstIndex(where: { $0.id == phase }) else { return nil }
    return phases[(index + 1) % phases.count].id
  }

  /// The causes the table may record by hand, those of the current phase
  /// first: Enter on the cause menu records what usually happens now.
  public var causesOffered: [DeathCause] {
    let causes = rules.deathCauses
    guard let own = currentPhase?.causes else { return causes }
    return causes.filter(own.contains) + causes.filter { !own.contains($0) }
  }

  /// The players marked out by hand since the current phase began, in order. A
  /// kamikaze's choice and a catch are not counted: they follow from another action.
  public var markedOutThisPhase: [Int] {
    var seats: [Int] = []
    for event in log.reversed() {
      if case .phase = event { break }
      if case .died(let seat, let cause) = event, rules.deathCauses.contains(cause) {
        seats.insert(seat, at: 0)
      }
    }
    return seats
  }

  /// The player whose death, marked by hand, ended the current phase, if the
  /// phase ends at a death (`Phase.endsAtADeath`) and one was marked: another
  /// death now most likely means "next" was forgotten, so the table asks first.
  public var deathThatEndedPhase: Int? {
    guard currentPhase?.endsAtADeath == true else { return nil }
    return markedOutThisPhase.last
  }
}
