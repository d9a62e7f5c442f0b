import PareaCanvas
import PareaRules

/// Setup, choose-roles games (Palermo): the pool's roles on the left, the
/// chosen ones on the right, the highlighted role described below.
extension SetupScreen {
  /// What the roles' lists let the user do.
  func roleCommands(rules: KeyCommand, back: KeyCommand) -> [KeyCommand] {
    // A suggested set (s, said in the empty list), changing or removing one
    // of the group's roles (e, x, said beside a lit one) and clearing the
    // list (c) have no room in the footer at 80 columns: the README's table
    // gives them.
    [
      .shown("Enter", focus == .available ? "key.addRole" : "key.removeRole", [(.enter, .setup(.toggleRole))]),
      .shown("n", "key.newRole", [(.letter("n"), .setup(.newRole))]),
      .shown("t", "key.decks", [(.letter("t"), .setup(.openDecks))]),
      .shown("d", "key.deal", [(.letter("d"), .setup(.deal))]),
      rules,
      back,
      .hidden(.moving, [(.up, .setup(.move(-1))), (.down, .setup(.move(1)))]),
      .hidden(
        .alias,
        [
          (.space, .setup(.toggleRole)), (.tab, .setup(.switchList)), (.backTab, .setup(.switchList)),
          (.letter("h"), .setup(.switchList)), (.letter("l"), .setup(.switchList)), (.left, .setup(.switchList)),
          (.right, .setup(.switchList)),
        ]),
      .hidden(
        .documented,
        [
          (.letter("s"), .setup(.suggest)), (.letter("c"), .setup(.clear)), (.letter("e"), .setup(.editRole)),
          (.letter("x"), .setup(.removeRole)),
        ]),
    ]
  }

  /// Pool roles not yet chosen, in the pool's order.
  static func available(in state: AppState) -> [RoleID] {
    guard case .chooseRoles(let pool) = state.rules.setupKind else { return [] }
    return available(in: state, pool: pool)
  }

  /// The roles of `pool` not yet chosen, in its order.
  static func available(in state: AppState, pool: [RoleID]) -> [RoleID] {
    var left = state.setup.roles
    return pool.filter { role in
      if let index = left.firstIndex(of: role) {
        left.remove(at: index)
        return false
      }
      return true
    }
  }

  /// The lit role, in whichever list has the focus.
  func litRole(in state: AppState) -> RoleID? {
    let available = Self.available(in: state)
    let chosen = state.setup.roles
    return focus == .available
      ? available.indices.contains(availableSelection) ? available[availableSelection] : nil
      : chosen.indices.contains(chosenSelection) ? chosen[chosenSelection] : nil
  }

  /// `n`, `e` and `x`: the role editor for a new role or the lit one of the
  /// group's, or the lit one of the group's taken out (of the game too).
  mutating func groupRole(_ action: SetupAction, in state: AppState) -> Outcome {
    let lit = litRole(in: state).flatMap { id in state.groupRoles.roles.first { $0.id == id } }
    switch action {
    case .newRole:
      guard state.groupRoles.roles.count < RoleDeclaration.maximumHouseRoles else {
        notice = Notice(
          kind: .error, title: "house.full.title", message: "house.full.message",
          args: ["max": .text(String(RoleDeclaration.maximumHouseRoles))])
        return .stay
      }
      return .go(.roleEditor(RoleEditorScreen(beneath: self)))
    case .editRole:
      guard let lit else { return .stay }
      return .go(.roleEditor(RoleEditorScreen(editing: lit, beneath: self)))
    case .openDecks:
      return .go(.decks(DecksScreen(beneath: self)), effects: [.listDecks])
    case .removeRole:
      guard let lit else { return .stay }
      var setup = state.setup
      setup.roles.removeAll { $0 == lit.id }
      let roles = state.groupRoles.roles.filter { $0.id != lit.id }
      availableSelection = max(0, availableSelection - (focus == .available ? 1 : 0))
      chosenSelection = max(0, min(chosenSelection, setup.roles.count - 1))
      return .stay([.groupRoles(roles), .setup(setup)])
    default:
      return .stay
    }
  }

  func drawRoles(into canvas: inout Canvas, state: AppState, words: Words) {
    let rules = state.rules
    let chosen = state.setup.roles
    let available = Self.available(in: state)
    let counter = words("setup.chosenCount", [
      "chosen": String(chosen.count), "players": String(state.players.count),
    ])
    let ready = chosen.count == state.players.count
    canvas.write(words("setup.rolesPrompt"), row: 2, column: 3)
    canvas.write(counter, row: 2, column: canvas.width - 3 - TextWidth.of(counter), style: ready ? Theme.good : Theme.title)

    // Two rows under the lists for the odds of random games and a warning.
    let height = canvas.height - 14
    let left = Rect(row: 4, column: 3, width: 36, height: height + 2)
    let right = Rect(row: 4, column: 41, width: 36, height: height + 2)
    canvas.frame(left, title: words("setup.available"), style: focus == .available ? Theme.key : Theme.frame)
    canvas.frame(right, title: words("setup.chosen"), style: focus == .chosen ? Theme.key : Theme.frame)
    func styled(_ roles: [RoleID]) -> [Style] {
      roles.map { rules.isBad($0) ? Theme.bad : Theme.normal }
    }
    canvas.list(available.map(words.roleName), selected: focus == .available ? availableSelection : nil,
      in: left.inset(1), styles: styled(available))
    if chosen.isEmpty {
      canvas.write(words("setup.noneChosen"), row: right.row + 1, column: right.column + 2, style: Theme.dim, limit: right.width - 4)
    }
    canvas.list(chosen.map(words.roleName), selected: focus == .chosen ? chosenSelection : nil,
      in: right.inset(1), styles: styled(chosen))

    drawOdds(into: &canvas, row: left.bottom, state: state, words: words)

    // The highlighted role, described; one of the group's says how to change it.
    if notice == nil, let role = litRole(in: state) {
      let top = left.bottom + 2
      let side = rules.role(role).map { words.sideName($0.side) } ?? ""
      canvas.write(words.roleName(role) + "  ·  " + side, row: top, column: 3, style: rules.isBad(role) ? Theme.bad : Theme.good)
      if state.groupRoles.roles.contains(where: { $0.id == role }) {
        let hint = words("house.roleHint")
        canvas.write(hint, row: top, column: canvas.width - 3 - TextWidth.of(hint), style: Theme.dim)
      }
      for (offset, line) in TextWidth.wrap(state.roleDescription(role, of: rules, words: words), width: canvas.width - 6).prefix(4).enumerated() {
        canvas.write(line, row: top + 1 + offset, column: 3)
      }
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

extension SetupScreen {
  /// The odds of random games with the set on the page, on `row`, and on
  /// the row under it a warning when a side wins more than two games in
  /// three or some end before the first vote (`Odds.swift`).
  func drawOdds(into canvas: inout Canvas, row: Int, state: AppState, words: Words) {
    let width = canvas.width - 6
    guard state.oddsRequest != nil else {
      canvas.write(words("house.odds.waiting"), row: row, column: 3, style: Theme.dim, limit: width)
      return
    }
    guard let odds = state.oddsShown, odds.report.games > 0 else {
      canvas.write(words("house.odds.measuring"), row: row, column: 3, style: Theme.dim, limit: width)
      return
    }
    let rules = state.rules
    let report = odds.report
    func percent(_ share: Double) -> String { String(Int((share * 100).rounded())) }
    func label(_ side: Side) -> String {
      // A role that plays alone is its own side: it is named.
      rules.houseRoles.first { $0.alone != nil && $0.side == side.id }.map { words.roleName($0.id) } ?? words.sideName(side.id)
    }
    let rates = rules.sides.map { side in
      words("house.odds.rate", ["side": label(side), "percent": percent(report.rate(of: side.id))])
    }
    let line = words(
      "house.odds.line",
      [
        "rates": rates.joined(separator: words("house.card.separator")),
        "margin": String(Int((report.margin * 100).rounded(.up))), "games": String(report.games),
        "milliseconds": String(odds.milliseconds),
      ])
    canvas.write(line, row: row, column: 3, limit: width)
    let favoured = rules.sides.first { report.rate(of: $0.id) > Balance.bound }
    var warning: String?
    if let favoured {
      warning = words("house.odds.uneven", ["side": label(favoured)])
    } else if report.decidedBeforeFirstVote > 0 {
      warning = words("house.odds.early", ["percent": percent(Double(report.decidedBeforeFirstVote) / Double(report.games))])
    }
    if let warning { canvas.write(warning, row: row + 1, column: 3, style: Theme.error, limit: width) }
  }

  /// Moving in the lists, adding and taking out roles, a suggested set.
  mutating func chooseRoles(_ action: SetupAction, setup: inout Setup, in state: AppState) {
    let available = Self.available(in: state)
    let players = state.players
    let rules = state.rules
    switch action {
    case .move(let step):
      if focus == .available {
        availableSelection = max(0, min(available.count - 1, availableSelection + step))
      } else {
        chosenSelection = max(0, min(setup.roles.count - 1, chosenSelection + step))
      }
    case .switchList:
      focus = focus == .available ? .chosen : .available
    case .toggleRole:
      if focus == .available, available.indices.contains(availableSelection) {
        guard setup.roles.count < players.count else {
          // The role was not added: say the list is full, not that it has too many.
          notice = Notice(
            kind: .error, title: "setup.full.title", message: "setup.full.message",
            args: ["chosen": .text(String(setup.roles.count)), "players": .text(String(players.count))])
          break
        }
        setup.roles.append(available[availableSelection])
        availableSelection = max(0, min(availableSelection, available.count - 2))
      } else if focus == .chosen, setup.roles.indices.contains(chosenSelection) {
        setup.roles.remove(at: chosenSelection)
        chosenSelection = max(0, min(chosenSelection, setup.roles.count - 1))
      }
    case .suggest:
      if let suggested = rules.suggestedSetup(players: players.count) {
        setup = suggested
        availableSelection = 0
        chosenSelection = 0
      }
    case .clear:
      setup.roles = []
      chosenSelection = 0
      focus = .available
    default: break
    }
  }
}
