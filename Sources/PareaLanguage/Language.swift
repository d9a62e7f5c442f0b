/// A language Parea speaks; its raw value is the folder name under `Locales/`.
public enum Language: String, CaseIterable, Codable, Hashable, Sendable {
  /// English, the fallback for every missing key.
  case en
  /// Greek.
  case el

  /// The language for a command-line value such as `el` or `EN`, or nil if Parea does not speak it.
  public init?(code: String) {
    self.init(rawValue: code.lowercased())
  }

  /// Chooses the game language: the command-line flag beats the saved
  /// setting, which beats the environment, which beats English.
  public static func resolve(flag: Language?, saved: Language?, environment: [String: String])
    -> Language
  {
    flag ?? saved ?? fromEnvironment(environment) ?? .en
  }

  /// The language the environment asks for: the first non-empty of
  /// `LC_ALL`, `LC_MESSAGES`, `LANG` decides (Greek if it names `el`,
  /// otherwise English); nil when all three are unset or empty.
  public static func fromEnvironment(_ environment: [String: String]) -> Language? {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return Language(localeIdentifier: value)
      }
    }
    return nil
  }

  /// The language of a POSIX locale name: Greek for `el`, `el_GR.UTF-8`,
  /// `el_CY@euro` and the like, English for anything else (`C.UTF-8`, `POSIX`, `de_DE`).
  public init(localeIdentifier: String) {
    let scalars = Array(localeIdentifier.lowercased().unicodeScalars)
    let isGreek =
      scalars.count >= 2 && scalars[0] == "e" && scalars[1] == "l"
      && (scalars.count == 2 || "_.@-".unicodeScalars.contains(scalars[2]))
    self = isGreek ? .el : .en
  }

  /// `text` in capitals for a title. Greek letters drop their accents in
  /// every language (a Greek name on an English screen is still ΝΙΚΟΣ, not
  /// ΝΊΚΟΣ); other scripts take the plain Unicode upper case.
  public func uppercase(_ text: String) -> String {
    GreekCapitals.uppercase(text)
  }
}

/// Greek upper case as a typesetter writes it, without ICU.
///
/// Capitals drop the tonos (and the other polytonic accents); the diaeresis
/// stays. Where a dropped accent was the only sign that two vowels are not a
/// diphthong (μάιος, τσάι), the second vowel gains a diaeresis: ΜΑΪΟΣ, ΤΣΑΪ.
enum GreekCapitals {
  static func uppercase(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    /// The base vowel whose accent was just dropped (lower case, no accent).
    var droppedAccentOn: Unicode.Scalar?
    var lastBaseIsGreek = false
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if let (base, accented) = precomposed(scalar) {
        appendUpper(base, to: &out)
        droppedAccentOn = accented ? base : nil
        lastBaseIsGreek = true
        continue
      }
      if isCombining(scalar) {
        if lastBaseIsGreek, accents.contains(scalar) {
          if let last = out.last { droppedAccentOn = lowerGreekVowel(last) }
          continue
        }
        if lastBaseIsGreek, scalar == "\u{344}" {  // dialytika with tonos: keep the dialytika
          appendDiaeresis(to: &out)
          droppedAccentOn = nil
          continue
        }
        if lastBaseIsGreek, scalar == "\u{308}" {
          appendDiaeresis(to: &out)
          droppedAccentOn = nil
          continue
        }
        out.append(scalar)
        continue
      }
      // A base character: decide first whether it needs a diaeresis because
      // the vowel before it lost its accent.
      let needsDiaeresis =
        (droppedAccentOn.map { formsDiphthong(first: $0, second: scalar) } ?? false)
        && !hasDiaeresisOrAccent(after: index, in: scalars)
      droppedAccentOn = nil
      lastBaseIsGreek = isGreek(scalar)
      appendUpper(scalar, to: &out)
      if needsDiaeresis { appendDiaeresis(to: &out) }
    }
    return String(out)
  }

  /// Precomposed Greek letters with an accent: their unaccented lower-case
  /// base, and whether the dropped mark was an accent (ΐ and ΰ keep their diaeresis).
  private static func precomposed(_ scalar: Unicode.Scalar) -> (Unicode.Scalar, Bool)? {
    switch scalar {
    case "\u{3AC}", "\u{386}": ("α", true)  // ά Ά
    case "\u{3AD}", "\u{388}": ("ε", true)  // έ Έ
    case "\u{3AE}", "\u{389}": ("η", true)  // ή Ή
    case "\u{3AF}", "\u{38A}": ("ι", true)  // ί Ί
    case "\u{3CC}", "\u{38C}": ("ο", true)  // ό Ό
    case "\u{3CD}", "\u{38E}": ("υ", true)  // ύ Ύ
    case "\u{3CE}", "\u{38F}": ("ω", true)  // ώ Ώ
    case "\u{390}": ("ϊ", false)  // ΐ
    case "\u{3B0}": ("ϋ", false)  // ΰ
    default: nil
    }
  }

  /// Combining accents that capitals drop after a Greek letter: acute/tonos,
  /// grave/varia, perispomeni and the breathings.
  private static let accents: Set<Unicode.Scalar> = [
    "\u{301}", "\u{341}", "\u{300}", "\u{340}", "\u{342}", "\u{313}", "\u{314}",
  ]

  private static func appendUpper(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView)
  {
    // Fast paths for the letters titles are made of; the Unicode tables for the rest.
    switch scalar.value {
    case 0x61...0x7A, 0x3B1...0x3C1, 0x3C3...0x3C9:  // a–z, α–ρ, σ–ω
      out.append(Unicode.Scalar(scalar.value - 0x20)!)
    case 0x3C2:  // final ς
      out.append("Σ")
    case 0...0x7F, 0x391...0x3A9:  // other ASCII, Α–Ω
      out.append(scalar)
    default:
      out.append(contentsOf: scalar.properties.uppercaseMapping.unicodeScalars)
    }
  }

  /// Adds a diaeresis to the last letter, composing Ϊ and Ϋ where they exist.
  private static func appendDiaeresis(to out: inout String.UnicodeScalarView) {
    switch out.last {
    case "Ι":
      out.removeLast()
      out.append("Ϊ")
    case "Υ":
      out.removeLast()
      out.append("Ϋ")
    case "Ϊ", "Ϋ":
      break
    default:
      out.append("\u{308}")
    }
  }

  /// Whether `first` (accented) then `second` would read as a diphthong without the accent.
  private static func formsDiphthong(first: Unicode.Scalar, second: Unicode.Scalar) -> Bool {
    switch second {
    case "ι", "Ι": ["α", "ε", "ο", "υ"].contains(first)
    case "υ", "Υ": ["α", "ε", "η", "ο"].contains(first)
    default: false
    }
  }

  /// Whether combining marks right after `index` already carry a diaeresis or an accent.
  private static func hasDiaeresisOrAccent(after index: Int, in scalars: [Unicode.Scalar]) -> Bool {
    var at = index
    while at < scalars.count, isCombining(scalars[at]) {
      if scalars[at] == "\u{308}" || scalars[at] == "\u{344}" || accents.contains(scalars[at]) {
        return true
      }
      at += 1
    }
    return false
  }

  /// The lower-case form of an unaccented Greek vowel, else nil.
  private static func lowerGreekVowel(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    guard lower.count == 1, let vowel = lower.first, "αεηιουω".unicodeScalars.contains(vowel)
    else { return nil }
    return vowel
  }

  private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x300 { return false }
    return switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
    (0x370...0x3FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
  }
}
