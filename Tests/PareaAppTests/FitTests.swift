import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Strings that sit in fixed columns fit them in both languages (longer text
/// wraps on its own and is covered by the golden screens).
@Suite struct FitTests {
  /// Key prefix or exact key → the most columns its text may take.
  static let limits: [(String, Int)] = [
    ("key.", 16),  // footer hints: up to six on one 80-column line
    ("table.command.", 20),  // the actions panel
    ("table.player", 24), ("table.state", 21), ("table.alive", 21), ("cause.", 21),
    ("table.deadRole", 14),  // with a role name (at most 17 today) in the 30 columns under State
    ("players.empty", 36),  // one line of the players' column, beside the quick picks
    // Spy's count: a row's name after its 3-column marker, its value between the arrows.
    ("setup.roundLength", 25), ("setup.roundMinutes.", 16),
  ]

  @Test(arguments: Language.allCases) func fixedColumnsFit(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    for key in catalog.keys(in: language) {
      for (prefix, limit) in Self.limits where key.hasPrefix(prefix) && !key.hasSuffix(".hint") {
        let width = TextWidth.of(catalog.text(key))
        #expect(width <= limit, "\(key) in \(language) is \(width) columns; at most \(limit)")
      }
      if key.hasSuffix(".hint") && key.hasPrefix("settings.") {
        #expect(TextWidth.of(catalog.text(key)) <= 71, "\(key) in \(language)")
      }
    }
  }

  /// Every row of the settings screen fits it at its narrowest: the label in
  /// its column, the values after it (short of the scroll marks), the hint and
  /// the section titles on their lines.
  @Test(arguments: Language.allCases) func settingsFit(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    let words = Words(wording: catalog)
    // Every row its own words: a row added with another's label would hide here.
    #expect(Set(SettingsScreen.settings.map(\.label)).count == SettingsScreen.settings.count)
    for setting in SettingsScreen.settings {
      let label = TextWidth.of(catalog.text(setting.label))
      #expect(label <= SettingsScreen.labelWidth, "\(setting.label) in \(language) is \(label) columns")
      let values = SettingsScreen.width(ofValues: setting, words: words)
      #expect(values <= SettingsScreen.valuesWidth, "the values of \(setting.label) in \(language): \(values)")
      #expect(TextWidth.of(catalog.text(setting.hint)) <= 71, "\(setting.hint) in \(language)")
    }
    for section in SettingsScreen.sections {
      #expect(TextWidth.of(catalog.text(section.title)) <= AppState.minimumWidth - 6, "\(section.title)")
    }
  }

  @Test(arguments: Language.allCases) func gameAndRoleNamesFit(_ language: Language) {
    let catalog = Catalog.builtIn(language)
    for game in GameRegistry.all {
      #expect(TextWidth.of(catalog.text("game.\(game.id).name")) <= 12)
      #expect(TextWidth.of(catalog.text("game.\(game.id).blurb")) <= 56, "blurb of \(game.id)")
      for role in game.roles {
        // The setup lists are 32 columns wide with a 3-column marker.
        #expect(TextWidth.of(catalog.text("role.\(role.id).name")) <= 24, "\(role.id)")
      }
    }
  }

  @Test(arguments: Language.allCases) func locationNamesFitTheGrid(_ language: Language) {
    var catalog = Catalog.builtIn(language)
    catalog.language = language
    for location in catalog.locations() {
      // Three columns of 24 on the guess screen, two of them for the marker.
      #expect(TextWidth.of(catalog.locationName(location.id)) <= 22, "\(location.id) in \(language)")
      for index in 0..<location.roleCount {
        #expect(TextWidth.of(catalog.locationRole(location.id, index: index)) <= 40)
      }
    }
  }
}

/// The fullest footer (home with a game in progress) shows every hint in both languages.
@Suite struct FooterTests {
  @Test(arguments: Language.allCases) func everyHintIsShown(_ language: Language) {
    var app = GoldenScreenTests.palermoTable(language)
    var state = app.state
    state.screen = .home(HomeScreen())
    app = App(state: state, configuration: configuration(language))
    let footer = app.render(width: 80, height: 24).lines.last ?? ""
    let words = Words(wording: Catalog.builtIn(language))
    let hints = HomeScreen().commands(in: app.state, words: words).hints(words)
    #expect(hints.count >= 5)  // move, play, rules, discard, quit
    for hint in hints {
      #expect(footer.contains("\(hint.key) \(hint.label)"), "\(hint.key) \(hint.label) missing from: \(footer)")
    }
  }
}
