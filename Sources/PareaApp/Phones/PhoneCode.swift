import PareaCanvas
import PareaQR
import PareaRules

/// The player's own link, on the laptop while they alone hold it (the
/// reveal): its QR code on the left, black on white with its quiet zone, and
/// on the right what to do, the address written out, and whether their
/// phone is connected. Every seat's page has the same blocks in the same
/// rows; only the code and the address differ (and never by role).
enum PhoneCode {
  static func draw(seat: Int, table: Table, state: AppState, into canvas: inout Canvas, words: Words) {
    guard table.seats.indices.contains(seat) else { return }
    let (_, inner) = RoleCard.frame(for: table.seats[seat], table: table, into: &canvas, words: words)
    let link = state.phoneLink(seat: seat)
    var textColumn = inner.column
    if let link, let rows = QRCache.rows(for: link) {
      for (offset, row) in rows.enumerated() where inner.row - 1 + offset < inner.bottom + 1 {
        canvas.write(row, row: inner.row - 1 + offset, column: inner.column - 1, style: Theme.code)
      }
      textColumn = inner.column - 1 + (rows.first.map { TextWidth.of($0) } ?? 0) + 2
    }
    let width = max(10, inner.column + inner.width - textColumn)
    var lines: [(String, Style)] = []
    func add(_ text: String, _ style: Style = Theme.normal) {
      for line in TextWidth.wrap(text, width: width) { lines.append((line, style)) }
    }
    if let problem = state.phones.problem, problem != .noQRCode {
      add(words(problem == .noNetwork ? "reveal.phone.noNetwork" : "reveal.phone.cannotListen"), Theme.error)
    } else if let link {
      add(words("reveal.phone.scan"))
      lines.append(("", Theme.normal))
      add(words("reveal.phone.orOpen"), Theme.dim)
      // The address in two lines, cut before the secret, so it fits and reads.
      let lower = "http" + link.dropFirst(4)
      if let cut = lower.firstRange(of: "/S/") {
        lines.append((String(lower[..<cut.lowerBound]), Theme.key))
        lines.append((String(lower[cut.lowerBound...]), Theme.key))
      }
      lines.append(("", Theme.normal))
      if state.phones.connected.contains(seat) {
        add(words("reveal.phone.connected"), Theme.good)
      } else {
        add(words("reveal.phone.waiting"), Theme.dim)
      }
      if QRCache.rows(for: link) == nil {
        lines.append(("", Theme.normal))
        add(words("reveal.phone.noQRCode"), Theme.dim)
      }
    } else {
      add(words("reveal.phone.starting"), Theme.dim)
    }
    lines.append(("", Theme.normal))
    add(words("reveal.phone.noPhone"), Theme.dim)
    for (index, line) in lines.enumerated() where inner.row + index <= inner.bottom {
      canvas.write(line.0, row: inner.row + index, column: textColumn, style: line.1)
    }
  }
}

/// The last link's QR code rows: made once per link, not at every frame.
/// The app runs on one thread (the run loop's).
enum QRCache {
  nonisolated(unsafe) private static var last: (link: String, rows: [String]?)?

  static func rows(for link: String) -> [String]? {
    if let last, last.link == link { return last.rows }
    let rows = try? QRCode(link).halfBlockRows
    last = (link, rows)
    return rows
  }
}

/// Who has a phone connected, for the whole table to see (never by role:
/// whose phone is on is what the table can see anyway). On the manual
/// table's and the narrator's actions panel, and at dusk, where it decides
/// whether the night runs on the phones.
enum PhoneStatus {
  /// Whether the block is shown: phones on and the game's links made.
  static func shown(_ state: AppState) -> Bool { RevealScreen.offersPhone(state) }

  /// "Phones" and "4 of 5 connected" (the living players'), from `row` in
  /// the panel at `column`, `width` wide, no lower than `bottom`. Returns the next free row.
  @discardableResult
  static func drawPanel(
    into canvas: inout Canvas, state: AppState, table: Table, words: Words, row: Int, column: Int, width: Int, bottom: Int
  ) -> Int {
    guard shown(state), row + 1 <= bottom else { return row }
    let alive = table.alive
    let connected = alive.filter(state.phones.connected.contains).count
    canvas.write(words("table.phones"), row: row, column: column, style: Theme.dim, limit: width)
    let count = words("table.phones.count", ["connected": String(connected), "players": String(alive.count)])
    canvas.write(count, row: row + 1, column: column, style: connected == alive.count ? Theme.good : Theme.normal, limit: width)
    guard state.votesOnPhones, let narration = state.session?.narration, row + 4 <= bottom else { return row + 2 }
    // The vote on the phones: how many have voted, and who is still to
    // (never whom anyone voted for: that is the count's, once all have).
    let waiting = state.phones.ballot.waiting(table: table, narration: narration)
    canvas.write(words("table.votes"), row: row + 3, column: column, style: Theme.dim, limit: width)
    let cast = words("table.votes.count", ["cast": String(alive.count - waiting.count), "players": String(alive.count)])
    canvas.write(cast, row: row + 4, column: column, style: waiting.isEmpty ? Theme.good : Theme.normal, limit: width)
    // As many names as fit; the last row says how many more when they do not.
    let rows = max(0, bottom - (row + 5) + 1)
    let shown = waiting.count <= rows ? waiting.count : max(0, rows - 1)
    var next = row + 5
    for seat in waiting.prefix(shown) {
      canvas.write(NarratorLines.name(seat, table), row: next, column: column + 2, style: Theme.dim, limit: width - 2)
      next += 1
    }
    if shown < waiting.count && next <= bottom {
      canvas.write(
        words("table.votes.more", ["count": String(waiting.count - shown)]), row: next, column: column + 2, style: Theme.dim,
        limit: width - 2)
      next += 1
    }
    return next
  }

  /// The open ballot's votes beside the count ("Anna → Nick"), from `row`
  /// in the panel at `column`, no lower than `bottom`: only once every vote
  /// is cast, and only when the game was dealt with an open ballot.
  static func drawOpenBallot(
    into canvas: inout Canvas, state: AppState, table: Table, narration: Narration, words: Words, row: Int, column: Int,
    width: Int, bottom: Int
  ) {
    guard table.options.dealt.phoneVote == .open, state.phones.ballot.isComplete(table: table, narration: narration) else { return }
    canvas.write(words("narrator.count.voters"), row: row, column: column, style: Theme.dim, limit: width)
    let side = (width - 3) / 2
    for (offset, vote) in state.phones.ballot.votes(table: table, narration: narration).enumerated() where row + 1 + offset <= bottom {
      let choice: String =
        switch vote.choice {
        case .seat(let seat): NarratorLines.name(seat, table)
        case .nobody: words("narrator.count.nobody")
        }
      let line = TextWidth.truncate(NarratorLines.name(vote.voter, table), to: side) + " → " + TextWidth.truncate(choice, to: side)
      canvas.write(line, row: row + 1 + offset, column: column, limit: width)
    }
  }

  /// At dusk, when the night would not run on the phones: why (no network,
  /// or whose phone is missing). Nil when phones are off, or every phone is there.
  static func duskLine(state: AppState, table: Table, narration: Narration, words: Words) -> String? {
    guard shown(state), narration.mode == .parea else { return nil }
    if let problem = state.phones.problem, problem != .noQRCode { return words("narrator.phones.dusk.unavailable") }
    let missing = table.alive.filter { !state.phones.connected.contains($0) }
    if missing.isEmpty { return nil }
    return words(
      "narrator.phones.dusk.missing",
      ["names": missing.map { NarratorLines.name($0, table) }.joined(separator: ", ")])
  }
}
