/// How a line is handed to espeak-ng: SSML (`-m`) in which every run of words
/// in the other script is said in the voice of its own script (a Greek name in
/// an English line in the Greek voice, a Latin one in a Greek line in the
/// English voice), and a word the line's voice misreads is given as its
/// phonemes (`[[…]]`, from the language's pronunciations).
///
/// Why one SSML line and not a line split into parts said one after another:
/// one process per line keeps the voice's lifetime rules (the next line or
/// `stop()` kills it) whole, and it sounds as one sentence. Measured with
/// espeak-ng 1.51: "Killed in the night: Νίκος." is 3.2 s as text (the English
/// voice names the letters: "nu iota kappa…") and 2.2 s as markup, where the
/// same line with "Nikos" takes 1.9 s. espeak-ng's markup has quirks that
/// this shape avoids, each checked over every line by the voice's tests:
/// - a sentence's last stop right after an element or a `[[…]]` is read
///   aloud ("τελεία"), so the line ends with a line break before `</speak>`;
/// - `[[…]]` right before a tag reads the tag aloud, so a phoneme group is
///   always followed by the word's own punctuation or a space;
/// - `[[` in a player's name would be taken for phonemes: brackets are said as spaces.
public enum SpeechMarkup {
  /// The script a run of text is written in, as the voice to say it in.
  enum Script: Equatable {
    case greek, latin
    /// The voice to say it in (espeak-ng's language).
    var voice: String { self == .greek ? "el" : "en" }
    /// The other script.
    var other: Script { self == .greek ? .latin : .greek }
  }

  /// The SSML for `text`, said by the voice of `language` ("el", "en").
  /// `pronunciations` maps a word in lower case to espeak-ng's phonemes for it.
  public static func ssml(_ text: String, language: String, pronunciations: [String: String] = [:]) -> String {
    let home: Script = language == "el" ? .greek : .latin
    var body = ""
    var foreign = ""  // a run in the other script, not yet written
    var pendingGap = ""  // spaces and punctuation between two words of the other script
    func flushForeign() {
      guard !foreign.isEmpty else { return }
      body += "<voice xml:lang=\"\(home.other.voice)\">" + escape(foreign) + "</voice>"
      foreign = ""
    }
    for token in tokens(of: text) {
      switch token {
      case .word(let word):
        let script = Self.script(of: word)
        if let script, script != home {
          // Spaces between two names of the other script stay inside their run.
          if !foreign.isEmpty { foreign += pendingGap } else { body += escape(pendingGap) }
          pendingGap = ""
          foreign += word
          continue
        }
        flushForeign()
        body += escape(pendingGap)
        pendingGap = ""
        if let phonemes = pronunciations[word.lowercased()] {
          body += "[[" + phonemes + "]]"
        } else {
          body += escape(word)
        }
      case .gap(let gap):
        // A gap of spaces alone may join two words of the other script; any
        // punctuation ends the run (it is said in the line's own voice).
        if !foreign.isEmpty && gap.allSatisfy({ $0 == " " }) {
          pendingGap += gap
        } else {
          flushForeign()
          pendingGap += gap
        }
      }
    }
    flushForeign()
    body += escape(pendingGap)
    return "<speak>" + body + "\n</speak>"
  }

  enum Token: Equatable {
    case word(String)
    case gap(String)
  }

  /// Words (letters and the marks on them, with an apostrophe or hyphen
  /// inside) and the gaps between them; brackets become spaces.
  static func tokens(of text: String) -> [Token] {
    var result: [Token] = []
    var current = ""
    var inWord = false
    for character in text {
      let character: Character = character == "[" || character == "]" ? " " : character
      let isLetter = character.unicodeScalars.contains { $0.properties.isAlphabetic }
      let joins = inWord && (character == "'" || character == "’" || character == "-")
      if isLetter || joins {
        if !inWord && !current.isEmpty { result.append(.gap(current)); current = "" }
        inWord = true
      } else if inWord {
        result.append(.word(current))
        current = ""
        inWord = false
      }
      current.append(character)
    }
    if !current.isEmpty { result.append(inWord ? .word(current) : .gap(current)) }
    return result
  }

  /// Greek if the word has a Greek letter, Latin if it has a Latin one; nil
  /// for a word in neither (said by the line's voice).
  static func script(of word: String) -> Script? {
    var latin = false
    for scalar in word.unicodeScalars {
      switch scalar.value {
      case 0x0370...0x03FF, 0x1F00...0x1FFF: return .greek
      case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin = true
      default: continue
      }
    }
    return latin ? .latin : nil
  }

  /// The text with `&`, `<` and `>` as SSML writes them.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
