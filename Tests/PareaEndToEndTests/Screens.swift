import PareaApp
import PareaLocale

/// What the app itself says a screen looks like, to compare with what tmux
/// shows: the backend must put every cell where the canvas has it.
enum Screens {
  /// A card as a person reads it: the text is justified and a player known
  /// is joined to their role by a leader (`RoleCard.block`), so on each line
  /// a run of spaces reads as one and a leader as the " — " of
  /// `knowledge.player`.
  static func asRead(_ screen: String) -> String {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.split(separator: " ", omittingEmptySubsequences: true)
        .map { $0.allSatisfy { $0 == "·" } ? "—" : String($0) }
        .joined(separator: " ")
    }.joined(separator: "\n")
  }

  /// The app as the executable starts it with fresh config and state folders.
  static func app(_ language: Language = .en) -> App {
    App(
      configuration: AppConfiguration(
        language: language, seed: 1, wording: { Catalog.builtIn($0) },
        locations: Catalog.builtIn(.en).locations()))
  }

  /// The start screen (or the too-small screen) as lines, the way
  /// `capture-pane -p` prints them: trailing spaces dropped.
  static func start(_ language: Language = .en, width: Int = 80, height: Int = 24) -> [String] {
    app(language).render(width: width, height: height).lines.map(trimmingTrailingSpaces)
  }

  /// A line of the home screen only it has (the title), in English.
  static var homeMarker: String { Catalog.builtIn(.en).text("home.title") }

  /// The key that quits from the home screen.
  static let quitKey = "q"

  /// A screen from `capture-pane -p` as lines.
  static func lines(_ capture: String) -> [String] {
    var lines = capture.split(separator: "\n", omittingEmptySubsequences: false).map {
      trimmingTrailingSpaces(String($0))
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
