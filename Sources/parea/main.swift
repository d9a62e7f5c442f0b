#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The entry point. With no arguments there is nothing to parse, so the app
// starts at once with the defaults; any argument (an option, --help, a typo)
// goes to swift-argument-parser. Its first parse reflects over the command
// and costs more than the rest of start-up together (docs/DECISIONS.md).
if CommandLine.argc <= 1 {
  exit(Parea.play(language: nil, seed: nil))
}
Parea.main()
