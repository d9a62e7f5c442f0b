import Foundation
import PareaApp
import PareaCanvas
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// Damaged files, folders that cannot be written, names that cannot be
  /// names: the program starts, says so in the user's language, keeps what it
  /// could not read, and the screen stays whole.
  @Suite
  struct BadInputTests {
    /// Files in `folder` whose names start with `prefix`.
    static func files(in folder: String, startingWith prefix: String) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The screen's lines joined with the frame's borders and indentation
    /// taken out, so a message wrapped over several lines can be searched.
    static func unwrapped(_ screen: String) -> String {
      Screens.lines(screen).map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
      }.joined(separator: " ")
    }

    /// A real game of Killer for Anna, Bob and Chris, dealt with seed 1, and the
    /// program killed at the first hand-off: `game.json` is in `data` as it
    /// wrote it. Returns the file's path.
    static func gameKilledAtFirstHandOff(data: String) throws -> String {
      let first = try TmuxSession(arguments: ["--seed", "1"], dataDirectory: data)
      defer { first.kill() }
      let play = Driver(first)
      try play.dealKillerForThree()
      try first.signal(SIGKILL)
      _ = try first.waitForExit(checkingLeftovers: false)
      return SavedGameFile.path(in: data)
    }

    @Test("a garbage settings.json: Parea starts, says so in Greek, and keeps the file as settings.json.corrupt-…")
    func corruptSettings() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let folder = data + "/config/parea"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let garbage = "{\"version\": 1, \"language\": \u{0}\u{7}garbage ]]"
      try garbage.write(toFile: folder + "/settings.json", atomically: true, encoding: .utf8)

      let started = try TmuxSession(arguments: ["--lang", "el"], dataDirectory: data)
      defer { started.kill() }
      let play = Driver(started, language: .el)
      let screen = try play.waitForHome()
      let message = Self.unwrapped(try started.settled(play.text("store.corrupt.title")))
      let kept = Self.files(in: folder, startingWith: "settings.json.corrupt-")
      #expect(kept.count == 1, "\(kept)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/settings.json"))
      if let name = kept.first {
        #expect(
          try String(contentsOfFile: folder + "/" + name, encoding: .utf8) == garbage,
          "the damaged file is kept as it was")
        #expect(message.contains(name), "the notice names the kept file:\n\(screen)")
      }
      #expect(message.contains("settings.json"))
      // And the program works: a game can be started.
      try play.chooseGame(3)
    }

    @Test("a truncated game.json: Parea starts without Resume, says so, and keeps the file as game.json.corrupt-…")
    func truncatedGame() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      // A real game, dealt, then the program killed and its file cut in half.
      let path = try Self.gameKilledAtFirstHandOff(data: data)
      let whole = try #require(FileManager.default.contents(atPath: path))
      let truncated = whole.prefix(whole.count / 2)
      try truncated.write(to: URL(fileURLWithPath: path))

      let second = try TmuxSession(dataDirectory: data)
      defer { second.kill() }
      let play = Driver(second)
      let screen = try second.settled(play.text("store.corrupt.title"))
      let message = Self.unwrapped(screen)
      #expect(!screen.contains(play.text("home.resume", ["game": play.text("game.killer.name"), "count": "3"])))
      let folder = data + "/state/parea"
      let kept = Self.files(in: folder, startingWith: "game.json.corrupt-")
      #expect(kept.count == 1, "\(kept)")
      if let name = kept.first {
        #expect(FileManager.default.contents(atPath: folder + "/" + name) == Data(truncated))
        #expect(message.contains(name), "\(screen)")
      }
      #expect(message.contains("game.json"))
      #expect(!SavedGameFile.exists(in: data))
      // The quick picks (players.json) were not damaged: they are still offered.
      try play.chooseGame(3)
      try second.waitFor(play.text("players.lastTime"))
    }

    @Test("a game.json whose summary reads well but whose game does not: no Resume once it settles, the problem is shown")
    func gameBadInside() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let path = try Self.gameKilledAtFirstHandOff(data: data)
      // The home screen's summary (version, game, players) is intact; the
      // reveal position inside is impossible, so the whole game is refused.
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let bad = text.replacingOccurrences(
        of: #""nextReveal" : [0-9]+"#, with: #""nextReveal" : 99"#, options: .regularExpression)
      #expect(bad != text)
      try bad.write(toFile: path, atomically: true, encoding: .utf8)

      let second = try TmuxSession(dataDirectory: data)
      defer { second.kill() }
      let play = Driver(second)
      let screen = try second.settled(play.text("store.corrupt.title"))
      #expect(!screen.contains(play.text("home.resume", ["game": play.text("game.killer.name"), "count": "3"])))
      #expect(Self.files(in: data + "/state/parea", startingWith: "game.json.corrupt-").count == 1)
      // Enter now starts the first game on the menu, not a game that is gone.
      try second.sendKeys("Enter")
      try second.waitFor(play.text("players.lastTime"))
    }

    @Test("a Spy game.json at a place no pack has: set aside, the notice says a pack may be missing, no Resume, no raw keys")
    func gameAtAnUnknownPlace() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let first = try TmuxSession(arguments: ["--seed", "1"], dataDirectory: data)
      let dealer = Driver(first)
      try dealer.chooseGame(2)
      try dealer.addPlayers(["Anna", "Bob", "Chris", "Dora"])
      try dealer.continueToSetup()
      try first.sendKeys("Enter")
      try dealer.waitForHandOff("Anna")
      first.kill()
      let path = SavedGameFile.path(in: data)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let bad = text.replacingOccurrences(
        of: #""location" : "[A-Za-z]+""#, with: #""location" : "atlantis""#, options: .regularExpression)
      #expect(bad != text)
      try bad.write(toFile: path, atomically: true, encoding: .utf8)

      let second = try TmuxSession(dataDirectory: data)
      defer { second.kill() }
      let play = Driver(second)
      let screen = try second.settled(play.text("store.unknownPlace.title"))
      #expect(!screen.contains(play.text("home.resume", ["game": play.text("game.spy.name"), "count": "4"])))
      #expect(!screen.contains("location."))
      #expect(Self.files(in: data + "/state/parea", startingWith: "game.json.corrupt-").count == 1)
    }

    @Test(
      "two damaged files at once: each is reported on the home screen"
    )
    func twoDamagedFiles() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      for (folder, file) in [("config", "settings.json"), ("state", "game.json")] {
        let path = "\(data)/\(folder)/parea"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try "{ not json".write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
      }
      let session = try TmuxSession(dataDirectory: data)
      defer { session.kill() }
      let play = Driver(session)
      try play.waitForHome()
      let screen = try session.settled(play.text("store.corrupt.title"))
      let message = Self.unwrapped(screen)
      #expect(message.contains("settings.json.corrupt-"), "\(screen)")
      #expect(message.contains("game.json.corrupt-"), "\(screen)")
    }

    @Test("a state folder that cannot be created: play goes on, \"Nothing will be saved\" is said once per folder")
    func cannotSave() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      // A regular file where the folders' parent should be (chmod would not stop root).
      try "not a folder".write(toFile: data + "/blocker", atomically: true, encoding: .utf8)
      let session = try TmuxSession(
        arguments: ["--seed", "2"],
        environment: [
          "XDG_STATE_HOME": data + "/blocker/state", "XDG_CONFIG_HOME": data + "/blocker/config",
        ], dataDirectory: data)
      defer { session.kill() }
      let play = Driver(session)
      let title = play.text("store.cannotSave.title")
      let names = ["Anna", "Bob", "Chris"]

      try play.chooseGame(3)
      try play.addPlayers(names)
      // The first save (the players, on to the setup) fails: told here…
      try session.sendKeys("Enter")
      let setup = try session.settled(title)
      #expect(setup.contains(play.text("setup.title")))
      let reason = play.text("store.reason.notAFolder")
      #expect(Self.unwrapped(setup).contains(reason), "\(setup)")
      // …and never again for that folder, however often the game is saved.
      try session.sendKeys("Enter")
      var screen = try play.waitForHandOff("Anna")
      #expect(!screen.contains(title), "\(screen)")
      for (seat, name) in names.enumerated() {
        try session.sendKeys("Enter")
        screen = try session.settled(play.text("reveal.youAre"))
        #expect(!screen.contains(title), "\(screen)")
        try session.sendKeys("Enter")
        screen = name == names.last ? try play.waitForTable() : try play.waitForHandOff(names[seat + 1])
        #expect(!screen.contains(title), "\(screen)")
      }
      #expect(!FileManager.default.fileExists(atPath: data + "/state/parea/game.json"))

      // The settings folder is another folder: told once for it, too.
      try session.sendKeys("s")
      try session.sendKeys("Right")
      var greek = Driver(session, language: .el)
      screen = try session.settled(greek.text("store.cannotSave.title"))
      try session.sendKeys("Left")
      greek.language = .en
      screen = try session.settled(play.text("settings.languageHint"))
      #expect(!screen.contains(title), "\(screen)")
      try session.sendKeys("Escape")
      screen = try play.waitForTable()
      #expect(!screen.contains(title))
    }

    /// What is typed into the name field, and what the field should say.
    struct Typed: CustomTestStringConvertible, Sendable {
      var text: String
      var label: String
      var testDescription: String { label }
    }

    @Test(
      "names that cannot be names are refused with a message; the screen is exactly the app's",
      arguments: [
        Typed(text: "Αικατερίνη Παπαδοπούλου", label: "23 columns of Greek (the limit is 20)"),
        Typed(text: "Maximilian-Alexander Longname", label: "29 columns of Latin"),
        Typed(text: "Bob 🎉", label: "an emoji"),
        Typed(text: "Ana 界", label: "a double-width character"),
        Typed(text: "דנה", label: "right-to-left Hebrew"),
        Typed(text: "Zoe\u{308} Rene\u{301}e", label: "combining accents"),
      ])
    func refusedNames(typed: Typed) throws {
      let session = try TmuxSession()
      defer { session.kill() }
      let play = Driver(session)
      try play.chooseGame(1)
      try session.type(typed.text)

      // The same keys given to the app itself: the tmux screen must be its render.
      var app = Screens.app()
      app.resize(width: 80, height: 24)
      _ = app.handle(.character("1"))
      for character in typed.text { _ = app.handle(.character(character)) }
      let expected = app.render(width: 80, height: 24).lines
        .map { Screens.trimmingTrailingSpaces($0).precomposedStringWithCanonicalMapping }
      let screen = try session.waitUntil("the screen is the app's render") {
        Screens.lines($0.precomposedStringWithCanonicalMapping) == expected
      }
      let refused =
        screen.contains(play.text("error.nameTooLong.title"))
        || screen.contains(play.text("error.nameCharacter.title"))
      let fits =
        typed.text.allSatisfy { TextWidth.of($0) == 1 || $0 == " " }
        && TextWidth.of(typed.text) <= PlayersScreen.maxNameWidth
      #expect(refused != fits, "refused: \(refused)\n\(TmuxSession.framed(screen))")

      // Enter adds what the field holds; the list shows it whole.
      try session.sendKeys("Enter")
      _ = app.handle(.enter)
      let added = app.render(width: 80, height: 24).lines
        .map { Screens.trimmingTrailingSpaces($0).precomposedStringWithCanonicalMapping }
      try session.waitUntil("the name is listed") {
        Screens.lines($0.precomposedStringWithCanonicalMapping) == added
      }
      #expect(added.contains { $0.contains("1. ") })
    }
  }
}
