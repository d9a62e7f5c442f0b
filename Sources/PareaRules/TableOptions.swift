/// What a dealt game keeps from the settings, fixed at the deal: the table
/// follows these whatever the settings say later, the saved game keeps
/// them, and undo's rebuild copies them whole.
///
/// Adding one: a field here with its default, its line in `init(from:)` (a
/// game saved before it reads the default) and in `init(dealing:...)` (from
/// the settings); the setting itself in `HouseRules` with its row in the
/// settings screen; and the rule that reads `table.options`.
public struct TableOptions: Hashable, Codable, Sendable {
  /// The narrator's house rules: a night of meeting only, the Doctor's
  /// limits, a tied vote, whether a save is announced (the manual table
  /// follows the first too).
  public var narrator: NarratorRules
  /// The length of a timed round in minutes (Spy's questions, Palermo's
  /// day), within `Preferences.minuteRange`; nil for a game without one.
  public var roundMinutes: Int?

  /// The options of a game dealt with the defaults.
  public init(narrator: NarratorRules = NarratorRules(), roundMinutes: Int? = nil) {
    self.narrator = narrator
    self.roundMinutes = roundMinutes
  }

  /// What a deal of `game` keeps from the group's settings now. The one
  /// place the settings become a game's options: the deal and a game saved
  /// before options existed both come here.
  public init(dealing game: some GameType, houseRules: HouseRules, preferences: Preferences) {
    self.init(narrator: houseRules.narrator, roundMinutes: preferences.minutes(for: game))
  }

  private enum CodingKeys: String, CodingKey { case narrator, roundMinutes }

  /// Reads the options; one missing from the file keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = TableOptions()
    narrator = try container.decodeIfPresent(NarratorRules.self, forKey: .narrator) ?? defaults.narrator
    roundMinutes = try container.decodeIfPresent(Int.self, forKey: .roundMinutes) ?? defaults.roundMinutes
  }

  /// Whether a saved game's options are ones Parea could have dealt.
  public var isValid: Bool {
    roundMinutes.map(Preferences.minuteRange.contains) ?? true
  }
}
