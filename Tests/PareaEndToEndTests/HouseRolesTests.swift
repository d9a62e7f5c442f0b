import Foundation
import PareaLocale
import PareaRules
import PareaStore
import Testing

extension EndToEnd {
  /// A group's own roles through the real binary, as a table makes them:
  /// a Sheriff (town, learns a player's side each night) and a Fool (no
  /// side, wins if voted out) made in the role editor, the odds of the set
  /// shown, the set kept as the deck "Friday" (a readable file in the data
  /// folder), Parea closed and started again, the deck dealt to eight, and
  /// the Fool voted out: the Fool wins.
  @Suite
  struct HouseRolesTests {
    static let names = ["Anna", "Bob", "Chris", "Dora", "Eve", "Fay", "Gus", "Hana"]

    @Test(
      "made at the table, kept as a deck, dealt after a restart, the Fool's win",
      arguments: [Language.en, .el])
    func madeKeptDealtWon(_ language: Language) throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let first = try TmuxSession(arguments: ["--lang", language.rawValue, "--seed", "5"], dataDirectory: data)
      defer { first.kill() }
      var play = Driver(first, language: language)
      try play.chooseGame(1)
      try play.addPlayers(Self.names)
      try play.continueToSetup()
      try play.chooseNarration(.manual)

      // The Sheriff: both names, learns a side at night.
      try first.sendKeys("n")
      try first.waitFor(play.text("house.editor.prompt").split(separator: " ").prefix(3).joined(separator: " "))
      try first.type("Sheriff")
      try first.sendKeys("Down")
      try first.type("Σερίφης")
      try play.press("Down", times: 2)
      try play.press("Right", times: 2)
      try first.waitFor(play.text("house.editor.night.check"))
      try first.sendKeys("Enter")
      try first.waitFor(play.text("house.roleHint"))
      // The Fool: one name, no side.
      try first.sendKeys("n")
      try first.waitFor(play.text("house.editor.title.new"))
      try first.type("Fool")
      try play.press("Down", times: 2)
      try play.press("Right", times: 2)
      try first.waitFor(play.text("house.editor.side.alone"))
      try first.sendKeys("Enter")
      let sheriff = language == .el ? "Σερίφης" : "Sheriff"
      try first.waitFor(play.text("house.roleHint"))
      _ = try first.waitUntil("both roles offered") { $0.contains(sheriff) && $0.contains("Fool") }

      // The set: the suggested one for eight, its last two citizens out, the two in.
      try first.sendKeys("s", "Right")
      try play.press("Down", times: 8)
      try play.press("Enter", times: 2)
      try first.sendKeys("Left")
      try play.press("Down", times: 12)
      try play.press("Enter", times: 2)
      try first.waitFor(play.text("setup.chosenCount", ["chosen": "8", "players": "8"]))
      // The odds of the set, measured in the background.
      let odds = String(play.text("house.odds.line").prefix { $0 != "{" })
      let measured = try first.waitUntil("the odds") { $0.contains(odds) && $0.contains("Fool") }
      #expect(measured.contains(play.text("side.palermo.town.name")), "\(measured)")

      // Kept as "Friday".
      try first.sendKeys("t")
      try first.waitFor(play.text("decks.prompt").split(separator: " ").prefix(3).joined(separator: " "))
      try first.sendKeys("s")
      try first.waitFor(play.text("decks.name"))
      try first.type("Friday")
      try first.sendKeys("Enter")
      try first.waitFor(play.text("decks.item", ["deck": "Friday", "count": "8"]))
      let file = first.dataHome + "/parea/decks/Friday.json"
      let bytes = try #require(FileManager.default.contents(atPath: file), "no deck file at \(file)")
      // A file that is not a deck fails the test here, with what is wrong with it.
      let friday = try DeckFile.decode(Array(bytes)).get()
      #expect(friday.roles.count == 8 && Set(friday.houseRoles.map(\.id)) == ["house.sheriff", "house.fool"])
      #expect(friday.houseRoles.first { $0.id == "house.sheriff" }?.night == .check)
      #expect(friday.houseRoles.first { $0.id == "house.fool" }?.alone == .votedOut)
      try first.sendKeys("Escape")
      try first.waitFor(play.text("setup.rolesPrompt"))
      try first.sendKeys("Escape", "Escape", "Escape")
      try play.waitForHome()
      try first.sendKeys(Screens.quitKey)
      #expect(try first.waitForExit() == 0)

      // Started again: the deck, dealt.
      let second = try TmuxSession(arguments: ["--lang", language.rawValue, "--seed", "5"], dataDirectory: data)
      defer { second.kill() }
      play = Driver(second, language: language)
      play.houseNames = ["house.sheriff": sheriff, "house.fool": "Fool"]
      try play.chooseGame(1)
      try second.sendKeys("+")
      try second.waitFor("8. Hana")
      try play.continueToSetup()
      try play.chooseNarration(.manual)
      try second.sendKeys("t")
      try second.waitFor(play.text("decks.item", ["deck": "Friday", "count": "8"]))
      try second.sendKeys("Enter")
      try second.waitFor(play.text("setup.chosenCount", ["chosen": "8", "players": "8"]))
      try second.sendKeys("d")
      try play.waitForHandOff(Self.names[0])
      let dealt = try play.saved()
      #expect(dealt.game == "palermo" && dealt.text.contains("\"houseRoles\""))
      #expect(Set(dealt.seats.map(\.role)).isSuperset(of: ["house.sheriff", "house.fool"]))
      try play.revealAll(dealt) { seat, card in
        if dealt.seats[seat].role == "house.fool" {
          #expect(card.contains(play.text("house.side.none")), "\(card)")
        }
      }

      // Day 1: the town votes the Fool out; the Fool wins.
      try play.nextPhase(to: "day", round: 1)
      let fool = try #require(dealt.seats.first { $0.role == "house.fool" })
      try play.markOut(fool.name, cause: "votedOut", in: dealt, causes: GameFlowTests.palermoCauses)
      try play.showResult()
      let result = try second.waitFor(play.upper(play.text("house.side.win", ["role": "Fool"])))
      #expect(result.contains(play.text("house.summary.won.votedOut", ["role": "Fool"])), "\(result)")
    }
  }
}
