import ArgumentParser
import PareaApp
import PareaCommandLine
import PareaLocale

/// The `parea` command: options, then the full-screen app.
struct Parea: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parea",
    abstract: commandLineWords.text("cli.abstract"),
    discussion: commandLineWords.text("cli.discussion"),
    version: pareaVersion)

  @OptionGroup var options: Options

  mutating func run() throws {
    let language = options.lang?.language
    let status =
      options.deckFile.map { importDeck($0, language: language) } ?? Self.play(language: language, seed: options.seed)
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
