import PareaCanvas
import PareaRules

/// Locations in the order the screens list them: by name in the current language.
func locationsByName(_ locations: [Location], words: Words) -> [Location] {
  // Compared without case or accents, so "Ίντερνετ καφέ" sorts among the Ι's.
  locations.map { (PlayerName.key(words.locationName($0.id)), $0) }
    .sorted { $0.0 < $1.0 }
    .map(\.1)
}

// MARK: Drawing
extension TableScreen {
  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let table = state.table else { return }
    let rules = state.rules
    canvas.header(words, title: words.gameName(table.game), right: status(table: table, rules: rules, words: words))
    // Players: name, state, how many times each has looked.
    let listRect = Rect(row: 4, column: 1, width: 55, height: canvas.height - 6)
    canvas.write(Self.playersHeading(words), row: 3, column: 1, style: Theme.dim, limit: listRect.width)

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
    let (lines, styles) = Self.playerRows(seats, table: table, state: state, words: words)
    canvas.list(lines, selected: selected, in: listRect, styles: styles)
    if let prompt {
      canvas.write(prompt, row: 1, column: 2, style: Theme.title, limit: canvas.width - 4)
    } else {
      canvas.write(hint(table: table, rules: rules, timer: state.timer, words: words), row: 1, column: 2, style: Theme.dim, limit: canvas.width - 4)
    }

    // The actions this game offers.
    let panel = Rect(row: 3, column: 57, width: 23, height: canvas.height - 5)
    if case .main = mode {
      canvas.write(words("table.actions"), row: panel.row, column: panel.column, style: Theme.dim)
      for (offset, command) in Self.commands(for: state).enumerated() {
        let row = panel.row + 1 + offset
        var label = words(command.label)
        if command == .nextPhase, let next = table.nextPhase {
          label = words(GameKeys.phaseBegin(next))
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
      canvas.list(table.causesOffered.map { words(GameKeys.cause($0)) }, selected: causeSelection, in: box.inset(1))
    }
    var phonesRow = panel.row + Self.commands(for: state).count + 2
    if let timer = state.timer, case .main = mode {
      let row = phonesRow
      phonesRow += 4
      let style = timer.expired ? Theme.bad : timer.running ? Theme.title : Theme.dim
      canvas.write(words.line(.timerLabel, of: table.game), row: row, column: panel.column, style: Theme.dim, limit: panel.width)
      canvas.write(timer.display, row: row + 1, column: panel.column, style: style)
      if !timer.running {
        canvas.write(words("timer.adjust"), row: row + 2, column: panel.column, style: Theme.dim, limit: panel.width)
      }
    }
    if case .main = mode {
      PhoneStatus.drawPanel(
        into: &canvas, state: state, table: table, words: words, row: phonesRow, column: panel.column, width: panel.width,
        bottom: canvas.height - 3)
    }
    if let notice, case .main = mode {
      canvas.notice(notice, words: words, row: canvas.height - 7, in: Rect(row: 0, column: 4, width: canvas.width - 8, height: 0))
    }

    canvas.footer(commands(in: state, words: words), words: words)
  }

  /// The heading of the players' list: name, state, views.
  static func playersHeading(_ words: Words) -> String {
    TextWidth.pad(words("table.player"), to: PlayersScreen.maxNameWidth + 5)
      + TextWidth.pad(words("table.state"), to: 22) + words("table.looked")
  }

  /// The players' list as the table shows it (the manual table and the
  /// narrator's day): each player's name, whether they are in the game or
  /// how they went out, and how many times they have looked at their role;
  /// under the house rule, a player who is out has their role under the cause.
  static func playerRows(
    _ seats: [Int], table: Table, state: AppState, words: Words
  ) -> (lines: [[String]], styles: [Style]) {
    let nameWidth = PlayersScreen.maxNameWidth + 2
    let lines = seats.map { seat -> [String] in
      let player = table.seats[seat]
      let status = player.death.map { words(GameKeys.cause($0)) } ?? words("table.alive")
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
    return (lines, seats.map { table.seats[$0].isAlive ? Theme.normal : Theme.dim })
  }

  /// Night/day, or the accusations left: what the whole table may know.
  private func status(table: Table, rules: any GameType, words: Words) -> String {
    var parts: [String] = []
    if let phase = table.phase {
      parts.append(words(GameKeys.phaseName(phase), ["round": String(table.round)]))
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
    table: Table, rules: any GameType, timer: RoundTimer?, words: Words
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
    guard rules.usesPhases else { return words(GameKeys.tableHint(table.game)) }
    if table.isSecretPhase {
      return words(table.isMeetingNight() ? "table.hint.firstNight" : "table.hint.night")
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


  /// Where the list of locations goes.
  static func locationsBody(size: Size) -> Rect {
    Rect(row: 2, column: 3, width: size.width - 6, height: size.height - 4)
  }




  /// "Pass the laptop to ANNA" before a private step at the table (a guess,
  /// an answer). Nothing here depends on the player's role: a spy and a
  /// local, the Cop and a citizen get the same screen.
  static func drawHandOff(
    into canvas: inout Canvas, name: String, game: GameID, words: Words, privacy: String = "table.guessHandOff.privacy"
  ) {
    drawPassing(
      into: &canvas, game: game, words: words, lead: words("handOff.passTo"), boxed: name,
      note: words(privacy, ["name": name]))
  }

  /// After a private answer (a claimed spy's guess, a player marked out):
  /// the laptop goes back to the table. The same page whatever was answered
  /// and whatever it led to, so nothing shows before the table looks together.
  static func drawHandBack(into canvas: inout Canvas, game: GameID, words: Words) {
    drawPassing(
      into: &canvas, game: game, words: words, lead: words("handBack.done"), boxed: words("handBack.box"),
      note: words("handBack.privacy"))
  }

  /// The laptop changing hands: a line, a framed word in capitals, a dimmed
  /// note under it, at the same places for the hand-off and the hand-back
  /// (the footer is the screen's: `passingCommands`).
  private static func drawPassing(
    into canvas: inout Canvas, game: GameID, words: Words, lead: String, boxed: String, note: String
  ) {
    let bounds = canvas.bounds
    canvas.header(words, title: words.gameName(game))
    canvas.center(lead, row: 7, in: bounds)
    let box = Rect(row: 9, column: (bounds.width - 44) / 2, width: 44, height: 3)
    canvas.frame(box, style: Theme.accent)
    canvas.center(words.upper(boxed), row: 10, in: box, style: Theme.title)
    for (offset, line) in TextWidth.wrap(note, width: 64).enumerated() {
      canvas.center(line, row: 14 + offset, in: bounds, style: Theme.dim)
    }
  }

  /// The keys of the laptop changing hands: on to the private step or back
  /// to the table (Esc: not now), or, once it is done, back to the table.
  static func passingCommands(handBack: Bool, proceed: Action, cancel: Action) -> [KeyCommand] {
    if handBack { return [.shown("Enter", "key.toTable", [(.enter, proceed)])] }
    return [.shown("Enter", "key.continue", [(.enter, proceed)]), .shown("Esc", "key.cancel", [(.escape, cancel)])]
  }

  /// The private answer of a player marked out: the same frame, question,
  /// rows and keys for every role; only the words of its paragraph differ
  /// (spread over the same rows), telling a player the cause cannot take
  /// out that they stay in whatever they press.
  /// The locations in columns: the list at the table, or a claimed spy's
  /// guess (`guesser`); the footer is the screen's.
  static func drawLocations(
    into canvas: inout Canvas, state: AppState, words: Words, locations: [Location],
    selection: Int?, scroll: Int, guesser: Int? = nil
  ) {
    let title = guesser.map { words("table.guessTitle", ["name": state.table?.seats[$0].name ?? ""]) }
    canvas.header(words, title: title ?? words("table.locationsTitle"))
    let names = locations.map { words.locationName($0.id) }
    let body = Self.locationsBody(size: Size(width: canvas.width, height: canvas.height))
    ColumnGrid.draw(names, marks: nil, selection: selection, scroll: scroll, in: body, canvas: &canvas)
  }
}
