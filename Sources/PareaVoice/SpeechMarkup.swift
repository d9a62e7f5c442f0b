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
  /// `names` (the Greek voice's only) maps a Greek name written in Latin
  /// letters, in lower case, to its Greek spelling: in a Greek line, a name
  /// of Latin words one of which is there ("Kostas", "Maria Papadopoulou")
  /// is said by the Greek voice as a Greek reads it (`Greeklish`).
  public static func ssml(
    _ text: String, language: String, pronunciations: [String: String] = [:], names: [String: String] = [:]
  ) -> String {
    let home: Script = language == "el" ? .greek : .latin
    var body = ""
    var foreign = ""  // a run in the other script, not yet written
    var pendingGap = ""  // spaces and punctuation between two words of the other script
    func flushForeign() {
      guard !foreign.isEmpty else { return }
      body += "<voice xml:lang=\"\(home.other.voice)\">" + escape(foreign) + "</voice>"
      foreign = ""
    }
    let tokens = home == .greek && !names.isEmpty ? Greeklish.read(tokens(of: text), names: names) : tokens(of: text)
    for token in tokens {
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


/// Greek names written in Latin letters ("Greeklish"), as a Greek reads them
/// (docs/DECISIONS.md, "Greek names in Latin letters"). A run of Latin words
/// (a name of one or more words, spaces between) is read as Greek when one
/// of its words is a known Greek name: that word takes its Greek spelling
/// (with its stress), the others (a surname) are spelled letter by letter
/// (`transliterate`). Any other Latin word (Bob, John) stays as it is, for
/// the English voice.
enum Greeklish {
  static func read(_ tokens: [SpeechMarkup.Token], names: [String: String]) -> [SpeechMarkup.Token] {
    var result = tokens
    var index = 0
    while index < tokens.count {
      // A run: Latin words with only spaces between them.
      guard case .word(let first) = tokens[index], SpeechMarkup.script(of: first) == .latin else {
        index += 1
        continue
      }
      var words = [index]
      var next = index + 1
      while next + 1 < tokens.count, case .gap(let gap) = tokens[next], gap.allSatisfy({ $0 == " " }),
        case .word(let word) = tokens[next + 1], SpeechMarkup.script(of: word) == .latin
      {
        words.append(next + 1)
        next += 2
      }
      let known = words.contains { at in
        if case .word(let word) = tokens[at] { names[word.lowercased()] != nil } else { false }
      }
      if known {
        for at in words {
          guard case .word(let word) = tokens[at] else { continue }
          result[at] = .word(names[word.lowercased()] ?? transliterate(word))
        }
      }
      index = words.last! + 1
    }
    return result
  }

  /// A Latin word in Greek letters, as Greeklish writes them: two letters
  /// that stand for one Greek one first (th θ, ch χ, ps ψ, ks ξ, ou ου, mp μπ…),
  /// then letter by letter; a final s is ς. Letters with no Greek sound (an
  /// accent, an apostrophe) are kept.
  static func transliterate(_ word: String) -> String {
    let pairs: [String: String] = [
      "th": "θ", "dh": "δ", "ch": "χ", "kh": "χ", "ph": "φ", "ps": "ψ", "ks": "ξ", "ou": "ου", "mp": "μπ", "nt": "ντ",
      "gk": "γκ", "gg": "γγ", "ts": "τσ", "tz": "τζ", "ai": "αι", "ei": "ει", "oi": "οι", "au": "αυ", "eu": "ευ",
    ]
    let singles: [Character: String] = [
      "a": "α", "b": "μπ", "c": "κ", "d": "δ", "e": "ε", "f": "φ", "g": "γ", "h": "χ", "i": "ι", "j": "τζ",
      "k": "κ", "l": "λ", "m": "μ", "n": "ν", "o": "ο", "p": "π", "q": "κ", "r": "ρ", "s": "σ", "t": "τ",
      "u": "ου", "v": "β", "w": "ω", "x": "ξ", "y": "υ", "z": "ζ",
    ]
    let letters = Array(word.lowercased())
    var out = ""
    var at = 0
    while at < letters.count {
      if at + 1 < letters.count, let pair = pairs[String(letters[at...at + 1])] {
        out += pair
        at += 2
        continue
      }
      out += singles[letters[at]] ?? String(letters[at])
      at += 1
    }
    if out.hasSuffix("σ") { out = String(out.dropLast()) + "ς" }
    return out
  }
}
