/// What text from a user's location pack may hold: only grapheme clusters
/// that every terminal draws at the width Parea measures.
///
/// A cluster is accepted when it is one visible scalar (not a control,
/// format, line or paragraph separator character, a private-use or unassigned code point,
/// a mark or a regional indicator) followed only by nonspacing combining
/// marks that are not variation selectors: "é" written as e + U+0301 is
/// fine, and so is a lone emoji such as 🍕. Refused: zero-width joiner
/// sequences (👨‍👩‍👧), flags (🇬🇷, 🏳️‍🌈), skin tones (👍🏽), keycaps (1️⃣),
/// emoji and text presentation selectors (❤️), spacing marks, and every
/// invisible or control character (a newline, a tab, ESC, bidi overrides,
/// soft hyphens). Terminals and C libraries disagree on how wide these are,
/// so no measurement can be right everywhere, and a wrong one garbles the
/// rest of the line.
public enum PackText {
  /// The first scalar in `text` that makes its width uncertain, or nil when every cluster is accepted.
  static func firstRefusedScalar(in text: String) -> Unicode.Scalar? {
    // Most pack text is printable ASCII, Greek or Latin: skip the cluster walk for pure ASCII.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
    for character in text {
      if let scalar = refusedScalar(in: character) { return scalar }
    }
    return nil
  }

  /// The scalar that makes `character`'s width uncertain, or nil if it is accepted.
  static func refusedScalar(in character: Character) -> Unicode.Scalar? {
    var scalars = character.unicodeScalars.makeIterator()
    guard let base = scalars.next() else { return nil }
    if !isAcceptedBase(base) { return base }
    while let next = scalars.next() {
      if !isAcceptedMark(next) { return next }
    }
    return nil
  }

  /// `text` with every cluster that is not accepted written out: its base
  /// kept if it may stand alone, each other scalar as `<U+XXXX>`. For text a
  /// pack brings into a notice (a key, a broken placeholder).
  public static func visible(_ text: String) -> String {
    guard firstRefusedScalar(in: text) != nil else { return text }
    var result = ""
    for character in text {
      guard refusedScalar(in: character) != nil else {
        result.append(character)
        continue
      }
      for (index, scalar) in character.unicodeScalars.enumerated() {
        if index == 0 && isAcceptedBase(scalar) {
          result.unicodeScalars.append(scalar)
        } else {
          result += "<\(code(scalar))>"
        }
      }
    }
    return result
  }

  /// A scalar as `U+XXXX` (at least four hex digits, as Unicode writes them).
  static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// A scalar that may start a cluster: visible, not a mark, not a regional indicator.
  private static func isAcceptedBase(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value >= 0x20 && value < 0x7F }
    // Regional indicators: a pair is a flag, one alone is one column or two.
    if (0x1F1E6...0x1F1FF).contains(value) { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
      .surrogate, .nonspacingMark, .spacingMark, .enclosingMark:
      return false
    default:
      return true
    }
  }

  /// A scalar that may follow the base: a nonspacing mark, but no variation
  /// selector (U+FE0F makes many symbols two columns on some terminals only).
  private static func isAcceptedMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark && !scalar.properties.isVariationSelector
  }
}
