import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The test store passes a step stated whole, fails any other, and says where.
@Suite struct TestStoreTests {
  /// Whether an issue's comments contain `text`.
  static func says(_ text: String) -> (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
  }

  @Test func aStepStatedWholePasses() {
    var store = TestStore(makeApp())
    store.send(.home(.move(-1))) { $0.screen = .home(.at(.quit, in: $0)) }
    store.press(.character("s")) { $0.screen = .settings(SettingsScreen(returnTo: ReturnPoint(.home(.at(.quit, in: $0))))) }
    store.send(.settings(.change(1)), effects: [.saveSettings, .redrawAll]) {
      $0.language = .el
      $0.languageChosen = true
    }
  }

  @Test func aWrongValueFailsAndNamesTheField() {
    var store = TestStore(makeApp())
    let settings = HomeScreen.at(.settings, in: store.state).selection
    let quit = HomeScreen.at(.quit, in: store.state).selection
    withKnownIssue {
      // Up from the first line wraps to the last, Quit: not the settings.
      store.send(.home(.move(-1))) { $0.screen = .home(.at(.settings, in: $0)) }
    } matching: { issue in Self.says("screen.home.selection: - \(settings), + \(quit)")(issue)
        && Self.says("After send(.page(.home(.move(-1))))")(issue)
    }
    // The store went on with the step taken: the next step starts from the actual state.
    #expect(store.state.screen == .home(.at(.quit, in: store.state)))
  }

  @Test func aChangeLeftUnsaidFails() {
    var store = TestStore(makeApp())
    withKnownIssue {
      store.send(.home(.move(1)))
    } matching: { issue in
      Self.says("screen.home.selection: - 0, + 1")(issue)
    }
  }

  @Test func aChangeThatDidNotHappenFails() {
    var store = TestStore(makeApp())
    withKnownIssue {
      store.send(.home(.move(0))) { $0.language = .el }
    } matching: { issue in
      Self.says("language: - .el, + .en")(issue)
    }
  }

  @Test func wrongEffectsFailAndAreShownBothWays() {
    var store = TestStore(makeApp())
    store.send(.home(.openSettings)) { $0.screen = .settings(SettingsScreen(returnTo: ReturnPoint(.home(HomeScreen())))) }
    withKnownIssue {
      store.send(.settings(.change(1)), effects: [.saveSettings]) { $0.language = .el }
    } matching: { issue in
      Self.says("- [.saveSettings]\n  + [.saveSettings, .redrawAll]")(issue)
    }
  }

  /// A change deep inside the game: one line, named by its whole path.
  @Test func aDeathAtTheTableIsOneLine() throws {
    let app = tableApp(Palermo(), palermoRoles)
    var after = app.state
    try after.session?.table?.markDead(3, cause: .killedAtNight)
    let lines = StateDifference.lines(app.state, after)
    #expect(lines.contains("session.table.seats[3].death: - nil, + .killedAtNight"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("session.table.log[") }, "\(lines)")
    #expect(lines.count <= 6, "\(lines)")
  }

  @Test func listsDictionariesAndSetsShowWhatIsMissingAndWhatIsNew() {
    var one = AppState(language: .en)
    one.players = ["A", "B"]
    one.excludedLocations = ["zoo", "casino"]
    var other = one
    other.players = ["A", "C", "D"]
    other.excludedLocations = ["zoo", "train"]
    #expect(StateDifference.lines(one, other) == [
      #"players[1]: - "B", + "C""#,
      #"players[2]: - (none: 2 in all), + "D""#,
      #"excludedLocations: - "casino", + "train""#,
    ])
    let scores = StateDifference.lines(["Anna": 1, "Bob": 2], ["Anna": 1, "Bob": 3, "Eve": 0])
    #expect(scores == [#"["Bob"]: - 2, + 3"#, #"["Eve"]: - (none), + 0"#])
  }

  @Test func equalValuesHaveNoDifference() {
    let app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local], location: "zoo")
    #expect(StateDifference.lines(app.state, app.state).isEmpty)
  }

  @Test func theDumpsDifferenceIsTheLastResort() {
    let lines = StateDifference.dumpDifference(["a", "b", "c"], ["a", "x", "c"])
    #expect(lines.contains { $0.hasPrefix("-") && $0.contains("\"b\"") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("+") && $0.contains("\"x\"") }, "\(lines)")
  }
}
