import FoundationEssentials
import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

#if canImport(Glibc)
  import Glibc
#endif

/// The app as the executable builds it, with the real locale tables and a fixed seed.
func makeApp(_ language: Language = .en, seed: UInt64 = 7, savedNames: [String] = []) -> App {
  App(configuration: configuration(language, seed: seed, savedNames: savedNames))
}

/// The app's configuration in tests. Palermo is played at the manual table
/// unless a test asks for a narrator (`narration`): most table tests are about it.
func configuration(
  _ language: Language = .en, seed: UInt64 = 7, savedNames: [String] = [],
  narration: NarrationMode = .manual
) -> AppConfiguration {
  var configuration = AppConfiguration(
    language: language, seed: seed, savedNames: savedNames,
    wording: { Catalog.builtIn($0) }, locations: Catalog.builtIn(.en).locations())
  configuration.preferences.narration = narration
  return configuration
}

extension App {
  /// Presses keys in order, as a person does, each after a deliberate
  /// moment where a guarded screen asks for one (`KeyGuard`); returns every
  /// effect. Held and double-pressed keys are `handle(_:now:)` with a clock.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { key in
      if state.keyGuard != nil { waitOutPause() }
      return handle(key)
    }
  }

  /// Types text one character at a time, as a terminal delivers it.
  mutating func type(_ text: String) {
    for character in text { _ = handle(.character(character)) }
  }

  /// Adds players by typing their names.
  mutating func addPlayers(_ names: [String]) {
    for name in names {
      type(name)
      _ = handle(.enter)
    }
  }

  /// Lets time pass until a paused screen answers keys again (see `KeyPause`).
  mutating func waitOutPause() {
    tick(now: state.clock + KeyPause.quietMilliseconds)
  }

  /// Hands the laptop round the whole table once: every hand-off, reveal and hide.
  mutating func revealEveryone(sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<seatsToReveal(sourceLocation) {
      waitOutPause()
      send(.reveal)
      send(.hide)
    }
  }

  /// The same with keys, as players do it: Enter to see, Enter to hide.
  mutating func revealEveryoneByKeys(sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<seatsToReveal(sourceLocation) {
      waitOutPause()
      press(.enter, .enter)
    }
  }

  /// The number of seats at the table; with no table (the deal was refused),
  /// a failure rather than a round of reveals that silently does nothing.
  private func seatsToReveal(_ sourceLocation: SourceLocation) -> Int {
    guard let table = state.table else {
      Issue.record("no table to reveal: \(state.screen)", sourceLocation: sourceLocation)
      return 0
    }
    return table.seats.count
  }

  /// The screen as text at 80×24.
  var screen: String { render(width: 80, height: 24).text }

  /// From a private answer's hand-back (a claimed spy's guess, a player
  /// marked out), Enter in front of the table: to the table or the game over.
  mutating func handBack(sourceLocation: SourceLocation = #_sourceLocation) {
    if state.screen.as(SpyGuessScreen.self)?.stage == .handBack || state.screen.as(OutAnswerScreen.self)?.stage == .handBack {
      press(.enter)
    } else {
      Issue.record("not at a hand-back: \(state.screen)", sourceLocation: sourceLocation)
    }
  }

  /// At the game over, Enter: the result and every role for the whole table.
  mutating func showResult(sourceLocation: SourceLocation = #_sourceLocation) {
    guard state.screen.is(SummaryScreen.self), state.table?.resultShown == false else {
      Issue.record("not at the game over: \(state.screen)", sourceLocation: sourceLocation)
      return
    }
    press(.enter)
  }
}

let sevenNames = ["Anna", "Νίκος", "Ελένη", "Bob", "Maria", "Γιώργος", "Kostas"]

extension Screen {
  /// The table's page, if the table is on show (for `try #require`).
  var tablePage: TableScreen? { self.as(TableScreen.self) }
  /// The setup's page, if the setup is on show.
  var setupPage: SetupScreen? { self.as(SetupScreen.self) }
  /// The players' page, if the players screen is on show.
  var playersPage: PlayersScreen? { self.as(PlayersScreen.self) }
  /// Whether the summary is on show.
  var isSummary: Bool { self.is(SummaryScreen.self) }
  /// The summary's page, if the summary is on show.
  var summaryPage: SummaryScreen? { self.as(SummaryScreen.self) }

}

/// Golden screens: `Golden/<name>.txt`, one quoted line per row so trailing
/// spaces show. `PAREA_RECORD=1 swift test` rewrites those that differ and fails
/// (`compareGolden(_:at:recording:_:)`): read the diff, then run again.
func expectGolden(
  _ canvas: Canvas, _ name: String, styles: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) {
  compareGolden(canvas.lines.map { "|" + $0 + "|" }.joined(separator: "\n") + "\n", name, sourceLocation)
  if styles { compareGolden(styleMap(canvas), name + ".styles", sourceLocation) }
}

/// The canvas's styles as text: a legend (one letter per style, in order of
/// first use), then one row of letters per screen row, so that a change of
/// colour or attribute shows in a diff as plainly as a change of text.
func styleMap(_ canvas: Canvas) -> String {
  var legend: [Style] = []
  var rows: [String] = []
  let letters = Array("abcdefghijklmnopqrstuvwxyz")
  for row in 0..<canvas.height {
    var line = ""
    for column in 0..<canvas.width {
      let style = canvas[row, column].style
      if !legend.contains(style) { legend.append(style) }
      line.append(letters[legend.firstIndex(of: style)! % letters.count])
    }
    rows.append("|" + line + "|")
  }
  let key = legend.enumerated().map { index, style in
    var parts: [String] = []
    if let colour = style.foreground { parts.append("\(colour)") }
    if style.bold { parts.append("bold") }
    if style.dim { parts.append("dim") }
    if style.reverse { parts.append("reverse") }
    return "\(letters[index % letters.count]) = " + (parts.isEmpty ? "plain" : parts.joined(separator: " "))
  }
  return (key + rows).joined(separator: "\n") + "\n"
}

private func compareGolden(_ actual: String, _ name: String, _ sourceLocation: SourceLocation) {
  compareGolden(
    actual, at: goldenDirectory() + "/" + name + ".txt", recording: getenv("PAREA_RECORD") != nil,
    sourceLocation)
}

/// Compares `actual` with the golden file at `path`. Recording (`PAREA_RECORD=1`),
/// a golden that is missing or differs is written and the test still fails,
/// naming what changed: a recorded screen is read (`git diff`) before the run
/// that passes, never taken on trust. A golden that is already right passes.
func compareGolden(_ actual: String, at path: String, recording: Bool, _ sourceLocation: SourceLocation) {
  let name = String(path.split(separator: "/").last ?? "")
  let expected = read(path)
  if expected == actual { return }
  let diff = zip(
    (expected ?? "").split(separator: "\n", omittingEmptySubsequences: false),
    actual.split(separator: "\n", omittingEmptySubsequences: false)
  )
  .enumerated().filter { $0.element.0 != $0.element.1 }
  .map { "row \($0.offset):\n  expected \($0.element.0)\n  actual   \($0.element.1)" }
  .joined(separator: "\n")
  if recording {
    write(actual, to: path)
    Issue.record(
      "Recorded \(name)\(expected == nil ? " (new)" : ""): read it (git diff), then run again without PAREA_RECORD.\n\(diff)",
      sourceLocation: sourceLocation)
    return
  }
  guard expected != nil else {
    Issue.record("No golden file \(name); run with PAREA_RECORD=1 to create it, then read it.", sourceLocation: sourceLocation)
    return
  }
  Issue.record("Screen \(name) differs from its golden file:\n\(diff)", sourceLocation: sourceLocation)
}

private func goldenDirectory() -> String {
  let file = #filePath
  return String(file[..<file.lastIndex(of: "/")!]) + "/Golden"
}

func read(_ path: String) -> String? {
  guard let handle = fopen(path, "rb") else { return nil }
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&buffer, 1, buffer.count, handle)
    if count <= 0 { break }
    bytes += buffer[0..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

private func write(_ text: String, to path: String) {
  guard let handle = fopen(path, "wb") else {
    Issue.record("cannot write \(path)")
    return
  }
  defer { fclose(handle) }
  _ = text.withCString { fputs($0, handle) }
}

extension AppState {
  /// A state with a session dealt as `table` (its seats as the players), as a test sets it up.
  init(language: Language, table: Table) {
    self.init(
      language: language,
      session: GameSession(table: table, players: table.seats.map(\.name), setup: Setup()))
  }
}

extension GameSession {
  /// The session as the store would write it and a new program read it back.
  func savedAndRead() throws -> GameSession {
    try JSONDecoder().decode(GameSession.self, from: JSONEncoder().encode(self))
  }
}

// MARK: Choosing by name, not by position

/// The number key that plays `game` from the home menu (its place in `registry`):
/// tests name the game, so a game added to the menu moves no test.
func playKey(_ game: GameID, registry: GameRegistry = .standard) -> Key {
  let index = registry.games.firstIndex { $0.id == game }
  #expect(index != nil, "\(game) is not on the menu")
  return .character(Character(String((index ?? 0) + 1)))
}

extension HomeScreen {
  /// The home screen with `item` highlighted, as the menu stands in `state`.
  static func at(_ item: Item, in state: AppState) -> HomeScreen {
    let row = items(for: state).firstIndex(of: item)
    #expect(row != nil, "\(item) is not on the menu")
    return HomeScreen(selection: row ?? 0)
  }
}

extension SettingsScreen {
  /// The row of the setting whose label is `label`.
  static func row(_ label: String) -> Int {
    let row = settings.firstIndex { $0.label == label }
    #expect(row != nil, "no setting \(label)")
    return row ?? 0
  }
}
