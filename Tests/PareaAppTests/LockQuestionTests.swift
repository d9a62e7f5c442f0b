import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Without a working lock on the saved files the app starts by asking
/// whether to play without saving or to quit ("No", highlighted first, quits).
@Suite struct LockQuestionTests {
  static let question = Confirmation.playWithoutSaving(
    file: "~/.local/state/parea/lock", reason: "store.lock.reason.notAFile",
    kind: "store.lock.kind.folder")

  static func app(_ language: Language) -> App {
    var configuration = configuration(language)
    configuration.noWorkingLock = question
    return App(configuration: configuration)
  }

  @Test(arguments: GoldenScreenTests.languages) func asksFirst(_ language: Language) {
    var app = Self.app(language)
    #expect(app.state.confirmation == Self.question)
    expectGolden(app.render(width: 80, height: 24), "lock-question.\(language)")
    let effects = app.press(.character(language == .el ? "ν" : "y"))
    #expect(effects.isEmpty && !app.isFinished && app.state.confirmation == nil)
    #expect(app.state.notices.map(\.title) == ["store.readOnly.title"])
    expectGolden(app.render(width: 80, height: 24), "lock-read-only.\(language)")
  }

  @Test("No, Enter on the highlighted No, and Esc all quit at once")
  func noQuits() {
    for key in [Key.character("n"), .enter, .escape] {
      var app = Self.app(.en)
      let effects = app.press(key)
      #expect(effects == [.quit], "\(key)")
      #expect(app.isFinished, "\(key)")
    }
  }

  @Test(arguments: GoldenScreenTests.languages) func lockLost(_ language: Language) {
    var app = makeApp(language)
    app.send(.reported([
      Notice(
        kind: .error, title: "store.lockLost.title", message: "store.lockLost.message",
        args: ["file": .text("~/.local/state/parea/lock")])
    ]))
    expectGolden(app.render(width: 80, height: 24), "lock-lost.\(language)")
  }
}
