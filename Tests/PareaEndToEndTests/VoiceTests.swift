import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension EndToEnd {
  /// The narrator's voice from outside: the stand-in for espeak-ng the
  /// harness puts on the program's PATH, and no line left running after the
  /// program. The narrator's own steps (what is said when) are tested with
  /// the narrator.
  @Suite
  struct VoiceTests {
    @Test("the fake espeak-ng comes first on the pane's PATH and logs each call")
    func fakeVoiceIsFoundAndLogs() throws {
      // A shell in place of parea runs "espeak-ng" by name, as Parea does.
      let line = "-s Η πόλη κοιμάται."
      let session = try TmuxSession(
        arguments: ["-c", "exec espeak-ng -v el -s 150 -- \(TmuxSession.quote(line))"],
        binary: "/bin/sh", fakeVoice: true)
      defer { session.kill() }
      let voice = try #require(session.fakeVoice)
      let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
      while voice.calls().isEmpty && ContinuousClock.now < deadline { usleep(20_000) }
      let call = try #require(voice.calls().first, "nothing in \(voice.log)")
      #expect(call.arguments == ["-v", "el", "-s", "150", "--", line])
      #expect(call.text == line)
      #expect(call.language == "el")
      #expect(try session.programPID() == call.pid, "the stand-in is the pane's program")
      #expect(voice.leftBehind() == [call], "it speaks until it is stopped")
      try session.signal(SIGTERM)
      #expect(try session.waitForExit() == 128 + SIGTERM)
      #expect(voice.leftBehind().isEmpty)
    }

    @Test("Ctrl-C: the program exits with 130 and leaves no espeak-ng behind")
    func controlCLeavesNoVoice() throws {
      // Until a narrator step is reached nothing is said, and the log stays
      // empty; the narrator's tests reach one first and then check the same.
      let session = try TmuxSession(fakeVoice: true)
      defer { session.kill() }
      let voice = try #require(session.fakeVoice)
      try session.waitFor(Screens.homeMarker)
      try session.sendKeys("C-c")
      #expect(try session.waitForExit() == 130)
      expectRestored(try session.sttyAfterExit())
      #expect(voice.leftBehind().isEmpty, "still running after the program: \(voice.leftBehind())")
    }
  }
}
