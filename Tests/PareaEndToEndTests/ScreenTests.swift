import Foundation
import PareaLocale
import Testing

extension EndToEnd {
  /// What the backend draws: every cell where the canvas has it, in both
  /// languages; colors unless NO_COLOR; typed Greek reaching the app.
  @Suite
  struct ScreenTests {
    @Test("the screen in tmux is exactly the canvas the app renders", arguments: Language.allCases)
    func screenMatchesCanvas(language: Language) throws {
      let session = try TmuxSession(arguments: ["--lang", language.rawValue])
      defer { session.kill() }
      let expected = Screens.start(language)
      try session.waitUntil("the home screen in \(language) shows") {
        Screens.lines($0) == expected
      }
    }

    @Test(
      "Greek is drawn right whatever the C locale: missing el_GR.UTF-8, plain C",
      arguments: [
        ["LC_ALL": "", "LANG": "el_GR.UTF-8"],  // this machine lacks el_GR: fallback to C.UTF-8
        ["LC_ALL": "C", "LANG": "el_GR.UTF-8"],
        ["LC_ALL": "POSIX", "LANG": ""],
      ])
    func greekWithoutAGreekLocale(environment: [String: String]) throws {
      let session = try TmuxSession(arguments: ["--lang", "el"], environment: environment)
      defer { session.kill() }
      let expected = Screens.start(.el)
      try session.waitUntil("the Greek home screen shows") { Screens.lines($0) == expected }
    }

    @Test("the language follows LANG when there is no flag")
    func languageFromEnvironment() throws {
      let session = try TmuxSession(environment: ["LC_ALL": "", "LANG": "el_GR.UTF-8"])
      defer { session.kill() }
      let expected = Screens.start(.el)
      try session.waitUntil("the Greek home screen shows") { Screens.lines($0) == expected }
    }

    @Test("colors are drawn, and NO_COLOR turns them off but keeps bold and reverse")
    func colors() throws {
      func colorCodes(_ screen: String) -> Int {
        // SGR foreground/background color parameters: 30–37, 40–47, 38;…, 48;…
        screen.components(separatedBy: "\u{1B}[").dropFirst().filter { sequence in
          guard let end = sequence.firstIndex(of: "m") else { return false }
          return sequence[..<end].split(separator: ";").contains { parameter in
            guard let value = Int(parameter) else { return false }
            return (30...38).contains(value) || (40...48).contains(value)
          }
        }.count
      }
      func attributes(_ screen: String) -> Bool {
        screen.contains("\u{1B}[1m") || screen.contains("\u{1B}[7m") || screen.contains(";7m")
          || screen.contains("[1;")
      }

      // The whole home screen first (the highlighted line is below the title
      // that shows first), then its colours and attributes.
      let home = Screens.start()
      let colored = try TmuxSession()
      defer { colored.kill() }
      try colored.waitUntilSettled("the home screen") { Screens.lines($0) == home }
      let withColor = try colored.captureWithAttributes()
      #expect(colorCodes(withColor) > 0, "\(withColor.debugDescription)")
      colored.kill()

      let plain = try TmuxSession(environment: ["NO_COLOR": "1"])
      defer { plain.kill() }
      try plain.waitUntilSettled("the home screen") { Screens.lines($0) == home }
      let withoutColor = try plain.captureWithAttributes()
      #expect(colorCodes(withoutColor) == 0, "\(withoutColor.debugDescription)")
      #expect(attributes(withoutColor), "bold/reverse still mark the highlighted line")
    }

    @Test("Greek and Latin typed with send-keys -l reach the app's text field")
    func typedGreek() throws {
      let session = try TmuxSession(arguments: ["--lang", "el"])
      defer { session.kill() }
      let players = Catalog.builtIn(.el).text("players.title")
      try session.waitFor(Catalog.builtIn(.el).text("home.title"))
      try session.sendKeys("Enter")  // the first game on the home screen
      try session.waitFor(players)

      try session.type("Αλέξανδρος")
      // The cursor stands right after the name: Greek letters are one column
      // each. (A settled frame: the cursor is placed after its cells are drawn.)
      let lines = Screens.lines(try session.settled("│ Αλέξανδρος"))
      let row = try #require(lines.firstIndex { $0.contains("│ Αλέξανδρος") })
      let start = try #require(lines[row].firstIndex(of: "Α"))
      let column = lines[row].distance(from: lines[row].startIndex, to: start) + "Αλέξανδρος".count
      #expect(try session.format("#{cursor_flag}") == "1")
      #expect(try session.format("#{cursor_x},#{cursor_y}") == "\(column),\(row)")
      try session.sendKeys("Enter")
      try session.waitFor("1. Αλέξανδρος")

      // Decomposed accents (ε + U+0301) and Latin with a diaeresis, then Backspace.
      try session.type("Ελε\u{301}νη Zoë!")
      try session.sendKeys("BSpace")
      try session.waitUntil("the field shows the second name") {
        $0.precomposedStringWithCanonicalMapping.contains("│ Ελένη Zoë ")
      }
      try session.sendKeys("BSpace", "BSpace", "BSpace", "BSpace")
      try session.sendKeys("Enter")
      try session.waitUntil("the second player is listed") {
        $0.precomposedStringWithCanonicalMapping.contains("2. Ελένη")
      }
    }
  }
}
