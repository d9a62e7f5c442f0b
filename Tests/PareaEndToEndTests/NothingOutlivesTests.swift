import Foundation
import PareaRules
import PareaStore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// What the narrator's voice starts cannot outlive Parea nor write over
  /// its screen, whatever the program called espeak-ng does: a stand-in
  /// (`FakeVoice.Kind`) leaves one process in its session and one in a
  /// session of its own, and tries to take the terminal over. Every test of
  /// this target also checks, at the program's exit, that no process carrying
  /// its marker is left (`TmuxSession.expectNothingLeftBehind`).
  @Suite
  struct NothingOutlivesTests {
    /// The ways a table leaves Parea.
    enum WayOut: String, CaseIterable, CustomStringConvertible, Sendable {
      /// Esc, leave the game, then q on the menu.
      case quitKey
      /// Ctrl-C.
      case controlC
      /// SIGTERM (a shutdown, `kill`).
      case terminate
      /// SIGHUP (an ssh connection dropped).
      case hangUp
      /// The terminal window closed (tmux's server killed).
      case closedTerminal

      var description: String { rawValue }
    }

    /// A Palermo game of five that Parea narrates, dealt and seen by all,
    /// saved at dusk in `data` (a `TmuxSession.makeDataDirectory()` folder):
    /// resumed, one Enter brings the first spoken line.
    static func saveNarratedAtDusk(in data: String) throws {
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve"]
      let rules = Palermo()
      let setup = try #require(rules.suggestedSetup(players: names.count))
      var generator = SplitMix64(seed: 3)
      var table = try rules.deal(players: names, setup: setup, using: &generator)
      for seat in table.seats.indices { try table.recordLook(at: seat) }
      let narration = Narration(mode: .parea, seed: 5)
      var session = GameSession(table: table, players: names, setup: setup, narration: narration)
      session.nextReveal = names.count
      var store = Store(
        paths: StorePaths(configFolder: data + "/config/parea", stateFolder: data + "/state/parea"))
      try store.saveGame(session)
    }

    /// A narrated game saved at dusk in a data folder of its own, resumed
    /// with a stand-in voice of `kind`, night fallen (`resumeToNightfall`).
    /// The session is killed and the folder removed when it goes.
    final class Nightfall {
      let data: String
      let session: TmuxSession
      let play: Driver

      init(_ kind: FakeVoice.Kind) throws {
        let data = try TmuxSession.makeDataDirectory()
        do {
          try NothingOutlivesTests.saveNarratedAtDusk(in: data)
          let session = try TmuxSession(dataDirectory: data, fakeVoice: true, voice: kind)
          do {
            play = try NothingOutlivesTests.resumeToNightfall(session)
          } catch {
            session.kill()
            throw error
          }
          self.session = session
        } catch {
          try? FileManager.default.removeItem(atPath: data)
          throw error
        }
        self.data = data
      }

      deinit {
        session.kill()
        try? FileManager.default.removeItem(atPath: data)
      }
    }

    /// Resumes the saved game and lets night fall: returns once the
    /// stand-in has been asked for the first line.
    static func resumeToNightfall(_ session: TmuxSession) throws -> Driver {
      let play = Driver(session)
      try play.expectResumeOffered(game: "palermo", players: 5)
      try session.sendKeys("Enter")
      try session.waitFor(play.text("key.nightFalls"))
      try session.sendKeys("Enter")
      let voice = try #require(session.fakeVoice)
      try voice.waitUntilAsked(play.text("narrator.say.nightFalls", ["night": play.text("narrator.night.1")]))
      return play
    }

    @Test(
      "a voice that leaves a process in its session and one in a session of its own, writes over the screen and exits: the screen is repainted at once, and after the way out nothing it started is left",
      arguments: WayOut.allCases)
    func nothingOutlives(_ way: WayOut) throws {
      let night = try Nightfall(.leavesProcessesAndExits)
      let (session, play) = (night.session, night.play)

      // Both processes it left run (with Parea: three carry the marker).
      try session.waitUntil("the stand-in's two processes run") { _ in
        session.processesLeftBehind().filter { $0.hasSuffix("sleep 300") }.count == 2
      }
      // What it wrote over the screen is gone at once: the game's screen,
      // on the alternate screen, without the intruder's word.
      let voice = try #require(session.fakeVoice)
      try session.waitUntil("the stand-in has written over the screen") { _ in
        FileManager.default.fileExists(atPath: voice.wroteMarker)
      }
      let screen = try session.waitUntil("the screen is the game's again") { screen in
        !screen.contains(FakeVoice.intruder) && (try? session.format("#{alternate_on}")) == "1"
          && !Screens.flat(screen).isEmpty
      }
      #expect(!screen.contains(play.text("home.title")))

      switch way {
      case .quitKey:
        try play.leaveGameAndQuit()
      case .controlC:
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 130)
      case .terminate:
        try session.signal(SIGTERM)
        #expect(try session.waitForExit() == 128 + SIGTERM)
      case .hangUp:
        try session.signal(SIGHUP)
        #expect(try session.waitForExit() == 128 + SIGHUP)
      case .closedTerminal:
        session.kill()
      }
      // `waitForExit` checks this too; the closed terminal has no exit to wait for.
      try session.expectNothingLeftBehind()
    }

    @Test(
      "the next line's player plays on: what a cut line left is killed, what the line being said left is not"
    )
    func theNextLinePlaysOn() throws {
      let night = try Nightfall(.leavesProcessesAndExits)
      let (session, play) = (night.session, night.play)
      let voice = try #require(session.fakeVoice)
      func players() -> [String] { session.processesLeftBehind().filter { $0.hasSuffix("sleep 300") } }
      try session.waitUntil("the first line's two processes run") { _ in players().count == 2 }
      let first = players()
      // Six seconds later the night's first step is woken: a new line.
      _ = play
      try session.waitUntil("the second line is asked for", timeout: .seconds(60)) { _ in
        voice.calls().count >= 2
      }
      try session.waitUntil("the first line's processes are gone, the second's run") { _ in
        let now = players()
        return now.count == 2 && Set(now).isDisjoint(with: first)
      }
      let second = players()
      // Many turns of the run loop later (each reaps), they still run.
      usleep(1_500_000)
      #expect(players() == second, "the line being said lost its player")
      try session.sendKeys("C-c")
      #expect(try session.waitForExit() == 130)
    }

    @Test(
      "a voice that tries to write over the screen through /dev/tty while it speaks cannot: it has no controlling terminal"
    )
    func noControllingTerminal() throws {
      let night = try Nightfall(.leavesProcessesAndSpeaks)
      let (session, play) = (night.session, night.play)
      let title = try session.format("#{pane_title}")

      // The stand-in has tried /dev/tty and speaks on ("sleep 30", its own
      // process): had the write reached the terminal, it would show now.
      try session.waitUntil("the stand-in has tried and speaks on") { _ in
        session.processesLeftBehind().contains { $0.hasSuffix("sleep 30") }
      }
      let screen = try session.capture()
      #expect(!screen.contains(FakeVoice.intruder), "\(TmuxSession.framed(screen))")
      #expect(try session.format("#{alternate_on}") == "1")
      #expect(try session.format("#{pane_title}") == title)

      try play.leaveGameAndQuit()
    }
  }
}
