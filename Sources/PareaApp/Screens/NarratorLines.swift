import PareaCanvas
import PareaLocale
import PareaRules

/// What runs on the phones, for the lines that say so (`AppState.onPhones`).
struct OnPhones: Hashable {
  /// The night: nobody closes their eyes, everyone does their phone's task.
  var night = false
  /// The day's vote: cast on the phones.
  var vote = false
}

/// The narrator's spoken lines (shown as they are spoken, and to the moderator as "Say:").
enum NarratorLines {
  static func name(_ seat: Int, _ table: Table) -> String {
    table.seats.indices.contains(seat) ? table.seats[seat].name : "?"
  }

  /// "The first night falls…": the night said as an ordinal to the tenth, then as a number.
  static func nightFalls(_ round: Int, words: Words, phones: Bool = false) -> String {
    words(phones ? "narrator.say.nightFalls.phones" : "narrator.say.nightFalls", ["night": counted(AppKeys.countedNight, round, words: words)])
  }

  /// "Morning. Everyone, open your eyes." (after a night on the phones: put them away).
  static func morning(words: Words, phones: Bool) -> String {
    words(phones ? "narrator.say.morning.phones" : "narrator.say.morning")
  }

  /// "The first day begins…", as the night.
  static func dayBegins(_ round: Int, words: Words) -> String {
    words("narrator.say.day", ["day": counted(AppKeys.countedDay, round, words: words)])
  }

  /// `<prefix>.<round>` where the tables have it ("the first night"), else `<prefix>.other` ("Night 11").
  private static func counted(_ prefix: String, _ round: Int, words: Words) -> String {
    let ordinal = "\(prefix).\(round)"
    return words.wording.has(ordinal) ? words(ordinal) : words(prefix + ".other", ["round": String(round)])
  }

  /// The lines `cues` say, in order. A morning that names a kamikaze killed
  /// in the night, or a vote that names one voted out, goes on without
  /// saying the name again. `phones`: what runs
  /// on the phones (`AppState.onPhones`).
  static func lines(for cues: [NarrationCue], table: Table, words: Words, phones: OnPhones = OnPhones()) -> [String] {
    var diedThisMorning: Int?
    var votedOut: Int?
    var lines: [String] = []
    for cue in cues {
      if case .morning(let died, _) = cue { diedThisMorning = died }
      if case .votedOut(let seat) = cue { votedOut = seat }
      if case .takeAlong(let by) = cue, by == diedThisMorning {
        lines.append(words.line(.takeAlongAgain, of: table.game))
      } else if case .takeAlong(let by) = cue, by == votedOut {
        lines.append(words.line(.takeAlongVotedOut, of: table.game))
      } else if let line = line(for: cue, table: table, words: words, phones: phones) {
        lines.append(line)
      }
    }
    return lines
  }

  /// The line a cue says, if it says one.
  static func line(for cue: NarrationCue, table: Table, words: Words, phones: OnPhones = OnPhones()) -> String? {
    switch cue {
    case .nightFalls(let round): return nightFalls(round, words: words, phones: phones.night)
    case .wake(let step, let meetingOnly): return words(GameKeys.step(table.game, step, wakePart(meetingOnly, phones)))
    case .chosen: return nil
    case .sleep(let step):
      // On the phones every step ends alike: nobody opened their eyes.
      return phones.night ? words("narrator.say.stepOver.phones") : words(GameKeys.step(table.game, step, .sleep))
    case .morning(let died, let saved):
      let news: String
      if let died {
        news = words("narrator.say.died", ["name": name(died, table)])
      } else {
        news = saved ? words.line(.saved, of: table.game) : words("narrator.say.nobodyDied")
      }
      return morning(words: words, phones: phones.night) + " " + news
    case .takeAlong(let by): return words.line(.takeAlong, of: table.game, ["name": name(by, table)])
    case .taken(let seat, _): return words("narrator.say.taken", ["name": name(seat, table)])
    case .day(let round): return dayBegins(round, words: words)
    case .vote(let timeUp):
      if phones.vote { return words(timeUp ? "narrator.say.timeUp.phones" : "narrator.say.vote.phones") }
      return words(timeUp ? "narrator.say.timeUp" : "narrator.say.vote")
    case .votedOut(let seat): return words("narrator.say.votedOut", ["name": name(seat, table)])
    case .tied(let revote):
      guard revote else { return words("narrator.say.tied.nobody") }
      // The revote is among the tied alone, named when their hands were counted.
      guard let tied = table.tiedToday else { return words("narrator.say.tied.revote") }
      return words("narrator.say.tied.revoteAmong", ["names": tied.map { name($0, table) }.joined(separator: ", ")])
    case .spared: return words("narrator.say.spared")
    case .won(let side): return words(GameKeys.narratorWon(side))
    }
  }

  /// What the day that just ended comes to, as the lines Parea said at the
  /// vote (who was voted out and taken along, or the tie): the moderator's
  /// "Say:" at the dusk after a day. Nil before any day.
  static func dayOutcome(table: Table, rules: DealtRules, words: Words) -> String? {
    guard table.isOpenPhase, let chapter = table.story(rules: rules).last, chapter.phase == table.phase else { return nil }
    var parts: [String] = []
    for event in chapter.events {
      switch event {
      case .died(let seat, .takenByKamikaze): parts.append(words("narrator.say.taken", ["name": name(seat, table)]))
      case .died(let seat, _): parts.append(words("narrator.say.votedOut", ["name": name(seat, table)]))
      case .tied where !chapter.events.contains(where: { if case .died = $0 { true } else { false } }):
        parts = [words("narrator.say.tied.nobody")]
      case .spared:
        parts = [words("narrator.say.spared")]
      default: break
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// The part of a step's words that wakes it: its roles open their eyes,
  /// or, on the phones, choose there.
  private static func wakePart(_ meetingOnly: Bool, _ phones: OnPhones) -> GameKeys.StepPart {
    switch (meetingOnly, phones.night) {
    case (false, false): .wake
    case (true, false): .meet
    case (false, true): .wakePhones
    case (true, true): .meetPhones
    }
  }

  /// What the stage on show says (its large line in Parea's mode, "Say:" for the moderator).
  static func current(_ narration: Narration, table: Table, words: Words, phones: OnPhones = OnPhones()) -> String {
    let steps = narration.steps(on: table)
    switch narration.stage {
    case .dusk:
      // Not spoken: what the table reads while it gets ready. The round is at
      // most `Table.maximumRound`: + 1 cannot overflow.
      let round = table.isOpenPhase ? table.round + 1 : table.round
      return words("narrator.dusk.title", ["round": String(round)])
    case .nightFalls:
      return nightFalls(table.round, words: words, phones: phones.night)
    case .awake(let index):
      guard steps.indices.contains(index) else { return "" }
      return line(for: .wake(steps[index].id, meetingOnly: table.isMeetingNight()), table: table, words: words, phones: phones) ?? ""
    case .asleep(let index):
      guard steps.indices.contains(index) else { return "" }
      return line(for: .sleep(steps[index].id), table: table, words: words, phones: phones) ?? ""
    case .morning:
      let news = table.lastNight ?? NightRecord(choices: [], steps: [])
      var parts = [morning(words: words, phones: phones.night)]
      if news.died.isEmpty {
        let saved = news.saved && table.options.dealt.announceSaves
        parts.append(saved ? words.line(.saved, of: table.game) : words("narrator.say.nobodyDied"))
      } else {
        for (index, seat) in news.died.enumerated() {
          let key = index == 0 ? "narrator.say.died" : "narrator.say.taken"
          parts.append(words(key, ["name": name(seat, table)]))
        }
      }
      return parts.joined(separator: " ")
    case .takeAlong:
      guard case .takePlayer(let by)? = table.pending else { return "" }
      // A kamikaze killed at night: the morning comes first, as it was said,
      // and names the kamikaze once.
      guard table.isSecretPhase else { return words.line(.takeAlong, of: table.game, ["name": name(by, table)]) }
      return [
        morning(words: words, phones: phones.night), words("narrator.say.died", ["name": name(by, table)]),
        words.line(.takeAlongAgain, of: table.game),
      ]
        .joined(separator: " ")
    case .discussion:
      return dayBegins(table.round, words: words)
    case .vote:
      return narration.revoting
        ? line(for: .tied(revote: true), table: table, words: words) ?? ""
        : line(for: .vote(timeUp: false), table: table, words: words, phones: phones) ?? ""
    case .over:
      return table.winner.map { words(GameKeys.narratorWon($0)) } ?? ""
    }
  }
}
