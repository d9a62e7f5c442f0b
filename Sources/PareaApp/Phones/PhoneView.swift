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
    "phone.confirm", "phone.confirmed", "phone.night", "phone.otherTab",
  ]

  /// The page every link serves, with the words of `language` in it: the same bytes for every seat.
  static func page(words: Words, language: String) -> String {
    PhonePage.html.replacing("/*WORDS*/null", with: wordsObject(words))
      .replacing("/*MESSAGES*/null", with: PhoneMessage.words)
      .replacing("<html lang=\"en\">", with: "<html lang=\"\(language)\">")
  }

  static func wordsObject(_ words: Words) -> String {
    JSON.object(pageKeys.map { ($0, JSON.string(words($0))) })
  }

  /// The seat a phone sends for "nobody" at the vote (`PICK -1`).
  static let nobody = -1

  /// What every seat's phone shows now, by seat (empty when no game is dealt).
  static func views(state: AppState, words: Words, locations: [Location], of seats: Set<Int>? = nil) -> [Int: String] {
    guard let table = state.table else { return [:] }
    let layout = RoleCard.Layout(table: table, state: state, words: words, width: Int.max / 4)
    let fits = Fits(table: table, state: state, layout: layout, words: words)
    var views: [Int: String] = [:]
    for seat in table.seats.indices where seats?.contains(seat) ?? true {
      views[seat] = json(seat: seat, state: state, layout: layout, fits: fits, words: words, locations: locations)
    }
    return views
  }

  /// What `seat`'s phone shows now, or nil when no game is dealt.
  /// It reads only what `PhoneViewCache.Shared` and the seat's
  /// `SeatView.Moment` hold: what else it comes to read goes there too.
  private static func json(
    seat: Int, state: AppState, layout: RoleCard.Layout, fits: Fits, words: Words, locations: [Location]
  ) -> String? {
    guard let table = state.table else { return nil }
    // The night's task only when tonight runs on the phones; the vote only when it is cast on them.
    let votes = state.votesOnPhones
    let narration = state.phones.nightOnPhones || votes ? state.session?.narration : nil
    guard
      let view = SeatView(
        seat: seat, table: table, narration: narration, picks: state.phones.picks, ballot: votes ? state.phones.ballot : nil)
    else { return nil }
    let known = Known(layout.entries(of: seat), words: words)
    var fields: [(String, String)] = [
      ("v", "1"),
      ("lang", JSON.string(state.language.rawValue)),
      ("words", wordsObject(words)),
      ("game", JSON.string(words.gameName(table.game))),
      ("name", JSON.string(view.name)),
      ("names", JSON.array(view.names.map(JSON.string))),
      ("out", view.isAlive ? "false" : "true"),
      ("over", view.isOver ? "true" : "false"),
      (
        "card",
        JSON.object([
          ("youAre", JSON.string(words("reveal.youAre"))),
          ("role", JSON.string(words.upper(words.roleName(view.role)))),
          ("side", JSON.string(sideLine(view.side, words: words))),
          ("description", JSON.string(state.roleDescription(view.role, of: table.rules, words: words))),
          ("knowTitle", JSON.string(words("knowledge.title"))),
          ("pairs", JSON.array(known.pairs.map { JSON.array([JSON.string($0.0), JSON.string($0.1)]) })),
          ("closing", JSON.string(known.closing)),
          ("fit", fits.card),
        ])
      ),
    ]
    // Over: who won and every role (public now: the laptop's summary shows
    // them), on every phone alike; it stays there after the laptop goes.
    if view.isOver {
      let result = table.winner.map { words(GameKeys.sideWin($0)) } ?? words("summary.noWinner")
      fields.append(("result", JSON.string(result)))
      let roles = table.seats.map { seat in
        JSON.array([JSON.string(seat.name), JSON.string(words.roleName(seat.role))])
      }
      fields.append(("roles", JSON.array(roles)))
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
      if let task = view.task {
        fields.append(("task", taskObject(task, round: table.round, table: table, words: words, fit: fits.night ?? "null")))
      }
    }
    // The day's vote on the phones: a task of the same shape.
    if let ballot = view.ballot {
      fields.append(("task", ballotObject(ballot, opened: state.phones.votesOpened, table: table, words: words, fit: fits.ballot)))
    }
    return JSON.object(fields)
  }

  /// A task as the page draws it: the prompt, the list (the same for every
  /// seat), this seat's pick and whether it is confirmed, and a note (a
  /// fellow thief's pick, a check's answer, or a sentence for everyone
  /// else, one line of text per thing said), with `fit`: what any seat's
  /// prompt and note may say at this step (`Fits`).
  static func taskObject(_ task: SeatTask, round: Int, table: Table, words: Words, fit: String) -> String {
    let name = { (seat: Int) in NarratorLines.name(seat, table) }
    var note: [String] = []
    switch task.purpose {
    case .kill:
      for fellow in task.fellows {
        note.append(words(fellowKey(fellow), ["name": name(fellow.seat), "pick": fellow.pick.map(name) ?? ""]))
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
    case .protect:
      note.append(words("phone.note.protect"))
      // The house rules on the Doctor's own phone: whom tonight's choice would not protect.
      // The Doctor first ("you"), then last night's choice by name.
      let names =
        task.barred.filter { $0.reason == .yourself }.map { _ in words("phone.note.barred.yourself") }
        + task.barred.filter { $0.reason == .again }.map { name($0.seat) }
      if !names.isEmpty {
        note.append(words("phone.note.barred", ["names": names.joined(separator: words("phone.note.barred.separator"))]))
      }
    case .block, .suspect, .wait:
      note.append(words("phone.note.\(task.purpose.rawValue)"))
    }
    return taskFields(
      id: "\(round).\(task.step)", prompt: words("phone.task.\(task.purpose.rawValue)"),
      candidates: task.candidates.map { ($0, name($0)) }, barred: Set(task.barred.map(\.seat)), pick: task.pick,
      confirmed: task.confirmed, done: words("phone.confirmed"), note: note, fit: fit)
  }

  /// The words for a fellow thief's pick as the seat saw it.
  private static func fellowKey(_ fellow: SeatTask.FellowPick) -> String {
    fellow.confirmed ? "phone.note.fellowChose" : fellow.pick == nil ? "phone.note.fellowNone" : "phone.note.fellowPicks"
  }

  /// The day's vote as the page draws a task: the vote's candidates and
  /// nobody, the same list on every phone; the note says who will see the
  /// vote. `opened`: how many votes have gone to the phones (`PhonesState.votesOpened`).
  static func ballotObject(_ task: BallotTask, opened: Int, table: Table, words: Words, fit: String) -> String {
    let pick: Int? =
      switch task.pick {
      case .seat(let seat)?: seat
      case .nobody?: nobody
      case nil: nil
      }
    var note = [words(task.open ? "phone.note.voteOpen" : "phone.note.voteSecret")]
    if task.confirmed { note.append(words("phone.note.voteCast")) }
    return taskFields(
      id: "vote.\(opened).\(task.round).\(task.ties)", prompt: words(task.ties > 0 ? "phone.task.revote" : "phone.task.vote"),
      candidates: task.candidates.map { ($0, NarratorLines.name($0, table)) } + [(nobody, words("phone.vote.nobody"))],
      pick: pick, confirmed: task.confirmed, done: words("phone.voted"), note: note, fit: fit)
  }

  /// A task's JSON: its id (a new one buzzes the phone), the prompt, the
  /// list, the pick, whether it is confirmed, the button's words once it
  /// is, the note (its lines joined by line breaks) and its `fit`.
  /// `barred`: the candidates drawn as not allowed (the Doctor's own phone).
  private static func taskFields(
    id: String, prompt: String, candidates: [(seat: Int, name: String)], barred: Set<Int> = [], pick: Int?,
    confirmed: Bool, done: String, note: [String], fit: String
  ) -> String {
    JSON.object([
      ("id", JSON.string(id)),
      ("prompt", JSON.string(prompt)),
      (
        "candidates",
        JSON.array(
          candidates.map {
            JSON.object([
              ("seat", String($0.seat)), ("name", JSON.string($0.name)), ("barred", barred.contains($0.seat) ? "true" : "false"),
            ])
          })
      ),
      ("pick", pick.map(String.init) ?? "null"),
      ("confirmed", confirmed ? "true" : "false"),
      ("done", JSON.string(done)),
      ("note", JSON.string(note.joined(separator: "\n"))),
      ("fit", fit),
    ])
  }

  /// The card's side line.
  static func sideLine(_ side: SideID, words: Words) -> String {
    words("reveal.side", ["side": words.sideName(side)])
  }

  /// What a seat knows, as the phone's card lays it out: a player and
  /// their role, or a label and its value, on one line each (`pairs`),
  /// then one sentence (`closing`): the seat's own sentence, or that
  /// nobody else is known.
  struct Known {
    var pairs: [(String, String)] = []
    var closing = ""

    init(_ entries: [RoleCard.Layout.Entry], words: Words) {
      var sentences: [String] = []
      for entry in entries {
        switch entry {
        case .pair(let left, let right):
          pairs.append((left.hasPrefix("  • ") ? String(left.dropFirst(4)) : left, right))
        case .sentence(let text): sentences.append(text)
        }
      }
      closing = sentences.isEmpty ? words("knowledge.nobodyElse") : sentences.joined(separator: " ")
    }
  }

  /// What any seat's page may hold in each block whose words depend on the
  /// role, for the page to give the block as many lines as the longest of
  /// them needs at the phone's width, on every phone alike (`fit` in
  /// `PhonePage`; DECISIONS: "Every phone's page has one outline, line by
  /// line"). Built from the table alone — the dealt roles, the step the
  /// narrator announces, every seat's knowledge counted, never read — so
  /// it is the same on every phone and for every way of dealing the roles.
  /// Names go in as `{name}` and `{pick}`: the page puts the widest of the
  /// table's names there.
  struct Fits {
    /// The card's: `role` and `side` (one line each, at one size), the
    /// `description`s, and `know`: each seat's pairs counted, with its closing sentence.
    let card: String
    /// The night's task at the narrator's step, if any.
    let night: String?
    /// The vote's task.
    let ballot: String

    init(table: Table, state: AppState, layout: RoleCard.Layout, words: Words) {
      let roles = SeatView(seat: 0, table: table)?.dealtRoles ?? []
      var sides: [String] = []
      for role in roles {
        let line = sideLine(table.rules.role(role)?.side ?? SideID(""), words: words)
        if !sides.contains(line) { sides.append(line) }
      }
      var know: [String] = []
      for seat in table.seats.indices {
        let known = Known(layout.entries(of: seat), words: words)
        let item = JSON.array([String(known.pairs.count), JSON.string(known.closing)])
        if !know.contains(item) { know.append(item) }
      }
      // A Spy's list pairs no names: it keeps its type.
      let values = table.location == nil ? roles.map { words.roleName($0) } : []
      card = JSON.object([
        ("role", JSON.array(roles.map { JSON.string(words.upper(words.roleName($0))) })),
        ("side", JSON.array(sides.map(JSON.string))),
        ("description", JSON.array(roles.map { JSON.string(state.roleDescription($0, of: table.rules, words: words)) })),
        ("know", JSON.array(know.sorted())),
        // The roles a name in the "you know" list may be paired with: the dealt
        // ones (public), for the page to size the list alike on every phone.
        ("values", JSON.array(values.map(JSON.string))),
      ])
      let placeholders = ["name": "{name}", "pick": "{pick}"]
      if let narration = state.session?.narration, let step = SeatTask.possible(table: table, narration: narration) {
        var notes: [String] = []
        for purpose in step.purposes {
          switch purpose {
          case .kill, .meet:
            let keys =
              purpose == .kill
              ? ["phone.note.fellowNone", "phone.note.fellowPicks", "phone.note.fellowChose"] : ["phone.note.fellowMeets"]
            for count in 0...step.fellows {
              if count == 0 {
                notes.append(words(purpose == .kill ? "phone.note.alone" : "phone.note.meet"))
                continue
              }
              for key in keys {
                notes.append(Array(repeating: words(key, placeholders), count: count).joined(separator: "\n"))
              }
            }
          case .check:
            notes.append(words("phone.note.check"))
            for answer in NightAnswer.allCases {
              notes.append(
                words("phone.note.answer", ["name": "{name}", "answer": words.line(GameKeys.answer(answer), of: table.game)]))
            }
          case .protect:
            // With each house rule that may bar a candidate tonight said under it (the Doctor's phone).
            let dealt = table.options.dealt
            let base = words("phone.note.protect")
            let yourself = dealt.doctorMayProtectSelf ? [] : [words("phone.note.barred.yourself")]
            let again = dealt.doctorMayRepeat ? [] : ["{name}"]
            for names in [[], yourself, again, yourself + again] {
              let lines = names.isEmpty ? [] : [words("phone.note.barred", ["names": names.joined(separator: words("phone.note.barred.separator"))])]
              let note = ([base] + lines).joined(separator: "\n")
              if !notes.contains(note) { notes.append(note) }
            }
          case .block, .suspect, .wait:
            notes.append(words("phone.note.\(purpose.rawValue)"))
          }
        }
        night = JSON.object([
          ("prompt", JSON.array(step.purposes.map { JSON.string(words("phone.task.\($0.rawValue)")) })),
          ("note", JSON.array(notes.map(JSON.string))),
        ])
      } else {
        night = nil
      }
      let ballots = ["phone.note.voteSecret", "phone.note.voteOpen"].flatMap { key in
        [words(key), words(key) + "\n" + words("phone.note.voteCast")]
      }
      ballot = JSON.object([
        ("prompt", JSON.array(["phone.task.vote", "phone.task.revote"].map { JSON.string(words($0)) })),
        ("note", JSON.array(ballots.map(JSON.string))),
      ])
    }
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
