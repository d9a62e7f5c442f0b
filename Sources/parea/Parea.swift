import ArgumentParser
import PareaApp
import PareaLocale

/// The version `--version` prints.
let pareaVersion = "0.1.0"

/// The `parea` command: options, then the full-screen app.
struct Parea: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parea",
    abstract: "Party games for a group around one laptop: Palermo (Mafia), Spy and Killer.",
    discussion: """
      Pass the laptop around the table: each player sees their secret role in \
      private, then the game goes on face to face. Arrows or vi keys move, Enter \
      chooses, Esc goes back, q quits from the home screen, Ctrl-C quits from anywhere.
      """,
    version: pareaVersion)

  @Option(
    name: .long, help: "The game's language: en or el (default: the saved setting, else LANG).")
  var lang: LanguageChoice?

  @Option(
    name: .long, help: ArgumentHelp("Seed for repeatable deals (testing, demos).", valueName: "n"))
  var seed: UInt64?

  mutating func run() throws {
    let status = Self.play(language: lang?.language, seed: seed)
    if status != 0 { throw ExitCode(status) }
  }

  /// The full-screen app with these options; returns the exit status.
  static func play(language: Language?, seed: UInt64?) -> Int32 {
    let startup = loadStartup(language: language, seed: seed)
    var app = startup.makeApp()
    var storage = startup.storage
    let outcome = MainActor.assumeIsolated { parea.run(&app, storage: &storage) }
    if case .terminalUnavailable(let error) = outcome {
      var words = Catalog.builtIn(app.state.language)
      words.language = app.state.language
      Messages.printError(Messages.terminalUnavailable(error, words: words))
    }
    return outcome.exitStatus
  }
}

/// A language as given on the command line.
enum LanguageChoice: String, ExpressibleByArgument, CaseIterable {
  case en, el

  var language: Language {
    switch self {
    case .en: .en
    case .el: .el
    }
  }
}
