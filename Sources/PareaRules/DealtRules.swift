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
/// **Adding one** (see docs/ARCHITECTURE.md, "Worked examples"): its field
/// here with its default, and its line in `declared`; then the rule that
/// reads `table.options.dealt`, and its words (`settings.narrator.<key>`,
/// its hint and values; `game.<game>.rules.<key>.<value>`: one sentence of
/// the rules text per value). Saving, reading an older file, the settings
/// row and the rules text come from the declaration; `DealtRulesTests`
/// fails for a field that is not declared.
public struct DealtRules: Hashable, Sendable {
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

  /// Every rule, in the order the settings list them and the rules text
  /// says them: its key (the field's name, in files and locale keys), its
  /// values, and the paragraph of the rules text its sentence joins.
  public static let declared: [DealtRule] = [
    .toggle("firstNightMeetingOnly", \.firstNightMeetingOnly, told: .night),
    .toggle("doctorMayProtectSelf", \.doctorMayProtectSelf, told: .night, concerns: .protect),
    .toggle("doctorMayRepeat", \.doctorMayRepeat, told: .night, concerns: .protect),
    .choice("tie", \.tie, told: .day),
    .toggle("announceSaves", \.announceSaves, told: .day),
    .choice("phoneVote", \.phoneVote, told: .day),
  ]

  /// The default rules, or some changed (a rule left out keeps its default).
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
}

/// The paragraph of a game's rules text that says a house rule.
public enum RulesParagraph: String, Hashable, Sendable, CaseIterable {
  /// The night's (`{night}` in the rules text).
  case night
  /// The day's (`{day}`).
  case day
}

/// One house rule a game keeps from its deal, declared once in
/// `DealtRules.declared`: everything else (saving, the settings row, the
/// rules text, the tests' expectations) is read from here.
public struct DealtRule: Sendable {
  /// The rule's key: its field's name, its key in files and in locale keys.
  public let key: String
  /// Its values' names, in the order the settings draw them ("off", "on"
  /// for a rule that is on or off; an option's raw values otherwise).
  public let values: [String]
  /// Whether it is on or off (its values are the settings' "Off" and "On").
  public let isToggle: Bool
  /// The paragraph of the rules text that says it.
  public let told: RulesParagraph
  /// The night ability whose holders it limits, if any: their card says it
  /// too (`game.<game>.card.<key>.<value>`), and their phone's task shows it.
  public let concerns: NightAction?
  private let read: @Sendable (DealtRules) -> Int
  private let write: @Sendable (inout DealtRules, Int) -> Void
  private let decodeValue: @Sendable (KeyedDecodingContainer<DealtRuleKey>, inout DealtRules) throws -> Void
  private let encodeValue: @Sendable (inout KeyedEncodingContainer<DealtRuleKey>, DealtRules) throws -> Void

  /// The index in `values` of the value `rules` hold.
  public func value(in rules: DealtRules) -> Int { read(rules) }

  /// Sets the rule in `rules` to the value at `index` of `values`.
  public func set(_ rules: inout DealtRules, to index: Int) { write(&rules, index) }

  /// The index of its default value.
  public var defaultValue: Int { read(DealtRules()) }

  /// A rule with a list of values (an enumeration written by its raw value).
  static func choice<Value>(
    _ key: String, _ path: WritableKeyPath<DealtRules, Value> & Sendable, told: RulesParagraph
  ) -> DealtRule where Value: CaseIterable & RawRepresentable<String> & Codable & Equatable & Sendable {
    let all = Array(Value.allCases)
    return DealtRule(
      key: key, values: all.map(\.rawValue), isToggle: false, told: told, concerns: nil,
      read: { rules in all.firstIndex(of: rules[keyPath: path]) ?? 0 },
      write: { rules, index in rules[keyPath: path] = all[index] },
      decodeValue: { container, rules in
        if let value = try container.decodeIfPresent(Value.self, forKey: DealtRuleKey(key)) {
          rules[keyPath: path] = value
        }
      },
      encodeValue: { container, rules in try container.encode(rules[keyPath: path], forKey: DealtRuleKey(key)) })
  }

  /// A rule that is on or off.
  static func toggle(
    _ key: String, _ path: WritableKeyPath<DealtRules, Bool> & Sendable, told: RulesParagraph, concerns: NightAction? = nil
  ) -> DealtRule {
    DealtRule(
      key: key, values: ["off", "on"], isToggle: true, told: told, concerns: concerns,
      read: { rules in rules[keyPath: path] ? 1 : 0 },
      write: { rules, index in rules[keyPath: path] = index == 1 },
      decodeValue: { container, rules in
        if let value = try container.decodeIfPresent(Bool.self, forKey: DealtRuleKey(key)) {
          rules[keyPath: path] = value
        }
      },
      encodeValue: { container, rules in try container.encode(rules[keyPath: path], forKey: DealtRuleKey(key)) })
  }

  fileprivate func decode(_ container: KeyedDecodingContainer<DealtRuleKey>, into rules: inout DealtRules) throws {
    try decodeValue(container, &rules)
  }

  fileprivate func encode(_ rules: DealtRules, into container: inout KeyedEncodingContainer<DealtRuleKey>) throws {
    try encodeValue(&container, rules)
  }
}

/// A house rule's key in a file.
public struct DealtRuleKey: CodingKey {
  public let stringValue: String
  public var intValue: Int? { nil }
  init(_ key: String) { stringValue = key }
  public init?(stringValue: String) { self.stringValue = stringValue }
  public init?(intValue: Int) { nil }
}

/// Saved as an object of the declared rules; a rule missing from the file
/// (saved before it existed) keeps its default.
extension DealtRules: Codable {
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: DealtRuleKey.self)
    for rule in Self.declared { try rule.decode(container, into: &self) }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DealtRuleKey.self)
    for rule in Self.declared { try rule.encode(self, into: &container) }
  }
}
