import PareaCanvas
import PareaRules
import PareaLocale

/// The language, the narrator's voice and the house rules: one row per
/// setting, grouped under small titles, the highlighted setting's hint at
/// the bottom.
public struct SettingsScreen: Hashable, Sendable {
  /// The highlighted setting (an index of `SettingsScreen.settings`).
  public var selection = 0
  /// Where Esc goes.
  public var returnTo: ReturnPoint

  /// Moving between settings and changing the highlighted one. ←/→ light
  /// the value to the left or right of the one lit, as they are drawn (at
  /// the end of the row they do nothing); Enter and Space step to the next
  /// value, round to the first.
  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    [
      .shown("↑↓", "key.move", [(.up, .settings(.move(-1))), (.down, .settings(.move(1)))]),
      .shown("←→", "key.choose", [(.left, .settings(.choose(-1))), (.right, .settings(.choose(1)))]),
      .shown("Enter", "key.change", [(.enter, .settings(.change(1)))]),
      .shown("Esc", "key.back", [(.escape, .back)]),
      .hidden(.alias, [(.space, .settings(.change(1))), (.letter("q"), .back)]),
    ]
  }

  // MARK: The list

  /// The settings in screen order, under their titles. Made once: the
  /// screen reads them several times a frame. (Immutable once made; the
  /// closures they hold are what keeps them from being `Sendable`.)
  static var sections: [SettingSection] { made.sections }

  nonisolated(unsafe) private static let made: (sections: [SettingSection], settings: [Setting], lines: [Line]) = {
    let sections = makeSections()
    let settings = sections.flatMap(\.settings)
    var lines: [Line] = []
    var index = 0
    for section in sections {
      if !lines.isEmpty { lines.append(.blank) }
      lines.append(.title(section.title))
      for _ in section.settings {
        lines.append(.setting(index))
        index += 1
      }
    }
    return (sections, settings, lines)
  }()

  private static func makeSections() -> [SettingSection] {
    [
      SettingSection(
        title: "settings.section.general",
        settings: [
          .choice(
            "settings.language", hint: "settings.languageHint", \.language,
            Language.allCases.map { ($0, AppKeys.language($0)) },
            // Every screen's words change, the footer and header included.
            effects: [.saveSettings, .redrawAll]),
          // The cards on the players' phones (from the next deal, or at once
          // for the game in play: its cards then go to the phones too).
          .toggle("settings.phones", \.preferences.phones),
          .toggle("settings.voice", \.preferences.voice),
          .choice(
            "settings.voiceSpeed", \.preferences.voiceSpeed,
            VoiceSpeed.allCases.map { ($0, AppKeys.voiceSpeed($0)) }),
        ]),
      SettingSection(
        title: "settings.section.houseRules",
        settings: [
          .toggle("settings.revealDeadRoles", \.houseRules.revealDeadRoles),
          .toggle("settings.hideSpyCount", \.houseRules.hideSpyCount),
          .toggle("settings.revealCountdown", \.houseRules.revealCountdown),
        ]),
      SettingSection(
        title: "settings.section.narrator", dealt: true,
        // One row per declared rule (the day's vote on the phones counts
        // when the cards are on them).
        settings: DealtRules.declared.map(Setting.dealt)),
    ]
  }

  /// Every setting, in screen order.
  static var settings: [Setting] { made.settings }

  /// One line of the list.
  enum Line: Equatable {
    /// A section's title (its locale key).
    case title(String)
    /// The setting at this index of `settings`.
    case setting(Int)
    /// The space between two sections.
    case blank
  }

  /// The list line by line: each section's title and settings, a blank line between sections.
  static var lines: [Line] { made.lines }

  // MARK: Drawing

  /// Where a setting's label starts (after the 3-column marker).
  static let labelColumn = 6
  /// Where a setting's values start; its label ends two columns before.
  static let valueColumn = 45
  /// The most columns a label may take.
  static let labelWidth = valueColumn - 2 - labelColumn
  /// The most columns a row of values may take on the narrowest screen: it
  /// stops a blank column short of the scroll marks.
  static let valuesWidth = AppState.minimumWidth - 4 - valueColumn

  /// The columns `setting`'s values take as drawn: each padded by a space, two between.
  static func width(ofValues setting: Setting, words: Words) -> Int {
    setting.values.reduce(0) { $0 + TextWidth.of(words($1)) + 2 } + 2 * (setting.values.count - 1)
  }

  /// The rows the list may use: from the third row down to four rows above
  /// the footer (a blank row, the hint and another blank row).
  static func list(in size: Size) -> Rect {
    Rect(row: 2, column: 0, width: size.width, height: max(1, size.height - 6))
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    canvas.header(words, title: words("settings.title"))
    let settings = Self.settings
    let lines = Self.lines
    let list = Self.list(in: Size(width: canvas.width, height: canvas.height))
    let selected = lines.firstIndex(of: .setting(selection)) ?? 0
    let top = Canvas.scrollTop(selected: selected, count: lines.count, visible: list.height)
    for (offset, line) in lines.dropFirst(top).prefix(list.height).enumerated() {
      let row = list.row + offset
      switch line {
      case .blank:
        break
      case .title(let key):
        let used = canvas.write(words(key), row: row, column: 3, style: Theme.title, limit: canvas.width - 6)
        // The game in play keeps what it was dealt with (`TableOptions`).
        if state.table != nil, Self.sections.first(where: { $0.title == key })?.dealt == true {
          canvas.write(
            words("settings.section.fromNextDeal"), row: row, column: 3 + used + 2, style: Theme.dim,
            limit: canvas.width - 8 - used)
        }
      case .setting(let index):
        let setting = settings[index]
        let isSelected = index == selection
        if isSelected { canvas.write("▸", row: row, column: Self.labelColumn - 2, style: Theme.key) }
        canvas.write(
          words(setting.label), row: row, column: Self.labelColumn,
          style: isSelected ? Theme.key : Style(bold: true), limit: Self.labelWidth)
        let lit = setting.current(SettingValues(state))
        var column = Self.valueColumn
        for (value, key) in setting.values.enumerated() {
          let style = value == lit ? Theme.selected : Theme.dim
          column += canvas.write(" " + words(key) + " ", row: row, column: column, style: style) + 2
        }
      }
    }
    let marks = canvas.width - 3
    if top > 0 { canvas.write("▲", row: list.row, column: marks, style: Theme.dim) }
    if top + list.height < lines.count {
      canvas.write("▼", row: list.bottom - 1, column: marks, style: Theme.dim)
    }
    // Below the list after a blank row: at the smallest size, two rows above the footer.
    if settings.indices.contains(selection) {
      canvas.write(
        words(settings[selection].hint), row: list.row + min(lines.count, list.height) + 1, column: 3,
        style: Theme.dim, limit: canvas.width - 6)
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

/// One setting as the screen lists it: its words, its values in the order
/// drawn, and where its value lives in the state.
struct Setting {
  /// The locale key of its label.
  let label: String
  /// The locale key of its one-line hint, shown while it is highlighted.
  let hint: String
  /// The locale keys of its values, left to right.
  let values: [String]
  /// The index in `values` of the value now set.
  let current: (SettingValues) -> Int
  /// Sets the value to the one at an index of `values`.
  let set: (inout SettingValues, Int) -> Void
  /// What a change asks of the program.
  let effects: [Effect]

  /// A setting with a list of values; its hint is `label.hint` unless given.
  static func choice<Value: Equatable>(
    _ label: String, hint: String? = nil, _ path: WritableKeyPath<SettingValues, Value>,
    _ values: [(value: Value, key: String)], effects: [Effect] = [.saveSettings]
  ) -> Setting {
    Setting(
      label: label, hint: hint ?? label + ".hint", values: values.map(\.key),
      current: { state in values.firstIndex { $0.value == state[keyPath: path] } ?? 0 },
      set: { state, index in state[keyPath: path] = values[index].value },
      effects: effects)
  }

  /// A house rule a game keeps from its deal, as declared.
  static func dealt(_ rule: DealtRule) -> Setting {
    Setting(
      label: AppKeys.dealtRule(rule), hint: AppKeys.dealtRule(rule) + ".hint",
      values: rule.values.indices.map { AppKeys.dealtRuleValue(rule, $0) },
      current: { rule.value(in: $0.houseRules.dealt) },
      set: { values, index in rule.set(&values.houseRules.dealt, to: index) },
      effects: [.saveSettings])
  }

  /// A setting that is on or off, drawn "Off  On".
  static func toggle(_ label: String, _ path: WritableKeyPath<SettingValues, Bool>) -> Setting {
    choice(label, path, [(false, "settings.off"), (true, "settings.on")])
  }
}

/// Settings under one title.
struct SettingSection {
  /// The locale key of the title.
  let title: String
  /// Whether its settings are kept by a game at the deal (`TableOptions`):
  /// the game in play keeps its own, and the title says so.
  var dealt = false
  /// Its settings, in screen order.
  let settings: [Setting]
}

/// What the user can do in the settings.
public enum SettingsAction: Hashable, Sendable {
  /// Move between settings.
  case move(Int)
  /// Step the highlighted setting to its next (or previous) value, round to the first.
  case change(Int)
  /// Light the value beside the lit one, as drawn (-1 left, 1 right); nothing past the end.
  case choose(Int)
}

/// What the settings screen changes: the language, the voice and the house
/// rules (the app keeps them; `Change.settings` hands them back).
struct SettingValues: Hashable, Sendable {
  /// The language every screen is drawn in.
  var language: Language
  /// Who narrates, round lengths and the voice.
  var preferences: Preferences
  /// The table customs.
  var houseRules: HouseRules
  /// Spy locations the group took out of play.
  var excludedLocations: Set<LocationID>

  /// The values the app has now.
  init(_ state: AppState) {
    language = state.language
    preferences = state.preferences
    houseRules = state.houseRules
    excludedLocations = state.excludedLocations
  }
}

extension SettingsScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  mutating func reduce(_ action: SettingsAction, in context: ScreenContext) -> Outcome {
    let settings = Self.settings
    switch action {
    case .move(let step):
      selection = max(0, min(settings.count - 1, selection + step))
      return .stay
    case .change(let step), .choose(let step):
      guard settings.indices.contains(selection) else { return .stay }
      let setting = settings[selection]
      var values = SettingValues(context.state)
      let count = setting.values.count
      let target = setting.current(values) + step
      let index: Int
      if action == .change(step) {
        index = (target % count + count) % count
      } else {
        guard (0..<count).contains(target) else { return .stay }
        index = target
      }
      setting.set(&values, index)
      return .stay([.settings(values)], effects: setting.effects)
    }
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in context: ScreenContext) -> Outcome { .go(returnTo.screen) }
}
