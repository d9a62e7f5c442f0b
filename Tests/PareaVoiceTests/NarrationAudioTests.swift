import Foundation
import PareaLocale
import PareaStrings
import Testing

@testable import PareaVoice

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The real espeak-ng is required in CI (`scripts/setup --test` installs it);
/// on a developer's machine without it these tests are skipped with a message.
let espeakAvailable: Bool = {
  let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
  return !ci.isEmpty || espeakPath != nil
}()
/// espeak-ng as the voice would find it.
let espeakPath: String? = Voice.find(
  Voice.programName, in: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
let espeakMissing: Comment =
  "espeak-ng is not installed: the narration's audio tests are skipped (scripts/setup --test installs it; in CI they fail instead)"

/// Every line the narrator says, in both languages, synthesised by the real
/// espeak-ng into a WAV file (no audio device needed) and checked to hold
/// speech of a plausible length: not empty, not cut short, not a runaway.
@Suite(.enabled(if: espeakAvailable, espeakMissing))
struct NarrationAudioTests {
  /// Sample names for the `{placeholders}`: one Greek, one Latin (the group's
  /// names come in either script, whatever the language); a list has both.
  static let sampleNames = ["Νίκος", "Bob"]
  static let sampleList = "Νίκος, Bob, Ελένη"
  /// Placeholders that stand for a number ("Night {round}"): filled with one.
  static let numberPlaceholders: Set = ["round", "count", "number", "minutes", "seconds"]

  /// Whether a key is a line the narrator says aloud: the shared lines
  /// (`narrator.say.*`), a game's night steps as they wake, meet and sleep,
  /// also on the phones (`game.<game>.step.<step>.wake|meet|sleep|wakePhones|meetPhones`)
  /// and a game's own words for a shared line (`game.<game>.line.saved|takeAlong…`,
  /// see `GameKeys.Line`).
  static func isSpoken(_ key: String) -> Bool {
    if key.hasPrefix("narrator.say.") { return true }
    let parts = key.split(separator: ".")
    guard parts.count >= 4, parts[0] == "game" else { return false }
    if parts[2] == "step", parts.count == 5 { return ["wake", "meet", "sleep", "wakePhones", "meetPhones"].contains(parts[4]) }
    if parts[2] == "line", parts.count == 4 { return ["saved", "takeAlong", "takeAlongAgain", "takeAlongVotedOut"].contains(parts[3]) }
    return false
  }

  /// The narrator's lines, each placeholder filled with each sample name in
  /// turn (a list with the sample list), or with a number (a line without
  /// placeholders once).
  static func lines(in language: Language) -> [(key: String, text: String)] {
    let catalog = Catalog.builtIn(language)
    let keys = catalog.keys(in: language).filter(isSpoken).sorted()
    var lines: [(key: String, text: String)] = []
    for key in keys {
      let names = Placeholders.names(in: catalog.lookup(key) ?? "")
      if names.isEmpty {
        lines.append((key: key, text: catalog.text(key)))
        continue
      }
      // "The first night falls": every ordinal, and a number past them.
      if let counted = names.first(where: { $0 == "night" || $0 == "day" }) {
        let phrases = catalog.keys(in: language).filter {
          $0.hasPrefix("narrator.\(counted).") && ($0.hasSuffix(".other") || $0.last?.isNumber == true)
        }.sorted()
        #expect(phrases.count == 11, "\(counted): \(phrases)")
        for phrase in phrases {
          lines.append((key: key, text: catalog.text(key, [counted: catalog.text(phrase, ["round": "11"])])))
        }
        continue
      }
      for sample in sampleNames {
        let arguments = Dictionary(
          uniqueKeysWithValues: names.map {
            ($0, numberPlaceholders.contains($0) ? "2" : $0 == "names" ? sampleList : sample)
          })
        lines.append((key: key, text: catalog.text(key, arguments)))
      }
    }
    return lines
  }

  /// The line as the program hands it to espeak-ng.
  static func markup(_ text: String, _ language: Language) -> String {
    SpeechMarkup.ssml(
      text, language: language.rawValue, pronunciations: Catalog.pronunciations(in: language),
      names: Catalog.spokenNames(in: language))
  }

  @Test(
    "every narration line is synthesised to speech of a plausible length",
    arguments: Language.allCases)
  func everyLineIsSpoken(_ language: Language) throws {
    let espeak = try #require(
      espeakPath, "espeak-ng is not on PATH (scripts/setup --test installs it)")
    let lines = Self.lines(in: language)
    let keys = Set(lines.map(\.key))
    // So that the test cannot pass with nothing to check.
    #expect(
      keys.count >= 10,
      "only \(keys.count) narrator.say.* keys in \(language) (the narrator's lines, Locales/\(language.rawValue)/narrator.strings)"
    )
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (index, line) in lines.enumerated() {
      let file = folder.path + "/\(index).wav"
      // As the voice says it, but into a file: the language's voice, the
      // line's markup after "--".
      let result = try run(
        [espeak, "-v", language.rawValue, "-m", "-w", file, "--", Self.markup(line.text, language)], in: folder.path)
      #expect(
        result.status == 0,
        "\(line.key) \"\(line.text)\": exit \(result.status), \(result.errorOutput)")
      guard let wave = WaveFile(path: file) else {
        Issue.record("\(line.key) \"\(line.text)\": no readable WAV file (\(result.errorOutput))")
        continue
      }
      let seconds = wave.seconds
      let bounds = Self.plausibleSeconds(for: line.text)
      #expect(
        bounds.contains(seconds),
        "\(line.key) \"\(line.text)\": \(seconds) s of speech, expected \(bounds.lowerBound)…\(bounds.upperBound) s"
      )
    }
  }

  /// espeak-ng's phonemes (`-x`) for every line as the program says it, each
  /// name in both scripts: a Greek name is said with Greek sounds and a Latin
  /// one with English sounds in either language (never spelled letter by
  /// letter: "nu iota kappa…"); nothing of the markup is read aloud; and no
  /// Greek word is read with a syllable too many (synizesis: μά-τια, not
  /// μά-τι-α), which `Locales/el/speech.strings` gives as phonemes.
  @Test("every line is said with each name in the voice of its script and every word as a Greek says it", arguments: Language.allCases)
  func everyLineSoundsRight(_ language: Language) throws {
    let espeak = try #require(espeakPath, "espeak-ng is not on PATH (scripts/setup --test installs it)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let lines = Self.lines(in: language)
    #expect(lines.contains { $0.text.contains("Νίκος") } && lines.contains { $0.text.contains("Bob") })
    for line in lines {
      let result = try run(
        [espeak, "-v", language.rawValue, "-m", "-x", "-q", "--", Self.markup(line.text, language)], in: folder.path)
      let phonemes = (try? String(contentsOfFile: folder.path + "/run.out", encoding: .utf8)) ?? ""
      let said = phonemes.split(whereSeparator: \.isNewline).joined(separator: " ")
      let context = "\(line.key) \"\(line.text)\" is said [\(said)]"
      #expect(result.status == 0, "\(context): \(result.errorOutput)")
      if line.text.contains("Νίκος") {
        #expect(said.contains("n'ikos"), "Νίκος in Greek sounds: \(context)")
      }
      if line.text.contains("Ελένη") {
        #expect(said.contains("el'eni"), "Ελένη in Greek sounds: \(context)")
      }
      if line.text.contains("Bob") {
        #expect(said.contains("b'0b"), "Bob in English sounds: \(context)")
      }
      // English letter names (a Greek word spelled out) and the markup said aloud.
      for leak in ["nj'u:", "'aI@Ut@", "sl'aS", "sp'i:k", "v'OIs", "tel'i;a", "p'i@rI@d", "d'0t"] {
        #expect(!said.contains(leak), "\"\(leak)\" said: \(context)")
      }
      if language == .el {
        // An unstressed ι before a vowel read as a syllable of its own; «μία»
        // is two syllables (μί-α) with or without its stress in the sentence.
        let hiatus = try Regex("(^|[^'])i;[,']?[aeiou]")
        let checked = said.replacingOccurrences(of: "m,i;a", with: "m'i;a")
        #expect(checked.firstMatch(of: hiatus) == nil, "a syllable too many: \(context)")
      }
    }
  }

  /// Twenty common Greek names as a Greek table types them in Latin
  /// letters, with the phonemes the Greek voice says for their Greek
  /// spelling (the stress on its syllable, γ, δ, θ, χ as Greek sounds).
  static let greeklish: [(latin: String, phonemes: String)] = [
    ("Kostas", "k'ostas"), ("Giorgos", "j'orQos"), ("Giannis", "j'anis"), ("Nikos", "n'ikos"), ("Maria", "mar'i;a"),
    ("Eleni", "el'eni"), ("Dimitris", "Dim'itris"), ("Katerina", "ater'ina"), ("Christos", "xr'istos"),
    ("Panagiotis", "anaj'otis"), ("Vasilis", "vas'ilis"), ("Thanasis", "Tan'asis"), ("Manolis", "man'olis"),
    ("Michalis", "mix'alis"), ("Spyros", "sp'iros"), ("Sofia", "sof'i;a"), ("Despina", "D'espin"), ("Irini", "ir'ini"),
    ("Aggeliki", "aNgelic'i"), ("Vangelis", "vaNg'elis"),
  ]

  @Test("a Greek line says twenty common Greek names typed in Latin letters with Greek sounds, as their Greek spelling")
  func greekNamesInLatinLetters() throws {
    let espeak = try #require(espeakPath, "espeak-ng is not on PATH (scripts/setup --test installs it)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let template = try #require(Catalog.builtIn(.el).lookup("narrator.say.votedOut"))
    for (latin, phonemes) in Self.greeklish {
      let line = Catalog.builtIn(.el).text("narrator.say.votedOut", ["name": latin])
      #expect(line != template)
      let result = try run([espeak, "-v", "el", "-m", "-x", "-q", "--", Self.markup(line, .el)], in: folder.path)
      let said = ((try? String(contentsOfFile: folder.path + "/run.out", encoding: .utf8)) ?? "")
        .split(whereSeparator: \.isNewline).joined(separator: " ")
      #expect(result.status == 0)
      #expect(said.contains(phonemes), "\(latin) is said [\(said)], not [\(phonemes)]")
    }
  }

  @Test("every pronunciation is used by a line the narrator says, and is said as written", arguments: Language.allCases)
  func everyPronunciationIsUsed(_ language: Language) throws {
    let words = Set(Self.lines(in: language).flatMap { line in
      line.text.split { !$0.isLetter }.map { $0.lowercased() }
    })
    for (word, phonemes) in Catalog.pronunciations(in: language) {
      #expect(words.contains(word), "speech.\(word) in Locales/\(language.rawValue)/speech.strings is said by no line")
      #expect(!phonemes.isEmpty && !phonemes.contains("]"), "speech.\(word): \(phonemes)")
    }
  }

  /// The length of speech a line may plausibly take at espeak-ng's default
  /// speed (175 words per minute; about 15 characters a second here in both
  /// languages, pauses included):
  /// - at least 0.3 s, and at least one second per 30 characters (twice the
  ///   normal pace): an empty file, a lone click or a line cut off after its
  ///   first words falls below;
  /// - at most one second per 5 characters (three times slower than normal),
  ///   plus a second for the pauses around a short line: a runaway (text
  ///   spelled out letter by letter, a symbol read out at length) goes above.
  static func plausibleSeconds(for text: String) -> ClosedRange<Double> {
    let characters = Double(text.count)
    return max(0.3, characters / 30)...(characters / 5 + 1)
  }

  @Test("the bounds catch an empty, a truncated and a runaway line")
  func boundsAreTight() {
    let line = "Thieves, open your eyes and recognise each other."  // 50 characters, ~3 s
    let bounds = Self.plausibleSeconds(for: line)
    #expect(bounds.contains(3.0))
    #expect(!bounds.contains(0.0))
    #expect(!bounds.contains(1.0), "a third of the line")
    #expect(!bounds.contains(20.0))
  }

  @Test("the WAV reader finds the speech's length in espeak-ng's header")
  func waveReader() throws {
    // RIFF header, "fmt " (PCM, mono, 22050 Hz, 44100 bytes/s, 16 bits), "data" of 88200 bytes.
    var bytes: [UInt8] = Array("RIFF".utf8) + le32(36 + 88200) + Array("WAVEfmt ".utf8) + le32(16)
    bytes += le16(1) + le16(1) + le32(22050) + le32(44100) + le16(2) + le16(16)
    bytes += Array("data".utf8) + le32(88200) + [UInt8](repeating: 0, count: 88200)
    let wave = try #require(WaveFile(bytes: bytes))
    #expect(wave.seconds == 2.0)
    #expect(WaveFile(bytes: Array(bytes.prefix(20))) == nil)
    #expect(WaveFile(bytes: []) == nil)
  }

  private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
  private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
}

/// The length of a PCM WAV file: its "data" chunk's size over the byte rate
/// in its "fmt " chunk (the chunks are walked, not assumed at fixed offsets).
struct WaveFile {
  /// Bytes of sound per second (sample rate × channels × bytes per sample).
  var byteRate: Int
  /// Bytes of sound in the file (the data chunk's size, at most what is there).
  var dataSize: Int

  /// Seconds of sound.
  var seconds: Double { Double(dataSize) / Double(byteRate) }

  /// Reads the file at `path`; nil when it is missing or not a WAV file.
  init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    self.init(bytes: [UInt8](data))
  }

  /// Reads WAV `bytes`; nil when they are not a WAV file with sound.
  init?(bytes: [UInt8]) {
    func uint32(_ at: Int) -> Int {
      Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8),
      bytes[8..<12].elementsEqual("WAVE".utf8)
    else { return nil }
    var offset = 12
    var rate: Int?
    var size: Int?
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let length = uint32(offset + 4)
      let body = offset + 8
      if id == "fmt ", body + 12 <= bytes.count { rate = uint32(body + 8) }
      if id == "data" {
        size = min(length, bytes.count - body)
        break
      }
      offset = body + length + length % 2
    }
    guard let rate, rate > 0, let size, size > 0 else { return nil }
    byteRate = rate
    dataSize = size
  }
}
