import PareaCanvas

/// One thing a screen lets its user do by key, and how its footer says so.
/// A screen's `commands(in:words:)` (required by `Page`) is the one list that
/// both what a key means there and its footer's hints come from (as gitui's
/// `commands()`): a key in the footer always does what it says, and a key
/// that does something is in the footer or says why it is not
/// (`RoleBlind.footerIsItsCommands` checks every screen it reaches).
struct KeyCommand {
  /// How the footer says it.
  enum Hint: Equatable {
    /// In the footer, in the list's order: the key as drawn ("↑↓",
    /// "Enter") and the locale key of what it does.
    case shown(key: String, label: String)
    /// Not in the footer, and why.
    case hidden(Hidden)
  }

  /// Why a command is not in the footer.
  enum Hidden: Equatable {
    /// Another key for a command the footer shows: Space for Enter, q for
    /// Esc, Home and End beside ↑↓ (vi's j and k are folded into ↑↓ by
    /// `Shortcut` itself).
    case alias
    /// A key the screen shows beside what it does (a game's number on the menu).
    case onScreen
    /// ↑↓ in the one list on show, where the footer has no room for them.
    case moving
    /// A key the README's table of keys gives for the screen, for which the
    /// footer has no room at 80 columns.
    case documented
    /// Editing a text field (its typed characters are the screen's own).
    case typing
    /// Any key no other command answers to (a page that any key closes).
    case anyOtherKey
    /// Keys a page takes at every stage, also where it lists nothing to
    /// move over or choose: the narrator's secret step takes keys after its
    /// choice as it did before it, so that a key tells nothing.
    case neutral
  }

  /// How the footer says it, or why it does not.
  let hint: Hint
  /// The keys it answers to, and what each does.
  let bindings: [(key: Shortcut, action: Action)]
  /// What any key no command answers to does (`Hidden.anyOtherKey`).
  var otherwise: Action? = nil

  /// A command the footer shows as `key` and `label` (a locale key).
  static func shown(_ key: String, _ label: String, _ bindings: [(Shortcut, Action)]) -> KeyCommand {
    KeyCommand(hint: .shown(key: key, label: label), bindings: bindings.map { (key: $0.0, action: $0.1) })
  }

  /// What any other key does, after every command's own keys.
  static func otherwise(_ action: Action) -> KeyCommand {
    KeyCommand(hint: .hidden(.anyOtherKey), bindings: [], otherwise: action)
  }

  /// A command the footer does not show, and why.
  static func hidden(_ why: Hidden, _ bindings: [(Shortcut, Action)]) -> KeyCommand {
    KeyCommand(hint: .hidden(why), bindings: bindings.map { (key: $0.0, action: $0.1) })
  }
}

extension [KeyCommand] {
  /// What `key` means: the action of the first command that answers to it.
  func action(for key: Key) -> Action? {
    let shortcut = Shortcut(key)
    for command in self {
      for binding in command.bindings where binding.key == shortcut { return binding.action }
    }
    return lazy.compactMap(\.otherwise).first
  }

  /// The footer's hints, in the list's order.
  func hints(_ words: Words) -> [KeyHint] {
    compactMap { command in
      guard case .shown(let key, let label) = command.hint else { return nil }
      return KeyHint(key: key, label: words(label))
    }
  }
}

extension Page {
  /// What `key` means: read from the screen's commands (a screen that types
  /// text reads its typed characters first, `PlayersScreen.typed`).
  func action(for key: Key, in context: ScreenContext) -> Action? {
    commands(in: context.state, words: context.words).action(for: key)
  }
}

extension Canvas {
  /// The footer of a screen's commands: the hints of those it shows.
  mutating func footer(_ commands: [KeyCommand], words: Words) {
    footer(commands.hints(words))
  }
}
