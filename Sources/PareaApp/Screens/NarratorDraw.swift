import PareaCanvas
import PareaLocale
import PareaRules

// MARK: Drawing

extension NarratorScreen {
  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    guard let narration = state.session?.narration, let table = state.table else { return }
    let moderator = narration.mode == .moderator
    let title: String
    switch narration.stage {
    case .dusk where table.isOpenPhase:
      // The night about to fall after a day: the next phase, of the next round
      // (at most Table.maximumRound + 1).
      title = words(GameKeys.phaseName(table.nextPhase ?? .night), ["round": String(table.round + 1)])
    case .dusk, .nightFalls, .awake, .asleep:
      title = words(GameKeys.phaseName(table.phase ?? .night), ["round": String(table.round)])
    default:
      // From the morning on, the day's name: after a night's death the table
      // moves on only once the kamikaze has chosen, but everyone is awake.
      let day = table.rules.phases.first { $0.kind == .open }?.id ?? .day
      title = words(GameKeys.phaseName(day), ["round": String(table.round)])
    }
    let mode = words(moderator ? "narrator.title.moderator" : "narrator.title")
    canvas.header(words, title: words.gameName(table.game) + "  ·  " + title, right: mode)
    if showingRoles && moderator {
      drawRoles(into: &canvas, state: state, table: table, words: words)
      return
    }
    var phones = state.onPhones
    phones.vote = state.votesOnPhones
    var line = NarratorLines.current(narration, table: table, words: words, phones: phones)
    if let said, said.stage == narration.stage {
      // What was said for this stage, in its words: the vote's result, a
      // tie, "time is up".
      line = NarratorLines.lines(for: said.cues, table: table, words: words, phones: phones).joined(separator: " ")
    } else if moderator, narration.stage == .dusk,
      let outcome = NarratorLines.dayOutcome(table: table, rules: table.options.dealt, words: words)
    {
      // After a restart: the vote's result, for the moderator to say at dusk.
      line = outcome
    }
    // A night on the phones: the laptop never shows that a choice was made.
    let chosen = narration.hasChosen(on: table) && !state.phones.nightOnPhones
    let byDay = narration.isByDay
    var row: Int
    // What is said, wrapped without a blank line in the middle.
    if moderator {
      canvas.write(words("narrator.moderator.say"), row: 2, column: 3, style: Theme.title)
      row = 3
      for wrapped in TextWidth.wrap(words("narrator.moderator.quote", ["line": line]), width: canvas.width - 8) {
        canvas.write(wrapped, row: row, column: 5, style: Theme.accent)
        row += 1
      }
      row += 1
    } else {
      // Large type: the line in bold capitals, centred, with room around it
      // (by day nearer the top, to leave room for the players). A secret step
      // after its choice (and every pause of the night) shows the neutral
      // screen instead, identical whatever happened.
      // A check's answer is for the step's roles: its line stays up while it shows.
      row = byDay ? 2 : 4
      // Between the steps of a night on the phones nobody has closed their eyes.
      let neutral = words(state.phones.nightOnPhones ? "narrator.nightOnPhones" : "narrator.eyesClosed")
      let big = isAsleep(narration) || (chosen && narration.answer == nil) ? neutral : line
      for wrapped in TextWidth.wrap(words.upper(big), width: canvas.width - 12) {
        canvas.center(wrapped, row: row, in: canvas.bounds, style: Theme.title)
        row += 1
      }
      row += 1
    }
    if byDay {
      drawDay(into: &canvas, narration: narration, table: table, state: state, words: words, top: row)
    } else {
      drawNight(into: &canvas, narration: narration, table: table, state: state, words: words, row: row)
    }
    if let confirming {
      let choice = describe(confirming, narration: narration, table: table, words: words, asked: true)
      // A long question wraps upwards from its row, never cut.
      let lines = TextWidth.wrap(words("narrator.confirm", ["choice": choice]), width: canvas.width - 6)
      let first = canvas.height - 4 - lines.count
      canvas.fill(Rect(row: first, column: 2, width: canvas.width - 4, height: lines.count))
      for (offset, line) in lines.enumerated() {
        canvas.center(line, row: first + offset, in: canvas.bounds, style: Theme.selected)
      }
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }

  /// The day's screen below what is said, from `top`: on the left what the
  /// stage asks (dusk's words, the players in and out, the vote), on the
  /// right the table's actions and the day's time, as on the manual table.
  /// (The stage's keys are its `commands`.)
  private func drawDay(
    into canvas: inout Canvas, narration: Narration, table: Table, state: AppState, words: Words, top: Int
  ) {
    let moderator = narration.mode == .moderator
    let leftWidth = 55
    let bottom = canvas.height - 2  // the last row above the footer
    if picking {
      _ = drawList(
        into: &canvas, prompt: words("table.pick.look"), state: state, table: table, words: words, row: top,
        width: leftWidth - 2)
      return
    }
    var row = top
    func paragraph(_ key: String, style: Style = Theme.normal) { paragraph(text: words(key), style: style) }
    func paragraph(text: String, style: Style = Theme.normal) {
      for wrapped in TextWidth.wrap(text, width: leftWidth - 3) where row <= bottom {
        canvas.write(wrapped, row: row, column: 2, style: style)
        row += 1
      }
      row += 1
    }
    func players() {
      guard row < bottom else { return }
      canvas.write(TableScreen.playersHeading(words), row: row, column: 1, style: Theme.dim, limit: leftWidth)
      let (lines, styles) = TableScreen.playerRows(Array(table.seats.indices), table: table, state: state, words: words)
      canvas.list(lines, selected: nil, in: Rect(row: row + 1, column: 1, width: leftWidth, height: bottom - row), styles: styles)
    }
    switch narration.stage {
    case .dusk:
      let onPhones = state.nightWouldRunOnPhones(table: table)
      let ready = moderator ? "narrator.dusk.ready.moderator" : onPhones ? "narrator.dusk.ready.phones" : "narrator.dusk.ready"
      let firstNight = table.round == 1 && table.isSecretPhase && table.log.allSatisfy { if case .looked = $0 { true } else { false } }
      let keys = resumedNight ? ["narrator.dusk.resumed", ready]
        : firstNight ? [moderator ? "narrator.dusk.moderator" : "narrator.dusk.first", ready] : [ready]
      for key in keys { paragraph(key) }
      // With phones on: whether tonight runs on them, and whose phone is missing.
      if let line = PhoneStatus.duskLine(state: state, table: table, narration: narration, words: words) {
        paragraph(text: line, style: Theme.dim)
      }
    case .morning:
      players()
    case .discussion:
      paragraph("narrator.day.hint", style: Theme.dim)
      players()
    case .vote:
      if let counting {
        drawCount(counting, into: &canvas, state: state, narration: narration, table: table, words: words, row: row, width: leftWidth - 2)
        if countedOnPhones {
          PhoneStatus.drawOpenBallot(
            into: &canvas, state: state, table: table, narration: narration, words: words, row: top, column: 57,
            width: canvas.width - 57, bottom: bottom)
        }
      } else {
        let prompt = words(
          state.phonesCount != nil ? "narrator.vote.prompt.phonesDone"
            : state.votesOnPhones ? "narrator.vote.prompt.phones" : "narrator.vote.prompt")
        _ = drawList(
          into: &canvas, prompt: prompt, state: state, table: table, words: words, row: row,
          width: leftWidth - 2)
      }
    default:
      break
    }
    // The actions, with the manual table's keys and words (not while the
    // vote is counted: its keys are the count's).
    guard counting == nil else { return }
    let panel = Rect(row: top, column: 57, width: canvas.width - 57, height: bottom - top + 1)
    canvas.write(words("table.actions"), row: panel.row, column: panel.column, style: Theme.dim)
    var rows: [(key: String, label: String)] = Self.commands(narration).map { (String($0.key), words($0.label)) }
    if moderator {
      rows.append(("r", words("narrator.command.roles")))
      rows.append(("v", words(moderatorVoice ? "narrator.command.voiceOff" : "narrator.command.voiceOn")))
    }
    var panelRow = panel.row + 1
    for (key, label) in rows where panelRow <= bottom {
      canvas.write(key, row: panelRow, column: panel.column, style: Theme.key)
      canvas.write(label, row: panelRow, column: panel.column + 3, limit: panel.width - 3)
      panelRow += 1
    }
    if narration.stage == .discussion, let timer = state.timer, panelRow + 2 <= bottom {
      // The day's time; a paused one says so (when the panel has room for it).
      panelRow += 1
      canvas.write(words.line(.timerLabel, of: table.game), row: panelRow, column: panel.column, style: Theme.dim, limit: panel.width)
      canvas.write(timer.display, row: panelRow + 1, column: panel.column, style: timer.running ? Theme.title : Theme.dim)
      if !timer.running {
        canvas.write(words("narrator.timer.paused"), row: panelRow + 1, column: panel.column + 7, style: Theme.dim, limit: panel.width - 7)
      }
      panelRow += 2
    }
    PhoneStatus.drawPanel(
      into: &canvas, state: state, table: table, words: words, row: panelRow + 1, column: panel.column, width: panel.width,
      bottom: bottom)
  }

  /// The night's screen below what is said, from `row` (and a kamikaze's
  /// choice, in the open but before the day). (The stage's keys are its `commands`.)
  private func drawNight(
    into canvas: inout Canvas, narration: Narration, table: Table, state: AppState, words: Words, row: Int
  ) {
    let moderator = narration.mode == .moderator
    let chosen = narration.hasChosen(on: table)
    var row = row
    switch narration.stage {
    case .nightFalls, .asleep:
      if moderator {
        // The moderator sees how long the pause lasts; Parea's screen stays neutral.
        canvas.write(words("narrator.moderator.wait"), row: row, column: 3, style: Theme.dim)
        let ends = narration.stageEnds ?? state.clock
        let left = RoundTimer.display(milliseconds: Int(max(0, ends - state.clock)))
        canvas.center(words("narrator.timeLeft", ["time": left]), row: canvas.height - 3, in: canvas.bounds, style: Theme.dim)
      }
    case .awake where state.phones.nightOnPhones:
      // A night on the phones: the same screen whatever is chosen, and whoever chose.
      for wrapped in TextWidth.wrap(words("narrator.phones.awake"), width: canvas.width - 8) {
        canvas.center(wrapped, row: row, in: canvas.bounds)
        row += 1
      }
      let waiting = state.waitsForPhones
      if !waiting.isEmpty {
        // Whose phones the night waits for, by name, and the way on (g).
        let names = waiting.map { NarratorLines.name($0, table) }.joined(separator: ", ")
        let lines = [words("narrator.phones.waiting")]
          + TextWidth.wrap(words("narrator.phones.waitingFor", ["names": names]), width: canvas.width - 8)
        for (offset, text) in lines.enumerated() {
          canvas.center(text, row: canvas.height - 2 - lines.count + offset, in: canvas.bounds, style: Theme.dim)
        }
      } else if narration.waitsForChoice {
        canvas.center(words("narrator.phones.waiting"), row: canvas.height - 3, in: canvas.bounds, style: Theme.dim)
      } else {
        let ends = narration.stageEnds ?? state.clock
        let left = RoundTimer.display(milliseconds: Int(max(0, ends - state.clock)))
        canvas.center(words("narrator.timeLeft", ["time": left]), row: canvas.height - 3, in: canvas.bounds, style: Theme.dim)
      }
    case .awake(let index):
      let steps = narration.steps(on: table)
      if let answer = narration.answer, steps.indices.contains(index) {
        // A check answers at once, for the step's roles (and the moderator, who shows it to them).
        row = drawAnswer(answer, about: narration.checked, into: &canvas, table: table, words: words, row: row)
        if moderator {
          canvas.write(words("narrator.moderator.answer"), row: row, column: 3, style: Theme.dim, limit: canvas.width - 6)
          row += 2
        }
      }
      // After the choice Parea's screen is the neutral one: nothing else on it.
      guard steps.indices.contains(index), !(chosen && !moderator) else { break }
      if narration.waitsForChoice {
        // The step's time is over and it waits for its choice (`NightStep.waitsForChoice`).
        canvas.center(words(moderator ? "narrator.waitsForChoice.moderator" : "narrator.waitsForChoice"), row: canvas.height - 3, in: canvas.bounds, style: Theme.dim)
      } else {
        let ends = narration.stageEnds ?? state.clock
        let left = RoundTimer.display(milliseconds: Int(max(0, ends - state.clock)))
        canvas.center(words("narrator.timeLeft", ["time": left]), row: canvas.height - 3, in: canvas.bounds, style: Theme.dim)
      }
      if moderator && !table.hasChooser(steps[index]) {
        for wrapped in TextWidth.wrap(words("narrator.moderator.nobodyAwake"), width: canvas.width - 8) {
          canvas.write(wrapped, row: row, column: 3, style: Theme.dim)
          row += 1
        }
        row += 1
      }
      if table.isMeetingNight() {
        canvas.center(words("narrator.step.meet"), row: row, in: canvas.bounds)
        break
      }
      if chosen {
        canvas.write(words("narrator.moderator.recorded"), row: row, column: 3, style: Theme.good)
        break
      }
      let prompt = words(GameKeys.step(table.game, steps[index].id, moderator ? .record : .prompt))
      row = drawList(into: &canvas, prompt: prompt, state: state, table: table, words: words, row: row)
    case .takeAlong:
      row = drawList(into: &canvas, prompt: words("narrator.takeAlong.prompt"), state: state, table: table, words: words, row: row)
    default:
      break
    }
  }

  /// A check's answer as a badge of one width and one style whatever it
  /// says, so that its outline from across the table is the same.
  /// Returns the row below it, after a blank one.
  private func drawAnswer(
    _ answer: NightAnswer, about seat: Int?, into canvas: inout Canvas, table: Table, words: Words, row: Int
  ) -> Int {
    if let seat { canvas.center(NarratorLines.name(seat, table), row: row + 1, in: canvas.bounds, style: Style(bold: true)) }
    let texts = NightAnswer.allCases.map { words.line(GameKeys.answer($0), of: table.game) }
    let width = min(canvas.width - 8, (texts.map(TextWidth.of).max() ?? 0) + 4)
    let text = words.line(GameKeys.answer(answer), of: table.game)
    let badge = Rect(row: row + 2, column: (canvas.width - width) / 2, width: width, height: 1)
    canvas.fill(badge, style: Theme.selected)
    canvas.center(text, row: badge.row, in: badge, style: Theme.selected)
    return badge.row + 2
  }

  private func isAsleep(_ narration: Narration) -> Bool {
    if case .asleep = narration.stage { true } else { false }
  }

  /// The list on show under its prompt, from `row` (`width` wide, else the
  /// screen's less a margin); returns the row below it.
  @discardableResult
  private func drawList(
    into canvas: inout Canvas, prompt: String, state: AppState, table: Table, words: Words, row: Int, width: Int? = nil
  ) -> Int {
    guard let narration = state.session?.narration else { return row }
    let column = width == nil ? 6 : 2
    let width = width ?? canvas.width - 12
    // The prompt wraps within the list's width: the list starts below its last line.
    var row = row
    let promptLines = TextWidth.wrap(prompt, width: width)
    for (offset, line) in promptLines.enumerated() {
      if offset > 0 { row += 1 }
      canvas.write(line, row: row, column: column, style: Theme.title, limit: width)
    }
    let items = entries(state: state).map { entry in
      // Once everyone has voted on the phones, the count is theirs.
      entry == .count && state.phonesCount != nil
        ? words("narrator.vote.countPhones") : describe(entry, narration: narration, table: table, words: words)
    }
    let height = max(1, canvas.height - 6 - (row + 1))
    canvas.list(items, selected: selection, in: Rect(row: row + 1, column: column, width: width, height: height))
    return row + 1 + min(height, items.count)
  }

  /// An entry of a list, or what is being confirmed, in words.
  /// `asked`: as "Your choice: …" says it.
  private func describe(
    _ pick: NarratorPick, narration: Narration, table: Table, words: Words, asked: Bool = false
  ) -> String {
    func names(_ seats: [Int]) -> String { seats.map { NarratorLines.name($0, table) }.joined(separator: ", ") }
    switch pick {
    case .seat(let seat): return NarratorLines.name(seat, table)
    case .tie where asked: return words("narrator.vote.tie.asked")
    case .tie: return words(Self.tieCounts(narration, table: table) ? "narrator.vote.tieCount" : "narrator.vote.tie")
    case .nobody where asked: return words("narrator.vote.nobody.asked")
    case .nobody: return words("narrator.vote.nobody")
    case .count: return words("narrator.vote.count")
    // A count of the phones' votes speaks of votes, not hands.
    case .counted(.out(let seat)):
      let key = countedOnPhones ? "narrator.vote.result.out.phones" : "narrator.vote.result.out"
      return words(key, ["name": NarratorLines.name(seat, table)])
    case .counted(.tied(let among)): return words("narrator.vote.result.tied", ["names": names(among ?? [])])
    case .counted(.nobody): return words(countedOnPhones ? "narrator.vote.result.nobody.phones" : "narrator.vote.result.nobody")
    }
  }

  /// The count of hands, from `row` (`width` wide): each player on the vote's
  /// list with their hands, the total, and what the count comes to.
  private func drawCount(
    _ hands: [Int], into canvas: inout Canvas, state: AppState, narration: Narration, table: Table, words: Words,
    row: Int, width: Int
  ) {
    var row = row
    for line in TextWidth.wrap(words(countedOnPhones ? "narrator.count.phones" : "narrator.count.prompt"), width: width) {
      canvas.write(line, row: row, column: 2, style: Theme.title, limit: width)
      row += 1
    }
    let candidates = narration.candidates(on: table)
    let nameWidth = width - 8
    let items = zip(candidates, hands).map { seat, count in
      let number = String(count)
      return TextWidth.pad(TextWidth.truncate(NarratorLines.name(seat, table), to: nameWidth), to: nameWidth)
        + String(repeating: " ", count: max(0, 4 - number.count)) + number
    }
    // The total and the result (two rows) keep their rows above the footer,
    // below the list (which scrolls), so that a refused count always says why.
    let status = max(row + 2, min(row + items.count + 1, canvas.height - 4))
    let height = max(1, status - 1 - row)
    canvas.list(items, selected: selection, in: Rect(row: row, column: 2, width: width, height: height))
    row = status
    let total = hands.reduce(0, +)
    canvas.write(
      words(
        countedOnPhones ? "narrator.count.total.phones" : "narrator.count.total",
        ["count": String(total), "players": String(table.alive.count)]), row: row, column: 4,
      style: Theme.dim, limit: width - 2)
    row += 1
    if let result = countResult(state: state) {
      // A long name wraps the result onto the row above the footer, never cut.
      let what = describe(.counted(result), narration: narration, table: table, words: words)
      for (offset, line) in TextWidth.wrap(words("narrator.count.result", ["result": what]), width: width - 2).prefix(2).enumerated() {
        canvas.write(line, row: row + offset, column: 4, limit: width - 2)
      }
    } else {
      canvas.write(words("narrator.count.tooMany"), row: row, column: 4, style: Theme.error, limit: width - 2)
    }
  }

  /// The moderator's view: every player with their role, the dead marked.
  private func drawRoles(into canvas: inout Canvas, state: AppState, table: Table, words: Words) {
    canvas.write(words("narrator.moderator.roles"), row: 2, column: 3, style: Theme.title)
    for (seat, player) in table.seats.enumerated() where seat < canvas.height - 6 {
      let style = table.rules.isBad(player.role) ? Theme.bad : Theme.normal
      canvas.write(player.name, row: 4 + seat, column: 5, style: player.isAlive ? style : Theme.dim, limit: 20)
      canvas.write(words.roleName(player.role), row: 4 + seat, column: 28, style: player.isAlive ? style : Theme.dim, limit: 26)
      if let death = player.death {
        canvas.write(words(GameKeys.cause(death)), row: 4 + seat, column: 56, style: Theme.dim, limit: canvas.width - 58)
      }
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}
