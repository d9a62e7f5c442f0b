/// What a dealt game keeps from the settings, fixed at the deal: the table
/// follows these whatever the settings say later, the saved game keeps
/// them, and undo's rebuild copies them whole.
///
/// Adding a house rule a game keeps: a field in `DealtRules` (it comes here
/// whole, from the settings at the deal), its row in the settings screen, and
/// the rule that reads `table.options.dealt`. A number the setup asks before
/// each deal, as the round's length: a field here, its line in `init(from:)`
/// and in `init(dealing:...)`, and its row on the setup page.
public struct TableOptions: Hashable, Codable, Sendable {
  /// The house rules the game was dealt with (a night of meeting only, the
  /// Doctor's limits, a tied vote, whether a save is announced).
  public var dealt: DealtRules
  /// The length of a timed round in minutes (Spy's questions, Palermo's
  /// day), within `Preferences.minuteRange`; nil for a game without one.
  public var roundMinutes: Int?

  /// The options of a game dealt with the defaults.
  public init(dealt: DealtRules = DealtRules(), roundMinutes: Int? = nil) {
    self.dealt = dealt
    self.roundMinutes = roundMinutes
  }

  /// What a deal of `game` keeps from the group's settings now. The one
  /// place the settings become a game's options: the deal and a game saved
  /// before options existed both come here.
  public init(dealing game: some GameType, houseRules: HouseRules, preferences: Preferences) {
    self.init(dealt: houseRules.dealt, roundMinutes: preferences.minutes(for: game))
  }

  /// `dealt` is saved as "narrator", as games saved before its rename hold it.
  private enum CodingKeys: String, CodingKey {
    case dealt = "narrator"
    case roundMinutes
  }

  /// Reads the options; one missing from the file keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = TableOptions()
    dealt = try container.decodeIfPresent(DealtRules.self, forKey: .dealt) ?? defaults.dealt
    roundMinutes = try container.decodeIfPresent(Int.self, forKey: .roundMinutes) ?? defaults.roundMinutes
  }

  /// Whether a saved game's options are ones Parea could have dealt.
  public var isValid: Bool {
    roundMinutes.map(Preferences.minuteRange.contains) ?? true
  }
}
