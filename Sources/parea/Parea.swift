import ArgumentParser
import PareaApp
import PareaLocale

/// The help's words, in the language the environment asks for (the saved
/// setting is not read for `--help`). Messages swift-argument-parser writes
/// itself, such as the one for an unknown option, are in English.
let commandLineWords: Catalog = {
  let language = Language.resolve(flag: nil, saved: nil, environment: processEnvironment())
  var words = Catalog.builtIn(language)
  words.language = language
  return words
}()

/// The `parea` command: options, then the full-screen app.
struct Parea: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parea",
    abstract: commandLineWords.text("cli.abstract"),
    discussion: commandLineWords.text("cli.discussion"),
    version: pareaVersion)

  @Option(name: .long, help: ArgumentHelp(commandLineWords.text("cli.lang")))
  var lang: LanguageChoice?

  @Option(name: .long, help: ArgumentHelp(commandLineWords.text("cli.seed"), valueName: "n"))
  var seed: UInt64?

  @Option(
    name: .customLong("import"), help: ArgumentHelp(commandLineWords.text("cli.import"), valueName: "file"),
    completion: .file(extensions: ["json"]))
  var deckFile: String?

  mutating func run() throws {
    let status = deckFile.map { importDeck($0, language: lang?.language) } ?? Self.play(language: lang?.language, seed: seed)
    if status != 0 { throw ExitCode(status) }
  }

  /// The full-screen app with these options; returns the exit status.
  static func play(language: Language?, seed: UInt64?) -> Int32 {
    // Before any saved file is read: this copy owns them until it exits
    // (a second copy waits for it here).
    let access = takeStoreLock(language: language)
    return withExtendedLifetime(access) {
      let startup = loadStartup(language: language, seed: seed, access: access)
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
