import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// "Lighthouse", a game that exists only in this file: 3–8 players, one or two
/// smugglers who know each other, a Keeper who may accuse twice, sailors. The
/// sailors win when no smuggler is left; the smugglers when they are as many as
/// the rest. Added to the registry, it is set up, dealt, revealed and played
/// with no change to any screen.
struct Lighthouse: GameType {
  static let smuggler: RoleID = "lighthouse.smuggler"
  static let keeper: RoleID = "lighthouse.keeper"
  static let sailor: RoleID = "lighthouse.sailor"
  static let crew: SideID = "lighthouse.crew"
  static let ring: SideID = "lighthouse.ring"

  var id: GameID { "lighthouse" }
  var players: ClosedRange<Int> { 3...8 }
  var sides: [Side] { [Side(id: Self.crew, isBad: false), Side(id: Self.ring, isBad: true)] }
  var roles: [Role] {
    [
      Role(id: Self.smuggler, side: Self.ring, knows: [Self.smuggler]),
      Role(id: Self.keeper, side: Self.crew, abilities: [.accuses(attempts: 2)]),
      Role(id: Self.sailor, side: Self.crew),
    ]
  }
  var setupKind: SetupKind {
    .countBad(bad: Self.smuggler, limit: 1...2, fixed: [Self.keeper], filler: Self.sailor)
  }
  var deathCauses: [DeathCause] { [.votedOut] }

  func winner(of table: Table) -> SideID? {
    let alive = table.alive.map { table.seats[$0].role }
    let smugglers = alive.filter { $0 == Self.smuggler }.count
    if smugglers == 0 { return Self.crew }
    return smugglers >= alive.count - smugglers ? Self.ring : nil
  }
}

/// The catalog, plus words for Lighthouse made from its keys ("LH keeper name").
struct LighthouseWording: Wording {
  let catalog: Catalog

  func text(_ key: String, _ args: [String: String]) -> String {
    let parts = key.split(separator: ".")
    guard parts.count >= 2, parts[1] == "lighthouse" else { return catalog.text(key, args) }
    return (["LH"] + parts.dropFirst(2)).joined(separator: " ")
  }
  func plural(_ key: String, count: Int) -> String {
    key.contains(".lighthouse.") ? text(key, [:]) + " ×\(count)" : catalog.plural(key, count: count)
  }
  func upper(_ text: String) -> String { catalog.upper(text) }
  func has(_ key: String) -> Bool { key.hasPrefix("game.lighthouse.") || catalog.has(key) }
}

@Suite struct FourthGameAppTests {
  static func app() -> App {
    var configuration = configuration(seed: 11)
    configuration.wording = { LighthouseWording(catalog: Catalog.builtIn($0)) }
    configuration.registry = GameRegistry.standard.adding(Lighthouse())
    return App(configuration: configuration)
  }

  @Test func itIsOnTheMenuSetUpDealtRevealedAndPlayed() throws {
    var app = Self.app()
    let home = app.render(width: 80, height: 24)
    #expect(home.lines.contains { $0.contains("LH name") })
    app.press(.character("4"))  // the fourth game on the menu
    #expect(app.state.game == "lighthouse")
    #expect(app.state.screen == .players(PlayersScreen()))
    app.addPlayers(["Anna", "Bob", "Chris", "Dina", "Eve"])
    app.send(.players(.proceed))
    try #require(app.state.screen.setupPage != nil, "not on the setup: \(app.state.screen)")
    let setup = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(setup.contains("LH smuggler count ×1"), "\(setup)")
    app.press(.enter)  // deal with one smuggler
    let table = try #require(app.state.table)
    #expect(table.rules.id == "lighthouse")
    #expect(table.seats.filter { $0.role == Lighthouse.smuggler }.count == 1)
    #expect(table.seats.filter { $0.role == Lighthouse.keeper }.count == 1)
    // Every player sees their own role, in private, through the same screens as any game.
    for seat in table.seats.indices {
      app.waitOutPause()
      try #require(app.state.screen == .handOff(HandOffScreen(seat: seat)))
      app.press(.enter)
      #expect(app.state.screen == .reveal(RevealScreen(seat: seat)))
      let card = app.render(width: 80, height: 24).lines.joined(separator: "\n")
      let role = table.seats[seat].role.rawValue.dropFirst("lighthouse.".count)
      #expect(card.contains("LH \(role.uppercased()) NAME"))
      app.press(.enter)
    }
    try #require(app.state.screen.tablePage != nil, "not at the table: \(app.state.screen)")
    // The table offers what the game declares: marking out, the Keeper's accusation; no phases, no timer.
    let commands = TableScreen.commands(for: app.state)
    #expect(commands.contains(.markDead) && commands.contains(.accuse))
    #expect(!commands.contains(.nextPhase) && !commands.contains(.timer) && !commands.contains(.locations))
    // The town votes out the smuggler: the crew wins and the summary says so.
    let smuggler = try #require(table.seats.firstIndex { $0.role == Lighthouse.smuggler })
    app.send(.table(.command(.markDead)))
    for _ in 0..<smuggler { app.send(.table(.move(1))) }
    app.send(.table(.pick))
    try #require(app.state.screen.isSummary, "no summary: \(app.state.screen)")
    #expect(app.state.table?.winner == Lighthouse.crew)
    let summary = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(summary.contains("LH CREW WIN"))
  }
}
