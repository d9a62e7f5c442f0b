/// The story of a game with phases, told from the table's log: each night and
/// day in order with what was chosen in it, who left and why. The summary
/// shows it once the game is over (never before: it names every choice).

/// One thing that happened in a phase.
public enum StoryEvent: Hashable, Sendable {
  /// A night step chose this player (nil: its players, awake and alive, chose nobody).
  case chose(NightStepID, seat: Int?)
  /// The night's killing step only met (the first night's house rule).
  case met(NightStepID)
  /// The victim was protected: nobody died of the night's choice.
  case saved
  /// A player left the game, and how.
  case died(seat: Int, cause: DeathCause)
  /// The day's vote was tied.
  case tied
  /// The town chose to vote nobody out.
  case spared
  /// Nobody left in this phase.
  case quiet
}

/// A phase of the game (Night 2, Day 2) and what happened in it, in order.
public struct StoryChapter: Hashable, Sendable {
  /// The phase.
  public var phase: PhaseID
  /// Its round (Night 1 is round 1).
  public var round: Int
  /// What happened, in the order it happened.
  public var events: [StoryEvent]

  /// A chapter.
  public init(phase: PhaseID, round: Int, events: [StoryEvent]) {
    self.phase = phase
    self.round = round
    self.events = events
  }
}

extension Table {
  /// The game's story, chapter by chapter, from the log (an empty list for a
  /// game without phases). A night step whose players were all out or not
  /// dealt is left out of its chapter: nobody was there to choose. The last
  /// chapter is left out while nothing has happened in it.
  public func story(rules dealtRules: DealtRules? = nil) -> [StoryChapter] {
    let dealtRules = dealtRules ?? options.dealt
    guard let first = rules.phases.first else { return [] }
    let steps = rules.phases.flatMap(\.steps)
    var chapters: [StoryChapter] = []
    var chapter = StoryChapter(phase: first.id, round: 1, events: [])
    var alive = Set(seats.indices)

    func close(last: Bool) {
      var choices: [NightChoice] = []
      for case .chose(let id, let seat) in chapter.events { choices.append(NightChoice(step: id, seat: seat)) }
      if NightRecord(choices: choices, steps: steps).saved { chapter.events.append(.saved) }
      let someoneLeft = chapter.events.contains { if case .died = $0 { true } else { false } }
      if last && chapter.events.isEmpty { return }
      if !someoneLeft && !chapter.events.contains(.saved) { chapter.events.append(.quiet) }
      chapters.append(chapter)
    }

    for event in log {
      switch event {
      case .phase(let id, let round):
        close(last: false)
        chapter = StoryChapter(phase: id, round: round, events: [])
      case .chose(let id, let seat):
        guard let step = steps.first(where: { $0.id == id }) else { break }
        if let seat {
          chapter.events.append(.chose(id, seat: seat))
          break
        }
        if dealtRules.firstNightMeetingOnly && chapter.round == 1 {
          // A night of meeting only: the killers met; nobody else had anything to do.
          if step.action == .kill { chapter.events.append(.met(id)) }
        } else if step.roles.contains(where: { role in seats(holding: role).contains(where: alive.contains) }) {
          chapter.events.append(.chose(id, seat: nil))
        }
      case .died(let seat, let cause):
        alive.remove(seat)
        chapter.events.append(.died(seat: seat, cause: cause))
      case .tied:
        chapter.events.append(.tied)
      case .spared:
        chapter.events.append(.spared)
      case .looked, .accused, .voted, .guessed, .ended, .shown:
        break
      }
    }
    close(last: true)
    return chapters
  }
}
