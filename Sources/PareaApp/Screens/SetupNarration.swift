import PareaCanvas
import PareaRules

/// Setup, games with nights (Palermo): the first page, where a group decides
/// how it will play — who narrates (remembered with the settings) and how long
/// the day's discussion lasts. Enter goes on to the roles; Esc back to the players.
extension SetupScreen {
  /// What the page lets the user do.
  func narrationCommands(rules: KeyCommand) -> [KeyCommand] {
    [
      .shown("Enter", "key.toRoles", [(.enter, .setup(.chooseNarration(false)))]),
      .shown("↑↓", "key.choose", [(.up, .setup(.moveNarration(-1))), (.down, .setup(.moveNarration(1)))]),
      .shown(
        "←→", "key.dayLength", [(.left, .setup(.changeRoundMinutes(-1))), (.right, .setup(.changeRoundMinutes(1)))]),
      rules,
      .shown("Esc", "key.back", [(.escape, .back)]),
      .hidden(
        .alias,
        [
          (.tab, .setup(.chooseNarration(false))), (.letter("-"), .setup(.changeRoundMinutes(-1))),
          (.letter("+"), .setup(.changeRoundMinutes(1))),
        ]),
    ]
  }

  func drawNarrationChoice(into canvas: inout Canvas, state: AppState, words: Words) {
    canvas.header(words, title: words.gameName(state.game) + "  ·  " + words("setup.title"))
    canvas.write(words("setup.narration.title"), row: 2, column: 3, style: Theme.title)
    var row = 4
    for mode in NarrationMode.menu {
      let selected = mode == state.preferences.narration
      canvas.write((selected ? "▸ " : "  ") + words(AppKeys.narrationMode(mode)), row: row, column: 3,
        style: selected ? Theme.selected : Style(bold: true))
      row += 1
      // Parea's hint says who wakes and chooses: the game's own words, if it has them.
      let hint = mode == .parea ? words.line(.pareaHint, of: state.game) : words(AppKeys.narrationHint(mode))
      for line in TextWidth.wrap(hint, width: canvas.width - 10).prefix(2) {
        canvas.write(line, row: row, column: 7, style: selected ? Theme.normal : Theme.dim)
        row += 1
      }
      row += 1
    }
    let minutes = state.preferences.minutes(for: state.rules) ?? 3
    let length = "◂ " + words.plural("setup.narration.minutes", minutes) + " ▸"
    canvas.write(words("setup.narration.day"), row: row + 1, column: 3, style: Style(bold: true))
    canvas.write(length, row: row + 1, column: 30, style: Theme.key)
    // Without a voice, a bell cannot tell sleeping players who should wake:
    // said here, below the choices, before the group chooses Parea.
    let silent = state.voiceFound == false ? "setup.narration.noVoice" : !state.preferences.voice ? "setup.narration.voiceOff" : nil
    if let silent {
      var noticeRow = row + 3
      for line in TextWidth.wrap(words(silent), width: canvas.width - 8) where noticeRow < canvas.height - 2 {
        canvas.write(line, row: noticeRow, column: 3, style: Theme.bad)
        noticeRow += 1
      }
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }
}

extension NarrationMode {
  /// The ways to narrate, as the setup page lists them.
  static let menu: [NarrationMode] = [.parea, .moderator, .manual]
}
