import Foundation
import PareaCanvas
import PareaLocale
@testable import PareaRules
import Testing

@testable import PareaApp

// The day's vote cast on the phones (a house rule dealt with the game):
// what each phone is asked, what the laptop shows while the town votes,
// the count it opens once everyone has voted, and how the table records it.

@Suite("The vote on the phones")
struct PhoneVoteTests {
  /// Seven players, Palermo narrated by Parea, phones on and every phone
  /// connected, the game dealt with `vote`; the first night played on the
  /// phones (the first night only meets), at the vote; `leaving`: a seat
  /// whose phone goes away in the morning.
  static func atTheVote(
    _ language: Language = .en, vote: PhoneVote, tie: TieRule = .nobodyOut, leaving: Int? = nil
  ) throws -> App {
    // Nobody dies on the first night: seven at the vote, whatever the deal.
    var app = PhonesTests.narratedWithPhones(
      language, dealt: DealtRules(firstNightMeetingOnly: true, tie: tie, phoneVote: vote))
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.phones.nightOnPhones)
    // The night of meeting only: each step lasts its time.
    var steps = 0
    while let narration = app.state.session?.narration, narration.stage.isSecret, steps < 20 {
      app.tick(now: try #require(narration.stageEnds))
      steps += 1
    }
    #expect(app.state.session?.narration?.stage == .morning)
    // A phone that goes away by day: the vote begins without it.
    if let leaving { app.send(.phones(.left(seat: leaving))) }
    app.waitOutPause()
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.session?.narration?.stage == .vote)
    return app
  }

  /// The table records "nobody out" from the vote's list, and says yes.
  static func recordNobody(_ app: inout App) throws {
    let nobody = try #require(app.state.screen.narratorBeneath?.entries(state: app.state).firstIndex(of: .nobody))
    app.waitOutPause()
    for _ in 0..<nobody { app.press(.down) }
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
  }

  static func screen(_ app: App) -> String { app.render(width: 80, height: 24).lines.joined(separator: "\n") }

  /// The screen's words as one line, whitespace folded (a wrapped sentence reads whole).
  static func flat(_ app: App) -> String {
    app.render(width: 80, height: 24).lines.map { String($0.prefix(55)) }.joined(separator: " ")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The actions' panel right of the list (from column 57), as lines.
  static func panel(_ app: App) -> [String] {
    app.render(width: 80, height: 24).lines.dropFirst().dropLast().map {
      String($0.dropFirst(57)).trimmingCharacters(in: .whitespaces)
    }
  }

  static func folded(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

  static func task(_ json: String?) throws -> [String: Any] {
    let text = try #require(json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    return try #require(object["task"] as? [String: Any], "no task in \(object.keys.sorted())")
  }

  @Test("a secret ballot: every phone gets the same task, the laptop counts who has voted, then opens the phones' count for the table to record", arguments: [Language.en, .el])
  func secretBallot(_ language: Language) throws {
    var app = try Self.atTheVote(language, vote: .secret)
    let words = Catalog.builtIn(language)
    let names = try #require(app.state.table).seats.map(\.name)
    // The narrator said to vote on the phones.
    #expect(app.state.screen.narratorBeneath?.said?.cues == [.vote(timeUp: false)])
    #expect(Self.screen(app).contains(Words(wording: words).upper(words.text("narrator.say.vote.phones"))))
    // Every phone has the vote, of one shape: the seven and nobody.
    let views = app.phoneViews()
    #expect(Set(views.values.map { PhonesTests.shape(of: $0) }).count == 1)
    let first = try Self.task(views[0])
    #expect(first["prompt"] as? String == words.text("phone.task.vote"))
    #expect((first["candidates"] as? [[String: Any]])?.map { $0["seat"] as? Int } == [0, 1, 2, 3, 4, 5, 6, PhoneView.nobody])
    #expect(first["pick"] is NSNull)
    // The laptop: the vote on the phones, and nobody has voted yet.
    #expect(Self.flat(app).contains(Self.folded(words.text("narrator.vote.prompt.phones"))), "\(Self.screen(app))")
    #expect(Self.screen(app).contains(words.text("table.votes.count", ["cast": "0", "players": "7"])))
    // Four vote Bob (seat 3) out, one votes Anna, one nobody; one phone only picks.
    let votes: [(Int, Int)] = [(0, 3), (1, 3), (2, 3), (4, 3), (5, 0), (6, PhoneView.nobody)]
    for (voter, target) in votes.dropLast() {
      app.send(.phones(.message(seat: voter, text: "PICK \(target)")))
      #expect(app.send(.phones(.message(seat: voter, text: "CONFIRM"))) == [])
    }
    app.send(.phones(.message(seat: 6, text: "PICK \(PhoneView.nobody)")))
    app.send(.phones(.message(seat: 3, text: "PICK 0")))
    // Five have voted; the two still to vote are named, nobody's vote is shown.
    var screen = Self.screen(app)
    #expect(screen.contains(words.text("table.votes.count", ["cast": "5", "players": "7"])), "\(screen)")
    // The waiting list, under the panel's count: Bob and Kostas, nobody else.
    let panel = Self.panel(app)
    let count = try #require(panel.firstIndex(of: words.text("table.votes.count", ["cast": "5", "players": "7"])))
    #expect(Array(panel[(count + 1)...].filter { !$0.isEmpty }) == [names[3], names[6]], "\(panel)")
    #expect(app.state.screen.narratorBeneath?.counting == nil)
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "narrator-vote-phones.\(language)", styles: true)
    // Each phone holds its own vote alone.
    #expect(try Self.task(app.phoneViews()[0])["pick"] as? Int == 3)
    #expect(try Self.task(app.phoneViews()[6])["pick"] as? Int == PhoneView.nobody)
    #expect(try Self.task(app.phoneViews()[0])["confirmed"] as? Bool == true)
    #expect(try Self.task(app.phoneViews()[3])["confirmed"] as? Bool == false)
    // A cast vote cannot change.
    app.send(.phones(.message(seat: 0, text: "PICK 4")))
    #expect(app.state.phones.ballot.selected[0] == .seat(3))
    // The last two votes: the count opens with the phones' votes in it.
    app.send(.phones(.message(seat: 6, text: "CONFIRM")))
    app.send(.phones(.message(seat: 3, text: "CONFIRM")))
    let page = try #require(app.state.screen.narratorBeneath)
    #expect(page.counting == [2, 0, 0, 4, 0, 0, 0])
    #expect(page.countedOnPhones)
    screen = Self.screen(app)
    #expect(Self.flat(app).contains(Self.folded(words.text("narrator.count.phones"))), "\(screen)")
    // A secret ballot never shows who voted for whom.
    #expect(!screen.contains(words.text("narrator.count.voters")))
    #expect(!names.contains { screen.contains("\($0) → ") })
    #expect(screen.contains(words.text("narrator.count.total.phones", ["count": "6", "players": "7"])))
    // The table records the count as its own: Enter, then yes.
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.screen.narratorBeneath?.confirming == .counted(.out(3)))
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.table?.seats[3].death == .votedOut)
    #expect(app.state.phones.ballot == Ballot())
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"task\"") })
  }

  @Test("an open ballot shows, beside the count, who voted for whom", arguments: [Language.en, .el])
  func openBallot(_ language: Language) throws {
    var app = try Self.atTheVote(language, vote: .open)
    let words = Catalog.builtIn(language)
    let names = try #require(app.state.table).seats.map(\.name)
    #expect(try Self.task(app.phoneViews()[2])["note"] as? String == words.text("phone.note.voteOpen"))
    // Before everyone has voted, no vote is shown, even on an open ballot.
    app.send(.phones(.message(seat: 0, text: "PICK 5")))
    app.send(.phones(.message(seat: 0, text: "CONFIRM")))
    #expect(!names.contains { Self.screen(app).contains("\($0) → ") })
    for voter in 1..<7 {
      app.send(.phones(.message(seat: voter, text: voter == 4 ? "PICK \(PhoneView.nobody)" : "PICK 1")))
      app.send(.phones(.message(seat: voter, text: "CONFIRM")))
    }
    #expect(try Self.task(app.phoneViews()[2])["note"] as? String == words.text("phone.note.voteOpen") + "\n" + words.text("phone.note.voteCast"))
    let screen = Self.screen(app)
    #expect(screen.contains(words.text("narrator.count.voters")), "\(screen)")
    #expect(screen.contains("\(names[0]) → \(names[5])"), "\(screen)")
    #expect(screen.contains("\(names[4]) → \(words.text("narrator.count.nobody"))"), "\(screen)")
    #expect(app.state.screen.narratorBeneath?.counting == [0, 5, 0, 0, 0, 1, 0])
    app.waitOutPause()
    expectGolden(app.render(width: 80, height: 24), "narrator-count-phones-open.\(language)")
  }

  @Test("a tie under the revote rule: the phones vote again among the tied, with a new task")
  func revote() throws {
    var app = try Self.atTheVote(vote: .secret, tie: .revoteOnce)
    let first = try Self.task(app.phoneViews()[0])["id"] as? String
    for voter in 0..<7 {
      app.send(.phones(.message(seat: voter, text: "PICK \(voter < 3 ? 5 : voter < 6 ? 6 : PhoneView.nobody)")))
      app.send(.phones(.message(seat: voter, text: "CONFIRM")))
    }
    #expect(app.state.screen.narratorBeneath?.counting == [0, 0, 0, 0, 0, 3, 3])
    app.waitOutPause()
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.session?.narration?.revoting == true)
    let task = try Self.task(app.phoneViews()[0])
    #expect(task["id"] as? String != first)
    #expect(task["prompt"] as? String == Catalog.builtIn(.en).text("phone.task.revote"))
    #expect((task["candidates"] as? [[String: Any]])?.map { $0["seat"] as? Int } == [5, 6, PhoneView.nobody])
    #expect(task["pick"] is NSNull && task["confirmed"] as? Bool == false)
    #expect(Self.screen(app).contains(Catalog.builtIn(.en).text("table.votes.count", ["cast": "0", "players": "7"])))
  }

  @Test("the table may record the vote itself while the phones vote; a phone not connected cannot vote, and its player is waited for")
  func tableRecordsItself() throws {
    var app = try Self.atTheVote(vote: .secret)
    app.send(.phones(.left(seat: 2)))
    let before = app.state.phones.ballot
    app.send(.phones(.message(seat: 2, text: "PICK 1")))
    #expect(app.state.phones.ballot == before)
    for voter in [0, 1, 3, 4, 5, 6] {
      app.send(.phones(.message(seat: voter, text: "PICK 1")))
      app.send(.phones(.message(seat: voter, text: "CONFIRM")))
    }
    // Six of seven: no count yet, and the missing player is named.
    #expect(app.state.screen.narratorBeneath?.counting == nil)
    let names = try #require(app.state.table).seats.map(\.name)
    #expect(Self.panel(app).contains(names[2]) && !Self.panel(app).contains(names[1]))
    // The table records "nobody out" from the list, as it may at any time.
    try Self.recordNobody(&app)
    #expect(app.state.session?.narration?.stage == .dusk)
    #expect(app.state.phones.ballot == Ballot())
  }

  @Test("a phone missing as the vote begins: the town raises hands; once every phone is there, the vote goes to the phones", arguments: [Language.en, .el])
  func phoneMissingAtTheVote(_ language: Language) throws {
    var app = try Self.atTheVote(language, vote: .secret, leaving: 4)
    let words = Catalog.builtIn(language)
    #expect(!app.state.votesOnPhones)
    #expect(app.state.screen.narratorBeneath?.said?.cues == [.vote(timeUp: false)])
    #expect(Self.screen(app).contains(Words(wording: words).upper(words.text("narrator.say.vote"))))
    #expect(Self.flat(app).contains(Self.folded(words.text("narrator.vote.prompt"))))
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"task\"") })
    app.send(.phones(.message(seat: 0, text: "PICK 1")))
    #expect(app.state.phones.ballot == Ballot())
    // The missing phone comes back: the vote is on the phones, and stays
    // there when a phone goes away again.
    app.send(.phones(.joined(seat: 4, device: String(repeating: "4", count: 32))))
    #expect(app.state.votesOnPhones)
    #expect(Self.screen(app).contains(Words(wording: words).upper(words.text("narrator.say.vote.phones"))))
    #expect(Self.flat(app).contains(Self.folded(words.text("narrator.vote.prompt.phones"))))
    #expect(app.phoneViews().values.allSatisfy { $0.contains("\"task\"") })
    app.send(.phones(.left(seat: 5)))
    #expect(app.state.votesOnPhones)
    // Recorded, the vote is over; the next day's vote is decided afresh.
    try Self.recordNobody(&app)
    #expect(app.state.session?.narration?.stage == .dusk)
    #expect(!app.state.phones.voteOnPhones)
  }

  @Test("the phones' count never takes over a question on the laptop, comes back after Esc from the list, and a recorded vote taken back is cast afresh")
  func theCountStaysTheTables() throws {
    var app = try Self.atTheVote(vote: .secret)
    let words = Catalog.builtIn(.en)
    let first = try Self.task(app.phoneViews()[0])["id"] as? String
    for voter in 0..<6 {
      app.send(.phones(.message(seat: voter, text: "PICK 2")))
      app.send(.phones(.message(seat: voter, text: "CONFIRM")))
    }
    // The laptop asks "Anna?" when the last phone votes: the question stays.
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.screen.narratorBeneath?.confirming == .seat(0))
    app.send(.phones(.message(seat: 6, text: "PICK 2")))
    app.send(.phones(.message(seat: 6, text: "CONFIRM")))
    #expect(app.state.screen.narratorBeneath?.confirming == .seat(0))
    #expect(app.state.screen.narratorBeneath?.counting == nil)
    // No to it: the list says everyone has voted, and its count entry opens the phones' votes.
    app.waitOutPause()
    app.press(.escape)
    #expect(Self.flat(app).contains(Self.folded(words.text("narrator.vote.prompt.phonesDone"))), "\(Self.screen(app))")
    let entries = try #require(app.state.screen.narratorBeneath?.entries(state: app.state))
    let count = try #require(entries.firstIndex(of: .count))
    #expect(Self.screen(app).contains(words.text("narrator.vote.countPhones")))
    app.waitOutPause()
    for _ in 0..<count { app.press(.down) }
    app.press(.enter)
    #expect(app.state.screen.narratorBeneath?.counting == [0, 0, 7, 0, 0, 0, 0])
    #expect(app.state.screen.narratorBeneath?.countedOnPhones == true)
    // Esc, and again: the same votes.
    app.waitOutPause()
    app.press(.escape)
    #expect(app.state.screen.narratorBeneath?.counting == nil)
    app.waitOutPause()
    for _ in 0..<count { app.press(.down) }
    app.press(.enter)
    #expect(app.state.screen.narratorBeneath?.counting == [0, 0, 7, 0, 0, 0, 0])
    // Recorded, then taken back: the vote is cast afresh on every phone.
    app.waitOutPause()
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.table?.seats[2].death == .votedOut)
    app.waitOutPause()
    app.press(.character("u"))
    #expect(app.state.confirmation?.question == .undo(.died(seat: 2, cause: .votedOut)))
    app.send(.confirm(true))
    #expect(app.state.session?.narration?.stage == .vote)
    #expect(app.state.table?.seats[2].isAlive == true)
    #expect(app.state.votesOnPhones && app.state.phones.ballot == Ballot())
    for seat in 0..<7 {
      let task = try Self.task(app.phoneViews()[seat])
      #expect(task["pick"] is NSNull && task["confirmed"] as? Bool == false)
      // A new task: every phone buzzes again.
      #expect(task["id"] as? String != first, "\(String(describing: task["id"]))")
    }
    #expect(Self.panel(app).contains(words.text("table.votes.count", ["cast": "0", "players": "7"])))
  }

  @Test("phones turned off mid-vote: the vote is the table's hands again")
  func phonesOffMidVote() throws {
    var app = try Self.atTheVote(vote: .open)
    app.send(.phones(.message(seat: 0, text: "PICK 2")))
    app.send(.phones(.message(seat: 0, text: "CONFIRM")))
    app.waitOutPause()
    app.press(.character("s"))
    app.moveToSetting("settings.phones")
    app.press(.enter)
    #expect(!app.state.preferences.phones)
    #expect(!app.state.votesOnPhones && app.state.phones.ballot == Ballot() && !app.state.phones.voteOnPhones)
    app.press(.escape)
    #expect(Self.flat(app).contains(Self.folded(Catalog.builtIn(.en).text("narrator.vote.prompt"))))
  }

  @Test("role-blind: the same votes with the roles moved give the same frames and effects, to the open ballot's count", arguments: [PhoneVote.secret, .open])
  func roleBlind(_ vote: PhoneVote) throws {
    var a = try Self.atTheVote(.el, vote: vote)
    let table = try #require(a.state.table)
    var generator = SplitMix64(seed: 41)
    let order = try #require(RoleBlind.order(for: table, fixed: [], generator: &generator))
    var moved = a.state
    moved.session?.table = try #require(table.withRoles(from: order))
    var b = App(state: moved, configuration: configuration(.el, seed: 7, narration: .parea))
    #expect(a.state.table?.seats.map(\.role) != b.state.table?.seats.map(\.role))
    let taps: [(Int, String)] = [(0, "PICK 3"), (0, "CONFIRM"), (4, "PICK -1"), (2, "PICK 3"), (2, "CONFIRM"), (1, "PICK 5"),
      (1, "CONFIRM"), (3, "PICK 2"), (3, "CONFIRM"), (4, "CONFIRM"), (5, "PICK 3"), (5, "CONFIRM"), (6, "PICK 1"), (6, "CONFIRM")]
    for (seat, text) in taps {
      let effectsA = a.send(.phones(.message(seat: seat, text: text)))
      let effectsB = b.send(.phones(.message(seat: seat, text: text)))
      #expect(effectsA == effectsB)
      #expect(a.render(width: 80, height: 24) == b.render(width: 80, height: 24), "after \(seat) \(text)")
      #expect(a.phoneViews().values.map { PhonesTests.shape(of: $0) }.sorted() == b.phoneViews().values.map { PhonesTests.shape(of: $0) }.sorted())
    }
    #expect(a.state.screen.narratorBeneath?.countedOnPhones == true)
    a.waitOutPause()
    b.waitOutPause()
    #expect(a.render(width: 80, height: 24) == b.render(width: 80, height: 24))
  }

  @Test("the waiting list that does not fit the panel ends by saying how many more", arguments: [Language.en, .el])
  func waitingListEnds(_ language: Language) throws {
    let app = try Self.atTheVote(language, vote: .secret)
    let table = try #require(app.state.table)
    let words = Words(wording: Catalog.builtIn(language))
    var canvas = Canvas(width: 80, height: 24)
    // Three rows for the seven still to vote: two names, then "and 5 more".
    let next = PhoneStatus.drawPanel(
      into: &canvas, state: app.state, table: table, words: words, row: 10, column: 57, width: 23, bottom: 17)
    #expect(next == 18)
    let lines = canvas.lines.map { String($0.dropFirst(57)).trimmingCharacters(in: .whitespaces) }
    #expect(Array(lines[15...17]) == [table.seats[0].name, table.seats[1].name, words("table.votes.more", ["count": "5"])])
  }

  @Test("with the vote by hands, phones get no vote and the narrator asks for hands")
  func byHands() throws {
    var app = try Self.atTheVote(vote: .off)
    let words = Catalog.builtIn(.en)
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"task\"") })
    app.send(.phones(.message(seat: 0, text: "PICK 1")))
    app.send(.phones(.message(seat: 0, text: "CONFIRM")))
    #expect(app.state.phones.ballot == Ballot())
    #expect(Self.flat(app).contains(Self.folded(words.text("narrator.vote.prompt"))))
    #expect(!Self.screen(app).contains(words.text("table.votes")))
    #expect(Self.screen(app).contains(Words(wording: words).upper(words.text("narrator.say.vote"))))
  }
}
