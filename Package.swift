// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Parea",
  products: [
    .library(name: "PareaRules", targets: ["PareaRules"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // On-screen width of text, per grapheme (standard library only): what a
    // player's name may be (the rules) and how the screens lay text out (the kit).
    .target(name: "PareaTextWidth"),
    // (and ncursesw's shim: the C library's wcwidth, which the terminal trusts below U+1100)
    .testTarget(name: "PareaTextWidthTests", dependencies: ["PareaTextWidth", "CNcursesw"]),
    // The games: roles, deal, validation, the table and who wins. No I/O, no words.
    .target(name: "PareaRules", dependencies: ["PareaTextWidth"]),
    .testTarget(name: "PareaRulesTests", dependencies: ["PareaRules"]),
    // The `.strings` format: the one parser and the `{name}` placeholders, shared
    // by the locale tables and the build-time embedder (which cannot depend on
    // PareaLocale: that target runs it).
    .target(name: "PareaStrings"),
    .testTarget(name: "PareaStringsTests", dependencies: ["PareaStrings"]),
    // The locale tables: Locales/ embedded at build time, lookup, checks, location packs.
    // Sources/PareaLocale/Locales is a symlink to the root Locales/ (excluded from
    // the sources): it makes SwiftPM re-plan, and so re-run the plugin, when a
    // table file is added or removed.
    .target(
      name: "PareaLocale", dependencies: ["PareaLanguage", "PareaRules", "PareaStrings"],
      exclude: ["Locales"], plugins: ["EmbedLocales"]),
    // The languages Parea speaks, how one is chosen, Greek capitals: no
    // tables, standard library only (the store saves a language with it).
    .target(name: "PareaLanguage"),
    .testTarget(
      name: "PareaLocaleTests", dependencies: ["PareaLocale", "PareaRules", "PareaStrings"]),
    // Build-time tool and plugin that turn Locales/**/*.strings into Swift source.
    .executableTarget(name: "LocaleEmbedder", dependencies: ["PareaStrings"]),
    .plugin(name: "EmbedLocales", capability: .buildTool(), dependencies: ["LocaleEmbedder"]),
    // The drawing kit: Canvas (cells with styles), Key, Style and Theme, and the
    // widgets (text field, lists, grid, frames, header and footer). Standard
    // library only (it re-exports PareaTextWidth): no game words, no ncurses.
    .target(name: "PareaCanvas", dependencies: ["PareaTextWidth"]),
    .testTarget(name: "PareaCanvasTests", dependencies: ["PareaCanvas"]),
    // The app flow: screens as state, the pure reducer, rendering into a Canvas.
    .target(name: "PareaApp", dependencies: ["PareaCanvas", "PareaRules", "PareaLocale", "PareaQR"]),
    .testTarget(
      name: "PareaAppTests", dependencies: ["PareaApp", "PareaCanvas", "PareaLocale", "PareaPhones", "PareaRules"],
      exclude: ["Golden"]),
    // ncursesw for Swift: a module map and a shim header (see PITFALLS.md).
    .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
    // A phone's link as a QR code, drawn with half blocks: libqrencode opened
    // with dlopen when first needed (the binary is static; Debian ships the
    // library shared only).
    .target(name: "PareaQR"),
    .testTarget(name: "PareaQRTests", dependencies: ["PareaQR"]),
    // The phones' server: HTTP for the one page and a WebSocket per phone, on
    // a thread of its own, started only when phones are on. C library only.
    .target(name: "PareaPhones"),
    .testTarget(name: "PareaPhonesTests", dependencies: ["PareaPhones"]),
    // The terminal backend: ncurses start/restore, keys, drawing a Canvas.
    .target(name: "PareaTerminal", dependencies: ["CNcursesw", "PareaCanvas"]),
    // The narrator's voice: each line spoken by its own espeak-ng process (found
    // on PATH at the first line), killed by the next line, reaped by the run
    // loop; finds out whether it can be heard; kills whatever its lines start.
    // C library only.
    .target(name: "PareaVoice", dependencies: ["CProcess"]),
    // prctl for Swift (a variadic C function): the voice's child subreaper.
    .systemLibrary(name: "CProcess", path: "Sources/CProcess"),
    .testTarget(
      name: "PareaVoiceTests", dependencies: ["PareaVoice", "PareaLocale", "PareaStrings"]),
    // The command line: the options as swift-argument-parser reads them (help,
    // errors, completions), and the ordinary forms read without it.
    .target(
      name: "PareaCommandLine",
      dependencies: [
        "PareaLanguage", "PareaLocale", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "PareaCommandLineTests",
      dependencies: [
        "PareaCommandLine", "PareaLanguage", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The executable: wiring, start-up, the run loop.
    .executableTarget(
      name: "parea",
      dependencies: [
        "PareaApp", "PareaCanvas", "PareaCommandLine", "PareaLocale", "PareaPhones", "PareaRules", "PareaStore",
        "PareaTerminal", "PareaVoice", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The saved files: settings, quick-pick names, the game in progress (atomic JSON files).
    .target(name: "PareaStore", dependencies: ["PareaLanguage", "PareaRules"]),
    .testTarget(
      name: "PareaStoreTests",
      dependencies: ["PareaStore", "PareaLocale", "PareaRules", "PareaStrings"]),
    // The real binary in tmux, driven as a person would (needs tmux).
    .testTarget(
      name: "PareaEndToEndTests",
      dependencies: [
        "PareaTerminal", "PareaApp", "PareaCanvas", "PareaLocale", "PareaRules", "PareaStore", "PareaVoice",
      ],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
