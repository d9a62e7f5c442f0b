import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

private typealias R = Palermo.Roles

/// The table follows the game's rules where they refuse something: Killer's
/// Cop cannot be killed, and under the first-night house rule nobody dies on
/// Palermo's first night.
@Suite struct TableRulesTests {
  /// Everyone is listed (a shorter list would tell the table who the Cop
  /// is), and whoever is marked out answers in private: the Cop or a killer,
  /// whom a wink cannot take out, stays in whatever they press, and the
  /// table sees the same words as for a citizen who says no.
  @Test(arguments: [Language.en, .el]) func aPlayerMarkedOutAnswersInPrivate(_ language: Language) throws {
    var app = tableApp(Killer(), killerRoles, language: language)
    app.send(.table(.command(.markDead)))
    #expect(app.state.pickable(for: .markDead) == Array(killerRoles.indices), "every living player is listed")
    let before = try #require(app.state.table)
    try app.pick(1, answeringOut: false)  // Νίκος, the Cop
    #expect(app.state.screen == .outAnswer(OutAnswerScreen(seat: 1, cause: .killed, table: try #require(app.state.screen.tableBeneath))))
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "table-killer-out-handoff.\(language)")
    app.press(.enter)
    #expect(
      app.state.screen
        == .outAnswer(OutAnswerScreen(seat: 1, cause: .killed, stage: .answering, table: try #require(app.state.screen.tableBeneath))))
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "table-killer-out-cop.\(language)")
    app.press(.enter)  // "I am out": a wink cannot take the Cop out
    #expect(app.state.table == before, "nothing recorded")
    // The laptop goes back to the table first: a page that says nothing of the answer.
    let handBack = app.render(width: 80, height: 24)
    expectGolden(handBack, "table-killer-out-handback.\(language)", styles: true)
    app.handBack()
    let refused = app.render(width: 80, height: 24)
    #expect(app.page?.notice?.message == "table.out.stillIn.message")
    // A citizen who says no: the same screen at the table.
    app.press(.escape)
    app.send(.table(.command(.markDead)))
    try app.pick(2, answeringOut: false)
    app.press(.enter)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "table-killer-out-citizen.\(language)")
    app.press(.escape)  // "I am not out"
    #expect(app.state.table == before, "nothing recorded")
    #expect(app.render(width: 80, height: 24) == handBack, "the hand-back is the same whatever was answered")
    app.handBack()
    let declined = app.render(width: 80, height: 24)
    #expect(refused.lines.dropFirst(4) == declined.lines.dropFirst(4) || refused.lines.count == declined.lines.count)
    // A citizen who says yes is out.
    app.press(.escape)
    app.send(.table(.command(.markDead)))
    try app.pick(2, answeringOut: false)
    app.press(.enter, .enter)
    #expect(app.state.table?.seats[2].death == .killed)
    app.handBack()
    #expect(app.page?.notice?.message == "table.out.done.message")
  }

  @Test(arguments: [false, true]) func theFirstNightFollowsTheHouseRule(_ meetingOnly: Bool) throws {
    var state = tableApp(Palermo(), palermoRoles).state
    // The table follows the rule it was dealt with, whatever the settings say now.
    state.session?.table?.options.dealt.firstNightMeetingOnly = meetingOnly
    state.houseRules.dealt.firstNightMeetingOnly = !meetingOnly
    var app = App(state: state, configuration: configuration(.en))
    let hint = meetingOnly ? "the thieves only recognise each other" : "the thieves choose a victim"
    #expect(app.screen.contains(hint), "\(app.screen)")
    let before = try #require(app.state.table)
    app.send(.table(.command(.markDead)))
    if meetingOnly {
      #expect(app.state.table == before)
      #expect(app.page?.mode == .main && app.page?.notice?.title == "table.meetingNight.title")
      #expect(app.screen.contains("Nobody dies on the first night"), "\(app.screen)")
      expectGolden(app.render(width: 80, height: 24), "table-palermo-meeting-night.en")
    } else {
      #expect(app.page?.mode == .pick(.markDead))
      try app.pick(5)
      app.send(.table(.pick))  // the night's own cause, listed first
      #expect(app.state.table?.seats[5].death == .killedAtNight)
    }
    // The second night is a night like any other under either rule.
    app.send(.table(.command(.nextPhase)))
    app.send(.table(.command(.nextPhase)))
    #expect(app.state.table?.round == 2 && app.state.table?.phase == .night)
    #expect(app.screen.contains("the thieves choose a victim"))
    app.send(.table(.command(.markDead)))
    #expect(app.page?.mode == .pick(.markDead))
  }

  /// The rules refuse a first-night kill under the house rule whoever asks:
  /// a night of meeting only has no death of the night's own causes.
  @Test func theRulesRefuseAFirstNightKillUnderTheHouseRule() throws {
    var table = try #require(tableApp(Palermo(), palermoRoles).state.table)
    let meeting = DealtRules(firstNightMeetingOnly: true)
    let before = table
    #expect(throws: TableError.notAllowed) { try table.markDead(5, cause: .killedAtNight, rules: meeting) }
    #expect(table == before)
    try table.markDead(5, cause: .killedAtNight)
    #expect(table.seats[5].death == .killedAtNight, "off (the default): the thieves kill on the first night")
  }
}

/// A role card is true of the game dealt: a Red thief dealt without the
/// Black thief, or a Policeman without a Snitch, is not promised a partner,
/// and the block under the card says that the role it would know is not in
/// this game.
@Suite struct TrueCardTests {
  @Test(arguments: [Language.en, .el]) func aCardWithoutItsPartner(_ language: Language) throws {
    let roles = [R.redThief, R.policeman, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]
    let app = tableApp(Palermo(), roles, language: language)
    let table = try #require(app.state.table)
    let words = Words(wording: Catalog.builtIn(language))
    for seat in [0, 1] {
      var canvas = Canvas(width: 80, height: 24)
      RevealScreen(seat: seat).draw(into: &canvas, state: app.state, words: words)
      // Justified: a run of spaces reads as one.
      let text = canvas.lines.map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: "\n")
      #expect(text.contains(words("knowledge.noOne").prefix(20)), "\(text)")
      expectGolden(canvas, "reveal-alone-\(table.seats[seat].role.rawValue.split(separator: ".").last!).\(language)")
    }
  }

  /// The Doctor's card says the house rules that limit the Doctor's choice,
  /// as the game was dealt (the defaults here: themself yes, a repeat no).
  @Test(arguments: [Language.en, .el]) func theDoctorsHouseRules(_ language: Language) throws {
    let roles = [R.redThief, R.policeman, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]
    let app = tableApp(Palermo(), roles, language: language)
    let words = Words(wording: Catalog.builtIn(language))
    var canvas = Canvas(width: 80, height: 24)
    RevealScreen(seat: 2).draw(into: &canvas, state: app.state, words: words)
    let text = canvas.lines.map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
    let rule = words("game.palermo.card.doctorMayRepeat.off")
    #expect(text.contains(rule.split(separator: " ").suffix(3).joined(separator: " ")), "\(text)")
    expectGolden(canvas, "reveal-doctor.\(language)")
    // A game dealt under other rules says those.
    var other = app.state
    other.session?.table?.options.dealt = DealtRules(doctorMayProtectSelf: false, doctorMayRepeat: true)
    let description = other.roleDescription(R.doctor, of: Palermo(), words: words)
    #expect(description.hasSuffix(words("card.houseRules", ["rules": words("game.palermo.card.doctorMayProtectSelf.off") + words("card.houseRules.and") + words("game.palermo.card.doctorMayRepeat.on")])))
    // A role no house rule limits says none.
    #expect(!other.roleDescription(R.redThief, of: Palermo(), words: words).contains(words("card.houseRules", ["rules": ""]).dropLast(2)))
  }
}
