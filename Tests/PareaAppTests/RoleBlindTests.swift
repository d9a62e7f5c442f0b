import Dispatch
import Foundation
import PareaCanvas
import PareaLocale
@testable import PareaRules
import Synchronization
import Testing

@testable import PareaApp

// Role-blind, by construction: before a game is over, what the table can see
// and hear depends only on what it legitimately knows, never on who holds
// which role (docs/DECISIONS.md, "The table learns nothing from a role").
//
// How it is checked, for every game and narration mode, both languages and a
// spread of house rules: a game is dealt and played by a seeded stream of
// keys at random moments (held keys, pauses, long waits), as the random-keys
// test plays; call it A. Then the same deal with the roles moved among the
// seats is played by the same keys at the same moments; call it B. The roles
// of the seats whose fate became public in A stay where they were (whoever
// died, was chosen at night, accused, voted on, or confirmed in private that
// they are out): what the table legitimately learned is the same in both.
// Every frame of A and B, and every frame one key away, must then be the
// same cell for cell, characters and styles, and every effect (the bell,
// the words spoken, the repaint) the same. The exceptions are the screens a
// single player reads alone (a role card, a private answer): there the words
// may differ, but not which rows hold text, their styles, the header or the
// footer. The moderator's own view of the roles, and a night step on the
// moderator's laptop, are the moderator's alone.
//
// A screen added later is covered as soon as keys can reach it; the test
// also asserts that every screen of a game in play was compared.
//
// Why one file of this length: the plans, the two deals' runs and every
// comparison are one machine; what a reader needs first (what is compared, and
// how) is at the top.

/// One way a table plays, for a role-blind run.
struct RoleBlindPlan: CustomStringConvertible {
  var game: GameID
  var narration: NarrationMode = .manual
  var language: Language
  var players: Int
  /// Spies or killers (Spy, Killer); Palermo plays its suggested set.
  var bad = 1
  var houseRules = HouseRules()
  var seed: UInt64
  /// Whether the cards are on the players' phones, every phone connected
  /// (a narrated night then runs on the phones).
  var phones = false
  /// With phones: a seat whose phone never connects (dusk names it, and the
  /// nights run on the laptop; looking again shows that player's code).
  var phoneMissing: Int?
  /// With phones, the players tap on them too (`PhoneTaps`).
  var phoneTaps = false
  /// Palermo: the Black thief dealt too, in place of a plain citizen (the
  /// suggested sets have two thieves only from 13 players), so that the
  /// thieves choose together.
  var twoThieves = false
  /// Palermo: roles of a group's own, random within the editor's limits,
  /// dealt in place of the suggested set's last citizens.
  var houseRoles: [RoleDeclaration] = []

  var description: String {
    "\(game) \(narration) \(language) ×\(players) bad \(bad) seed \(seed)\(phones ? " phones" : "")\(twoThieves ? " two thieves" : "")"
      + (houseRoles.isEmpty ? "" : " house roles \(houseRoles)")
      + (phoneMissing.map { " without phone \($0)" } ?? "") + (phoneTaps ? " tapping" : "")
  }
}

/// Taps on the players' phones in a role-blind run: only taps whose effect
/// cannot depend on the roles (every living phone choosing the same player
/// decides a night's steps the same way whoever holds them), or a single
/// seat's vote at a vote on the phones (a vote is the seat's, not the role's).
enum PhoneTaps: Hashable {
  /// Every living seat picks the `index`th living player and confirms.
  case everyone(index: Int)
  /// One seat's tap (`PICK n`, `CONFIRM`), sent only at a vote on the phones.
  case vote(seat: Int, text: String)
}

/// One moment of a run: the clock moves to `now`, then `key` (if any)
/// comes, then the phones' taps (if any).
struct RoleBlindStep: Hashable {
  var now: Int64
  var key: Key?
  var phones: PhoneTaps? = nil
}

enum RoleBlind {
  static let names = ["Anna", "Νίκος", "Ελένη", "Bob", "Maria-Christina", "Γιώργος", "Kostas", "Zoë"]

  static func configuration(_ plan: RoleBlindPlan) -> AppConfiguration {
    var configuration = PareaAppTests.configuration(plan.language, seed: plan.seed, narration: plan.narration)
    configuration.houseRules = plan.houseRules
    configuration.preferences.phones = plan.phones
    return configuration
  }

  /// The game dealt to the plan's table, at the first hand-off.
  static func dealt(_ plan: RoleBlindPlan) -> App {
    var app = App(configuration: configuration(plan))
    app.send(.home(.play(plan.game)))
    app.addPlayers(Array(names.prefix(plan.players)))
    app.send(.players(.proceed))
    if plan.game == "palermo" {
      app.send(.setup(.suggest))
      if !plan.houseRoles.isEmpty {
        // The group's roles in place of the last citizens, as many as keep the set legal.
        var state = app.state
        state.groupRoles = GroupRoles(plan.houseRoles)
        let citizens = state.setup.roles.indices.filter { Palermo.Roles.citizens.contains(state.setup.roles[$0]) }
        for (index, role) in zip(citizens.reversed(), plan.houseRoles) {
          var roles = state.setup.roles
          roles[index] = role.id
          if state.rules.brokenRules(in: roles).isEmpty { state.setup.roles = roles }
        }
        app = App(state: state, configuration: configuration(plan))
      }
    } else {
      for _ in 1..<plan.bad { app.send(.setup(.changeCount(1))) }
    }
    app.send(.setup(.deal))
    if plan.twoThieves, var table = app.state.table,
      let citizen = table.seats.firstIndex(where: { Palermo.Roles.citizens.contains($0.role) })
    {
      var seats = table.seats
      seats[citizen].role = Palermo.Roles.blackThief
      table = Table(game: table.rules, seats: seats, location: table.location, options: table.options)
      var state = app.state
      state.session?.table = table
      app = App(state: state, configuration: configuration(plan))
    }
    if plan.phones, let seats = app.state.table?.seats.count {
      // Every seat's phone connected (what the phones' side reports).
      let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
      app.send(.phones(.linksMade((0..<seats).map { String(repeating: String(letters[$0]), count: 26) })))
      app.send(.phones(.listening(base: "HTTP://10.0.0.2:4000", port: 4000)))
      for seat in 0..<seats where seat != plan.phoneMissing { app.send(.phones(.joined(seat: seat, device: String(repeating: "0123456789abcdef"[String.Index(utf16Offset: seat % 16, in: "0123456789abcdef")], count: 32)))) }
    }
    return app
  }

  /// The keys a table presses, weighted as people press them: Enter most,
  /// arrows, the letters the footers name; Esc and "end the game" rarely.
  static let weightedKeys: [(Key, Int)] = [
    (.enter, 24), (.up, 8), (.down, 10), (.left, 2), (.right, 2), (.escape, 2), (.character(" "), 3),
    (.character("l"), 3), (.character("d"), 4), (.character("n"), 4), (.character("a"), 3),
    (.character("v"), 3), (.character("g"), 2), (.character("t"), 2), (.character("r"), 2),
    (.character("o"), 1), (.character("u"), 2), (.character("s"), 1), (.character("e"), 1),
    (.character("i"), 2), (.character("y"), 3), (.character("+"), 1), (.character("-"), 1),
    (.home, 1), (.end, 1), (.pageDown, 1),
  ]

  /// The keys tried one step away from every frame compared.
  static let probeKeys: [Key] = [
    .enter, .up, .down, .escape, .character("l"), .character("d"), .character("a"), .character("v"),
    .character("g"), .character("r"), .character("u"), .character("i"), .character("y"), .character(" "),
  ]

  static func key(_ generator: inout SplitMix64) -> Key {
    let total = weightedKeys.reduce(0) { $0 + $1.1 }
    var roll = generator.uniform(below: total)
    for (key, weight) in weightedKeys {
      if roll < weight { return key }
      roll -= weight
    }
    return .enter
  }

  /// The run's moments: every player looks at their role by keys, then the
  /// table plays on with keys at random moments, a held key now and then.
  static func steps(_ plan: RoleBlindPlan, count: Int) -> [RoleBlindStep] {
    var generator = SplitMix64(seed: plan.seed &* 0x9E37_79B9 &+ 11)
    var steps: [RoleBlindStep] = []
    var now: Int64 = 0
    for _ in 0..<plan.players {
      now += 1_200
      steps.append(RoleBlindStep(now: now, key: .enter))
      now += 700
      steps.append(RoleBlindStep(now: now, key: .enter))
    }
    while steps.count < count {
      let roll = generator.uniform(below: 100)
      if roll < 6 {
        // A held key: thirty quick repeats.
        let key: Key = roll < 4 ? .enter : .down
        for _ in 0..<30 {
          now += 30
          steps.append(RoleBlindStep(now: now, key: key))
        }
      } else if roll < 14 {
        // A long wait: a night's step runs out, a day's timer goes on.
        now += Int64(20_000 + generator.uniform(below: 40_000))
        steps.append(RoleBlindStep(now: now, key: nil))
      } else if plan.phoneTaps && roll < 18 {
        // Every phone chooses one player: a night's step on the phones goes
        // on, a vote on them is cast; half the time right after an Esc
        // (which takes back a question on the laptop, so that the phones'
        // count can open: it never opens over one).
        now += Int64(1_000 + generator.uniform(below: 3_000))
        let key: Key? = generator.uniform(below: 2) == 0 ? .escape : nil
        steps.append(RoleBlindStep(now: now, key: key, phones: .everyone(index: generator.uniform(below: plan.players))))
      } else if plan.phoneTaps && roll < 30 {
        // One seat's vote, a pick or its confirmation (nobody is -1).
        now += Int64([20, 400, 1_100][generator.uniform(below: 3)])
        let seat = generator.uniform(below: plan.players)
        let text = generator.uniform(below: 3) == 0 ? "CONFIRM" : "PICK \(generator.uniform(below: plan.players + 1) - 1)"
        steps.append(RoleBlindStep(now: now, key: nil, phones: .vote(seat: seat, text: text)))
      } else {
        now += Int64([0, 20, 60, 400, 1_100, 1_100, 2_500][generator.uniform(below: 7)])
        steps.append(RoleBlindStep(now: now, key: key(&generator)))
      }
    }
    return steps
  }

  static func apply(_ step: RoleBlindStep, to app: inout App) -> [Effect] {
    var effects = app.tick(now: step.now)
    if let key = step.key { effects += app.handle(key) }
    switch step.phones {
    case .everyone(let index)?:
      guard let alive = app.state.table?.alive, !alive.isEmpty else { break }
      let target = alive[index % alive.count]
      for seat in alive {
        effects += app.send(.phones(.message(seat: seat, text: "PICK \(target)")))
        effects += app.send(.phones(.message(seat: seat, text: "CONFIRM")))
      }
    case .vote(let seat, let text)? where app.state.votesOnPhones:
      effects += app.send(.phones(.message(seat: seat, text: text)))
    case .vote(let seat, let text)? where app.state.phones.nightOnPhones && text.hasPrefix("PICK"):
      // At night one seat's pick alone (never its confirmation, which may
      // make the step's choice by role): it may change that seat's page only.
      effects += app.send(.phones(.message(seat: seat, text: text)))
    default:
      break
    }
    return effects
  }

  /// Whether the game's result has been shown to the whole table (or the
  /// game left): from then on the roles are the table's to see. A game the
  /// rules call over is not, until then: its hand-back, its game over and
  /// an undo from there are compared like every other frame.
  static func isOver(_ app: App) -> Bool {
    guard let table = app.state.table else { return true }
    return table.resultShown
  }

  /// The seats whose fate became public in a run, so far: the dead, the
  /// chosen at night, the accused and their accusers, the voted on and who
  /// started the vote, and who confirmed in private that a wink took them out.
  static func publicSeats(_ app: App) -> Set<Int> {
    guard let table = app.state.table else { return [] }
    var seats = Set(table.seats.indices.filter { !table.seats[$0].isAlive })
    for event in table.log {
      switch event {
      case .chose(_, let seat?): seats.insert(seat)
      case .accused(let accusation), .voted(let accusation):
        seats.insert(accusation.by)
        seats.insert(accusation.target)
      case .died(let seat, _): seats.insert(seat)
      default: break
      }
    }
    if let page = app.state.screen.as(OutAnswerScreen.self), page.stage == .answering {
      seats.insert(page.seat)
    }
    return seats
  }

  /// How a frame is compared.
  enum View { case whole, ownerOnly, moderatorOnly }

  static func view(_ state: AppState) -> View {
    if state.confirmation != nil { return .whole }
    let screen = state.screen
    if screen.is(RevealScreen.self) { return .ownerOnly }
    if let page = screen.as(LookAgainScreen.self) { return page.stage == .showing ? .ownerOnly : .whole }
    if let page = screen.as(OutAnswerScreen.self) { return page.stage == .answering ? .ownerOnly : .whole }
    if let page = screen.as(NarratorScreen.self) {
      guard let narration = state.session?.narration, narration.mode == .moderator else { return .whole }
      if page.showingRoles { return .moderatorOnly }
      if case .awake = narration.stage { return .moderatorOnly }
    }
    return .whole
  }

  /// A short name for the kind of screen on show, for the coverage check:
  /// the screen's case, the table's mode or purpose, the narrator's mode,
  /// stage and step, and a question on top (a new case names itself).
  static func kind(_ state: AppState) -> String {
    func name(_ value: Any) -> String { String(String(describing: value).prefix { $0 != "(" }) }
    let screen = state.screen
    var kind = screen.name
    if let page = screen.as(TableScreen.self) {
      kind += "." + name(page.mode)
      if case .pick(let purpose) = page.mode { kind += "." + name(purpose) }
    } else if let page = screen.as(LookAgainScreen.self) {
      kind += "." + name(page.stage)
      if case .narrator = page.beneath { kind += ".overNarrator" }
    } else if let page = screen.as(TableListScreen.self) {
      kind += "." + name(page.kind)
      if case .narrator = page.beneath { kind += ".overNarrator" }
    } else if let page = screen.as(SpyGuessScreen.self) {
      kind += "." + name(page.stage)
    } else if let page = screen.as(OutAnswerScreen.self) {
      kind += "." + name(page.stage)
    } else if screen.is(SummaryScreen.self) {
      if SummaryScreen.atGate(state) { kind += ".gameOver" }
    } else if let page = screen.as(NarratorScreen.self), let narration = state.session?.narration {
      kind += ".\(narration.mode.rawValue).\(name(narration.stage))"
      if let table = state.table, let step = narration.awakeStep(on: table) { kind += "." + step.id.rawValue }
      if narration.waitsForChoice { kind += ".waiting" }
      if page.picking { kind += ".pickLook" }
      if page.counting != nil { kind += page.countedOnPhones ? ".countingFromPhones" : ".counting" }
      if state.phones.nightOnPhones || state.votesOnPhones { kind += ".phones" }
    }
    if let question = state.confirmation?.question { kind += "+" + name(question) }
    return kind
  }

  /// The differences between two frames that the table could see, if any.
  static func differences(_ a: Canvas, _ b: Canvas, view: View) -> String? {
    switch view {
    case .moderatorOnly:
      return nil
    case .whole:
      guard a != b else { return nil }
      for row in 0..<a.height {
        let cellsA = (0..<a.width).map { a[row, $0] }
        let cellsB = (0..<b.width).map { b[row, $0] }
        if cellsA != cellsB {
          let same = a.lines[row] == b.lines[row]
          return "row \(row) differs\(same ? " in style" : ""):\n  A |\(a.lines[row])|\n  B |\(b.lines[row])|"
        }
      }
      return "the cursor differs"
    case .ownerOnly:
      // The words may differ; the outline, the styles in each row, the header and the footer may not.
      for row in 0..<a.height {
        let lineA = a.lines[row]
        let lineB = b.lines[row]
        if row == 0 || row == a.height - 1 {
          if lineA != lineB { return "row \(row) (header or footer) differs:\n  A |\(lineA)|\n  B |\(lineB)|" }
        }
        let textA = lineA.contains { !$0.isWhitespace }
        let textB = lineB.contains { !$0.isWhitespace }
        if textA != textB {
          return "row \(row) holds text in one and not the other:\n  A |\(lineA)|\n  B |\(lineB)|"
        }
        if styles(a, row) != styles(b, row) { return "row \(row) is styled differently:\n  A |\(lineA)|\n  B |\(lineB)|" }
        // The ink's outline: where the row's ink starts and ends, within a
        // couple of columns (a short block of text is seen from across the table).
        if let inkA = ink(a, row), let inkB = ink(b, row),
          abs(inkA.lowerBound - inkB.lowerBound) > inkTolerance || abs(inkA.upperBound - inkB.upperBound) > inkTolerance
        {
          return "row \(row)'s ink spans \(inkA) and \(inkB):\n  A |\(lineA)|\n  B |\(lineB)|"
        }
      }
      return nil
    }
  }

  /// How far apart (in columns) the ink of one row may start or end on two
  /// screens one player reads alone: a side's name may be a few letters longer.
  static let inkTolerance = 2

  /// The columns from the first to the last inked cell of a row (a
  /// character, or a space with a background or in reverse), nil for a
  /// blank row. The frame every private page shares is left out: what is
  /// measured is what is drawn inside it.
  static func ink(_ canvas: Canvas, _ row: Int) -> ClosedRange<Int>? {
    let inked = (0..<canvas.width).filter { column in
      let cell = canvas[row, column]
      guard cell.style != Theme.frame else { return false }
      return cell.character != " " || cell.style.background != nil || cell.style.reverse
    }
    guard let first = inked.first, let last = inked.last else { return nil }
    return first...last
  }

  /// The styles of the written cells of a row.
  static func styles(_ canvas: Canvas, _ row: Int) -> Set<Style> {
    Set((0..<canvas.width).map { canvas[row, $0] }.filter { $0.character != " " }.map(\.style))
  }

  /// The roles moved among the seats not in `fixed`: a random permutation
  /// that moves at least two different roles, or nil if none can.
  static func order(for table: Table, fixed: Set<Int>, generator: inout SplitMix64) -> [Int]? {
    let free = table.seats.indices.filter { !fixed.contains($0) }
    guard Set(free.map { table.seats[$0].role }).count > 1 else { return nil }
    for _ in 0..<20 {
      var shuffled = free
      for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
        shuffled.swapAt(index, generator.uniform(below: index + 1))
      }
      var order = Array(table.seats.indices)
      for (seat, from) in zip(free, shuffled) { order[seat] = from }
      if order.indices.contains(where: { table.seats[$0].role != table.seats[order[$0]].role }) {
        return order
      }
    }
    return nil
  }

  /// The outcome of one plan: the first difference found, if any, and the kinds of screen compared.
  struct Outcome {
    var failure: String?
    var kinds: Set<String> = []
    var compared = 0
  }

  /// Plays the plan in A, then A and B side by side, comparing every frame.
  /// The footer of the screen on show (in `frame`) is its commands'
  /// (`KeyCommand`), and each key the footer names does something there: it
  /// changes the state or asks for an effect (a list's moves may stop at its
  /// ends). Not under a question or while keys are held back: those footers
  /// are theirs. The keys of a footer already `tried` on that screen are not
  /// tried again.
  static func footerIsItsCommands(_ app: App, frame: Canvas, tried: inout Set<String>) -> String? {
    let state = app.state
    guard state.confirmation == nil, state.keyGuard == nil else { return nil }
    let words = Words(wording: Catalog.builtIn(state.language))
    let commands = state.screen.page.commands(in: state, words: words)
    var expected = Canvas(width: 80, height: 1)  // the footer is its last row
    expected.footer(commands, words: words)
    let drawn = frame.lines.last ?? ""
    if drawn != expected.lines.last {
      return "the footer is not its commands':\n  drawn    \(drawn)\n  commands \(expected.lines.last ?? "")"
    }
    guard tried.insert(kind(state) + drawn).inserted else { return nil }
    for command in commands {
      guard case .shown(let key, let label) = command.hint, !["key.move", "key.scroll"].contains(label) else { continue }
      let acts = command.bindings.contains { binding in
        var copy = app
        let effects = copy.send(binding.action)
        return !effects.isEmpty || copy.state != state
      }
      if !acts { return "the footer's \(key) (\(label)) does nothing" }
    }
    return nil
  }

  static func run(_ plan: RoleBlindPlan, steps count: Int, probeEvery: Int = 3) -> Outcome {
    let steps = steps(plan, count: count)
    let start = dealt(plan)
    guard let table = start.state.table else { return Outcome(failure: "\(plan): nothing was dealt") }
    // A alone: which seats' fates become public before the game is over.
    var a = start
    var fixed: Set<Int> = []
    var length = 0
    for step in steps {
      if isOver(a) { break }
      fixed.formUnion(publicSeats(a))
      _ = apply(step, to: &a)
      length += 1
    }
    fixed.formUnion(publicSeats(a))
    var generator = SplitMix64(seed: plan.seed &+ 99)
    guard let order = order(for: table, fixed: fixed, generator: &generator),
      let moved = table.withRoles(from: order)
    else { return Outcome() }
    // Both games start from the dealt state, with the same configuration.
    var movedState = start.state
    movedState.session?.table = moved
    var b = App(state: movedState, configuration: configuration(plan))
    a = App(state: start.state, configuration: configuration(plan))
    var outcome = Outcome()
    // The footers whose keys were tried, by screen: each is tried once a run.
    var triedFooters: Set<String> = []
    func compare(_ a: App, _ b: App, _ effectsA: [Effect], _ effectsB: [Effect], _ what: String) -> String? {
      if effectsA != effectsB { return "\(plan), \(what): the effects differ:\n  A \(effectsA)\n  B \(effectsB)" }
      if isOver(a) != isOver(b) { return "\(plan), \(what): the game is over in one deal and not the other" }
      if isOver(a) { return nil }
      // What each seat's phone would show (`SeatView`): the same outline
      // in both deals, and for every living seat of one.
      if let tableA = a.state.table, let tableB = b.state.table {
        let viewsA = seatViews(a.state, table: tableA)
        if viewsA.map(\.outline) != seatViews(b.state, table: tableB).map(\.outline) {
          return "\(plan), \(what): the seats' views differ in outline"
        }
        // The seats out of the game have no task (who is out is public);
        // the living differ only in their own taps.
        if Set(viewsA.filter(\.isAlive).map { untapped($0.outline) }).count > 1 {
          return "\(plan), \(what): the living seats of one deal have views of different outlines"
        }
      }
      let kindA = kind(a.state)
      let kindB = kind(b.state)
      if kindA != kindB { return "\(plan), \(what): the screens differ: \(kindA) and \(kindB)" }
      let frameA = a.render(width: 80, height: 24)
      if let difference = differences(frameA, b.render(width: 80, height: 24), view: view(a.state)) {
        return "\(plan), \(what), on \(kindA): \(difference)"
      }
      if let wrong = footerIsItsCommands(a, frame: frameA, tried: &triedFooters) {
        return "\(plan), \(what), on \(kindA): \(wrong)"
      }
      outcome.kinds.insert(kindA)
      outcome.compared += 1
      return nil
    }
    for (index, step) in steps.prefix(length).enumerated() {
      let beforeA = a.state.table.map { seatViews(a.state, table: $0) } ?? []
      let beforeB = b.state.table.map { seatViews(b.state, table: $0) } ?? []
      let tapping = tapped(step, a)
      let effectsA = apply(step, to: &a)
      let effectsB = apply(step, to: &b)
      if let failure = compare(a, b, effectsA, effectsB, "step \(index) (\(step))") {
        outcome.failure = failure
        return outcome
      }
      // Each phone is told something only when its own tap or a change for
      // every living seat caused it, and the same seats in both deals.
      if !isOver(a) {
        let changedA = changedTasks(beforeA, a)
        let changedB = changedTasks(beforeB, b)
        let living = Set(a.state.table?.alive ?? [])
        if changedA != changedB {
          outcome.failure = "\(plan), step \(index) (\(step)): the phones told something differ: \(changedA.sorted()) and \(changedB.sorted())"
          return outcome
        }
        if !changedA.isEmpty, !changedA.isSubset(of: tapping), !living.isSubset(of: changedA) {
          outcome.failure = "\(plan), step \(index) (\(step)): phones \(changedA.sorted()) were told something that only the taps of \(tapping.sorted()) or a change for all \(living.sorted()) may cause"
          return outcome
        }
      }
      // Every phone's page sizes its blocks by the same lists (`fit`), in both deals.
      if plan.phones, !isOver(a) {
        let fitsA = phoneFits(a)
        if fitsA.card.count > 1 || fitsA.task.count > 1 {
          outcome.failure = "\(plan), step \(index) (\(step)): the phones' pages are sized by different lists: \(fitsA)"
          return outcome
        }
        let fitsB = phoneFits(b)
        if fitsA.card != fitsB.card || fitsA.task != fitsB.task {
          outcome.failure = "\(plan), step \(index) (\(step)): the phones' pages are sized differently in the two deals"
          return outcome
        }
      }
      if isOver(a) { break }
      guard index % probeEvery == 0 else { continue }
      // One key away: what any key would show next.
      let before = publicSeats(a)
      for key in probeKeys {
        var nextA = a
        var nextB = b
        let probeA = nextA.handle(key)
        let probeB = nextB.handle(key)
        // A key that makes a seat's fate public which the run kept private
        // (a death, a vote, a night's choice) is a different game: skipped.
        let touched = publicSeats(nextA).union(publicSeats(nextB)).subtracting(before)
        if !touched.isSubset(of: fixed) { continue }
        if let failure = compare(nextA, nextB, probeA, probeB, "one key (\(key)) after step \(index)") {
          outcome.failure = failure
          return outcome
        }
      }
    }
    return outcome
  }

  /// The seats that tap on their phones at `step` (every living seat for
  /// `.everyone`, one seat's pick or vote otherwise).
  static func tapped(_ step: RoleBlindStep, _ app: App) -> Set<Int> {
    switch step.phones {
    case .everyone?: Set(app.state.table?.alive ?? [])
    case .vote(let seat, _)?: [seat]
    case nil: []
    }
  }

  /// The seats whose phone's task or vote (what a phone shows and is sent at
  /// night and at the vote) is not what it was before.
  static func changedTasks(_ before: [SeatView], _ app: App) -> Set<Int> {
    guard let table = app.state.table else { return [] }
    let after = seatViews(app.state, table: table)
    guard after.count == before.count else { return Set(after.indices) }
    return Set(after.indices.filter { after[$0].task != before[$0].task || after[$0].ballot != before[$0].ballot })
  }

  /// The lists every phone's page sizes its card's and its task's blocks
  /// by (`fit` in `PhoneView`), as the distinct values over the seats.
  static func phoneFits(_ app: App) -> (card: Set<String>, task: Set<String>) {
    var card: Set<String> = []
    var task: Set<String> = []
    func text(_ value: Any?) -> String? {
      guard let value else { return nil }
      guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "?" }
      return String(decoding: data, as: UTF8.self)
    }
    for json in app.phoneViews().values {
      let view = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
      if let fit = text((view["card"] as? [String: Any])?["fit"]) { card.insert(fit) }
      if let fit = text((view["task"] as? [String: Any])?["fit"]) { task.insert(fit) }
    }
    return (card, task)
  }

  /// What each seat's phone would show now (`SeatView`): the night's task
  /// when it runs on the phones, the vote when it is cast on them.
  static func seatViews(_ state: AppState, table: Table) -> [SeatView] {
    SeatView.all(
      table: table, narration: state.session?.narration, picks: state.phones.picks,
      ballot: state.votesOnPhones ? state.phones.ballot : nil)
  }

  /// An outline without the seat's own taps (whether it picked and confirmed).
  static func untapped(_ outline: SeatView.Outline) -> SeatView.Outline {
    SeatView.Outline(
      game: outline.game, names: outline.names, out: outline.out, knowledgeSlots: outline.knowledgeSlots,
      dealtRoles: outline.dealtRoles,
      task: outline.task.map { SeatTask.Outline(step: $0.step, candidates: $0.candidates, picked: false, confirmed: false) },
      ballot: outline.ballot.map {
        BallotTask.Outline(round: $0.round, ties: $0.ties, candidates: $0.candidates, picked: false, confirmed: false, open: $0.open)
      },
      isOver: outline.isOver)
  }

  /// The house rules the plans draw one by one (the day's vote on the
  /// phones: by the phones' plans below).
  static let drawnRules: Set<String> = [
    "doctorMayProtectSelf", "doctorMayRepeat", "firstNightMeetingOnly", "tie", "announceSaves", "phoneVote",
  ]

  /// The plans: every game and narration mode, both languages, tables
  /// large and small, house rules on and off.
  static func plans(seeds: Range<UInt64>) -> [RoleBlindPlan] {
    var plans: [RoleBlindPlan] = []
    for seed in seeds {
      var generator = SplitMix64(seed: seed &* 7_919)
      let language: Language = seed % 2 == 0 ? .en : .el
      var rules = HouseRules()
      rules.revealDeadRoles = generator.uniform(below: 2) == 0
      rules.hideSpyCount = generator.uniform(below: 2) == 0
      rules.revealCountdown = generator.uniform(below: 4) == 0
      rules.dealt.doctorMayProtectSelf = generator.uniform(below: 2) == 0
      rules.dealt.doctorMayRepeat = generator.uniform(below: 2) == 0
      rules.dealt.firstNightMeetingOnly = generator.uniform(below: 3) == 0
      rules.dealt.tie = generator.uniform(below: 2) == 0 ? .nobodyOut : .revoteOnce
      rules.dealt.announceSaves = generator.uniform(below: 2) == 0
      // A house rule declared after these (`DealtRules.declared`) is drawn
      // from its own values by a generator of its own, so that the plans'
      // games stay the ones these seeds have always dealt.
      var laterRules = SplitMix64(seed: seed &* 104_729)
      for rule in DealtRules.declared where !Self.drawnRules.contains(rule.key) {
        rule.set(&rules.dealt, to: laterRules.uniform(below: rule.values.count))
      }
      for mode in NarrationMode.allCases {
        plans.append(
          RoleBlindPlan(
            game: "palermo", narration: mode, language: language, players: 5 + generator.uniform(below: 4),
            houseRules: rules, seed: seed))
      }
      // Parea narrating a table whose cards are on the phones: the nights run
      // there, every phone tapping; or, with one phone missing (every other
      // seed), on the laptop. The day's vote is cast on them (secret or
      // open) or by hands.
      let phonePlayers = 5 + generator.uniform(below: 4)
      var phoneRules = rules
      // The seeds with every phone (odd) alternate secret and open ballots.
      phoneRules.dealt.phoneVote = [PhoneVote.off, .secret, .secret, .open][Int(seed % 4)]
      plans.append(
        RoleBlindPlan(
          game: "palermo", narration: .parea, language: language, players: phonePlayers,
          houseRules: phoneRules, seed: seed, phones: true, phoneMissing: seed % 2 == 0 ? Int(seed) % phonePlayers : nil,
          phoneTaps: true, twoThieves: seed % 4 == 1))
      // A group's own roles nobody has written yet: random within the
      // editor's limits (a generator of their own, so that the plans above
      // stay the games these seeds have always dealt), in each way to
      // narrate, on the phones every other seed.
      var houseDraw = SplitMix64(seed: seed &* 40_009)
      let house = (0..<(1 + houseDraw.uniform(below: 3))).map { number in
        RoleDeclaration.randomHouseRole(number: number, knowable: Palermo.deck.map(\.id), using: &houseDraw)
      }
      plans.append(
        RoleBlindPlan(
          game: "palermo", narration: [NarrationMode.parea, .moderator, .manual][Int(seed % 3)], language: language,
          players: 6 + houseDraw.uniform(below: 3), houseRules: rules, seed: seed, phones: seed % 2 == 1,
          phoneTaps: seed % 2 == 1, houseRoles: house))
      plans.append(
        RoleBlindPlan(
          game: "spy", language: language, players: 4 + generator.uniform(below: 4), bad: 1 + generator.uniform(below: 2),
          houseRules: rules, seed: seed))
      plans.append(
        RoleBlindPlan(
          game: "killer", language: language, players: 4 + generator.uniform(below: 4),
          bad: 1 + generator.uniform(below: 2), houseRules: rules, seed: seed))
    }
    return plans
  }
}

@Suite struct RoleBlindTests {
  /// The screens of a game in play that the runs must reach and compare.
  static let mustCover: [String] = [
    "handOff", "reveal", "table.main", "table.pick.look", "table.pick.markDead", "table.pick.accuser",
    "table.pick.accuse", "table.pick.tableAccuses", "table.pick.voteStarter", "table.pick.guesser", "lookAgain.asking",
    "lookAgain.showing", "table.cause", "spyGuess.handOff", "spyGuess.choosing", "tableList.roles", "outAnswer.handOff",
    "outAnswer.answering", "settings", "info",
    "narrator.parea.dusk", "narrator.parea.nightFalls", "narrator.parea.awake.thieves",
    "narrator.parea.awake.doctor", "narrator.parea.asleep", "narrator.parea.morning",
    "narrator.parea.discussion", "narrator.parea.vote", "narrator.moderator.dusk", "narrator.moderator.morning",
    "narrator.moderator.vote", "narrator.parea.takeAlong", "table.pick.kamikaze", "tableList.locations",
    "lookAgain.countdown", "table.main+undo", "spyGuess.choosing+finalGuess", "table.cause+secondDeath",
    // By day the narrator does what the manual table does.
    "narrator.parea.discussion.pickLook", "lookAgain.showing.overNarrator", "tableList.roles.overNarrator",
    "narrator.parea.discussion+undoNight", "narrator.parea.dusk+undo", "narrator.moderator.awake.thieves+undo",
    // The thieves' step past its time, waiting for their choice.
    "narrator.parea.awake.thieves.waiting", "narrator.moderator.awake.thieves.waiting",
    // The vote counted hand by hand.
    "narrator.parea.vote.counting",
    // A night on the phones: the laptop only narrates.
    "narrator.parea.nightFalls.phones", "narrator.parea.awake.thieves.phones", "narrator.parea.awake.thieves.waiting.phones",
    "narrator.parea.awake.doctor.phones",
    // The day's vote cast on the phones, and the count it opens.
    "narrator.parea.vote.phones", "narrator.parea.vote.countingFromPhones.phones",
    // The end: a private answer handed back, the game over before its
    // result (and an undo from there), whoever decided it.
    "spyGuess.handBack", "outAnswer.handBack", "summary.gameOver", "summary.gameOver+undo",
  ]

  /// 56 plans (8 seeds × Palermo in its three modes, on the phones and
  /// with random roles of a group's own, Spy and Killer), 700 moments each,
  /// every frame and, every fourth moment, every frame one key away: about
  /// 35,000 frames compared, run on every core.
  @Test func noScreenOrSoundDependsOnWhoHoldsWhichRole() {
    let plans = RoleBlind.plans(seeds: 0..<8)
    let outcomes = Mutex([RoleBlind.Outcome?](repeating: nil, count: plans.count))
    DispatchQueue.concurrentPerform(iterations: plans.count) { index in
      let outcome = RoleBlind.run(plans[index], steps: 700, probeEvery: 4)
      outcomes.withLock { $0[index] = outcome }
    }
    var kinds: Set<String> = []
    var compared = 0
    for outcome in outcomes.withLock({ $0 }).compactMap({ $0 }) {
      kinds.formUnion(outcome.kinds)
      compared += outcome.compared
      if let failure = outcome.failure { Issue.record("\(failure)") }
    }
    let missing = Self.mustCover.filter { !kinds.contains($0) }
    #expect(missing.isEmpty, "screens never compared: \(missing); compared: \(kinds.sorted())")
    // A group's role's own night step, awake, was compared too.
    #expect(kinds.contains { $0.hasPrefix("narrator.parea.awake.house.") }, "\(kinds.sorted())")
    #expect(compared > 10_000, "only \(compared) frames compared")
  }
}
