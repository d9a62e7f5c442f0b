import PareaRules

// What each seat's phone shows, as JSON: its `SeatView` in the laptop's
// language, with the same words the laptop's card uses. Built here (the app
// has the words); the run loop hands each text to the phones' server, which
// sends it only on that seat's socket. Nothing of another seat goes in
// except what the seat's own view holds (`SeatView`: what its role knows).

/// The phones' side of the app: the page and each seat's view.
enum PhoneView {
  /// The words the page needs before the laptop's first message (and with
  /// every message, so that a change of language reaches the page).
  static let pageKeys = [
    "app.name", "phone.connecting", "phone.lost", "phone.refused", "phone.unknown", "phone.renewed",
    "phone.show", "phone.hide", "phone.hidden", "phone.waiting", "phone.over", "phone.out",
    "phone.confirm", "phone.confirmed", "phone.night",
  ]

  /// The page every link serves, with the words of `language` in it: the same bytes for every seat.
  static func page(words: Words, language: String) -> String {
    PhonePage.html.replacing("/*WORDS*/null", with: wordsObject(words))
      .replacing("<html lang=\"en\">", with: "<html lang=\"\(language)\">")
  }

  static func wordsObject(_ words: Words) -> String {
    JSON.object(pageKeys.map { ($0, JSON.string(words($0))) })
  }

  /// The seat a phone sends for "nobody" at the vote (`PICK -1`).
  static let nobody = -1

  /// What `seat`'s phone shows now, or nil when no game is dealt.
  static func json(seat: Int, state: AppState, words: Words, locations: [Location]) -> String? {
    guard let table = state.table else { return nil }
    // The night's task only when tonight runs on the phones; the vote only when it is cast on them.
    let votes = state.votesOnPhones
    let narration = state.phones.nightOnPhones || votes ? state.session?.narration : nil
    guard
      let view = SeatView(
        seat: seat, table: table, narration: narration, picks: state.phones.picks, ballot: votes ? state.phones.ballot : nil)
    else { return nil }
    let layout = RoleCard.Layout(table: table, state: state, words: words, width: Int.max / 4)
    var known = layout.sentences(of: seat).map { $0.hasPrefix("  • ") ? String($0.dropFirst(4)) : $0 }
    while known.count < max(1, view.knowledgeSlots) { known.append("") }
    var fields: [(String, String)] = [
      ("v", "1"),
      ("lang", JSON.string(state.language.rawValue)),
      ("words", wordsObject(words)),
      ("game", JSON.string(words.gameName(table.game))),
      ("name", JSON.string(view.name)),
      ("out", view.isAlive ? "false" : "true"),
      ("over", view.isOver ? "true" : "false"),
      (
        "card",
        JSON.object([
          ("youAre", JSON.string(words("reveal.youAre"))),
          ("role", JSON.string(words.upper(words.roleName(view.role)))),
          ("side", JSON.string(words("reveal.side", ["side": words.sideName(view.side)]))),
          ("description", JSON.string(state.roleDescription(view.role, of: table.rules, words: words))),
          ("knowTitle", JSON.string(words("knowledge.title"))),
          ("know", JSON.array(known.map(JSON.string))),
        ])
      ),
    ]
    // Over: who won (public now), on every phone alike.
    if view.isOver, let winner = table.winner {
      fields.append(("result", JSON.string(words(GameKeys.sideWin(winner)))))
    }
    // Spy: the locations in play, the same list on every phone.
    if table.location != nil {
      let names = state.inPlay(locations).map { words.locationName($0.id) }.sorted()
      fields.append(
        ("list", JSON.object([("title", JSON.string(words("phone.locations"))), ("items", JSON.array(names.map(JSON.string)))])))
    }
    // A night on the phones: a secret stage shows the night's page; a step, the task.
    if state.phones.nightOnPhones, let stage = state.session?.narration?.stage, stage.isSecret {
      fields.append(("night", "true"))
      if let task = view.task { fields.append(("task", taskObject(task, round: table.round, table: table, words: words))) }
    }
    // The day's vote on the phones: a task of the same shape.
    if let ballot = view.ballot {
      fields.append(("task", ballotObject(ballot, opened: state.phones.votesOpened, table: table, words: words)))
    }
    return JSON.object(fields)
  }

  /// How many lines every task's note has, whatever it says.
  static let noteLines = 2

  /// A task as the page draws it: the prompt, the list (the same for every
  /// seat), this seat's pick and whether it is confirmed, and a note of
  /// `noteLines` lines (a fellow thief's pick, a check's answer, or a
  /// sentence for everyone else).
  static func taskObject(_ task: SeatTask, round: Int, table: Table, words: Words) -> String {
    let name = { (seat: Int) in NarratorLines.name(seat, table) }
    var note: [String] = []
    switch task.purpose {
    case .kill:
      for fellow in task.fellows {
        let key = fellow.confirmed ? "phone.note.fellowChose" : fellow.pick == nil ? "phone.note.fellowNone" : "phone.note.fellowPicks"
        note.append(words(key, ["name": name(fellow.seat), "pick": fellow.pick.map(name) ?? ""]))
      }
      if task.fellows.isEmpty { note.append(words("phone.note.alone")) }
    case .check:
      if let answer = task.answer, let pick = task.pick {
        note.append(words("phone.note.answer", ["name": name(pick), "answer": words.line(GameKeys.answer(answer), of: table.game)]))
      } else {
        note.append(words("phone.note.check"))
      }
    case .meet:
      for fellow in task.fellows { note.append(words("phone.note.fellowMeets", ["name": name(fellow.seat)])) }
      if task.fellows.isEmpty { note.append(words("phone.note.meet")) }
    case .protect, .suspect, .wait:
      note.append(words("phone.note.\(task.purpose.rawValue)"))
    }
    return taskFields(
      id: "\(round).\(task.step)", prompt: words("phone.task.\(task.purpose.rawValue)"),
      candidates: task.candidates.map { ($0, name($0)) }, pick: task.pick, confirmed: task.confirmed,
      done: words("phone.confirmed"), note: note)
  }

  /// The day's vote as the page draws a task: the vote's candidates and
  /// nobody, the same list on every phone; the note says who will see the
  /// vote. `opened`: how many votes have gone to the phones (`PhonesState.votesOpened`).
  static func ballotObject(_ task: BallotTask, opened: Int, table: Table, words: Words) -> String {
    let pick: Int? =
      switch task.pick {
      case .seat(let seat)?: seat
      case .nobody?: nobody
      case nil: nil
      }
    let note = [
      words(task.open ? "phone.note.voteOpen" : "phone.note.voteSecret"),
      task.confirmed ? words("phone.note.voteCast") : "",
    ]
    return taskFields(
      id: "vote.\(opened).\(task.round).\(task.ties)", prompt: words(task.ties > 0 ? "phone.task.revote" : "phone.task.vote"),
      candidates: task.candidates.map { ($0, NarratorLines.name($0, table)) } + [(nobody, words("phone.vote.nobody"))],
      pick: pick, confirmed: task.confirmed, done: words("phone.voted"), note: note)
  }

  /// A task's JSON: its id (a new one buzzes the phone), the prompt, the
  /// list, the pick, whether it is confirmed, the button's words once it
  /// is, and the note in `noteLines` lines.
  private static func taskFields(
    id: String, prompt: String, candidates: [(seat: Int, name: String)], pick: Int?, confirmed: Bool, done: String,
    note: [String]
  ) -> String {
    var note = Array(note.prefix(noteLines))
    while note.count < noteLines { note.append("") }
    return JSON.object([
      ("id", JSON.string(id)),
      ("prompt", JSON.string(prompt)),
      ("candidates", JSON.array(candidates.map { JSON.object([("seat", String($0.seat)), ("name", JSON.string($0.name))]) })),
      ("pick", pick.map(String.init) ?? "null"),
      ("confirmed", confirmed ? "true" : "false"),
      ("done", JSON.string(done)),
      ("note", JSON.array(note.map(JSON.string))),
    ])
  }
}

/// Just enough JSON writing for the phones' messages.
enum JSON {
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // Never a "</script>" or a stray tag in the page the words go into.
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
