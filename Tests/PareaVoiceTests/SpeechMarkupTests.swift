import PareaLocale
import PareaStrings
import Testing

@testable import PareaVoice

/// The markup a line is said with: names of the other script in their own
/// voice, misread words as phonemes, everything else as written and escaped.
@Suite struct SpeechMarkupTests {
  @Test("a Greek name in an English line is said in the Greek voice, and the reverse")
  func namesInTheirOwnVoice() {
    #expect(
      SpeechMarkup.ssml("Killed in the night: Νίκος.", language: "en")
        == "<speak>Killed in the night: <voice xml:lang=\"el\">Νίκος</voice>.\n</speak>")
    #expect(
      SpeechMarkup.ssml("Θύμα της νύχτας: Anna.", language: "el")
        == "<speak>Θύμα της νύχτας: <voice xml:lang=\"en\">Anna</voice>.\n</speak>")
    // A name of the line's own script is left to the line's voice.
    #expect(SpeechMarkup.ssml("Goes too: Anna.", language: "en") == "<speak>Goes too: Anna.\n</speak>")
  }

  @Test("a name of two words is one run; a list's comma ends each")
  func runs() {
    #expect(
      SpeechMarkup.ssml("Out: Νίκος Παππάς, who", language: "en")
        == "<speak>Out: <voice xml:lang=\"el\">Νίκος Παππάς</voice>, who\n</speak>")
    #expect(
      SpeechMarkup.ssml("Tied: Νίκος, Anna, Ελένη.", language: "en")
        == "<speak>Tied: <voice xml:lang=\"el\">Νίκος</voice>, Anna, <voice xml:lang=\"el\">Ελένη</voice>.\n</speak>")
  }

  @Test("a word the voice misreads is given as phonemes, whatever its capitals; a word of the other script never is")
  func pronunciations() {
    let words = ["μάτια": "m'atCa", "διαλέξτε": "Djal'ekste"]
    #expect(
      SpeechMarkup.ssml("Κλείστε τα μάτια. Διαλέξτε.", language: "el", pronunciations: words)
        == "<speak>Κλείστε τα [[m'atCa]]. [[Djal'ekste]].\n</speak>")
    // A Latin name "Matia" is not a Greek word.
    #expect(
      SpeechMarkup.ssml("Θύμα: Matia", language: "el", pronunciations: ["matia": "x"])
        == "<speak>Θύμα: <voice xml:lang=\"en\">Matia</voice>\n</speak>")
  }

  @Test("what a name may hold is said, never taken for markup or phonemes")
  func escaping() {
    #expect(
      SpeechMarkup.ssml("Out: Tom & <Jerry> [[x]].", language: "en")
        == "<speak>Out: Tom &amp; &lt;Jerry&gt;   x  .\n</speak>")
    #expect(SpeechMarkup.ssml("", language: "el") == "<speak>\n</speak>")
    #expect(SpeechMarkup.ssml("Ο Ζ'ωρζ", language: "en") == "<speak><voice xml:lang=\"el\">Ο Ζ'ωρζ</voice>\n</speak>")
  }

  @Test("in a Greek line, a Greek name in Latin letters is said by the Greek voice as a Greek reads it; any other Latin name by the English voice")
  func greeklish() {
    let names = Catalog.spokenNames(in: .el)
    // Each name of the table, in a Greek line: its Greek spelling, no English voice.
    for latin in ["Kostas", "GIORGOS", "giannis", "Yannis", "Dimitris", "Despina", "Vangelis"] {
      let markup = SpeechMarkup.ssml("Θύμα της νύχτας: \(latin).", language: "el", names: names)
      #expect(markup == "<speak>Θύμα της νύχτας: \(names[latin.lowercased()]!).\n</speak>", "\(markup)")
    }
    // A surname beside a known name is spelled as Greeklish writes it; its stress is the voice's.
    #expect(
      SpeechMarkup.ssml("Βγήκε: Maria Papadopoulou, Bob.", language: "el", names: names)
        == "<speak>Βγήκε: Μαρία παπαδοπουλου, <voice xml:lang=\"en\">Bob</voice>.\n</speak>")
    // A name none of whose words is a Greek name stays English; so does every name in an English line.
    #expect(
      SpeechMarkup.ssml("Βγήκε: John Smith.", language: "el", names: names)
        == "<speak>Βγήκε: <voice xml:lang=\"en\">John Smith</voice>.\n</speak>")
    #expect(SpeechMarkup.ssml("Out: Kostas.", language: "en", names: names) == "<speak>Out: Kostas.\n</speak>")
    // Letter by letter: two letters for one Greek first, a final s as ς.
    let spelled = [
      "Papadopoulos": "παπαδοπουλος", "Chatzis": "χατζις", "Theodorakis": "θεοδορακις", "Psaras": "ψαρας",
      "Mpouras": "μπουρας", "Ntokos": "ντοκος", "Xenos": "ξενος", "Kaloudis": "καλουδις", "Bakas": "μπακας",
    ]
    for (latin, greek) in spelled { #expect(Greeklish.transliterate(latin) == greek, "\(latin)") }
    // Every spoken form is Greek letters, and every key lower-case Latin letters.
    for (latin, greek) in names {
      #expect(latin.allSatisfy { ("a"..."z").contains($0) }, "speech.name.\(latin)")
      #expect(SpeechMarkup.script(of: greek) == .greek, "speech.name.\(latin) = \(greek)")
    }
    #expect(names.count >= 150)
  }

  @Test("a word's script: Greek, Latin (with its accents), or neither")
  func scripts() {
    #expect(SpeechMarkup.script(of: "Νίκος") == .greek)
    #expect(SpeechMarkup.script(of: "Zoë") == .latin)
    #expect(SpeechMarkup.script(of: "ἄλφα") == .greek)
    #expect(SpeechMarkup.script(of: "Ива") == nil)
  }
}
