import PareaCanvas
import PareaRules

/// The role editor, from the roles page (`n` for a new role, `e` on one of
/// the group's): the role's name in each language (one is enough), its
/// side, its night ability and how often, whom it knows, what makes it
/// take a player along, and whether it counts as a thief. It offers only
/// what `RoleDeclaration.isOffered` allows, and shows the card the players
/// will read, written from the choices (`HouseWording.card`) as they are
/// made. Enter keeps the role; Esc goes back to the roles page without it.
public struct RoleEditorScreen: Hashable, Sendable {
  /// A row of the editor.
  public enum Row: String, Hashable, Sendable, CaseIterable {
    case nameEnglish, nameGreek, side, night, often, knows, kamikaze, thief
  }

  /// The side, as the editor offers it.
  public enum SideChoice: String, Hashable, Sendable, CaseIterable {
    case town, thieves, alone
  }

  /// Whom the role knows, as the editor offers it: nobody, its side, or one role.
  public enum Knowing: Hashable, Sendable {
    case nobody
    case side
    case role(RoleID)
  }

  /// The role changed, or nil for a new one.
  public var editing: RoleID?
  /// The roles page, as it was (the editor goes back to it).
  public var beneath: SetupScreen
  /// The lit row.
  public var row: Row = .nameEnglish
  /// The names being typed, English and Greek.
  public var english = TextField()
  public var greek = TextField()
  public var side: SideChoice = .town
  public var night: NightAction?
  public var once = false
  public var knows: Knowing = .nobody
  public var kamikaze: DeathCause?
  public var thief = false
  /// An error shown under the rows.
  public var notice: Notice?

  /// A new role, from the roles page as it is.
  init(beneath: SetupScreen) {
    self.beneath = beneath
  }

  /// One of the group's roles, to change.
  init(editing role: RoleDeclaration, beneath: SetupScreen) {
    self.beneath = beneath
    editing = role.id
    for (language, field) in [("en", \RoleEditorScreen.english), ("el", \RoleEditorScreen.greek)] {
      for character in role.names[language] ?? "" { self[keyPath: field].insert(character) }
    }
    side = role.alone != nil ? .alone : role.side == Palermo.thieves ? .thieves : .town
    night = role.night
    once = role.once
    knows = role.knowsSide ? .side : role.knows.first.map(Knowing.role) ?? .nobody
    kamikaze = role.takesPlayerAlongWhen
    thief = role.countsAsThief
  }

  /// The rows on show: how often only for an ability that may be used once,
  /// counting as a thief only on the thieves' side.
  var rows: [Row] {
    Row.allCases.filter { row in
      switch row {
      case .often: night.map(RoleDeclaration.onceAbilities.contains) ?? false
      case .thief: side == .thieves
      default: true
      }
    }
  }

  /// The night abilities offered on the side chosen: only the thieves kill.
  var nights: [NightAction?] { [nil, .protect, .check, .block] + (side == .thieves ? [.kill] : []) }

  /// Whom it may know: nobody, its side (not for a role that plays alone), or one role of the game.
  func knowings(in rules: any GameType) -> [Knowing] {
    [.nobody] + (side == .alone ? [] : [.side]) + rules.roles.map(\.id).filter { $0 != editing }.map(Knowing.role)
  }

  /// The role as chosen so far, with `id`.
  func declaration(id: RoleID) -> RoleDeclaration {
    var names: [String: String] = [:]
    for (language, field) in [("en", english), ("el", greek)] {
      let name = PlayerName.clean(field.text)
      if !name.isEmpty { names[language] = name }
    }
    let thieves = side == .thieves
    var known: [RoleID] = []
    if case .role(let role) = knows { known = [role] }
    return RoleDeclaration(
      id: id, side: thieves ? Palermo.thieves : Palermo.town, knows: known, knowsSide: knows == .side,
      night: night, takesPlayerAlongWhen: kamikaze, countsAsThief: thieves && thief,
      once: once && (night.map(RoleDeclaration.onceAbilities.contains) ?? false), alone: side == .alone ? .votedOut : nil,
      names: names)
  }

  /// A new role's identifier: `house.` and the letters and digits of its
  /// name in Latin letters (else `role`), with a number if it is taken.
  static func newID(for names: [String: String], taken: Set<RoleID>) -> RoleID {
    let source = names["en"] ?? names["el"] ?? ""
    var stem = String(source.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.prefix(18).map(Character.init))
    if stem.isEmpty { stem = "role" }
    var id = RoleID(RoleDeclaration.houseIDPrefix + stem)
    var number = 2
    while taken.contains(id) {
      id = RoleID(RoleDeclaration.houseIDPrefix + "\(stem)\(number)")
      number += 1
    }
    return id
  }
}

/// What the user can do in the role editor.
public enum RoleEditorAction: Hashable, Sendable {
  /// Light the next or previous row.
  case move(Int)
  /// Type into the lit name.
  case type(Character)
  /// Delete the character before the cursor.
  case deleteBackward
  /// Delete the character under the cursor.
  case deleteForward
  /// On a name: move the cursor; on a choice: the next or previous value.
  case change(Int)
  /// Keep the role.
  case save
}

extension RoleEditorScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  /// Typing goes into a lit name; every other key is a command.
  func action(for key: Key, in context: ScreenContext) -> Action? {
    if row == .nameEnglish || row == .nameGreek, case .character(let character) = key {
      return .roleEditor(.type(character))
    }
    return commands(in: context.state, words: context.words).action(for: key)
  }

  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    [
      .shown("↑↓", "key.field", [(.up, .roleEditor(.move(-1))), (.down, .roleEditor(.move(1)))]),
      .shown("←→", "key.change", [(.left, .roleEditor(.change(-1))), (.right, .roleEditor(.change(1)))]),
      .shown("Enter", editing == nil ? "key.addTheRole" : "key.keepTheRole", [(.enter, .roleEditor(.save))]),
      .shown("Esc", "key.cancel", [(.escape, .back)]),
      .hidden(
        .typing,
        [
          (.backspace, .roleEditor(.deleteBackward)), (.delete, .roleEditor(.deleteForward)),
          (.home, .roleEditor(.change(-1000))), (.end, .roleEditor(.change(1000))),
        ]),
      .hidden(.alias, [(.tab, .roleEditor(.move(1))), (.backTab, .roleEditor(.move(-1))), (.space, .roleEditor(.change(1)))]),
    ]
  }

  mutating func reduce(_ action: RoleEditorAction, in context: ScreenContext) -> Outcome {
    notice = nil
    switch action {
    case .move(let step):
      let shown = rows
      let index = shown.firstIndex(of: row) ?? 0
      row = shown[max(0, min(shown.count - 1, index + step))]
    case .type(let character):
      let field = row == .nameGreek ? \RoleEditorScreen.greek : \RoleEditorScreen.english
      if let refusal = PlayerName.refusal(typing: character, into: self[keyPath: field].text) {
        notice = .name(refusal)
      } else {
        self[keyPath: field].insert(character)
      }
    case .deleteBackward:
      if row == .nameEnglish { english.deleteBackward() } else if row == .nameGreek { greek.deleteBackward() }
    case .deleteForward:
      if row == .nameEnglish { english.deleteForward() } else if row == .nameGreek { greek.deleteForward() }
    case .change(let step):
      change(step, rules: context.rules)
    case .save:
      return save(in: context)
    }
    return .stay
  }

  /// ←→ on the lit row.
  private mutating func change(_ step: Int, rules: any GameType) {
    func next<T: Equatable>(_ value: T, in values: [T]) -> T {
      let index = values.firstIndex(of: value) ?? 0
      let count = values.count
      return values[((index + step.signum()) % count + count) % count]
    }
    switch row {
    case .nameEnglish: english.moveCursor(by: step)
    case .nameGreek: greek.moveCursor(by: step)
    case .side:
      side = next(side, in: SideChoice.allCases)
      // What the new side does not offer goes back to its plainest.
      if !nights.contains(night) { night = nil }
      if side != .thieves { thief = false }
      if side == .alone, knows == .side { knows = .nobody }
    case .night:
      night = next(night, in: nights)
      if !(night.map(RoleDeclaration.onceAbilities.contains) ?? false) { once = false }
    case .often: once.toggle()
    case .knows: knows = next(knows, in: knowings(in: rules))
    case .kamikaze: kamikaze = next(kamikaze, in: [nil, .votedOut, .killedAtNight])
    case .thief: thief.toggle()
    }
  }

  /// Enter: the role joins the group's (or replaces the one changed), and
  /// the roles page comes back with it lit; a role without a name, or with
  /// another role's name, is refused in place.
  private mutating func save(in context: ScreenContext) -> Outcome {
    let state = context.state
    let others = state.groupRoles.roles.filter { $0.id != editing }
    let draft = declaration(id: editing ?? RoleID(RoleDeclaration.houseIDPrefix + "draft"))
    guard !draft.names.isEmpty else {
      notice = Notice(kind: .error, title: "house.editor.noName.title", message: "house.editor.noName.message")
      return .stay
    }
    // Another role's name, in either language, or a built-in role's name in the language on show.
    let builtIn = context.rules.roles.filter { !RoleDeclaration.isHouseID($0.id) }.map { context.words.roleName($0.id) }
    let taken = Set((builtIn + others.flatMap(\.names.values)).map(PlayerName.key))
    if let name = draft.names.values.sorted().first(where: { taken.contains(PlayerName.key($0)) }) {
      notice = Notice(
        kind: .error, title: "house.editor.nameTaken.title", message: "house.editor.nameTaken.message",
        args: ["role": .text(name)])
      return .stay
    }
    let id = editing ?? Self.newID(for: draft.names, taken: Set(others.map(\.id)))
    let role = declaration(id: id)
    var roles = state.groupRoles.roles
    if let index = roles.firstIndex(where: { $0.id == id }) { roles[index] = role } else { roles.append(role) }
    // Never a role the editor could not have made (the editor offers no such choice).
    guard RoleDeclaration.houseProblems(roles, builtIn: context.rules.roles.filter { !RoleDeclaration.isHouseID($0.id) }).isEmpty
    else { return .stay }
    var page = beneath
    page.focus = .available
    let available = SetupScreen.available(in: state, pool: Palermo(houseRoles: roles).roles.map(\.id))
    page.availableSelection = available.firstIndex(of: id) ?? page.availableSelection
    return .go(.setup(page), [.groupRoles(roles)])
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    let words = context.words
    let rules = context.rules
    canvas.header(
      words,
      title: words.gameName(context.state.game) + "  ·  " + words(editing == nil ? "house.editor.title.new" : "house.editor.title.edit"))
    let prompt = TextWidth.wrap(words("house.editor.prompt"), width: canvas.width - 6)
    for (offset, line) in prompt.prefix(2).enumerated() { canvas.write(line, row: 2 + offset, column: 3) }
    let labelWidth = 23
    let box = Rect(row: 2 + min(2, prompt.count), column: 3, width: canvas.width - 6, height: rows.count + 2)
    canvas.frame(box, title: words(editing == nil ? "house.editor.title.new" : "house.editor.title.edit"), style: Theme.frame)
    for (offset, shown) in rows.enumerated() {
      let line = box.row + 1 + offset
      let lit = shown == row
      let style = lit ? Theme.selected : Theme.normal
      if lit { canvas.fill(Rect(row: line, column: box.column + 1, width: box.width - 2, height: 1), style: style) }
      canvas.write((lit ? " ▸ " : "   ") + words("house.editor.\(shown.rawValue)"), row: line, column: box.column + 1, style: style)
      let valueColumn = box.column + 3 + labelWidth
      let valueWidth = box.width - labelWidth - 5
      switch shown {
      case .nameEnglish, .nameGreek:
        let field = shown == .nameEnglish ? english : greek
        canvas.write(TextWidth.truncate(field.text, to: valueWidth), row: line, column: valueColumn, style: style)
        if lit {
          let before = String(field.text.prefix(field.cursor))
          canvas.cursor = (line, valueColumn + min(TextWidth.of(before), valueWidth))
        }
      default:
        let value = lit ? "‹ " + value(of: shown, words: words) + " ›" : value(of: shown, words: words)
        canvas.write(value, row: line, column: valueColumn, style: style, limit: valueWidth)
      }
    }

    // The card the players will read, as chosen so far.
    let top = box.bottom + 1
    if let notice {
      canvas.notice(notice, words: words, row: top, in: Rect(row: 0, column: 3, width: canvas.width - 6, height: 0))
    } else {
      let role = declaration(id: editing ?? RoleID(RoleDeclaration.houseIDPrefix + "draft"))
      let name = role.name(in: context.state.language.rawValue) ?? words("house.editor.unnamed")
      let sideName = words(side == .alone ? "house.side.none" : GameKeys.sideName(side == .thieves ? Palermo.thieves : Palermo.town))
      canvas.write(name + "  ·  " + sideName, row: top, column: 3, style: Theme.title, limit: canvas.width - 6)
      let card = HouseWording.card(of: role, in: rules, name: words.roleName, base: words.wording)
      let room = canvas.height - 2 - top
      for (offset, line) in TextWidth.wrap(card, width: canvas.width - 6).prefix(room).enumerated() {
        canvas.write(line, row: top + 1 + offset, column: 3)
      }
    }
    canvas.footer(commands(in: context.state, words: words), words: words)
  }

  /// Every key the editor's words are made of, for the test that the
  /// tables have them all (`AppKeys.derived`).
  static var wordKeys: Set<String> {
    var keys: Set<String> = []
    for row in Row.allCases { keys.insert("house.editor.\(row.rawValue)") }
    for side in SideChoice.allCases { keys.insert("house.editor.side.\(side.rawValue)") }
    for night in ["none", "kill", "protect", "check", "block"] { keys.insert("house.editor.night.\(night)") }
    for cause in ["never", "votedOut", "killedAtNight"] { keys.insert("house.editor.kamikaze.\(cause)") }
    return keys
  }

  /// The words of a choice row's value.
  private func value(of row: Row, words: Words) -> String {
    switch row {
    case .nameEnglish, .nameGreek: return ""
    case .side: return words("house.editor.side.\(side.rawValue)")
    case .night: return words("house.editor.night.\(night?.rawValue ?? "none")")
    case .often: return words(once ? "house.editor.often.once" : "house.editor.often.every")
    case .knows:
      switch knows {
      case .nobody: return words("house.editor.knows.nobody")
      case .side: return words("house.editor.knows.side")
      case .role(let role): return words.roleName(role)
      }
    case .kamikaze: return words("house.editor.kamikaze.\(kamikaze?.rawValue ?? "never")")
    case .thief: return words(thief ? "house.editor.thief.yes" : "house.editor.thief.no")
    }
  }

  func back(in context: ScreenContext) -> Outcome { .go(.setup(beneath)) }
}
