import Foundation
import PareaApp
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

// Why one file of this length: whole games through the real binary share their
// typing and reading helpers, and each game is one long story best read in one
// place.

extension EndToEnd {
  /// Whole games played through the real binary, as a table of friends would:
  /// typed names, the setup, every hand-off and reveal, the table, the summary.
  @Suite
  struct GameFlowTests {
    static let palermoCauses = ["votedOut", "killedAtNight"]

    /// What each Palermo role is told about another role's holder.
    static let palermoKnows = [
      "palermo.redThief": "palermo.blackThief", "palermo.blackThief": "palermo.redThief",
      "palermo.snitch": "palermo.redThief", "palermo.policeman": "palermo.snitch",
    ]

    @Test("Palermo, seven players with Greek and Latin names: every reveal, then votes until the town wins")
    func palermoToTheEnd() throws {
      let session = try TmuxSession(arguments: ["--seed", "11"])
      defer { session.kill() }
      let play = Driver(session)
      let names = ["Άννα", "Νίκος", "Ελένη", "Bob", "Maria", "Γιώργος", "Kostas"]
      try play.chooseGame(1)
      try play.addPlayers(names)

      // One name too many, taken out of the list again (Tab to the list, Del).
      try play.addPlayers(["Extra"], startingAt: 8)
      try session.sendKeys("Tab")
      try play.press("Down", times: 7)
      try session.waitFor("▸ 8. Extra")
      try session.sendKeys("DC")
      try session.waitForAbsence(of: "8. Extra")
      try session.waitFor(play.text("players.count", ["count": "7", "max": "14"]))
      try session.sendKeys("Enter")  // Enter in the list goes on, too
      try play.suggestAndDeal(players: 7, first: names[0])

      let dealt = try play.saved()
      #expect(dealt.names == names)
      #expect(
        dealt.seats.map(\.role).sorted()
          == [
            "palermo.citizenGeorge", "palermo.citizenMichael", "palermo.doctor",
            "palermo.policeman", "palermo.redKamikaze", "palermo.redThief", "palermo.snitch",
          ], "the suggested set for seven: \(dealt.seats)")
      #expect(dealt.seats.allSatisfy { $0.views == 0 && $0.death == nil })

      try play.revealAll(dealt) { seat, card in
        let player = dealt.seats[seat]
        let thieves = player.role.hasSuffix("Thief") || player.role.hasSuffix("snitch")
        let side = play.text(thieves ? "side.palermo.thieves.name" : "side.palermo.town.name")
        #expect(card.contains(play.text("reveal.side", ["side": side])), "\(card)")
        if let known = Self.palermoKnows[player.role], let holder = dealt.seats(holding: known).first {
          let line = play.text(
            "knowledge.player", ["name": dealt.seats[holder].name, "role": play.roleName(known)])
          #expect(card.contains(line), "\(player.name) knows \(line):\n\(card)")
        }
      }

      // The table: everyone in the game, each has looked once; the first night.
      var table = try play.saved()
      #expect(table.seats.allSatisfy { $0.views == 1 })
      #expect(table.nextReveal == 7)
      var screen = try play.waitForRows(table)
      #expect(screen.contains(play.text("phase.night.name", ["round": "1"])))
      play.expectNoRoleOnTable(screen, table)

      let red = try #require(table.seats(holding: "palermo.redThief").first)
      let snitch = try #require(table.seats(holding: "palermo.snitch").first)
      let citizen = try #require(table.seats(holding: "palermo.citizenGeorge").first)

      // Day 1: the town votes the Snitch out (on the thieves' side, but not a thief: the game goes on).
      try play.nextPhase(to: "day", round: 1)
      try play.markOut(table.seats[snitch].name, cause: "votedOut", in: table, causes: Self.palermoCauses)
      try play.waitForRow(table.seats[snitch].name, death: "votedOut", views: 1)
      table = try play.saved()
      #expect(table.seats[snitch].death == "votedOut")

      // Night 2: the thieves kill a citizen.
      try play.nextPhase(to: "night", round: 2)
      try play.markOut(
        table.seats[citizen].name, cause: "killedAtNight", in: table, causes: Self.palermoCauses)
      try play.waitForRow(table.seats[citizen].name, death: "killedAtNight", views: 1)
      table = try play.saved()
      #expect(table.seats[citizen].death == "killedAtNight")

      // Day 2: the Red thief is voted out, the only thief: the town wins.
      try play.nextPhase(to: "day", round: 2)
      try play.markOut(table.seats[red].name, cause: "votedOut", in: table, causes: Self.palermoCauses)
      screen = try play.waitForSummary(winner: "palermo.town")
      // Everyone's role on the summary, and how the out players went.
      for seat in table.seats {
        let line = TextWidth.pad(seat.name, to: 22) + play.roleName(seat.role)
        #expect(screen.contains(line), "\(line) on the summary:\n\(screen)")
      }
      #expect(screen.contains(play.causeName("killedAtNight")))
    }

    @Test("Spy with two spies: spies' cards lack the location, the others share it; a right guess wins")
    func spyWithTwoSpies() throws {
      let session = try TmuxSession(arguments: ["--seed", "5"])
      defer { session.kill() }
      let play = Driver(session)
      let names = ["Anna", "Βασίλης", "Chris", "Δήμητρα", "Eve", "Φώτης"]
      try play.chooseGame(2)
      try play.addPlayers(names)
      try play.continueToSetup()

      // One spy by default; → makes two: "2 spies, 4 locals".
      try session.waitFor("◀   1   ▶")
      try session.sendKeys("Right")
      try session.waitFor("◀   2   ▶")
      let table = [
        play.words.plural("role.spy.spy.count", count: 2),
        play.words.plural("role.spy.local.count", count: 4),
      ].joined(separator: play.text("list.separator"))
      try session.waitFor(table)
      // Three spies are too many for six players: refused with the limits.
      try session.sendKeys("Right")
      try session.waitFor(play.text("error.badCount.title"))
      try session.waitFor("◀   2   ▶")
      try session.sendKeys("Enter")
      try play.waitForHandOff(names[0])

      let dealt = try play.saved()
      let spies = dealt.seats(holding: "spy.spy")
      #expect(spies.count == 2, "\(dealt.seats)")
      #expect(dealt.seats.filter { $0.role == "spy.local" }.count == 4)
      let location = try #require(dealt.location)
      // The card lays the location out as a label and its value (read: "The location: — Zoo").
      let locationLine = play.text("knowledge.locationLabel") + " — " + play.text("location.\(location).name")
      let anyLocation = play.text("knowledge.locationLabel")
      try play.revealAll(dealt) { seat, card in
        let player = dealt.seats[seat]
        if player.role == "spy.spy" {
          // The sentence is spread over the rows every card's block has: its first words.
          let unknown = String(play.text("knowledge.locationUnknown").prefix { $0 != ":" })
          #expect(card.contains(unknown), "\(card)")
          #expect(!card.contains(anyLocation), "a spy's card names no location:\n\(card)")
        } else {
          #expect(card.contains(locationLine), "\(card)")
          let index = try #require(player.locationRole)
          let role = play.text("location.\(location).role.\(index + 1)")
          #expect(card.contains(play.text("knowledge.locationRoleLabel") + " — " + role), "\(card)")
          #expect(!card.contains(String(play.text("knowledge.locationUnknown").prefix { $0 != ":" })))
        }
      }

      // Anyone may claim: a local takes the laptop, sees the same list as a
      // spy, asks for the final question and backs out. Nothing is judged.
      let local = try #require(dealt.seats(holding: "spy.local").first)
      try session.sendKeys("g")
      try session.waitFor(play.text("table.pick.guesser"))
      try play.pick(names[local], among: names)
      // The claimant's own hand-off first: their name, nothing of a role.
      try session.waitUntilSettled("the guess hand-off") {
        $0.contains(play.text("handOff.passTo")) && $0.contains(play.upper(names[local]))
      }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitFor(play.text("table.guessTitle", ["name": names[local]]))
      try session.sendKeys("Enter")
      let question = play.text("confirm.finalGuess.title", ["location": ""])
      try session.waitFor(String(question.dropLast()))
      try play.waitForKeys()
      try session.sendKeys("n")
      try session.waitForAbsence(of: String(question.dropLast()))
      try session.sendKeys("Escape")
      try play.waitForTable()
      #expect(try play.saved().text.contains("\"guess\"") == false)

      let spy = spies[1]
      try session.sendKeys("g")
      try session.waitFor(play.text("table.pick.guesser"))
      try play.pick(names[spy], among: names)
      // The claimant's own hand-off first: their name, nothing of a role.
      try session.waitUntilSettled("the guess hand-off") {
        $0.contains(play.text("handOff.passTo")) && $0.contains(play.upper(names[spy]))
      }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitFor(play.text("table.guessTitle", ["name": names[spy]]))
      let sorted = Catalog.builtIn(.en).locations().map { play.text("location.\($0.id).name") }
        .sorted { PlayerName.key($0) < PlayerName.key($1) }
      let name = play.text("location.\(location).name")
      let index = try #require(sorted.firstIndex(of: name))
      try play.press("Down", times: index)
      try session.waitFor("▸ " + name)
      try session.sendKeys("Enter")
      try session.waitFor(play.text("confirm.finalGuess.title", ["location": name]))
      try play.waitForKeys()
      try session.sendKeys("y")
      try play.handBack()
      let summary = try play.waitForSummary(winner: "spy.spies")
      #expect(summary.contains(play.text("summary.location", ["location": name])))
    }

    @Test("Killer: the Cop accuses wrongly once (one accusation fewer), then catches both killers")
    func killerCopAccuses() throws {
      let session = try TmuxSession(arguments: ["--seed", "9"])
      defer { session.kill() }
      let play = Driver(session)
      let names = ["Anna", "Bob", "Γιάννης", "Dora", "Ειρήνη", "Fay", "Gus"]
      try play.chooseGame(3)
      try play.addPlayers(names)
      try play.continueToSetup()
      try session.waitFor("◀   1   ▶")
      try session.sendKeys("Right")
      let table = [
        play.words.plural("role.killer.killer.count", count: 2),
        play.words.plural("role.killer.cop.count", count: 1),
        play.words.plural("role.killer.citizen.count", count: 4),
      ].joined(separator: play.text("list.separator"))
      try session.waitFor(table)
      try session.sendKeys("Enter")
      try play.waitForHandOff(names[0])

      let dealt = try play.saved()
      let killers = dealt.seats(holding: "killer.killer")
      let cop = try #require(dealt.seats(holding: "killer.cop").first)
      let citizens = dealt.seats(holding: "killer.citizen")
      #expect(killers.count == 2 && citizens.count == 4, "\(dealt.seats)")
      try play.revealAll(dealt) { seat, card in
        // A killer knows the Cop and the other killer (only killers' cards are read here).
        if dealt.seats[seat].role == "killer.killer" {
          let partner = try #require(killers.first { $0 != seat })
          for (other, role) in [(cop, "killer.cop"), (partner, "killer.killer")] {
            let line = play.text(
              "knowledge.player", ["name": names[other], "role": play.roleName(role)])
            #expect(card.contains(line), "\(card)")
          }
        }
      }
      try session.waitFor(play.text("table.accusationsLeft", ["count": "3"]))

      // A citizen is winked at (one cause only: no "How?" box).
      try play.markOut(names[citizens[0]], cause: "killed", in: dealt, causes: ["killed"])
      try play.waitForRow(names[citizens[0]], death: "killed", views: 1)
      var now = try play.saved()

      // Wrong: a citizen. One accusation fewer.
      func accuse(_ seat: Int) throws {
        // Who accuses is asked first, from every living player: the list of
        // suspects then leaves out the one just named, never the Cop by role.
        try play.accuse(names[seat], by: names[cop], in: now)
      }
      try accuse(citizens[1])
      try session.waitFor(play.text("table.accuseWrong.title"))
      let wrong = play.text("table.accuseWrong.message", [
        "name": names[citizens[1]], "left": play.text("table.accusationsLeft.other", ["count": "2"]),
      ])
      // The message wraps in its box.
      try session.waitUntil("the screen says \"\(wrong)\"") { Screens.flatInBox($0).contains(wrong) }
      try session.waitFor(play.text("table.accusationsLeft", ["count": "2"]))
      try session.sendKeys("Enter")
      // The header's counter of wrong accusations stays; the result's box goes.
      try session.waitForAbsence(of: wrong)
      now = try play.saved()
      #expect(now.seats[citizens[1]].death == nil, "a wrongly accused citizen stays in")

      // Right, twice: the town wins when both killers are caught.
      try accuse(killers[0])
      try session.waitFor(play.text("table.accuseRight.message", ["name": names[killers[0]]]))
      try play.waitForRow(names[killers[0]], death: "caughtByCop", views: 1)
      try session.sendKeys("Enter")
      try session.waitForAbsence(of: play.text("table.accuseRight.title"))
      now = try play.saved()
      try accuse(killers[1])
      try play.waitForSummary(winner: "killer.town")
    }

    @Test("looking at a role again from the table: Are you…?, the card, and the count goes to 2")
    func lookAgain() throws {
      let session = try TmuxSession(arguments: ["--seed", "4"])
      defer { session.kill() }
      let play = Driver(session)
      let saved = try play.dealAndRevealPalermo(["Anna", "Bob", "Chris", "Dora", "Eve"])
      let seat = 2
      let player = saved.seats[seat]

      // "Are you CHRIS?" can be declined (Esc).
      try session.sendKeys("l")
      try session.waitFor(play.text("table.pick.look"))
      try play.pick(player.name, among: saved.names)
      let question = try session.settled(
        play.text("table.areYou", ["name": play.upper(player.name)]))
      play.expectNoRoleOnTable(question, saved)
      try session.sendKeys("Escape")
      try play.waitForTable()
      try play.waitForRow(player.name, views: 1)

      try play.lookAgain(player.name, role: player.role, in: saved)
      #expect(try play.saved().seats[seat].views == 2)
      try session.sendKeys("Enter")
      try play.waitForTable()
      let screen = try play.waitForRow(player.name, views: 2)
      for other in saved.seats where other.name != player.name {
        #expect(play.hasRow(play.row(other.name, views: 1), on: screen), "\(screen)")
      }
      let after = try play.saved()
      #expect(after.seats.map(\.views) == [1, 1, 2, 1, 1])
    }

    @Test("after a role looked at again is hidden, neither the screen nor the history holds it")
    func lookAgainLeavesNoTrace() throws {
      let session = try TmuxSession(arguments: ["--seed", "8"])
      defer { session.kill() }
      let play = Driver(session)
      let saved = try play.dealAndRevealPalermo(["Anna", "Bob", "Chris", "Dora", "Eve"])
      // The Doctor: a role whose name no table screen shows.
      let seat = try #require(saved.seats(holding: "palermo.doctor").first)
      let player = saved.seats[seat]
      let card = try play.lookAgain(player.name, role: player.role, in: saved)
      let description = play.text("role.palermo.doctor.description")
      let firstWords = String(description.prefix(30))
      #expect(card.contains(firstWords))

      try session.sendKeys("Enter")
      var table = try play.waitForTable()
      var history = try session.history()
      // The table's hint names roles ("the Doctor protects someone") for everyone alike.
      for hint in ["table.hint.firstNight", "table.hint.night", "table.hint.day"] {
        table = table.replacingOccurrences(of: play.text(hint), with: "")
        history = history.replacingOccurrences(of: play.text(hint), with: "")
      }
      for text in [play.roleName(player.role), play.upper(play.roleName(player.role)), firstWords] {
        #expect(!table.contains(text), "\(TmuxSession.framed(table))")
        #expect(!history.contains(text), "\(history)")
      }
      #expect(Screens.lines(history).count <= 24, "the alternate screen keeps no scroll-back")
    }

    @Test("Red kamikaze chosen by hand, voted out by day: takes a player along, both are out")
    func kamikazeTakesAPlayerAlong() throws {
      let session = try TmuxSession(arguments: ["--seed", "2"])
      defer { session.kill() }
      let play = Driver(session)
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve", "Fay"]
      try play.chooseGame(1)
      try play.addPlayers(names)
      try play.continueToSetup()
      try play.chooseNarration(.manual)

      // Six roles by hand: both thieves, the Doctor, the Red kamikaze, two citizens.
      let roles = [
        "palermo.redThief", "palermo.blackThief", "palermo.doctor", "palermo.redKamikaze",
        "palermo.citizenGeorge", "palermo.citizenMichael",
      ]
      for (count, role) in roles.enumerated() {
        try play.chooseRole(role, chosen: Array(roles.prefix(count)))
        try session.waitFor(play.text("setup.chosenCount", ["chosen": "\(count + 1)", "players": "6"]))
      }
      // A seventh is refused; a role taken out and put back with ←/→ and Enter.
      try session.sendKeys("Enter")
      try session.waitFor(play.text("setup.full.title"))
      try session.sendKeys("Right")  // the chosen list
      try session.waitFor("▸ " + play.roleName(roles[0]))
      try session.sendKeys("Enter")
      try session.waitFor(play.text("setup.chosenCount", ["chosen": "5", "players": "6"]))
      try session.sendKeys("Left")
      try play.chooseRole(roles[0], chosen: Array(roles.dropFirst()))
      try session.waitFor(play.text("setup.chosenCount", ["chosen": "6", "players": "6"]))
      try session.sendKeys("d")
      try play.waitForHandOff(names[0])

      let dealt = try play.saved()
      #expect(dealt.seats.map(\.role).sorted() == roles.sorted())
      try play.revealAll(dealt)

      let kamikaze = try #require(dealt.seats(holding: "palermo.redKamikaze").first)
      // The kamikaze suspects well: a thief goes along (a citizen would leave
      // two thieves against two of the town, and the thieves would win).
      let target = try #require(dealt.seats(holding: "palermo.blackThief").first)
      try play.nextPhase(to: "day", round: 1)
      try play.markOut(names[kamikaze], cause: "votedOut", in: dealt, causes: Self.palermoCauses)
      let prompt = play.text("table.pick.kamikaze", ["name": names[kamikaze]])
      try session.waitFor(prompt)
      // The choice cannot be skipped: Esc and "next phase" leave the prompt
      // where it is. (The highlight moved down and up again after them shows
      // that both keys have been handled.)
      let offered = dealt.alive.filter { $0 != kamikaze }.map { names[$0] }
      try session.sendKeys("Escape")
      try session.sendKeys("n", "Down")
      try session.waitFor("▸ " + offered[1] + " ")
      try session.sendKeys("Up")
      let waiting = try session.settled("▸ " + offered[0] + " ")
      #expect(waiting.contains(prompt) && waiting.contains(play.text("phase.day.name", ["round": "1"])))
      let pending = try play.saved()
      #expect(pending.pendingKamikaze == kamikaze && pending.phase == "day")
      try play.pick(names[target], among: offered)
      try session.waitFor(play.text("table.taken.message", ["name": names[target]]))
      try play.waitForRow(names[kamikaze], death: "votedOut", views: 1)
      try play.waitForRow(names[target], death: "takenByKamikaze", views: 1)
      let after = try play.saved()
      #expect(after.seats[kamikaze].death == "votedOut")
      #expect(after.seats[target].death == "takenByKamikaze")
      #expect(after.pendingKamikaze == nil)
      #expect(after.alive.count == 4)
    }
  }
}

extension Driver {
  /// Palermo for `names` (5 to 7 players) with the suggested roles, every
  /// reveal of the first round; returns the saved game at the table.
  func dealAndRevealPalermo(_ names: [String]) throws -> SavedGameFile {
    try chooseGame(1)
    try addPlayers(names)
    try continueToSetup()
    try suggestAndDeal(players: names.count, first: names[0])
    let dealt = try saved()
    try revealAll(dealt)
    let table = try saved()
    try waitForRows(table)
    return table
  }

  /// Palermo's roles in the order the setup lists them.
  static let palermoPool = [
    "palermo.redThief", "palermo.blackThief", "palermo.snitch", "palermo.policeman",
    "palermo.doctor", "palermo.roommate1", "palermo.roommate2", "palermo.redKamikaze",
    "palermo.blackKamikaze", "palermo.citizenGeorge", "palermo.citizenMichael",
    "palermo.citizenJohn", "palermo.citizenJack", "palermo.citizenJames",
  ]

  /// On the Palermo setup, in the available list (`chosen` already taken out
  /// of it): goes to the top, down to `role`, checks that its description is
  /// the one shown, and adds it. Keys are handled in order, so the checks
  /// before Enter verify the count of Downs rather than wait for them.
  func chooseRole(_ role: String, chosen: [String]) throws {
    var available = Self.palermoPool
    for taken in chosen {
      if let index = available.firstIndex(of: taken) { available.remove(at: index) }
    }
    let index = try #require(available.firstIndex(of: role))
    try press("Up", times: 20)
    try press("Down", times: index)
    let side = role.contains("Thief") || role.hasSuffix("snitch") ? "thieves" : "town"
    let heading = "   " + roleName(role) + "  ·  " + text("side.palermo.\(side).name")
    try session.waitUntil("\(role) is highlighted and described") { screen in
      screen.contains("▸ " + roleName(role)) && Screens.lines(screen).contains { $0.hasPrefix(heading) }
    }
    try session.sendKeys("Enter")
  }

  /// Nothing of any role on the table's own screen.
  func expectNoRoleOnTable(
    _ screen: String, _ saved: SavedGameFile, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // The table's hint says what happens at night ("the Doctor protects
    // someone") whoever holds which role: it names roles, never a player's.
    var checked = screen
    for hint in ["table.hint.firstNight", "table.hint.night", "table.hint.day"] {
      checked = checked.replacingOccurrences(of: text(hint), with: "")
    }
    for role in Set(saved.seats.map(\.role)) {
      #expect(
        !checked.contains(roleName(role)), "\(role) on:\n\(TmuxSession.framed(screen))",
        sourceLocation: sourceLocation)
    }
  }
}
