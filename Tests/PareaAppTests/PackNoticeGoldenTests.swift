import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// The notice of a skipped location pack, built from a `LocaleProblem` as
/// the executable's start-up does (`loadStartup` in `Sources/parea`), with
/// the file shown under `~`.
private func notice(for problem: LocaleProblem) -> Notice {
  let reason = problem.reasonText
  var arguments: [String: Notice.Argument] = [
    "file": .text("~" + problem.file.dropFirst("/home/ana".count)),
    "reason": .phrase(reason.key, reason.arguments),
  ]
  if let line = problem.line { arguments["line"] = .text(String(line)) }
  return Notice(
    kind: .error, title: "error.locationPack.title",
    message: problem.line == nil
      ? "error.locationPack.messageNoLine" : "error.locationPack.message",
    args: arguments)
}

/// The home screen with the notices of packs skipped for what they are or hold.
@Suite struct PackNoticeGoldenTests {
  @Test(arguments: [Language.en, .el]) func homeWithSkippedPacks(_ language: Language) {
    let folder = "/home/ana/.config/parea/locations"
    let problems = [
      LocaleProblem(file: "\(folder)/fifo.en.strings", line: nil, reason: .notRegularFile),
      LocaleProblem(
        file: "\(folder)/family.en.strings", line: 3,
        reason: .unsafeText(key: "location.family.name", scalar: "\u{200D}")),
    ]
    var configuration = configuration(language)
    configuration.startupNotices = problems.map(notice(for:))
    let app = App(configuration: configuration)
    expectGolden(app.render(width: 80, height: 24), "home-pack-problems.\(language)")
  }

  /// More notices than the screen holds: those that fit, and a line that
  /// says how many more there are (none dropped without a word).
  @Test(arguments: [Language.en, .el]) func noticesThatDoNotFitAreCounted(_ language: Language) throws {
    let folder = "/home/ana/.config/parea/locations"
    let problems = ["one", "two", "three", "four"].map {
      LocaleProblem(file: "\(folder)/\($0).en.strings", line: nil, reason: .notRegularFile)
    }
    var configuration = configuration(language)
    configuration.startupNotices = problems.map(notice(for:))
    let app = App(configuration: configuration)
    let canvas = app.render(width: 80, height: 24)
    let shown = canvas.lines.filter { $0.contains(".en.strings") }.count
    #expect(shown >= 1 && shown < problems.count)
    let more = Catalog.builtIn(language).plural("home.moreNotices", count: problems.count - shown, [:])
    #expect(canvas.lines.contains { $0.contains(more) }, "\(canvas.text)")
    expectGolden(canvas, "home-notices-overflow.\(language)")
    // Taller, every one shows and the line is gone.
    let tall = app.render(width: 80, height: 40)
    #expect(tall.lines.filter { $0.contains(".en.strings") }.count == problems.count)
    #expect(!tall.lines.contains { $0.contains(more) })
  }
}
