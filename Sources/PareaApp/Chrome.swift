import PareaCanvas

// The kit's chrome with the program's words: the header names Parea in the
// current language, and a notice is resolved to its title and message here.
extension Canvas {
  /// The top bar: the app's name and the screen's title.
  mutating func header(_ words: Words, title: String, right: String = "") {
    header(app: words.upper(words("app.name")), title: title, right: right)
  }

  /// The rows a notice takes when drawn `width` columns wide.
  static func noticeHeight(_ notice: Notice, words: Words, width: Int) -> Int {
    messageBoxHeight(words(notice.message, notice.resolvedArguments(words)), width: width)
  }

  /// A notice (error or news) as a framed box across `rect`'s width at `row`.
  mutating func notice(_ notice: Notice, words: Words, row: Int, in rect: Rect) {
    let args = notice.resolvedArguments(words)
    messageBox(
      title: words(notice.title, args), message: words(notice.message, args),
      style: notice.kind == .error ? Theme.error : Theme.good, row: row, in: rect)
  }
}

extension Notice {
  /// The placeholder values in the current language.
  func resolvedArguments(_ words: Words) -> [String: String] {
    args.mapValues { argument -> String in
      switch argument {
      case .text(let text): text
      case .key(let key): words(key)
      case .phrase(let key, let arguments): words(key, arguments)
      }
    }
  }
}
