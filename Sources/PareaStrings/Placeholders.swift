/// `{name}` placeholders: finding, checking and filling them.
public enum Placeholders {
  /// The placeholder names in `text`, each once, in order of first appearance.
  ///
  /// Stray braces are skipped: the parser has already rejected them in the tables.
  public static func names(in text: String) -> [String] {
    var names: [String] = []
    forEachPlaceholder(in: text) { name in
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// `template` with every `{name}` that has a value in `arguments` replaced by it.
  ///
  /// A placeholder without a value is left as it is, so a missing argument
  /// shows on screen instead of crashing.
  public static func fill(_ template: String, _ arguments: [String: String]) -> String {
    let utf8 = template.utf8
    guard !arguments.isEmpty, utf8.contains(UInt8(ascii: "{")) else { return template }
    // By UTF-8 bytes and String indices: the scalar-view version instantiated
    // generic stdlib code at run time on first use (a placeholder on the home
    // screen cost 0.2 M instructions before the first frame).
    var result = ""
    var cursor = utf8.startIndex
    while let open = utf8[cursor...].firstIndex(of: UInt8(ascii: "{")) {
      result.append(contentsOf: template[cursor..<open])  // String's own Substring overload
      let start = utf8.index(after: open)
      var end = start
      while end < utf8.endIndex && isNameByte(utf8[end]) { end = utf8.index(after: end) }
      if end < utf8.endIndex, utf8[end] == UInt8(ascii: "}"), end > start,
        let value = arguments[String(template[start..<end])]
      {
        result += value
        cursor = utf8.index(after: end)
      } else {
        result += "{"
        cursor = start
      }
    }
    result.append(contentsOf: template[cursor...])
    return result
  }

  /// The first brace in raw value bytes that does not form a `{name}`
  /// placeholder: its offset in `raw` and the offending text.
  static func firstError(in raw: UnsafeBufferPointer<UInt8>) -> (offset: Int, text: String)? {
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      if byte == close { return (index, "}") }
      if byte == open {
        var end = index + 1
        while end < raw.endIndex && isNameByte(raw[end]) { end += 1 }
        if end < raw.endIndex && raw[end] == close && end > index + 1 {
          index = end + 1
          continue
        }
        // Show the whole broken placeholder: up to its `}` if one follows
        // before the next `{`, else to the end of the value.
        var stop = index + 1
        while stop < raw.endIndex && raw[stop] != close && raw[stop] != open { stop += 1 }
        if stop < raw.endIndex && raw[stop] == close { stop += 1 }
        return (
          index, String(decoding: UnsafeBufferPointer(rebasing: raw[index..<stop]), as: UTF8.self)
        )
      }
      index += 1
    }
    return nil
  }

  private static func forEachPlaceholder(in text: String, _ body: (String) -> Void) {
    var scalars = text.unicodeScalars[...]
    while let open = scalars.firstIndex(of: "{") {
      let rest = scalars[scalars.index(after: open)...]
      if let close = rest.firstIndex(where: { !isNameScalar($0) }), rest[close] == "}",
        close != rest.startIndex
      {
        body(String(String.UnicodeScalarView(rest[..<close])))
        scalars = rest[rest.index(after: close)...]
      } else {
        scalars = rest
      }
    }
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && isNameByte(UInt8(scalar.value))
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}
