/// Table customs a group may switch on in the settings (saved with them).
public struct HouseRules: Hashable, Codable, Sendable {
  /// A player who is out has their role shown at the table.
  public var revealDeadRoles = false
  /// The number of spies stays secret (the table's role list does not count them).
  public var hideSpyCount = false
  /// A three-second countdown before a role appears, so the holder can shield the screen.
  public var revealCountdown = false
  /// The rules a game keeps from its deal (the night's and the vote's, for
  /// now): a game in play follows the ones it was dealt with.
  public var dealt = DealtRules()

  /// Every rule off, the dealt ones at their defaults.
  public init(
    revealDeadRoles: Bool = false, hideSpyCount: Bool = false, revealCountdown: Bool = false,
    dealt: DealtRules = DealtRules()
  ) {
    self.revealDeadRoles = revealDeadRoles
    self.hideSpyCount = hideSpyCount
    self.revealCountdown = revealCountdown
    self.dealt = dealt
  }

  /// `dealt` is saved as "narrator": its rules were the narrator's before any
  /// other game had one, and settings files already hold that key.
  private enum CodingKeys: String, CodingKey {
    case revealDeadRoles, hideSpyCount, revealCountdown
    case dealt = "narrator"
  }

  /// Reads the rules; a rule missing from the file keeps its default (so a
  /// rule added later needs one line here, not a new key in the settings).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = HouseRules()
    revealDeadRoles = try container.decodeIfPresent(Bool.self, forKey: .revealDeadRoles) ?? defaults.revealDeadRoles
    hideSpyCount = try container.decodeIfPresent(Bool.self, forKey: .hideSpyCount) ?? defaults.hideSpyCount
    revealCountdown = try container.decodeIfPresent(Bool.self, forKey: .revealCountdown) ?? defaults.revealCountdown
    dealt = try container.decodeIfPresent(DealtRules.self, forKey: .dealt) ?? defaults.dealt
  }
}

/// How fast the narrator speaks.
public enum VoiceSpeed: String, Hashable, Codable, Sendable, CaseIterable {
  /// For a noisy table or learners of the language.
  case slow
  /// A calm storyteller's pace (slower than espeak-ng's own default).
  case normal
  /// For groups who know the game by heart.
  case fast

  /// Words per minute for espeak-ng.
  public var wordsPerMinute: Int {
    switch self {
    case .slow: 125
    case .normal: 150
    case .fast: 180
    }
  }
}

/// How the group likes to play, remembered with the settings: who narrates
/// Palermo, each game's round length, and the narrator's voice.
public struct Preferences: Hashable, Codable, Sendable {
  /// Who narrates a game with nights (Parea, by default: nobody sits out).
  public var narration = NarrationMode.parea
  /// A game's round length in minutes when the group changed it (by game id).
  public var roundMinutes: [GameID: Int] = [:]
  /// Whether Parea speaks its narration (when it narrates).
  public var voice = true
  /// How fast it speaks.
  public var voiceSpeed = VoiceSpeed.normal
  /// Whether the players' phones are the cards (Parea then serves a page on
  /// the local network while a game is dealt).
  public var phones = false

  /// The defaults.
  public init() {}

  /// The round length of `game` in minutes: the group's, else the game's own.
  public func minutes(for game: some GameType) -> Int? {
    guard let standard = game.roundMinutes else { return nil }
    return roundMinutes[game.id].map(Self.allowedMinutes) ?? standard
  }

  /// The lengths a round may be set to.
  public static let minuteRange = 1...30

  /// `minutes` moved into `minuteRange`.
  public static func allowedMinutes(_ minutes: Int) -> Int {
    min(minuteRange.upperBound, max(minuteRange.lowerBound, minutes))
  }
}
