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

  @Test("a word's script: Greek, Latin (with its accents), or neither")
  func scripts() {
    #expect(SpeechMarkup.script(of: "Νίκος") == .greek)
    #expect(SpeechMarkup.script(of: "Zoë") == .latin)
    #expect(SpeechMarkup.script(of: "ἄλφα") == .greek)
    #expect(SpeechMarkup.script(of: "Ива") == nil)
  }
}
