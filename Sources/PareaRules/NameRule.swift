import PareaTextWidth

/// Why a name cannot be taken as typed.
public enum NameRefusal: Hashable, Sendable {
  /// A character no name may hold (an emoji, a control, a wide glyph).
  case character
  /// The name would be wider than `PlayerName.maxWidth` columns.
  case tooWide
}

/// What a name may hold and how wide it may be: a rule of the game that the
/// players screen and the store both ask. It measures with `TextWidth` (a leaf
/// target of its own: the rules draw nothing). `PlayerName` in Validation.swift
/// cleans, compares and refuses empty or repeated names.
extension PlayerName {
  /// The widest name, in columns: long enough for most first-and-last names,
  /// short enough that every screen can show it whole.
  public static let maxWidth = 20

  /// Whether `character` may be part of a name: letters in any script, marks,
  /// digits, punctuation, symbols and spaces; no controls, no emoji, no wide
  /// glyphs (terminals, tmux and ncurses disagree on their widths).
  public static func canContain(_ character: Character) -> Bool {
    // The whole character too: "❤" is narrow, but "❤️" (with a variation
    // selector) is drawn as a wide emoji.
    TextWidth.of(character) <= 1 && character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
        .paragraphSeparator:
        return false
      default:
        return !scalar.properties.isEmojiPresentation && TextWidth.of(Character(scalar)) <= 1
      }
    }
  }

  /// Why `name` cannot be a player's name as it stands, if it cannot.
  public static func refusal(_ name: String) -> NameRefusal? {
    if !name.allSatisfy(canContain) { return .character }
    return TextWidth.of(name) > maxWidth ? .tooWide : nil
  }

  /// Why `character` cannot be typed at the end of `text`, if it cannot.
  public static func refusal(typing character: Character, into text: String) -> NameRefusal? {
    if !canContain(character) { return .character }
    return TextWidth.of(text + String(character)) > maxWidth ? .tooWide : nil
  }
}
