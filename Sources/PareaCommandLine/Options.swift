import ArgumentParser
import PareaLanguage
import PareaLocale

/// The help's words, in the language the environment asks for (the saved
/// setting is not read for `--help`). Messages swift-argument-parser writes
/// itself, such as the one for an unknown option, are in English.
public let commandLineWords: Catalog = {
  let language = Language.resolve(flag: nil, saved: nil, environment: processEnvironment())
  var words = Catalog.builtIn(language)
  words.language = language
  return words
}()

/// The options of `parea`, as swift-argument-parser reads them: its help,
/// its error messages and the shells' completions come from here.
public struct Options: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp(commandLineWords.text("cli.lang")))
  public var lang: LanguageChoice?

  @Option(name: .long, help: ArgumentHelp(commandLineWords.text("cli.seed"), valueName: "n"))
  public var seed: UInt64?

  @Option(
    name: .customLong("import"), help: ArgumentHelp(commandLineWords.text("cli.import"), valueName: "file"),
    completion: .file(extensions: ["json"]))
  public var deckFile: String?

  public init() {}
}

/// A language as given on the command line.
public enum LanguageChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  case en, el

  public var language: Language {
    switch self {
    case .en: .en
    case .el: .el
    }
  }
}

/// The command lines people type to play — `--lang en|el` and `--seed N`, each
/// at most once, in either order, as `--name value` or `--name=value` — read
/// without swift-argument-parser, whose first parse reflects over the command
/// and costs more than the rest of start-up (docs/DECISIONS.md). Anything else
/// (help, the version, an import, a mistake, an option given twice) is left
/// to the parser, so its messages and its rules stay the only ones; what is
/// read here is what the parser would read (`OrdinaryCommandLineTests`
/// compares the two over every form).
public struct OrdinaryCommandLine: Equatable, Sendable {
  public var language: Language?
  public var seed: UInt64?

  public init(language: Language? = nil, seed: UInt64? = nil) {
    self.language = language
    self.seed = seed
  }

  /// The options in `arguments` (without the program's name), or nil when
  /// they are not one of the ordinary forms.
  public init?(_ arguments: some Sequence<String>) {
    var iterator = arguments.makeIterator()
    var sawLanguage = false
    var sawSeed = false
    while let argument = iterator.next() {
      let name: Substring
      let value: String
      if let equals = argument.firstIndex(of: "=") {
        name = argument[..<equals]
        value = String(argument[argument.index(after: equals)...])
      } else {
        name = Substring(argument)
        guard name == "--lang" || name == "--seed", let next = iterator.next() else { return nil }
        value = next
      }
      switch name {
      case "--lang":
        guard !sawLanguage, let choice = LanguageChoice(rawValue: value) else { return nil }
        sawLanguage = true
        language = choice.language
      case "--seed":
        // UInt64's own reading, as the parser's (`init?(argument:)`); a value
        // that starts with a dash is an option to the parser, never a number.
        guard !sawSeed, !value.hasPrefix("-"), let number = UInt64(value) else { return nil }
        sawSeed = true
        seed = number
      default:
        return nil
      }
    }
  }
}
