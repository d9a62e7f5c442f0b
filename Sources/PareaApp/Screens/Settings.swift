import PareaCanvas
import PareaRules
import PareaLocale

/// Language and house rules.
public struct SettingsScreen: Hashable, Sendable {
  /// The highlighted setting.
  public var selection = 0
  /// Where Esc goes.
  public var returnTo: ReturnPoint

  static func action(for key: Key) -> Action? {
    switch Shortcut(key) {
    case .up: .settings(.move(-1))
    case .down: .settings(.move(1))
    // ←/→ pick the value to the left or right of the one lit, as they are
    // drawn; at the end of the row they do nothing. Enter and Space step to
    // the next value (round to the first).
    case .left: .settings(.choose(-1))
    case .right: .settings(.choose(1))
    case .enter, .space: .settings(.change(1))
    case .escape, .letter("q"): .back
    default: nil
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    canvas.header(words, title: words("settings.title"))
    let labelWidth = 40
    func label(_ text: String, row: Int, index: Int) {
      let selected = index == selection
      canvas.write((selected ? " ▸ " : "   ") + text, row: row, column: 3, style: selected ? Theme.key : Style(bold: true), limit: labelWidth)
    }
    label(words("settings.language"), row: 3, index: 0)
    var column = 3 + labelWidth + 2
    for language in Language.allCases {
      let name = " " + words("language.\(language.rawValue)") + " "
      let style = language == state.language ? Theme.selected : Theme.dim
      column += canvas.write(name, row: 3, column: column, style: style) + 2
    }
    canvas.write(words("settings.languageHint"), row: 4, column: 6, style: Theme.dim, limit: canvas.width - 9)

    canvas.write(words("settings.houseRules"), row: 7, column: 3, style: Theme.title)
    for (offset, rule) in HouseRules.all.enumerated() {
      let row = 9 + offset * 3
      label(words(rule.key), row: row, index: offset + 1)
      var column = 3 + labelWidth + 2
      for on in [false, true] {
        let name = " " + words(on ? "settings.on" : "settings.off") + " "
        let style = state.houseRules[keyPath: rule.path] == on ? Theme.selected : Theme.dim
        column += canvas.write(name, row: row, column: column, style: style) + 2
      }
      canvas.write(words(rule.key + ".hint"), row: row + 1, column: 6, style: Theme.dim, limit: canvas.width - 9)
    }
    canvas.footer([
      KeyHint(key: "↑↓", label: words("key.move")), KeyHint(key: "←→", label: words("key.choose")),
      KeyHint(key: "Enter", label: words("key.change")),
      KeyHint(key: "Esc", label: words("key.back")),
    ])
  }
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

extension AppState {
  mutating func reduceSettings(_ action: SettingsAction) -> [Effect] {
    switch action {
    case .move(let step):
      guard case .settings(var page) = screen else { return [] }
      page.selection = max(0, min(HouseRules.all.count, page.selection + step))
      screen = .settings(page)
      return []
    case .change(let step), .choose(let step):
      guard case .settings(let page) = screen else { return [] }
      let wraps = action == .change(step)
      func next(_ index: Int, count: Int) -> Int? {
        let target = index + step
        if wraps { return (target + count) % count }
        return (0..<count).contains(target) ? target : nil
      }
      if page.selection == 0 {
        let all = Language.allCases
        guard let index = next(all.firstIndex(of: language) ?? 0, count: all.count) else { return [] }
        language = all[index]
        return [.saveSettings, .redrawAll]
      }
      // Drawn as "Off  On": off is the value on the left.
      let path = HouseRules.all[page.selection - 1].path
      guard let index = next(houseRules[keyPath: path] ? 1 : 0, count: 2) else { return [] }
      houseRules[keyPath: path] = index == 1
      return [.saveSettings]
    }
  }
}

extension HouseRules {
  /// The rules in the order the settings screen lists them, with their locale keys.
  static var all: [(key: String, path: WritableKeyPath<HouseRules, Bool>)] {
    [
      ("settings.revealDeadRoles", \.revealDeadRoles),
      ("settings.hideSpyCount", \.hideSpyCount),
      ("settings.revealCountdown", \.revealCountdown),
    ]
  }
}

extension SettingsScreen: Page {
  func action(for key: Key, in context: PageContext) -> Action? { Self.action(for: key) }

  func draw(into canvas: inout Canvas, in context: PageContext) {
    draw(into: &canvas, state: context.state, words: context.words)
  }

  func back(in state: inout AppState) -> [Effect] {
    state.screen = returnTo.screen
    return []
  }
}
