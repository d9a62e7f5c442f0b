import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// ←/→ light the value on that side; Enter steps round.
@Suite struct SettingsChoiceTests {
  @Test func rightOnTheRightValueKeepsIt() {
    var app = makeApp()
    app.press(.character("s"), .down)
    #expect(app.press(.right) == [.saveSettings])
    #expect(app.state.houseRules.revealDeadRoles)
    let on = app.state
    #expect(app.press(.right).isEmpty)
    #expect(app.state == on)
    #expect(app.press(.left) == [.saveSettings])
    #expect(app.state.houseRules.revealDeadRoles == false)
    let off = app.state
    #expect(app.press(.left).isEmpty)
    #expect(app.state == off)
    app.press(.enter)
    #expect(app.state.houseRules.revealDeadRoles)
    app.press(.enter)
    #expect(app.state.houseRules.revealDeadRoles == false)
  }

  @Test func theLanguageRowStopsAtItsEnds() {
    var app = makeApp()
    app.press(.character("s"))
    let english = app.state
    #expect(app.press(.left).isEmpty)
    #expect(app.state == english)
    #expect(app.press(.right) == [.saveSettings, .redrawAll])
    #expect(app.state.language == .el)
    let greek = app.state
    #expect(app.press(.right).isEmpty)
    #expect(app.state == greek)
    app.press(.enter)
    #expect(app.state.language == .en)
  }
}
