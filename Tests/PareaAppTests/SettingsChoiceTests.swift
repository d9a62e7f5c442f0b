import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The settings screen, row by row: ↑↓ move over every setting, ←/→ light
/// the value on that side (nothing past the end), Enter and Space step round,
/// and a change touches that one setting and asks for the settings to be saved.
@Suite struct SettingsChoiceTests {
  /// One row as the tests expect it, written out here (the dealt house rules:
  /// read from their declaration) rather than read from the screen's own
  /// list: its words and, left to right as drawn, what each of its values sets.
  struct Row: Sendable {
    let label: String
    let hint: String
    let values: [@Sendable (inout AppState) -> Void]
    var effects: [Effect] = [.saveSettings]
  }

  static let rows: [Row] =
    [
      Row(
        label: "settings.language", hint: "settings.languageHint",
        values: [{ $0.language = .en }, { $0.language = .el }], effects: [.saveSettings, .redrawAll]),
      Row(
        label: "settings.phones", hint: "settings.phones.hint",
        values: [{ $0.preferences.phones = false }, { $0.preferences.phones = true }]),
      Row(
        label: "settings.voice", hint: "settings.voice.hint",
        values: [{ $0.preferences.voice = false }, { $0.preferences.voice = true }]),
      Row(
        label: "settings.voiceSpeed", hint: "settings.voiceSpeed.hint",
        values: [
          { $0.preferences.voiceSpeed = .slow }, { $0.preferences.voiceSpeed = .normal },
          { $0.preferences.voiceSpeed = .fast },
        ]),
      Row(
        label: "settings.revealDeadRoles", hint: "settings.revealDeadRoles.hint",
        values: [{ $0.houseRules.revealDeadRoles = false }, { $0.houseRules.revealDeadRoles = true }]),
      Row(
        label: "settings.hideSpyCount", hint: "settings.hideSpyCount.hint",
        values: [{ $0.houseRules.hideSpyCount = false }, { $0.houseRules.hideSpyCount = true }]),
      Row(
        label: "settings.revealCountdown", hint: "settings.revealCountdown.hint",
        values: [{ $0.houseRules.revealCountdown = false }, { $0.houseRules.revealCountdown = true }]),
    ]
    // The house rules a game keeps from its deal: one row each, as declared
    // (their order and values are the declaration's, not a copy here).
    + DealtRules.declared.map { rule in
      Row(
        label: "settings.narrator.\(rule.key)", hint: "settings.narrator.\(rule.key).hint",
        values: rule.values.indices.map { index in { rule.set(&$0.houseRules.dealt, to: index) } })
    }

  /// The settings screen, opened from the menu, with `row` highlighted.
  /// The state with whether the language was chosen left out (the language
  /// row sets it once, for good: `languageIsSavedOnlyOnceChosen` checks it).
  static func values(_ state: AppState) -> AppState {
    var state = state
    state.languageChosen = false
    return state
  }

  static func settings(at row: Int, _ language: Language = .en) throws -> App {
    var app = makeApp(language)
    app.press(.character("s"))
    for _ in 0..<row { #expect(app.press(.down).isEmpty) }
    #expect(try #require(app.settingsSelection) == row)
    return app
  }

  @Test func upAndDownVisitEveryRowAndStopAtTheEnds() throws {
    var app = try Self.settings(at: 0)
    #expect(app.press(.up).isEmpty)
    #expect(app.settingsSelection == 0)
    let top = app.state
    for row in 1..<Self.rows.count {
      app.press(.down)
      #expect(app.settingsSelection == row)
    }
    let last = app.state
    #expect(app.press(.down).isEmpty)
    #expect(app.state == last)
    for row in (0..<Self.rows.count - 1).reversed() {
      app.press(.up)
      #expect(app.settingsSelection == row)
    }
    // Moving changes nothing else.
    #expect(app.state == top)
  }

  @Test(arguments: [Language.en, .el], 0..<rows.count)
  func theHighlightedRowAndOnlyItsHintAreShown(_ language: Language, _ index: Int) throws {
    let app = try Self.settings(at: index, language)
    let words = Catalog.builtIn(language)
    let screen = app.render(width: 80, height: 24).lines
    let marked = screen.filter { $0.contains("▸") }
    #expect(marked.count == 1)
    #expect(try #require(marked.first).contains(words.text(Self.rows[index].label)))
    // Every row is listed, or the list scrolls (a mark says which way).
    let scrolls = screen.contains { $0.hasSuffix("▲  ") || $0.hasSuffix("▼  ") }
    for (other, row) in Self.rows.enumerated() {
      #expect(scrolls || screen.contains { $0.contains(words.text(row.label)) }, "\(row.label) is listed")
      let shown = screen.filter { $0.contains(words.text(row.hint)) }.count
      #expect(shown == (other == index ? 1 : 0), "\(row.hint) with row \(index) highlighted")
    }
  }

  @Test(arguments: 0..<rows.count) func leftRightAndEnterSetOnlyThisRow(_ index: Int) throws {
    var app = try Self.settings(at: index)
    let row = Self.rows[index]
    let defaults = app.state
    func with(_ value: Int) -> AppState {
      var state = defaults
      row.values[value](&state)
      return state
    }
    let start = try #require(row.values.indices.first { with($0) == defaults }, "the default is one of the values")
    let last = row.values.count - 1
    // ← to the first value, one step at a time; then nothing.
    for value in stride(from: start - 1, through: 0, by: -1) {
      #expect(app.press(.left) == row.effects)
      #expect(Self.values(app.state) == with(value))
    }
    #expect(app.press(.left).isEmpty)
    #expect(Self.values(app.state) == with(0))
    // → to the last; then nothing.
    for value in 1...last {
      #expect(app.press(.right) == row.effects)
      #expect(Self.values(app.state) == with(value))
    }
    #expect(app.press(.right).isEmpty)
    #expect(Self.values(app.state) == with(last))
    // Enter and Space step on, round to the first, twice round.
    for step in 1...(2 * row.values.count) {
      #expect(app.press(step.isMultiple(of: 2) ? .character(" ") : .enter) == row.effects)
      #expect(Self.values(app.state) == with((last + step) % row.values.count))
    }
  }

  /// Drawn smaller than any terminal Parea runs in (the list's rows would not
  /// all fit), the list scrolls to keep the highlighted row in view, with marks.
  @Test(arguments: 0..<rows.count) func aShortListScrollsWithTheHighlight(_ index: Int) throws {
    let state = try Self.settings(at: index).state
    let catalog = Catalog.builtIn(.en)
    var canvas = Canvas(width: 80, height: 16)
    SettingsScreen(selection: index, returnTo: ReturnPoint(.home(HomeScreen())))
      .draw(into: &canvas, state: state, words: Words(wording: catalog))
    let lines = canvas.lines
    let marked = try #require(lines.firstIndex { $0.contains("▸") })
    #expect(lines[marked].contains(catalog.text(Self.rows[index].label)))
    #expect((2..<12).contains(marked), "in the list's rows")
    #expect(lines[13].contains(catalog.text(Self.rows[index].hint)))
    #expect(lines[15].contains(catalog.text("key.move")))
    // A mark where the list goes on out of sight: ▲ once its first title
    // has scrolled away, ▼ until its last row is in view.
    let list = lines[2..<12]
    let firstTitle = catalog.text("settings.section.general")
    let lastRow = try #require(Self.rows.last).label
    #expect(lines[2].hasSuffix("▲  ") == !list.contains { $0.contains(firstTitle) }, "\(lines[2])")
    #expect(lines[11].hasSuffix("▼  ") == !list.contains { $0.contains(catalog.text(lastRow)) }, "\(lines[11])")
  }

  @Test func theSettingsChangedHereAreTheOnesTheGameReads() throws {
    var app = try Self.settings(at: SettingsScreen.row("settings.voiceSpeed"))
    app.press(.right)  // speaking speed: fast
    app.moveToSetting("settings.narrator.firstNightMeetingOnly")
    app.press(.left)  // the first night: off (already)
    app.press(.enter)  // the first night: on
    app.moveToSetting("settings.narrator.tie")
    app.press(.right)  // a tie: vote again
    #expect(app.state.preferences.voiceSpeed == .fast)
    #expect(
      app.state.houseRules
        == HouseRules(dealt: DealtRules(firstNightMeetingOnly: true, tie: .revoteOnce)))
  }

  /// A game in play keeps the rules it was dealt with (`TableOptions`): the
  /// section's title says a change counts from the next deal, and the table
  /// does not move; with no game in play the title stands alone.
  @Test(arguments: [Language.en, .el]) func aGameInPlayKeepsItsDealtRules(_ language: Language) throws {
    let note = Catalog.builtIn(language).text("settings.section.fromNextDeal")
    let title = Catalog.builtIn(language).text("settings.section.narrator")
    var idle = makeApp(language)
    idle.press(.character("s"))
    idle.moveToSetting("settings.narrator.announceSaves")
    #expect(idle.screen.contains(title) && !idle.screen.contains(note), "\(idle.screen)")
    var app = tableApp(Palermo(), palermoRoles, language: language)
    let dealt = try #require(app.state.table?.options)
    app.press(.character("s"))
    #expect(app.settingsSelection != nil)
    app.moveToSetting("settings.narrator.announceSaves")  // a house rule the deal keeps
    #expect(app.screen.contains(title) && app.screen.contains(note), "\(app.screen)")
    let line = try #require(app.screen.split(separator: "\n").first { $0.contains(title) })
    #expect(line.contains(note), "on the title's own row")
    expectGolden(app.render(width: 80, height: 24), "settings-in-game.\(language)")
    app.press(.enter)  // the rule changes in the settings, not in the game
    #expect(app.state.houseRules.dealt != dealt.dealt)
    #expect(app.state.table?.options == dealt)
  }

  /// A game saved before tables kept their options followed the settings of
  /// the moment: read back, it keeps following what the settings say.
  @Test func aGameSavedBeforeOptionsTakesTheSettings() throws {
    var state = tableApp(Palermo(), palermoRoles).state
    let seats = try #require(state.table?.seats)
    state.session?.table = Table(game: Palermo(), seats: seats, location: nil, options: nil)
    let saved = try #require(state.session)
    #expect(saved.table?.hasOptions == false)
    var app = makeApp()
    var house = DealtRules()
    house.firstNightMeetingOnly = true
    house.tie = .revoteOnce
    var fresh = app.state
    fresh.houseRules.dealt = house
    fresh.preferences.roundMinutes[Palermo().id] = 9
    app = App(state: fresh, configuration: configuration(.en))
    app.send(.started(savedNames: [], session: try saved.savedAndRead()))
    #expect(app.state.table?.options == TableOptions(dealt: house, roundMinutes: 9))
    #expect(app.state.table?.hasOptions == true)
    // A narrated game kept its house rules in its narration: those stay; the
    // day's length, never saved then, is today's.
    var narrated = saved
    var kept = DealtRules()
    kept.doctorMayRepeat = true
    narrated.table?.options = TableOptions(dealt: kept)
    var later = App(state: fresh, configuration: configuration(.en))
    later.send(.started(savedNames: [], session: narrated))
    #expect(later.state.table?.options == TableOptions(dealt: kept, roundMinutes: 9))
  }
}

extension App {
  /// Moves the settings' highlight to the row labelled `label`, by ↑ and ↓.
  mutating func moveToSetting(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let row = SettingsScreen.row(label)
    for _ in SettingsScreen.settings.indices {
      guard let selection = settingsSelection, selection != row else { break }
      press(selection < row ? .down : .up)
    }
    #expect(settingsSelection == row, "not on \(label)", sourceLocation: sourceLocation)
  }

  /// The highlighted row of the settings screen, if it is on show.
  var settingsSelection: Int? {
    if let page = state.screen.as(SettingsScreen.self) { page.selection } else { nil }
  }
}
