import PareaLanguage
import PareaRules

/// What the user chose on the settings screen: the language and the house rules.
///
/// Written to `settings.json`. Keys added after version 1 are optional when
/// reading, so an older file still loads (with the new rules off).
public struct Settings: Hashable, Codable, Sendable {
  /// The version of this format; a newer one is refused rather than misread.
  public static let currentVersion = 1

  /// The format version the value was written with.
  public var version: Int
  /// The chosen game language; nil until the user picks one, so the environment decides.
  public var language: Language?
  /// The house rules, every one off by default; saved as one object under
  /// `houseRules` (files written before it had each rule at the top: read once).
  public var houseRules: HouseRules
  /// Spy locations taken out of play, by identifier (sorted, so the file reads well).
  public var excludedLocations: [String]
  /// Who narrates, round lengths, the voice.
  public var preferences = Preferences()

  /// Creates settings; the defaults are what a first start uses.
  public init(language: Language? = nil, houseRules: HouseRules = HouseRules()) {
    version = Self.currentVersion
    self.language = language
    self.houseRules = houseRules
    self.excludedLocations = []
  }

  enum CodingKeys: String, CodingKey {
    case version, language, houseRules, excludedLocations, narration, roundMinutes, voice, voiceSpeed, phones
  }

  /// Where the house rules were before they were one object: each at the
  /// top of the file. Read when `houseRules` is missing, never written.
  private enum EarlierKeys: String, CodingKey {
    case revealDeadRoles, hideSpyCount, revealCountdown, narrator
  }

  /// Reads settings; every key but `version` may be missing. A language this
  /// build does not speak (say, one a newer Parea added) counts as "not chosen"
  /// instead of throwing the whole file away.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    language = try container.decodeIfPresent(String.self, forKey: .language).flatMap(
      Language.init(rawValue:))
    if let rules = try container.decodeIfPresent(HouseRules.self, forKey: .houseRules) {
      houseRules = rules
    } else {
      // A file from before: the same rules, each a key at the top (the
      // next save writes them as one object).
      let earlier = try decoder.container(keyedBy: EarlierKeys.self)
      houseRules = HouseRules(
        revealDeadRoles: try earlier.decodeIfPresent(Bool.self, forKey: .revealDeadRoles) ?? false,
        hideSpyCount: try earlier.decodeIfPresent(Bool.self, forKey: .hideSpyCount) ?? false,
        revealCountdown: try earlier.decodeIfPresent(Bool.self, forKey: .revealCountdown) ?? false,
        dealt: try earlier.decodeIfPresent(DealtRules.self, forKey: .narrator) ?? DealtRules())
    }
    excludedLocations =
      try container.decodeIfPresent([String].self, forKey: .excludedLocations) ?? []
    let defaults = Preferences()
    preferences.narration =
      try container.decodeIfPresent(NarrationMode.self, forKey: .narration) ?? defaults.narration
    let minutes = try container.decodeIfPresent([String: Int].self, forKey: .roundMinutes) ?? [:]
    for (game, value) in minutes where Preferences.minuteRange.contains(value) {
      preferences.roundMinutes[GameID(game)] = value
    }
    preferences.voice = try container.decodeIfPresent(Bool.self, forKey: .voice) ?? defaults.voice
    preferences.voiceSpeed =
      try container.decodeIfPresent(VoiceSpeed.self, forKey: .voiceSpeed) ?? defaults.voiceSpeed
    preferences.phones = try container.decodeIfPresent(Bool.self, forKey: .phones) ?? defaults.phones
  }

  /// Writes every key, `"language": null` included, so a person editing the file sees what can be set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(language, forKey: .language)
    try container.encode(houseRules, forKey: .houseRules)
    try container.encode(excludedLocations, forKey: .excludedLocations)
    try container.encode(preferences.narration, forKey: .narration)
    var minutes: [String: Int] = [:]
    for (game, value) in preferences.roundMinutes { minutes[game.rawValue] = value }
    try container.encode(minutes, forKey: .roundMinutes)
    try container.encode(preferences.voice, forKey: .voice)
    try container.encode(preferences.voiceSpeed, forKey: .voiceSpeed)
    try container.encode(preferences.phones, forKey: .phones)
  }
}
