import Foundation
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// Two Pareas on the same saved files (two windows): the second waits for
  /// the first, says so, and touches nothing; when the first ends, the second
  /// starts on what the first saved.
  @Suite
  struct SingleCopyTests {
    /// Every entry of the data folder's config and state folders with its
    /// inode, size, mode and change times: equal snapshots mean nothing was
    /// written, renamed, made or removed there.
    static func snapshot(_ data: String) -> [String: String] {
      var entries: [String: String] = [:]
      for folder in [data + "/config/parea", data + "/state/parea"] {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
          var status = stat()
          guard lstat(folder + "/" + name, &status) == 0 else { continue }
          entries[folder + "/" + name] =
            "ino \(status.st_ino) size \(status.st_size) mode \(status.st_mode) "
            + "mtime \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) "
            + "ctime \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
        }
      }
      return entries
    }

    /// Whether `screen` shows the line a waiting Parea prints, however the
    /// terminal wrapped it (compared without white space).
    static func showsWaiting(_ screen: String, in language: Language) -> Bool {
      let line = "parea: " + Catalog.builtIn(language).text("store.waiting")
      return screen.filter { !$0.isWhitespace }.contains(line.filter { !$0.isWhitespace })
    }

    @Test(
      "a second Parea on the same files waits and touches nothing; when the first quits, it starts and offers the first one's game as it was left"
    )
    func secondWaits() throws {
      let run = try ResumeTests.Run()
      let first = try run.start(["--seed", "1"])
      let play = Driver(first)
      try play.dealKillerForThree()
      let dealt = try play.saved()
      let before = Self.snapshot(run.data)
      #expect(before.keys.contains(run.data + "/state/parea/game.json"))

      let second = try run.start()
      let waiting = try second.waitUntil("the second Parea says it is waiting") {
        Self.showsWaiting($0, in: .en)
      }
      #expect(!waiting.contains(play.text("home.title")), "it has not started")
      #expect(
        Self.snapshot(run.data) == before, "the waiting Parea read nothing aside and wrote nothing")

      // The first plays on while the second waits: Anna sees her card.
      try play.reveal("Anna", role: dealt.seats[0].role)
      try first.sendKeys("Enter")
      try play.waitForHandOff("Bob")
      #expect(try play.saved().seats.map(\.views) == [1, 0, 0])
      let stillWaiting = try second.capture()
      #expect(
        Self.showsWaiting(stillWaiting, in: .en) && !stillWaiting.contains(play.text("home.title")))

      try first.sendKeys("C-c")
      #expect(try first.waitForExit() == 130)

      // Now the second starts, on the game as the first left it: Bob's turn.
      let next = Driver(second)
      try next.expectResumeOffered(game: "killer", players: 3)
      try second.sendKeys("Enter")
      try next.expectNoRole(in: try next.waitForHandOff("Bob"), dealt)
      #expect(try next.saved().seats.map(\.views) == [1, 0, 0])
    }

    @Test(
      "Ctrl-C while waiting: the second Parea ends with 130, having said it waited in the saved language, and touches nothing"
    )
    func interruptedWhileWaiting() throws {
      let run = try ResumeTests.Run()
      // Greek chosen on the settings screen before: the waiting line is Greek too.
      try FileManager.default.createDirectory(
        atPath: run.data + "/config/parea", withIntermediateDirectories: true)
      try #"{"version": 1, "language": "el"}"#.write(
        toFile: run.data + "/config/parea/settings.json", atomically: true, encoding: .utf8)
      let first = try run.start()
      let play = Driver(first, language: .el)
      try play.waitForHome()
      let before = Self.snapshot(run.data)

      let second = try run.start()
      try second.waitUntil("the second Parea says, in Greek, that it is waiting") {
        Self.showsWaiting($0, in: .el)
      }
      // Ctrl-C as a terminal sends it to a program started from a shell: to
      // the program alone (in this pane the script's shell shares its
      // process group, and would end with it).
      try second.signal(SIGINT)
      #expect(try second.waitForExit() == 130)
      expectRestored(try second.sttyAfterExit())
      #expect(Self.snapshot(run.data) == before, "the interrupted Parea touched nothing")

      // The first is unaffected.
      try play.chooseGame(3)
    }

    @Test(
      "no state folder can be made: a second Parea does not wait (nothing can be saved, nothing to guard)"
    )
    func noFolderNoWait() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      // A regular file where the folders' parent should be (chmod would not stop root).
      try "not a folder".write(toFile: data + "/blocker", atomically: true, encoding: .utf8)
      let environment = [
        "XDG_STATE_HOME": data + "/blocker/state", "XDG_CONFIG_HOME": data + "/blocker/config",
      ]
      let first = try TmuxSession(environment: environment, dataDirectory: data)
      defer { first.kill() }
      try Driver(first).waitForHome()
      let second = try TmuxSession(environment: environment, dataDirectory: data)
      defer { second.kill() }
      try Driver(second).waitForHome()
      #expect(try String(contentsOfFile: data + "/blocker", encoding: .utf8) == "not a folder")
    }
  }
}
