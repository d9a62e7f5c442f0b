import Foundation
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension EndToEnd {
  /// Starting, leaving and restoring the terminal: the run loop and the backend.
  @Suite
  struct TerminalLifecycleTests {
    @Test("the first frame appears on the alternate screen, quickly")
    func firstFrame() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      let firstFrame = session.elapsed
      print(
        "parea end-to-end: first frame in tmux after \(firstFrame) (including tmux start-up and polling)"
      )
      #expect(firstFrame < .seconds(3))
      #expect(try session.format("#{alternate_on}") == "1")
    }

    @Test("Ctrl-C exits with 130, restores the terminal and leaves nothing in the history")
    func controlCRestoresTerminal() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      try session.sendKeys("C-c")
      #expect(try session.waitForExit() == 130)
      expectRestored(try session.sttyAfterExit())
      #expect(try session.format("#{alternate_on}") == "0")
      #expect(try session.format("#{cursor_flag}") == "1", "the cursor is visible again")
      let history = try session.history()
      #expect(!history.contains(Screens.homeMarker), "the pane's history:\n\(history)")
    }

    @Test(
      "a termination signal exits with 128 + the signal and restores the terminal",
      arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func signalRestoresTerminal(signal: Int32) throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      try session.signal(signal)
      #expect(try session.waitForExit() == 128 + signal)
      expectRestored(try session.sttyAfterExit())
      #expect(!(try session.history()).contains(Screens.homeMarker))
    }

    @Test(
      "a crash (here SIGSEGV/SIGABRT from outside) still restores the terminal before dying",
      arguments: [SIGSEGV, SIGABRT])
    func crashRestoresTerminal(signal: Int32) throws {
      // The Swift runtime's backtracer would spend seconds symbolicating.
      let session = try TmuxSession(environment: ["SWIFT_BACKTRACE": "enable=no"])
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      try session.signal(signal)
      #expect(try session.waitForExit() == 128 + signal)
      expectRestored(try session.sttyAfterExit())
      #expect(try session.format("#{alternate_on}") == "0")
      #expect(!(try session.history()).contains(Screens.homeMarker))
    }

    @Test("a crash on a vt100: the screen is blanked and no terminfo padding ($<…>) is printed")
    func crashOnAVT100() throws {
      let session = try TmuxSession(environment: ["TERM": "vt100", "SWIFT_BACKTRACE": "enable=no"])
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      try session.signal(SIGSEGV)
      #expect(try session.waitForExit() == 128 + SIGSEGV)
      expectRestored(try session.sttyAfterExit())
      let history = try session.history()
      #expect(!history.contains("$<"), "padding written raw:\n\(history)")
      #expect(!history.contains(Screens.homeMarker), "\(history)")
    }

    @Test("quitting from the home screen exits with 0 and restores the terminal")
    func quitFromHome() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      try session.sendKeys(Screens.quitKey)
      #expect(try session.waitForExit() == 0)
      expectRestored(try session.sttyAfterExit())
      #expect(!(try session.history()).contains(Screens.homeMarker))
    }

    @Test("output redirected to a file: a clear message, exit 1, nothing drawn")
    func outputNotATerminalInTmux() throws {
      let session = try TmuxSession(stdoutRedirect: "/dev/null")
      defer { session.kill() }
      #expect(try session.waitForExit() == 1)
      let screen = try session.capture()
      let words = Catalog.builtIn(.en).text("terminal.notATerminal")
      #expect(screen.contains("parea: " + words.prefix(20)), "\(screen)")
      expectRestored(try session.sttyAfterExit())
    }

    @Test("an unknown TERM: a clear message and exit 1, not ncurses exiting on its own")
    func unknownTerminalType() throws {
      let session = try TmuxSession(environment: ["TERM": "no-such-terminal-xyz"])
      defer { session.kill() }
      #expect(try session.waitForExit() == 1)
      let screen = try session.capture()
      #expect(screen.contains("unknown terminal type \"no-such-terminal-xyz\""), "\(screen)")
      expectRestored(try session.sttyAfterExit())
    }

    @Test("TERM=dumb (no cursor addressing): a clear message and exit 1, nothing drawn")
    func terminalThatCannotAddressTheCursor() throws {
      let session = try TmuxSession(environment: ["TERM": "dumb"])
      defer { session.kill() }
      #expect(try session.waitForExit() == 1)
      let screen = try session.capture()
      let line = Catalog.builtIn(.en).text("terminal.cannotAddressCursor", ["term": "dumb"])
      #expect(screen.contains("parea: " + line.prefix(40)), "\(screen)")
      #expect(!screen.contains(Screens.homeMarker), "\(screen)")
      expectRestored(try session.sttyAfterExit())
    }

    /// Other output on the program's terminal, on a row the home screen leaves blank.
    private func strayOutput(_ session: TmuxSession, _ text: String) throws -> [String] {
      let home = Screens.start()
      let before = try session.waitUntilSettled("the home screen") { Screens.lines($0) == home }
      let row = try #require((1..<23).first { $0 >= home.count || home[$0].isEmpty })
      try session.writeToTerminal("\u{1B}[\(row + 1);5H" + text)
      try session.waitFor(text)
      return Screens.lines(before)
    }

    @Test("Ctrl-L repaints the whole screen: other output on the terminal goes")
    func controlLRepaints() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      let home = try strayOutput(session, "OUTPUT-OF-A-BACKGROUND-JOB")
      try session.sendKeys("C-l")
      let after = try session.waitUntil("the home screen is whole again") { Screens.lines($0) == home }
      #expect(!after.contains("OUTPUT-OF-A-BACKGROUND-JOB"))
    }

    @Test("stopped and continued (SIGSTOP, SIGCONT): the screen is repainted and keys work")
    func continueRepaints() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      try session.waitFor(Screens.homeMarker)
      try session.signal(SIGSTOP)
      let home = try strayOutput(session, "[1]+  Stopped  parea")
      try session.signal(SIGCONT)
      let after = try session.waitUntil("the home screen is whole again") { Screens.lines($0) == home }
      #expect(!after.contains("Stopped"))
      try session.sendKeys(Screens.quitKey)
      #expect(try session.waitForExit() == 0)
      expectRestored(try session.sttyAfterExit())
    }

    @Test("a resize below 80×24 shows the too-small screen; back to 80×24 restores the screen")
    func resize() throws {
      let session = try TmuxSession()
      defer { session.kill() }
      // The whole home screen, not its first line: a capture can fall in the
      // middle of the first frame, and the comparison below is of everything.
      let home = Screens.start()
      let before = try session.waitUntilSettled("the home screen") { Screens.lines($0) == home }
      try session.resize(width: 60, height: 20)
      let small = Screens.start(width: 60, height: 20)
      try session.waitUntil("the too-small screen shows") { Screens.lines($0) == small }
      #expect(try session.format("#{pane_width}x#{pane_height}") == "60x20")
      try session.resize(width: 80, height: 24)
      // Waits for the whole screen as it was (not its first line, which can
      // show before the rest of the frame is drawn).
      let after = try session.waitUntil("the home screen is back as it was") { $0 == before }
      #expect(after == before)
    }
  }
}

/// The binary without a terminal at all (no tmux needed).
@Suite struct CommandLineTests {
  private func run(
    _ arguments: [String], input: String = "/dev/null", language: String? = nil, in given: String? = nil
  ) throws -> Spawn.Result {
    let directory =
      given ?? FileManager.default.temporaryDirectory.appendingPathComponent("parea-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { if given == nil { try? FileManager.default.removeItem(atPath: directory) } }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = directory
    environment["XDG_STATE_HOME"] = directory
    environment["XDG_DATA_HOME"] = directory
    environment["TERM"] = "tmux-256color"
    // The help is wrapped to COLUMNS when there is no terminal to ask.
    environment["COLUMNS"] = nil
    if let language {
      for name in ["LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
      environment["LANG"] = language
    }
    return try Spawn.run(
      [try TmuxSession.binary()] + arguments, environment: environment, input: input, in: directory)
  }

  @Test("--version prints the version")
  func version() throws {
    let result = try run(["--version"])
    #expect(result.status == 0)
    #expect(result.output.split(separator: "\n").first?.isEmpty == false)
    #expect(result.output.first?.isNumber == true, "\(result.output)")
  }

  @Test("--help lists the options")
  func help() throws {
    let result = try run(["--help"])
    #expect(result.status == 0)
    for option in ["--lang", "--seed", "--import", "--version", "--help"] {
      #expect(result.output.contains(option), "\(result.output)")
    }
  }

  @Test(
    "--help speaks the environment's language",
    arguments: [("C.UTF-8", Language.en), ("el_GR.UTF-8", .el)])
  func helpInTheUsersLanguage(locale: String, language: Language) throws {
    let result = try run(["--help"], language: locale)
    #expect(result.status == 0)
    // The help is wrapped to the terminal's width: compare the words only.
    func words(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let help = words(result.output)
    for key in ["cli.abstract", "cli.discussion", "cli.lang", "cli.seed", "cli.import"] {
      #expect(help.contains(words(Catalog.builtIn(language).text(key))), "\(key): \(result.output)")
    }
  }

  @Test(
    "--import copies a friend's deck into the decks folder; a hostile one is refused in the user's language, changing nothing",
    arguments: Language.allCases)
  func importDeck(language: Language) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parea-import-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let deck = #"""
      {"parea": "deck", "version": 1, "game": "palermo", "name": "Friday",
       "houseRoles": [{"id": "house.sheriff", "name": {"en": "Sheriff"}, "side": "town", "night": "check"},
                      {"id": "house.fool", "name": {"en": "Fool", "el": "Τρελός"}, "side": "alone", "wins": "votedOut"}],
       "roles": ["palermo.redThief", "palermo.doctor", "house.sheriff", "house.fool", "palermo.redKamikaze",
                 "palermo.snitch", "palermo.policeman", "palermo.citizenGeorge"]}
      """#
    let words = Catalog.builtIn(language)
    let decks = directory + "/parea/decks"
    let hostile = deck.replacing(#""check""#, with: #""fly\u001b[2J""#)
    try hostile.write(toFile: directory + "/hostile.json", atomically: true, encoding: .utf8)
    let refused = try run(["--lang", language.rawValue, "--import", directory + "/hostile.json"], in: directory)
    #expect(refused.status == 1 && refused.output.isEmpty)
    #expect(refused.errorOutput.contains(words.text("deck.import.bad", ["file": directory + "/hostile.json", "problem": ""])))
    #expect(!refused.errorOutput.contains("\u{1B}"), "\(refused.errorOutput.debugDescription)")
    #expect(!FileManager.default.fileExists(atPath: decks))

    try deck.write(toFile: directory + "/friday.json", atomically: true, encoding: .utf8)
    let imported = try run(["--lang", language.rawValue, "--import", directory + "/friday.json"], in: directory)
    #expect(imported.status == 0, "\(imported.errorOutput)")
    #expect(imported.output == "parea: " + words.text("deck.import.done", ["deck": "Friday", "count": "8", "file": decks + "/Friday.json"]) + "\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: decks) == ["Friday.json"])
  }

  /// Every option, right and wrong, in both languages: the status and every
  /// byte written, as recorded in `Golden/command-line.txt` before the
  /// ordinary forms stopped going through swift-argument-parser (issue 42).
  /// Without a terminal, a command line that would play ends with "needs a
  /// terminal" in the language it chose, so the language read shows too.
  /// `PAREA_RECORD=1` writes the file again.
  @Test("every option's behaviour and message, valid and invalid, in both languages, is as recorded")
  func everyOption() throws {
    let lines: [[String]] = [
      [], ["--lang", "en"], ["--lang", "el"], ["--lang=el"], ["--lang=en"], ["--seed", "42"], ["--seed=42"],
      ["--seed", "+7"], ["--lang", "el", "--seed", "3"], ["--seed", "3", "--lang", "en"], ["--lang", "en", "--lang", "el"],
      ["--seed", "1", "--seed", "2"], ["--lang", "en", "--"],
      ["--help"], ["-h"], ["help"], ["--version"], ["--version", "--bogus"],
      ["--import"], ["--import", "/nonexistent/deck.json"], ["--lang", "el", "--import", "/nonexistent/deck.json"],
      ["--lang", "fr"], ["--lang"], ["--lang="], ["--lang", "EN"], ["--lang=en=el"], ["--seed"], ["--seed", "abc"],
      ["--seed", "-1"], ["--seed", "18446744073709551616"], ["--seed=1.5"], ["--seed="], ["--bogus"], ["-x"], ["extra"],
      ["--lang", "en", "extra"], ["--help", "--lang", "fr"], ["--lang", "--seed", "1"],
    ]
    var record = ""
    for locale in ["C.UTF-8", "el_GR.UTF-8"] {
      for line in lines {
        let result = try run(line, language: locale)
        record += "== LANG=\(locale) parea \(line.joined(separator: " "))\n"
        record += "status: \(result.status)\n-- stdout\n\(result.output)-- stderr\n\(result.errorOutput)"
      }
    }
    let path = String(#filePath[..<#filePath.lastIndex(of: "/")!]) + "/Golden/command-line.txt"
    if getenv("PAREA_RECORD") != nil {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try record.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let recorded = try String(contentsOfFile: path, encoding: .utf8)
    let expected = recorded.components(separatedBy: "== LANG=")
    let actual = record.components(separatedBy: "== LANG=")
    #expect(expected.count == actual.count)
    for (want, got) in zip(expected, actual) where want != got {
      Issue.record("differs from Golden/command-line.txt:\n--- recorded\n== LANG=\(want)--- now\n== LANG=\(got)")
    }
  }

  @Test("an unknown language is refused with a usage error")
  func badLanguage() throws {
    let result = try run(["--lang", "fr"])
    #expect(result.status != 0)
    #expect(result.errorOutput.contains("--lang"), "\(result.errorOutput)")
  }

  @Test("without a terminal (parea > file): a one-line message, exit 1, nothing on stdout")
  func notATerminal() throws {
    let result = try run([])
    #expect(result.status == 1)
    // The message comes from the locale tables, in the environment's language.
    let expected = Language.allCases.map { "parea: " + Catalog.builtIn($0).text("terminal.notATerminal") + "\n" }
    #expect(expected.contains(result.errorOutput), "\(result.errorOutput)")
    #expect(result.output.isEmpty, "no escape sequences written: \(result.output.debugDescription)")
  }
}
