#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import PareaCommandLine

// The entry point. With no arguments, or only the ordinary options people
// type to play (`--lang el`, `--seed 42`), there is nothing for
// swift-argument-parser to do: the app starts at once. Anything else (help,
// the version, an import, a typo) goes to the parser, whose first parse
// reflects over the command and costs more than the rest of start-up
// together (docs/DECISIONS.md).
if CommandLine.argc <= 1 {
  exit(Parea.play(language: nil, seed: nil))
}
if let ordinary = OrdinaryCommandLine(CommandLine.arguments.dropFirst()) {
  exit(Parea.play(language: ordinary.language, seed: ordinary.seed))
}
Parea.main()
