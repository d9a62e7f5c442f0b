import ArgumentParser
import PareaCommandLine
import PareaLanguage
import Testing

/// `parea` reads the ordinary command lines itself and leaves every other one
/// to swift-argument-parser: whatever it reads must be what the parser reads,
/// or the two paths would disagree about a user's command line.
@Suite struct OrdinaryCommandLineTests {
  /// What the parser makes of `arguments`: nil when it refuses them (or asks
  /// for help, the version…).
  private func parsed(_ arguments: [String]) -> OrdinaryCommandLine? {
    guard let options = try? Options.parse(arguments), options.deckFile == nil else { return nil }
    return OrdinaryCommandLine(language: options.lang?.language, seed: options.seed)
  }

  @Test(
    "the forms people type are read without the parser, as the parser reads them",
    arguments: [
      ["--lang", "en"], ["--lang", "el"], ["--lang=en"], ["--lang=el"], ["--seed", "42"], ["--seed=42"],
      ["--seed", "0"], ["--seed", "18446744073709551615"], ["--seed", "0042"], ["--seed", "+7"],
      ["--lang", "el", "--seed", "3"], ["--seed", "3", "--lang", "el"], ["--lang=el", "--seed=3"],
      ["--seed=3", "--lang", "en"], [],
    ])
  func ordinaryForms(arguments: [String]) throws {
    let ordinary = try #require(OrdinaryCommandLine(arguments), "\(arguments) is an ordinary form")
    #expect(ordinary == parsed(arguments), "\(arguments)")
  }

  @Test(
    "help, the version, an import, a mistake or an option given twice go to the parser",
    arguments: [
      ["--help"], ["-h"], ["--version"], ["help"], ["--import", "deck.json"], ["--lang", "fr"], ["--lang", "EN"],
      ["--lang"], ["--lang="], ["--seed"], ["--seed", "abc"], ["--seed", "-1"], ["--seed", "18446744073709551616"],
      ["--seed=1.5"], ["--seed="], ["--bogus"], ["-x"], ["extra"], ["--lang", "en", "extra"],
      ["--lang", "en", "--lang", "el"], ["--seed", "1", "--seed", "2"], ["--lang", "en", "--"], ["--", "--lang", "en"],
      ["--lang=en=el"], ["-lang", "en"], ["--LANG", "en"], ["--lang", "--seed", "1"], ["--seed", "--lang", "en"],
      ["--generate-completion-script", "bash"], ["--lang", "en", "--help"],
    ])
  func parserForms(arguments: [String]) {
    #expect(OrdinaryCommandLine(arguments) == nil, "\(arguments) is left to the parser")
  }

  /// Every command line of up to three words from `vocabulary`, and 3,000 of
  /// four to six: whenever the fast reading accepts one, the parser accepts it
  /// too and reads the same language and seed.
  @Test("over every short command line, what is read without the parser is what the parser reads")
  func agreesWithTheParser() {
    let vocabulary = [
      "--lang", "--seed", "en", "el", "fr", "42", "0042", "+7", "-1", "", "18446744073709551616", "--lang=en",
      "--lang=el", "--lang=", "--seed=9", "--seed=-3", "-h", "--version", "--import", "a.json", "--", "--bogus",
    ]
    var lines: [[String]] = [[]]
    var frontier: [[String]] = [[]]
    for _ in 1...3 {
      frontier = frontier.flatMap { line in vocabulary.map { line + [$0] } }
      lines += frontier
    }
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<3000 {
      lines.append((0..<(4 + next(3))).map { _ in vocabulary[next(vocabulary.count)] })
    }
    var read = 0
    for line in lines {
      guard let ordinary = OrdinaryCommandLine(line) else { continue }
      read += 1
      #expect(ordinary == parsed(line), "\(line): read \(ordinary), the parser reads \(String(describing: parsed(line)))")
    }
    #expect(read > 0, "\(read) of \(lines.count) lines read without the parser")
  }

  /// Each option as `--name value` or `--name=value`, with right and wrong
  /// values, alone, together in either order: the fast reading takes exactly
  /// the lines the parser accepts, and reads them as it does.
  @Test("every way of writing --lang and --seed: read without the parser exactly when the parser accepts it")
  func everyWayOfWritingTheOptions() {
    func forms(_ name: String, _ values: [String]) -> [[String]] {
      values.flatMap { [[name, $0], [name + "=" + $0]] }
    }
    let languages = forms("--lang", ["en", "el", "fr", "EN", "", "en=el", "-h"])
    let seeds = forms(
      "--seed", ["42", "0", "0042", "+7", "-1", "", "abc", "1.5", "18446744073709551615", "18446744073709551616"])
    var lines = [[String]()] + languages + seeds
    for language in languages {
      for seed in seeds {
        lines.append(language + seed)
        lines.append(seed + language)
      }
    }
    var read = 0
    for line in lines {
      let ordinary = OrdinaryCommandLine(line)
      #expect(ordinary == parsed(line), "\(line): read \(String(describing: ordinary)), the parser reads \(String(describing: parsed(line)))")
      if ordinary != nil { read += 1 }
    }
    #expect(read >= 4 * 9 * 2, "\(read) of \(lines.count) lines read without the parser")
  }
}
