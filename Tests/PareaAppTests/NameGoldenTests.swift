import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Greek screens that put a player's name in a sentence, each with a man's
/// name in -ος and one in -ης, a woman's name and a Latin name: the sentence
/// reads right with every one (the name stands as a label, never in the
/// vocative, with no article or agreeing word).
@Suite struct NameGoldenTests {
  /// The named player, by the slug used in the golden's file name.
  static let names: [String: String] = ["nikos": "Νίκος", "giannis": "Γιάννης", "maria": "Μαρία", "bob": "Bob"]
  static let slugs = ["nikos", "giannis", "maria", "bob"]
  /// The rest of the table.
  static let others = ["Ελένη", "Παύλος", "Fay", "Σοφία"]

  /// The hand-off to the named player, first at the table: «Σειρά έχει: {name}.»
  @Test(arguments: slugs) func handOff(_ slug: String) throws {
    let name = try #require(Self.names[slug])
    var app = makeApp(.el)
    app.send(.home(.play("spy")))
    app.addPlayers([name] + Self.others)
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.waitOutPause()
    #expect(app.state.table?.seats.first?.name == name)
    expectGolden(app.render(width: 80, height: 24), "name-handoff-\(slug).el")
  }

  /// "Are you…?" before a player looks at their role again: «Τον ρόλο θα δει: {name}.»
  @Test(arguments: slugs) func areYou(_ slug: String) throws {
    let name = try #require(Self.names[slug])
    var app = spyTable(spy: 1, language: .el, names: [name] + Self.others)
    app.press(.character("l"), .enter)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "name-are-you-\(slug).el")
  }

  /// The table accuses the named player: who started it («Κατηγορήθηκε: {name}.»),
  /// then the summary's sentence: wrong for Νίκος and Bob, right for Γιάννης and Μαρία.
  @Test(arguments: slugs) func accusation(_ slug: String) throws {
    let name = try #require(Self.names[slug])
    let isSpy = slug == "giannis" || slug == "maria"
    var app = spyTable(spy: isSpy ? 0 : 1, language: .el, names: [name] + Self.others)
    app.press(.character("v"), .enter)  // the table accuses the first player, the named one
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "name-vote-starter-\(slug).el")
    app.press(.enter)  // started by the next player
    #expect(app.state.table?.votes.map(\.target) == [0])
    try #require(app.state.screen.isSummary, "the accusation did not end the round: \(app.state.screen)")
    app.showResult()
    expectGolden(app.render(width: 80, height: 24), "name-summary-\(slug).el")
  }
}
