import PareaLocale

/// Language (and, later, house rules).
public struct SettingsScreen: Hashable, Sendable {
  /// The highlighted setting.
  public var selection = 0
  /// Where Esc goes.
  public var returnTo: ReturnPoint

  static func action(for key: Key) -> Action? {
    switch Shortcut(key) {
    case .up: .settings(.move(-1))
    case .down: .settings(.move(1))
    case .left: .settings(.change(-1))
    case .right, .enter, .space: .settings(.change(1))
    case .escape, .letter("q"): .back
    default: nil
    }
  }

  func draw(into canvas: inout Canvas, state: AppState, words: Words) {
    canvas.header(words, title: words("settings.title"))
    let label = TextWidth.pad(words("settings.language"), to: 24)
    let row = 4
    canvas.write(label, row: row, column: 6, style: Style(bold: true))
    var column = 30
    for language in Language.allCases {
      let name = " " + words("language.\(language.rawValue)") + " "
      let style = language == state.language ? Theme.selected : Theme.dim
      column += canvas.write(name, row: row, column: column, style: style) + 2
    }
    canvas.write(words("settings.languageHint"), row: row + 2, column: 6, style: Theme.dim, limit: canvas.width - 12)
    canvas.footer([
      KeyHint(key: "←→", label: words("key.change")), KeyHint(key: "Esc", label: words("key.back")),
    ])
  }
}

/// What the user can do in the settings.
public enum SettingsAction: Hashable, Sendable {
  /// Move between settings.
  case move(Int)
  /// Change the highlighted setting.
  case change(Int)
}

extension AppState {
  mutating func reduceSettings(_ action: SettingsAction) -> [Effect] {
    switch action {
    case .move: return []  // one setting for now: nothing to move between
    case .change(let step):
      let all = Language.allCases
      let index = all.firstIndex(of: language) ?? 0
      language = all[(index + step + all.count) % all.count]
      return [.saveSettings, .redrawAll]
    }
  }
}

/// Shown instead of any screen while the terminal is smaller than 80×24.
enum TooSmallView {
  static func draw(into canvas: inout Canvas, words: Words, size: Size) {
    let lines = TextWidth.wrap(
      words("tooSmall.message", [
        "width": String(AppState.minimumWidth), "height": String(AppState.minimumHeight),
        "currentWidth": String(size.width), "currentHeight": String(size.height),
      ]), width: max(1, canvas.width - 2))
    let top = max(0, (canvas.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      canvas.center(line, row: top + offset, in: canvas.bounds, style: Style(bold: true))
    }
  }
}
