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
}
