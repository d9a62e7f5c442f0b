/// On-screen width of text, measured per grapheme cluster as a terminal draws it.
public enum TextWidth {
  /// Columns a character takes: 0 for controls and lone combining marks, 2 for
  /// wide (East Asian wide/fullwidth, emoji presentation) characters, else 1.
  public static func of(_ character: Character) -> Int {
    measure(character).width
  }

  /// A character's width (as `of`), and its scalar when it is one scalar of
  /// at most three UTF-8 bytes (as `singleScalar`): what a canvas stores,
  /// read from the bytes once.
  public static func measure(_ character: Character) -> (width: Int, scalar: UInt32?) {
    // Fast path, from the UTF-8 bytes: one ASCII character, or one scalar of
    // a block where every character is one column (Latin, Greek, box
    // drawing…): most of every screen, and the Unicode property lookups
    // below are far dearer. Tests hold the blocks to the full rule.
    guard let value = singleScalar(character) else { return (measured(character), nil) }
    if value < 0x80 { return (value >= 0x20 && value < 0x7F ? 1 : 0, value) }
    return (isNarrowBlock(value) ? 1 : measured(character), value)
  }

  /// The scalar of a character made of one scalar of at most three UTF-8
  /// bytes, or nil.
  public static func singleScalar(_ character: Character) -> UInt32? {
    var bytes = character.utf8.makeIterator()
    guard let lead = bytes.next() else { return nil }
    var value: UInt32
    var following: Int
    switch lead {
    case 0..<0x80: value = UInt32(lead); following = 0
    case 0xC0..<0xE0: value = UInt32(lead & 0x1F); following = 1
    case 0xE0..<0xF0: value = UInt32(lead & 0x0F); following = 2
    default: return nil
    }
    while following > 0 {
      guard let byte = bytes.next() else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
      following -= 1
    }
    return bytes.next() == nil ? value : nil
  }

  /// Blocks in which every scalar is one column wide (no marks, controls,
  /// format characters, wide or emoji-presentation characters). Plain
  /// tuples: an array of ranges would make the runtime look up a generic
  /// conformance on the first frame.
  @usableFromInline static let narrowBlocks: [(first: UInt32, last: UInt32)] = [
    (0x00A0, 0x00AC), (0x00AE, 0x02FF),  // Latin-1 (but the soft hyphen), Latin Extended, IPA
    (0x0370, 0x0482),  // Greek and Coptic, Cyrillic letters
    (0x1F00, 0x1FFF),  // Greek Extended
    (0x2010, 0x2027), (0x2030, 0x205E),  // dashes, quotes, the ellipsis…
    (0x2500, 0x25A0),  // box drawing, block elements
  ]

  @inlinable static func isNarrowBlock(_ value: UInt32) -> Bool {
    for block in narrowBlocks where value >= block.first && value <= block.last { return true }
    return false
  }

  /// A scalar that is a whole grapheme of one column whatever stands beside
  /// it: printable ASCII or one of the narrow blocks (none of them joins a
  /// neighbour: no marks, joiners, controls, prepended or paired letters; a
  /// test holds every one of them to the grapheme rules). Text made of these
  /// is measured and drawn from its bytes, without building characters.
  @inlinable public static func isSimple(_ value: UInt32) -> Bool {
    value < 0x80 ? value >= 0x20 && value < 0x7F : isNarrowBlock(value)
  }

  /// The scalar starting at byte `index` of valid UTF-8, and its length in bytes.
  @inlinable public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    value: UInt32, length: Int
  ) {
    let lead = bytes[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    if lead < 0xE0 { return (UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return (
        UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3
      )
    }
    return (
      UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
        | UInt32(bytes[index + 3] & 0x3F), 4
    )
  }

  /// How many leading bytes of `bytes` are simple scalars (`isSimple`) each
  /// followed by another simple scalar or the end: graphemes of one scalar
  /// and one column. The rest, if any, starts at a grapheme boundary.
  @inlinable public static func simplePrefix(of bytes: UnsafeBufferPointer<UInt8>) -> (bytes: Int, columns: Int) {
    var index = 0
    var columns = 0
    guard !bytes.isEmpty else { return (0, 0) }
    var current = scalar(in: bytes, at: 0)
    while isSimple(current.value) {
      let next = index + current.length
      if next == bytes.count { return (next, columns + 1) }
      let following = scalar(in: bytes, at: next)
      if !isSimple(following.value) { break }
      index = next
      columns += 1
      current = following
    }
    return (index, columns)
  }

  /// The width by the Unicode properties of the character's scalars.
  static func measured(_ character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    guard let first = character.unicodeScalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    let properties = first.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && properties.isEmoji {
      return 2
    }
    if properties.isEmojiPresentation || isWide(value) { return 2 }
    return 1
  }

  /// Columns a string takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// Columns a string takes: its simple start read from the bytes, the rest
  /// grapheme by grapheme.
  public static func of(_ text: String) -> Int {
    var text = text
    let fast = text.withUTF8 { simplePrefix(of: $0) }
    if fast.bytes == text.utf8.count { return fast.columns }
    let rest = text.utf8.index(text.utf8.startIndex, offsetBy: fast.bytes)
    return text[rest...].reduce(fast.columns) { $0 + of($1) }
  }

  /// East Asian Wide and Fullwidth blocks (the ranges glibc's wcwidth treats as 2).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// The longest prefix of `text` that fits in `width` columns.
  public static func prefix(_ text: String, fitting width: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let w = of(character)
      if used + w > width { break }
      used += w
      result.append(character)
    }
    return result
  }

  /// `text` cut to `width` columns, ending in "…" when it had to be cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    return prefix(text, fitting: width - 1) + "…"
  }

  /// Splits `text` into lines of at most `width` columns, breaking at spaces
  /// where it can and inside words only when a word is longer than a line.
  /// Existing line breaks are kept; an empty line stays empty.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // Leading spaces are kept on every line of the paragraph, and a bullet's
      // continuation lines line up under its text.
      let leading = String(paragraph.prefix { $0 == " " })
      let body = paragraph.dropFirst(leading.count)
      let hanging = leading + (body.hasPrefix("• ") ? "  " : "")
      var line = leading
      var lineWidth = of(leading)
      var first = true
      for word in body.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        var wordWidth = of(word)
        let indent = first ? leading : hanging
        let gap = lineWidth == of(indent) ? 0 : 1
        if lineWidth + gap + wordWidth <= width {
          line += (gap == 1 ? " " : "") + word
          lineWidth += gap + wordWidth
          continue
        }
        if lineWidth > of(indent) {
          lines.append(line)
          first = false
        }
        let room = max(1, width - of(hanging))
        while wordWidth > room {
          let head = prefix(word, fitting: room)
          lines.append(hanging + head)
          word.removeFirst(head.count)
          wordWidth = of(word)
        }
        line = (first ? leading : hanging) + word
        lineWidth = of(line)
        first = false
      }
      lines.append(line)
    }
    return lines
  }

  /// One line spread to exactly `width` columns: its leading spaces kept,
  /// its words moved apart by spaces shared out as evenly as they go (the
  /// first gaps a space wider), so that it starts and ends where every other
  /// justified line of `width` does. A line of one word, or one already as
  /// wide, stays as it is.
  public static func justify(_ line: String, width: Int) -> String {
    let leading = String(line.prefix { $0 == " " })
    let words = line.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: true)
    let ink = words.reduce(of(leading)) { $0 + of($1) }
    let gaps = words.count - 1
    guard gaps > 0, ink + gaps < width else { return line }
    let spaces = width - ink
    var result = leading
    for (index, word) in words.enumerated() {
      result += word
      if index < gaps { result += String(repeating: " ", count: spaces / gaps + (index < spaces % gaps ? 1 : 0)) }
    }
    return result
  }

  /// `text` padded with spaces to exactly `width` columns (cut if longer).
  public static func pad(_ text: String, to width: Int) -> String {
    let cut = truncate(text, to: width)
    return cut + String(repeating: " ", count: max(0, width - of(cut)))
  }
}
