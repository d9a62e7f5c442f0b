import Testing

@testable import PareaRules

/// Palermo's 14 roles are declarations (`Palermo.deck`): what the game
/// derives from them is exactly what it was written as by hand before, and
/// the night's order rule holds for any deck.
@Suite struct RoleDeclarationTests {
  typealias R = Palermo.Roles

  @Test("the built-in deck gives the roles, the steps and the thieves Palermo always had")
  func builtInDeck() {
    let town = Palermo.town
    let thieves = Palermo.thieves
    let before: [Role] =
      [
        Role(id: R.redThief, side: thieves, knows: [R.blackThief]),
        Role(id: R.blackThief, side: thieves, knows: [R.redThief]),
        Role(id: R.snitch, side: thieves, knows: [R.redThief]),
        Role(id: R.policeman, side: town, knows: [R.snitch]),
        Role(id: R.doctor, side: town, abilities: [.protectsAtNight]),
        Role(id: R.roommate1, side: town, knows: [R.roommate2]),
        Role(id: R.roommate2, side: town, knows: [R.roommate1]),
        Role(id: R.redKamikaze, side: town, abilities: [.takesPlayerAlong(when: .votedOut)]),
        Role(id: R.blackKamikaze, side: town, abilities: [.takesPlayerAlong(when: .killedAtNight)]),
      ] + R.citizens.map { Role(id: $0, side: town) }
    #expect(Palermo().roles == before)
    #expect(Palermo.deck.count == 14)
    #expect(R.thieves == [R.redThief, R.blackThief])
    #expect(
      Palermo().phases.first?.steps == [
        NightStep(id: "thieves", roles: [R.redThief, R.blackThief], action: .kill, waitsForChoice: true),
        NightStep(id: "doctor", roles: [R.doctor], action: .protect),
      ])
  }

  @Test("the night's order: the killers together first, then each protector, then each checker, in the deck's order")
  func nightOrder() {
    let side: SideID = "test.town"
    let deck = [
      RoleDeclaration(id: "test.sheriff", side: side, night: .check),
      RoleDeclaration(id: "test.nurse", side: side, night: .protect),
      RoleDeclaration(id: "test.wolf", side: "test.bad", night: .kill, countsAsThief: true),
      RoleDeclaration(id: "test.seer", side: side, night: .check),
      RoleDeclaration(id: "test.cub", side: "test.bad", night: .kill, countsAsThief: true),
      RoleDeclaration(id: "test.healer", side: side, night: .protect),
      RoleDeclaration(id: "test.villager", side: side),
    ]
    let steps = RoleDeclaration.nightSteps(of: deck)
    #expect(steps.map(\.id.rawValue) == ["thieves", "nurse", "healer", "sheriff", "seer"])
    #expect(steps[0].roles == ["test.wolf", "test.cub"] && steps[0].waitsForChoice)
    #expect(steps.dropFirst().allSatisfy { $0.roles.count == 1 && !$0.waitsForChoice })
    #expect(RoleDeclaration.nightSteps(of: [deck[6]]).isEmpty)
    // A declaration's abilities at the table: a protector protects, a kamikaze takes along.
    #expect(deck[1].role.abilities == [.protectsAtNight])
    #expect(RoleDeclaration(id: "test.k", side: side, takesPlayerAlongWhen: .votedOut).role.abilities == [.takesPlayerAlong(when: .votedOut)])
  }
}
