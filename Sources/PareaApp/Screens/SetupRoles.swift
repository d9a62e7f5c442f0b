import PareaCanvas
import PareaRules

/// Setup, choose-roles games (Palermo): the pool's roles on the left, the
/// chosen ones on the right, the highlighted role described below.
extension SetupScreen {
  /// What the roles' lists let the user do.
  func roleCommands(rules: KeyCommand, back: KeyCommand) -> [KeyCommand] {
    [
      .shown("Enter", focus == .available ? "key.addRole" : "key.removeRole", [(.enter, .setup(.toggleRole))]),
      .shown("←→", "key.switchList", [(.left, .setup(.switchList)), (.right, .setup(.switchList))]),
      .shown("s", "key.suggest", [(.letter("s"), .setup(.suggest))]),
      .shown("d", "key.deal", [(.letter("d"), .setup(.deal))]),
      rules,
      back,
      .hidden(.moving, [(.up, .setup(.move(-1))), (.down, .setup(.move(1)))]),
      .hidden(
        .alias,
        [
          (.space, .setup(.toggleRole)), (.tab, .setup(.switchList)), (.backTab, .setup(.switchList)),
          (.letter("h"), .setup(.switchList)), (.letter("l"), .setup(.switchList)),
        ]),
      .hidden(.documented, [(.letter("c"), .setup(.clear))]),
    ]
  }

  /// Pool roles not yet chosen, in the pool's order.
  static func available(in state: AppState) -> [RoleID] {
    guard case .chooseRoles(let pool) = state.rules.setupKind else { return [] }
    var left = state.setup.roles
    return pool.filter { role in
      if let index = left.firstIndex(of: role) {
        left.remove(at: index)
        return false
      }
      return true
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

    let height = canvas.height - 13
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

    // The highlighted role, described.
    let highlighted: RoleID? =
      focus == .available
      ? available.indices.contains(availableSelection) ? available[availableSelection] : nil
      : chosen.indices.contains(chosenSelection) ? chosen[chosenSelection] : nil
    if notice == nil, let role = highlighted {
      let top = left.bottom + 1
      let side = rules.role(role).map { words.sideName($0.side) } ?? ""
      canvas.write(words.roleName(role) + "  ·  " + side, row: top, column: 3, style: rules.isBad(role) ? Theme.bad : Theme.good)
      for (offset, line) in TextWidth.wrap(state.roleDescription(role, of: rules, words: words), width: canvas.width - 6).prefix(4).enumerated() {
        canvas.write(line, row: top + 1 + offset, column: 3)
      }
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

extension SetupScreen {
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
