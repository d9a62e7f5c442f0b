import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// What the narrator says in one breath names each player once.
@Suite struct NarratorLinesTests {
  static let names = ["Anna", "Νίκος", "Kostas", "Μαρία", "Eleni"]
  static let table = Table(
    game: Palermo(),
    seats: zip(names, [R.redThief, R.doctor, R.redKamikaze, R.citizens[0], R.citizens[1]]).map { Seat(name: $0.0, role: $0.1) },
    options: TableOptions())
  private typealias R = Palermo.Roles

  @Test("a kamikaze voted out is named once: the vote names them, the next line does not", arguments: [Language.en, .el])
  func kamikazeVotedOut(_ language: Language) {
    let words = Words(wording: Catalog.builtIn(language))
    let lines = NarratorLines.lines(for: [.votedOut(seat: 2), .takeAlong(by: 2)], table: Self.table, words: words)
    #expect(lines == [words("narrator.say.votedOut", ["name": "Kostas"]), words("game.palermo.line.takeAlongVotedOut")])
    #expect(lines.joined(separator: " ").components(separatedBy: "Kostas").count == 2, "\(lines)")
    // A kamikaze taken out otherwise (the moderator's table, a later cue) is still named.
    let alone = NarratorLines.lines(for: [.takeAlong(by: 2)], table: Self.table, words: words)
    #expect(alone == [words("game.palermo.line.takeAlong", ["name": "Kostas"])])
  }

  @Test("a vote's result reads with one colon, as the count's result and as the question before it is recorded", arguments: [Language.en, .el])
  func oneColon(_ language: Language) {
    let words = Words(wording: Catalog.builtIn(language))
    let results = [
      words("narrator.vote.result.out", ["name": "Νίκος"]), words("narrator.vote.result.out.phones", ["name": "Νίκος"]),
      words("narrator.vote.result.nobody"), words("narrator.vote.result.nobody.phones"),
      words("narrator.vote.result.tied", ["names": "Νίκος, Bob"]),
    ]
    for result in results {
      for sentence in [words("narrator.count.result", ["result": result]), words("narrator.confirm", ["choice": result])] {
        #expect(sentence.filter { $0 == ":" }.count == 1, "\(sentence)")
      }
    }
  }
}
