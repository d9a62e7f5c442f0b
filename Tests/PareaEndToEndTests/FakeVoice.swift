import Foundation
import PareaLocale
import PareaVoice

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A stand-in for `espeak-ng` that the program finds first on its `PATH`
/// (`TmuxSession(fakeVoice: true)`): a shell script that logs each call, one
/// line per call ("PID<TAB>ARGUMENT<TAB>ARGUMENT…", a line break inside an
/// argument logged as RS), then "speaks" for 30 s
/// as `exec sleep 30` (the same process, so the program's kill reaches it)
/// without writing anything, as a voice with a working sound card would.
/// Tests read what the narrator said and check that no line outlives the
/// program; nothing is heard, and the machine needs no espeak-ng.
struct FakeVoice {
  /// How the stand-in behaves after logging its call.
  enum Kind: Sendable {
    /// Speaks for 30 s (`exec sleep 30`), writing nothing: a working voice.
    case speaksLong
    /// Starts two processes that outlive it (one in its session, one that
    /// starts its own with `setsid`), tries to write over the game's screen
    /// through `/dev/tty`, then writes over it through the terminal's device
    /// (found by its parent's standard output) and exits: the worst a
    /// program called espeak-ng can do to the screen and the process table.
    case leavesProcessesAndExits
    /// The same, but without the write through the device, and then it
    /// speaks for 30 s: what reached the screen stays there while it speaks.
    case leavesProcessesAndSpeaks
  }

  /// What the stand-in writes over the screen where it can.
  static let intruder = "INTRUDER"

  /// Made by `leavesProcessesAndExits` once it has written over the screen.
  var wroteMarker: String { (folder as NSString).deletingLastPathComponent + "/fake-voice-wrote" }

  /// One line the program asked to be said.
  struct Call: Equatable, CustomStringConvertible {
    /// The stand-in's process (and process group) id.
    var pid: pid_t
    /// Its arguments, e.g. ["-v", "el", "-s", "160", "--", "Η πόλη κοιμάται."].
    var arguments: [String]
    /// What espeak-ng was given: the argument after "--" (the line's markup, `-m`).
    var text: String? {
      arguments.firstIndex(of: "--").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    /// Whether the call says `shown`, the line as the screen shows it: its
    /// markup as the program makes it (names in their own voice, words given as phonemes).
    func says(_ shown: String) -> Bool {
      guard let text, let language, let voice = Language(rawValue: language), arguments.contains("-m") else { return false }
      return text == SpeechMarkup.ssml(
        shown, language: language, pronunciations: Catalog.pronunciations(in: voice), names: Catalog.spokenNames(in: voice))
    }
    /// The voice asked for (`-v`).
    var language: String? {
      arguments.firstIndex(of: "-v").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    var description: String { "\(pid): \(arguments)" }
  }

  /// Whether `calls` said `lines`, one each, in order.
  static func said(_ calls: [Call], are lines: [String]) -> Bool {
    calls.count == lines.count && zip(calls, lines).allSatisfy { $0.says($1) }
  }

  /// The folder to put first on `PATH`: it holds `espeak-ng`.
  let folder: String
  /// The log of calls (the file the stand-in appends to).
  let log: String

  /// Writes the stand-in into `directory`/fake-voice.
  init(in directory: String, kind: Kind = .speaksLong) throws {
    folder = directory + "/fake-voice"
    log = directory + "/fake-voice.log"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Leaving the alternate screen, clearing it and setting the title, then a word.
    let takeover = "\\033[?1049l\\033[2J\\033]2;\(Self.intruder)\\007\(Self.intruder)"
    // `2>/dev/null` comes first: a redirection that fails (no /dev/tty in a
    // session without a terminal) complains on the standard error in place
    // at that moment, and a complaint there means "no sound" to Parea.
    let mischief = """
      sleep 300 &
      setsid sleep 300 &
      printf '\(takeover)' 2>/dev/null > /dev/tty
      """
    let ending: String
    switch kind {
    case .speaksLong: ending = "exec sleep 30"
    case .leavesProcessesAndExits:
      ending = mischief + """

        printf '\(takeover)' 2>/dev/null > /proc/$PPID/fd/1
        touch \(TmuxSession.quote(directory + "/fake-voice-wrote"))
        exit 0
        """
    case .leavesProcessesAndSpeaks: ending = mischief + "\nexec sleep 30"
    }
    let script = """
      #!/bin/sh
      line="$$"
      for argument in "$@"; do line="$line$(printf '\\t')$(printf '%s' "$argument" | tr '\\n' '\\036')"; done
      printf '%s\\n' "$line" >> \(TmuxSession.quote(log))
      \(ending)

      """
    let path = folder + "/espeak-ng"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    guard chmod(path, 0o755) == 0 else { throw HarnessError("chmod \(path) failed") }
  }

  /// The calls logged so far, oldest first.
  func calls() -> [Call] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard let pid = pid_t(fields[0]) else { return nil }
      // A line break inside an argument (the markup ends with one) is logged as RS.
      return Call(pid: pid, arguments: fields.dropFirst().map { $0.replacingOccurrences(of: "\u{1E}", with: "\n") })
    }
  }

  /// The calls whose process still exists, running or a zombie nobody has
  /// reaped: after the program has exited there must be none. (A process
  /// counts when its id answers and its name is the stand-in's, so an
  /// unrelated program that got a freed id is not taken for it.)
  func leftBehind() -> [Call] {
    calls().filter { call in
      guard kill(call.pid, 0) == 0 || errno != ESRCH,
        let name = try? String(contentsOfFile: "/proc/\(call.pid)/comm", encoding: .utf8)
      else { return false }
      let stripped = name.trimmingCharacters(in: .whitespacesAndNewlines)
      return ["sleep", "sh", "espeak-ng"].contains(stripped)
    }
  }
}
