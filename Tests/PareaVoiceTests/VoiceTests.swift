import Foundation
import Testing

@testable import PareaVoice

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The voice's processes, with a fake `espeak-ng` (see `FakeEspeak`): what it
/// is given, that a new line and `stop()` end the old one and leave no
/// zombie, and how a voice that cannot be heard is found out.
@Suite struct VoiceTests {
  /// A voice speaking with a fake that behaves as asked, in a folder of its own.
  private func withFake(
    _ behaviour: FakeEspeak.Behaviour, _ body: (Voice, FakeEspeak) throws -> Void
  ) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fake = try FakeEspeak(in: folder.path, behaviour: behaviour)
    let voice = Voice(executable: fake.executable)
    defer { voice.shutDown() }
    try body(voice, fake)
  }

  @Test("a line is spoken as espeak-ng -v <language> -s <speed> -- <text>")
  func argumentsArePassed() throws {
    try withFake(.speaksLong) { voice, fake in
      #expect(voice.speak("Η πόλη κοιμάται. Ο Γιώργος;", voice: "el", wordsPerMinute: 150))
      #expect(eventually { fake.calls().count == 1 })
      #expect(
        fake.calls().first?.arguments == [
          "-v", "el", "-s", "150", "--", "Η πόλη κοιμάται. Ο Γιώργος;",
        ])
      #expect(fake.calls().first?.pid == voice.speakingProcess)
    }
  }

  @Test("a line that starts with '-' is said, not taken for an option")
  func textIsNeverAnOption() throws {
    try withFake(.speaksLong) { voice, fake in
      voice.speak("-s 80 --help", voice: "en", wordsPerMinute: 175)
      #expect(eventually { fake.calls().count == 1 })
      let arguments = fake.calls().first?.arguments ?? []
      #expect(arguments.suffix(2) == ["--", "-s 80 --help"], "\(arguments)")
    }
  }

  @Test(
    "the line's process has its own session (no controlling terminal), /dev/null for input and output, nothing else"
  )
  func processIsCutOffFromTheTerminal() throws {
    try withFake(.speaksLong) { voice, fake in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      #expect(eventually { fake.calls().count == 1 })
      let pid = try #require(voice.speakingProcess)
      let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      // "pid (comm) state ppid pgrp session tty_nr …": the group and the
      // session are the process itself, and it has no controlling terminal.
      let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
      #expect(fields[2] == "\(pid)", "process group of \(pid): \(stat)")
      #expect(fields[3] == "\(pid)", "session of \(pid): \(stat)")
      #expect(fields[4] == "0", "controlling terminal of \(pid): \(stat)")
      func link(_ descriptor: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"))
          ?? "?"
      }
      #expect(link("0") == "/dev/null")
      #expect(link("1") == "/dev/null")
      // The first line's errors go to a pipe (that is how a missing sound card shows).
      #expect(link("2").hasPrefix("pipe:"), "\(link("2"))")
      let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
      #expect(descriptors.sorted() == ["0", "1", "2"], "inherited descriptors: \(descriptors)")
    }
  }

  @Test("a new line kills the one being spoken and reaps it: no process, no zombie")
  func newLineKillsTheOld() throws {
    try withFake(.speaksLong) { voice, fake in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      #expect(eventually { fake.calls().count == 1 })
      let first = try #require(voice.speakingProcess)
      voice.speak("The thieves wake up.", voice: "en", wordsPerMinute: 175)
      let second = try #require(voice.speakingProcess)
      #expect(first != second)
      // Gone and reaped by the voice (a zombie would still answer kill(pid, 0)),
      // with the run loop's reap() once per turn.
      #expect(
        eventually(step: voice.reap) { isGone(first) },
        "the first line's process \(first) is still there")
      #expect(!voice.unreapedProcesses.contains(first))
      #expect(eventually { fake.calls().count == 2 })
      #expect(fake.calls().last?.arguments.last == "The thieves wake up.")
      #expect(!isGone(second), "the new line is being spoken")
    }
  }

  @Test(
    "a line that leaves a process behind and exits (a player in the background): it may go on until the next line, which kills it"
  )
  func whatALineLeavesEndsWithTheNext() throws {
    try withFake(.leavesAPlayerAndExits) { voice, fake in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      let line = try #require(voice.speakingProcess)
      #expect(eventually(step: voice.reap) { voice.speakingProcess == nil })
      // Ended, and kept unreaped (its id is the session's) while its player runs.
      #expect(hasEnded(line) && !isGone(line))
      #expect(voice.availability == .working)
      let player = try #require(fake.leftPlayers().first, "the player's pid was not written")
      #expect(!hasEnded(player), "the line's sound plays on while nothing else is said")
      voice.speak("The thieves wake up.", voice: "en", wordsPerMinute: 175)
      #expect(eventually(step: voice.reap) { hasEnded(player) }, "the old line's player \(player) plays on")
      #expect(eventually(step: voice.reap) { isGone(line) }, "the old line \(line) is reaped with its session")
      let second = try #require(eventually { fake.leftPlayers().count == 2 } ? fake.leftPlayers().last : nil)
      #expect(!hasEnded(second))
      voice.stop()
      #expect(eventually(step: voice.reap) { hasEnded(second) }, "stop() left the player \(second)")
    }
  }

  @Test("shutDown() kills what a line that has ended left behind")
  func shutDownKillsWhatALineLeft() throws {
    try withFake(.leavesAPlayerAndExits) { voice, fake in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      #expect(eventually(step: voice.reap) { voice.speakingProcess == nil })
      let player = try #require(eventually { !fake.leftPlayers().isEmpty } ? fake.leftPlayers().first : nil)
      voice.shutDown()
      #expect(eventually { hasEnded(player) }, "the player \(player) outlived shutDown()")
    }
  }

  @Test("stop() ends the line at once and, with the run loop's reap(), leaves no child behind")
  func stopLeavesNoChild() throws {
    try withFake(.speaksLong) { voice, fake in
      let started = voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      #expect(started, "\(voice.availability)")
      #expect(eventually { fake.calls().count == 1 })
      let pid = try #require(voice.speakingProcess)
      voice.stop()
      #expect(voice.speakingProcess == nil)
      #expect(eventually(step: voice.reap) { isGone(pid) }, "process \(pid) is still there")
      #expect(voice.unreapedProcesses.isEmpty)
      // The voice was not found wanting: cut short, a line tells nothing.
      #expect(voice.availability == .unknown)
      voice.stop()  // twice is harmless
    }
  }

  @Test("shutDown() (the program's way out) returns with every line killed and reaped")
  func shutDownLeavesNothing() throws {
    try withFake(.speaksLong) { voice, fake in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      #expect(eventually { fake.calls().count == 1 })
      voice.speak("Day breaks.", voice: "en", wordsPerMinute: 175)
      #expect(eventually { fake.calls().count == 2 })
      // The line speaking, and the one it cut short unless already reaped.
      let pids = fake.calls().map(\.pid)
      voice.shutDown()
      #expect(voice.unreapedProcesses.isEmpty)
      for pid in pids { #expect(isGone(pid), "process \(pid) outlived shutDown()") }
    }
  }

  @Test("a line that ends on its own is reaped by reap(), and the voice is known to work")
  func aFinishedLineIsReaped() throws {
    try withFake(.speaksBriefly) { voice, fake in
      #expect(voice.availability == .unknown)
      voice.speak("Good morning.", voice: "en", wordsPerMinute: 175)
      let pid = try #require(voice.speakingProcess)
      #expect(eventually(step: voice.reap) { voice.speakingProcess == nil })
      #expect(isGone(pid))
      #expect(voice.availability == .working)
      // Later lines are still spoken.
      #expect(voice.speak("Good night.", voice: "en", wordsPerMinute: 175))
      #expect(eventually { fake.calls().count == 2 })
    }
  }

  @Test("espeak-ng missing: reported as missing, nothing is started")
  func missingExecutable() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let voice = Voice(executable: folder.path + "/espeak-ng")
    #expect(voice.availability == .unknown, "nothing is looked up before the first line")
    #expect(!voice.speak("Night falls.", voice: "en", wordsPerMinute: 175))
    #expect(voice.availability == .missing(.notInstalled))
    #expect(voice.speakingProcess == nil)
    #expect(!voice.speak("Day breaks.", voice: "en", wordsPerMinute: 175))

    // Looked up on PATH: an empty folder has none.
    let searched = Voice(searchPath: folder.path)
    #expect(!searched.speak("Night falls.", voice: "en", wordsPerMinute: 175))
    #expect(searched.availability == .missing(.notInstalled))
  }

  @Test("an espeak-ng that cannot be started is reported as such")
  func spawnFailure() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Executable, but its interpreter does not exist: exec fails in the child.
    let path = folder.path + "/espeak-ng"
    try writeExecutable("#!/nonexistent/interpreter\n", to: path)
    let voice = Voice(executable: path)
    #expect(!voice.speak("Night falls.", voice: "en", wordsPerMinute: 175))
    #expect(voice.availability == .missing(.cannotStart(errno: ENOENT)))
    #expect(voice.unreapedProcesses.isEmpty)
  }

  @Test("espeak-ng is found on PATH at the first line; relative folders are skipped")
  func foundOnPath() throws {
    let empty = try TemporaryFolder()
    defer { empty.remove() }
    try withFake(.speaksLong) { _, fake in
      let voice = Voice(searchPath: "relative/bin::\(empty.path):\(fake.folder)/")
      defer { voice.shutDown() }
      #expect(voice.speak("Night falls.", voice: "en", wordsPerMinute: 175))
      #expect(eventually { fake.calls().count == 1 })
    }
    #expect(Voice.find("espeak-ng", in: "relative:") == nil)
  }

  @Test("a first line that complains on stderr (no sound card) makes the voice missing")
  func complaintMeansNoAudio() throws {
    try withFake(.complainsAndExits) { voice, fake in
      #expect(
        voice.speak("Night falls.", voice: "en", wordsPerMinute: 175), "started: not known yet")
      #expect(eventually(step: voice.reap) { voice.availability != .unknown })
      guard case .missing(.noAudio(let status, let errors)) = voice.availability else {
        Issue.record("availability: \(voice.availability)")
        return
      }
      #expect(status == 0, "espeak-ng exits 0 without a sound card: the complaint tells")
      #expect(errors.contains("ALSA lib"), "\(errors)")
      // From now on nothing is started: the caller rings the bell instead.
      #expect(!voice.speak("Day breaks.", voice: "en", wordsPerMinute: 175))
      #expect(fake.calls().count == 1)
      #expect(voice.unreapedProcesses.isEmpty)
    }
  }

  @Test("a first line that exits with a non-zero status makes the voice missing")
  func failureMeansNoAudio() throws {
    try withFake(.fails) { voice, _ in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      #expect(eventually(step: voice.reap) { voice.availability != .unknown })
      #expect(voice.availability == .missing(.noAudio(status: 3, errorOutput: "")))
    }
  }

  @Test("a line cut short after it complained still tells that it was not heard")
  func complaintBeforeTheCut() throws {
    try withFake(.complainsAndSpeaksLong) { voice, fake in
      voice.speak("Night falls.", voice: "en", wordsPerMinute: 175)
      // The log line comes after the complaint.
      #expect(eventually { fake.calls().count == 1 })
      let pid = try #require(voice.speakingProcess)
      #expect(!voice.speak("Day breaks.", voice: "en", wordsPerMinute: 175))
      guard case .missing(.noAudio(nil, let errors)) = voice.availability else {
        Issue.record("availability: \(voice.availability)")
        return
      }
      #expect(errors.hasPrefix("error:"), "\(errors)")
      #expect(eventually(step: voice.reap) { isGone(pid) })
    }
  }

  @Test("an empty line starts nothing")
  func emptyLine() throws {
    try withFake(.speaksLong) { voice, fake in
      #expect(voice.speak("  ", voice: "en", wordsPerMinute: 175))
      #expect(voice.speakingProcess == nil)
      #expect(fake.calls().isEmpty)
    }
  }
}
