import PareaCanvas
import PareaRules

/// Choosing the roles (Palermo) or the number of spies or killers.
public struct SetupScreen: Hashable, Sendable {
  /// Which list takes the keys (choose-roles games).
  public enum Focus: Hashable, Sendable { case available, chosen }
  /// Which list takes the keys.
  public var focus: Focus = .available
  /// The highlighted available role.
  public var availableSelection = 0
  /// The highlighted chosen role.
  public var chosenSelection = 0
  /// An error shown in place.
  public var notice: Notice?
  /// Whether the list of Spy locations to keep in play is open.
  public var choosingLocations = false
  /// The highlighted location in that list.
  public var locationSelection = 0

  /// Starts on the available roles.
  public init() {}

  func action(for key: Key, state: AppState, locationCount: Int) -> Action? {
    let shortcut = Shortcut(key)
    if choosingLocations {
      let rows = ColumnGrid.rows(locationCount)
      switch shortcut {
      case .up: return .setup(.moveLocation(-1))
      case .down: return .setup(.moveLocation(1))
      case .left: return .setup(.moveLocation(-rows))
      case .right: return .setup(.moveLocation(rows))
      case .enter, .space: return .setup(.toggleLocation)
      case .letter("a"): return .setup(.toggleAllLocations)
      case .escape: return .setup(.chooseLocations(false))
      default: return nil
      }
    }
    if case .escape = shortcut { return .back }
    switch state.rules.setupKind {
    case .chooseRoles:
      switch shortcut {
      case .up: return .setup(.move(-1))
      case .down: return .setup(.move(1))
      case .left, .right, .tab, .backTab, .letter("h"), .letter("l"): return .setup(.switchList)
      case .enter, .space: return .setup(.toggleRole)
      case .letter("s"): return .setup(.suggest)
      case .letter("c"): return .setup(.clear)
      case .letter("d"): return .setup(.deal)
      default: return nil
      }
    case .countBad:
      switch shortcut {
      case .left, .down, .letter("h"), .letter("-"): return .setup(.changeCount(-1))
      case .right, .up, .letter("l"), .letter("+"): return .setup(.changeCount(1))
      case .enter, .letter("d"): return .setup(.deal)
      case .letter("o") where state.rules.usesLocations: return .setup(.chooseLocations(true))
      default: return nil
      }
    }
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

  func draw(into canvas: inout Canvas, state: AppState, words: Words, locations: [Location]) {
    let rules = state.rules
    if choosingLocations {
      drawLocationChoice(into: &canvas, state: state, words: words, locations: locations)
      return
    }
    canvas.header(words, title: words.gameName(state.game) + "  ·  " + words("setup.title"))
    switch rules.setupKind {
    case .chooseRoles: drawRoles(into: &canvas, state: state, words: words)
    case .countBad(let bad, _, let fixed, let filler):
      drawCount(
        into: &canvas, state: state, words: words, bad: bad, fixed: fixed, filler: filler,
        locations: locations)
    }
    if let notice {
      canvas.notice(notice, words: words, row: canvas.height - 7, in: Rect(row: 0, column: 3, width: canvas.width - 6, height: 0))
    }
  }

  private func drawRoles(into canvas: inout Canvas, state: AppState, words: Words) {
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
      for (offset, line) in TextWidth.wrap(words.roleDescription(role), width: canvas.width - 6).prefix(4).enumerated() {
        canvas.write(line, row: top + 1 + offset, column: 3)
      }
    }
    canvas.footer([
      KeyHint(key: "Enter", label: words(focus == .available ? "key.addRole" : "key.removeRole")),
      KeyHint(key: "←→", label: words("key.switchList")),
      KeyHint(key: "s", label: words("key.suggest")),
      KeyHint(key: "d", label: words("key.deal")),
      KeyHint(key: "Esc", label: words("key.back")),
    ])
  }

  private func drawCount(
    into canvas: inout Canvas, state: AppState, words: Words, bad: RoleID, fixed: [RoleID],
    filler: RoleID, locations: [Location]
  ) {
    let rules = state.rules
    let count = state.setup.badCount
    let bounds = canvas.bounds
    canvas.center(words("setup.countPrompt", ["players": String(state.players.count)]), row: 3, in: bounds)
    let label = words("game.\(state.game).badCount.label")
    canvas.center(words.upper(label), row: 6, in: bounds, style: Theme.title)
    canvas.center("◀   \(count)   ▶", row: 8, in: bounds, style: Style(bold: true))

    // The resulting table, e.g. "1 killer, 1 Cop, 5 citizens".
    var parts: [String] = []
    var counts: [(RoleID, Int)] = [(bad, count)]
    for role in fixed { counts.append((role, 1)) }
    counts.append((filler, max(0, state.players.count - count - fixed.count)))
    for (role, number) in counts where number > 0 {
      parts.append(words.plural("role.\(role).count", number))
    }
    canvas.center(parts.joined(separator: words("list.separator")), row: 11, in: bounds, style: Theme.good)
    if let allowed = rules.allowedBadCounts(players: state.players.count) {
      canvas.center(words("setup.countLimits", [
        "min": String(allowed.lowerBound), "max": String(allowed.upperBound),
      ]), row: 13, in: bounds, style: Theme.dim)
    }
    var hints = [
      KeyHint(key: "←→", label: words("key.change")),
      KeyHint(key: "Enter", label: words("key.deal")),
    ]
    if rules.usesLocations {
      let inPlay = state.inPlay(locations).count
      canvas.center(words("setup.locationsInPlay", [
        "count": String(inPlay), "total": String(locations.count),
      ]), row: 16, in: bounds, style: inPlay == 0 ? Theme.bad : Theme.dim)
      hints.append(KeyHint(key: "o", label: words("key.locations")))
    }
    hints.append(KeyHint(key: "Esc", label: words("key.back")))
    canvas.footer(hints)
  }

  /// The Spy locations with a check mark on each one in play.
  private func drawLocationChoice(
    into canvas: inout Canvas, state: AppState, words: Words, locations: [Location]
  ) {
    let sorted = locations  // already in the lists' order
    canvas.header(words, title: words("setup.locationsTitle"))
    let inPlay = sorted.filter { !state.excludedLocations.contains($0.id) }.count
    canvas.write(words("setup.locationsInPlay", [
      "count": String(inPlay), "total": String(sorted.count),
    ]), row: 1, column: 3, style: inPlay == 0 ? Theme.bad : Theme.dim)
    let body = Rect(row: 3, column: 3, width: canvas.width - 6, height: canvas.height - 5)
    ColumnGrid.draw(
      sorted.map { words.locationName($0.id) },
      marks: sorted.map { !state.excludedLocations.contains($0.id) },
      selection: locationSelection, scroll: 0, in: body, canvas: &canvas)
    canvas.footer([
      KeyHint(key: "↑↓←→", label: words("key.move")), KeyHint(key: "Enter", label: words("key.toggle")),
      KeyHint(key: "a", label: words("key.all")), KeyHint(key: "Esc", label: words("key.done")),
    ])
  }
}

/// What the user can do on the setup screen.
public enum SetupAction: Hashable, Sendable {
  /// Move the highlight in the focused list.
  case move(Int)
  /// Switch between the available and chosen lists.
  case switchList
  /// Move the highlighted role into or out of the game.
  case toggleRole
  /// Fill in a suggested role set for this many players.
  case suggest
  /// Take every role out.
  case clear
  /// Change the number of spies or killers.
  case changeCount(Int)
  /// Deal the roles.
  case deal
  /// Open or close the list of Spy locations in play.
  case chooseLocations(Bool)
  /// Move the highlight in that list.
  case moveLocation(Int)
  /// Take the highlighted location out of play, or put it back.
  case toggleLocation
  /// Every location in play, or (when all are) none.
  case toggleAllLocations
}

extension AppState {
  mutating func reduceSetup(_ action: SetupAction, environment: inout Environment) -> [Effect] {
    guard case .setup(var page) = screen else { return [] }
    defer { if case .setup = screen { screen = .setup(page) } }
    page.notice = nil
    let available = SetupScreen.available(in: self)
    switch action {
    case .move(let step):
      if page.focus == .available {
        page.availableSelection = max(0, min(available.count - 1, page.availableSelection + step))
      } else {
        page.chosenSelection = max(0, min(setup.roles.count - 1, page.chosenSelection + step))
      }
    case .switchList:
      page.focus = page.focus == .available ? .chosen : .available
    case .toggleRole:
      if page.focus == .available, available.indices.contains(page.availableSelection) {
        guard setup.roles.count < players.count else {
          // The role was not added: say the list is full, not that it has too many.
          page.notice = Notice(
            kind: .error, title: "setup.full.title", message: "setup.full.message",
            args: ["chosen": .text(String(setup.roles.count)), "players": .text(String(players.count))])
          break
        }
        setup.roles.append(available[page.availableSelection])
        page.availableSelection = max(0, min(page.availableSelection, available.count - 2))
      } else if page.focus == .chosen, setup.roles.indices.contains(page.chosenSelection) {
        setup.roles.remove(at: page.chosenSelection)
        page.chosenSelection = max(0, min(page.chosenSelection, setup.roles.count - 1))
      }
    case .suggest:
      if let suggested = rules.suggestedSetup(players: players.count) {
        setup = suggested
        page.availableSelection = 0
        page.chosenSelection = 0
      }
    case .clear:
      setup.roles = []
      page.chosenSelection = 0
      page.focus = .available
    case .changeCount(let step):
      let wanted = setup.badCount + step
      let allowed = rules.allowedBadCounts(players: players.count)
      if allowed?.contains(wanted) == true {
        setup.badCount = wanted
      } else {
        page.notice = .setup(.badCount(count: wanted, allowed: allowed), players: players.count)
      }
    case .deal:
      return deal(&page, environment: &environment)
    case .chooseLocations(let open):
      page.choosingLocations = open
      return open ? [] : [.saveSettings]
    case .moveLocation(let step):
      page.locationSelection = max(0, min(environment.locations.count - 1, page.locationSelection + step))
    case .toggleLocation:
      let sorted = environment.sortedLocations(language)
      guard sorted.indices.contains(page.locationSelection) else { break }
      let id = sorted[page.locationSelection].id
      if excludedLocations.contains(id) { excludedLocations.remove(id) } else { excludedLocations.insert(id) }
    case .toggleAllLocations:
      excludedLocations = excludedLocations.isEmpty ? Set(environment.locations.map(\.id)) : []
    }
    return []
  }

  private mutating func deal(_ page: inout SetupScreen, environment: inout Environment) -> [Effect] {
    let table: Table
    do {
      table = try rules.deal(
        players: players, setup: setup, locations: inPlay(environment.locations),
        using: &environment.generator)
    } catch {
      page.notice = .setup(error, players: players.count)
      return []
    }
    // A new session: nothing of an earlier game (its timer, its reveal
    // position) comes along; only the next round of a scored session keeps its points.
    let carried = session.flatMap { $0.table == nil && $0.game == game ? $0 : nil }
    session = GameSession(
      table: table, players: players, setup: setup, scores: carried?.scores ?? [:],
      roundsPlayed: carried?.roundsPlayed ?? 0)
    screen = .handOff(HandOffScreen(seat: 0, pausedAt: clock))
    return [.saveGame, .redrawAll]
  }
}
