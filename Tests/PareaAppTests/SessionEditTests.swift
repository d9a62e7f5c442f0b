import PareaRules
import Testing

@testable import PareaApp

private typealias R = Palermo.Roles

/// A screen's draft of the game in play reaches the app as one edit, taken
/// as it is; its changes are played again only on a game that moved on
/// meanwhile, and a refusal then is said, never dropped.
@Suite struct SessionEditTests {
  let roles = [R.redThief, R.doctor, R.citizens[0], R.citizens[1], R.citizens[2]]

  @Test("a draft's edit is taken as it is, not applied a second time")
  func takenAsItIs() throws {
    var state = tableApp(Palermo(), roles).state
    var draft = try #require(SessionDraft(state.session))
    try draft.apply(.look(seat: 0))
    #expect(draft.changes.count == 1)
    guard case .edit(let edit)? = draft.changes.first else {
      Issue.record("a draft's changes are one edit: \(draft.changes)")
      return
    }
    // An edit whose result is not what its steps would make shows that the
    // result is taken, not the steps played again.
    var other = try #require(SessionDraft(state.session))
    try other.apply(.look(seat: 1))
    state.apply(.edit(SessionEdit(base: edit.base, result: other.session, steps: edit.steps)))
    #expect(state.session == other.session)
    #expect(state.notices.isEmpty)
  }

  @Test("an edit of a game that moved on is played again on it; a step it refuses is said and stops the rest")
  func replayedAndRefused() throws {
    var state = tableApp(Palermo(), roles).state
    let start = try #require(state.session)
    var draft = try #require(SessionDraft(start))
    try draft.apply(.look(seat: 2))
    // The game moves on first: the edit's base is no longer the game.
    state.apply(.session(.look(seat: 3)))
    state.apply(draft.changes[0])
    #expect(state.table?.seats[2].views == start.table!.seats[2].views + 1)
    #expect(state.table?.seats[3].views == start.table!.seats[3].views + 1)
    #expect(state.notices.isEmpty)
    // A step the game refuses (no such seat) is said; the game stays as it was.
    let before = state.session
    state.apply(.edit(SessionEdit(base: start, result: start, steps: [.look(seat: 99), .look(seat: 0)])))
    #expect(state.session == before)
    #expect(state.notices.map(\.title) == ["session.refused.title"])
  }
}
