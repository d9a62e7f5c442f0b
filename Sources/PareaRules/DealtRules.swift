// The house rules a dealt game keeps (a night of meeting only, the Doctor's
// limits, a tied vote, whether a save is announced, the vote on phones), and who narrates a game
// with nights. Chosen in the settings; the deal copies the rules into the game.

/// Who narrates a game that runs in phases.
public enum NarrationMode: String, Hashable, Codable, Sendable, CaseIterable {
  /// Nobody: the table keeps its own list of who is out (the manual table).
  case manual
  /// Parea speaks and shows each step; the laptop sits in the middle and everyone plays.
  case parea
  /// A moderator who does not play holds the laptop; Parea tells them what to say and record.
  case moderator
}

/// What the town does when the day's vote is tied.
public enum TieRule: String, Hashable, Codable, Sendable, CaseIterable {
  /// Nobody leaves today.
  case nobodyOut
  /// The town votes once more; a second tie sends nobody out.
  case revoteOnce
}

/// The house rules a game keeps from its deal (saved with the settings, and
/// copied into the game's `TableOptions` at the deal, so that a game keeps the
/// rules it began with whatever the settings say later).
///
/// Adding one: a field here with its default and its line in `init(from:)`
/// (a file saved before it reads the default), its row in the settings
/// screen's dealt section, and the rule that reads `table.options.dealt`.
public struct DealtRules: Hashable, Codable, Sendable {
  /// On the first night the thieves only open their eyes to meet: nobody is
  /// chosen and nobody dies (off by default, as in the original app).
  public var firstNightMeetingOnly = false
  /// The Doctor may protect themself (on by default: the Doctor is a player
  /// too, and the thieves' favourite target).
  public var doctorMayProtectSelf = true
  /// The Doctor may protect the same player two nights running (off by
  /// default: otherwise one protected player is safe for the whole game).
  public var doctorMayRepeat = false
  /// What a tied vote does (nobody leaves, by default).
  public var tie = TieRule.nobodyOut
  /// The morning says when the Doctor saved the victim ("the Doctor saved
  /// someone tonight"); off by default: the thieves would learn that their
  /// victim is protected every time.
  public var announceSaves = false
  /// How the day's vote is cast when the cards are on the phones (hands at
  /// the table by default, as without phones).
  public var phoneVote = PhoneVote.off

  /// The default rules.
  public init(
    firstNightMeetingOnly: Bool = false, doctorMayProtectSelf: Bool = true,
    doctorMayRepeat: Bool = false, tie: TieRule = .nobodyOut, announceSaves: Bool = false,
    phoneVote: PhoneVote = .off
  ) {
    self.firstNightMeetingOnly = firstNightMeetingOnly
    self.doctorMayProtectSelf = doctorMayProtectSelf
    self.doctorMayRepeat = doctorMayRepeat
    self.tie = tie
    self.announceSaves = announceSaves
    self.phoneVote = phoneVote
  }

  private enum CodingKeys: String, CodingKey {
    case firstNightMeetingOnly, doctorMayProtectSelf, doctorMayRepeat, tie, announceSaves, phoneVote
  }

  /// Reads the rules; a rule missing from the file keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = DealtRules()
    firstNightMeetingOnly =
      try container.decodeIfPresent(Bool.self, forKey: .firstNightMeetingOnly)
      ?? defaults.firstNightMeetingOnly
    doctorMayProtectSelf =
      try container.decodeIfPresent(Bool.self, forKey: .doctorMayProtectSelf)
      ?? defaults.doctorMayProtectSelf
    doctorMayRepeat =
      try container.decodeIfPresent(Bool.self, forKey: .doctorMayRepeat) ?? defaults.doctorMayRepeat
    tie = try container.decodeIfPresent(TieRule.self, forKey: .tie) ?? defaults.tie
    announceSaves =
      try container.decodeIfPresent(Bool.self, forKey: .announceSaves) ?? defaults.announceSaves
    phoneVote = try container.decodeIfPresent(PhoneVote.self, forKey: .phoneVote) ?? defaults.phoneVote
  }
}
