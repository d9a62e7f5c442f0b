/// What a dealt game keeps from the settings, fixed at the deal: the table
/// follows these whatever the settings say later, the saved game keeps
/// them, and undo's rebuild copies them whole.
///
/// Adding one: a field here with its default and its line in `init(from:)`
/// (a game saved before it reads the default), where the deal fills it
/// (`SetupScreen.deal`, from the settings), and where the rules read it.
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
