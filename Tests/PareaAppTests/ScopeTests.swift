import Foundation
import Testing

/// Screens are scoped features (`Sources/PareaApp/Screens/Page.swift`): a
/// screen's `reduce` changes its own state and returns an `Outcome`; only the
/// top-level reducer (`Reducer.swift`) writes `AppState`. The compiler cannot
/// say "no function in this folder takes the whole state to write", so this
/// test reads the screens' sources and says it. (That every screen is a
/// `Feature` the compiler says: `Screen.page` is `any Feature`.)
@Suite("Screens write only their own state")
struct ScopeTests {
  static let screens: String = {
    let root = String(#filePath.split(separator: "/Tests/")[0])
    return root + "/Sources/PareaApp/Screens"
  }()

  /// The lines of `text` that let a function write the whole app state: a
  /// `mutating func` in an `extension AppState`, or an `inout AppState`.
  static func writesOfTheWholeState(in text: String) -> [String] {
    var found: [String] = []
    var inAppStateExtension = false
    var depth = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if depth == 0 { inAppStateExtension = trimmed.hasPrefix("extension AppState") }
      if trimmed.contains("inout AppState") { found.append(trimmed) }
      if inAppStateExtension, trimmed.contains("mutating func") { found.append(trimmed) }
      for character in line {
        if character == "{" { depth += 1 }
        if character == "}" { depth -= 1 }
      }
    }
    return found
  }

  @Test("the detector finds a reducer on the whole state and passes a screen's own")
  func detectorWorks() {
    let whole = """
      extension AppState {
        /// Writes everything.
        mutating func reduceThing(_ action: Int) -> [Effect] {
          if true { screen = .home(HomeScreen()) }
          return []
        }
      }
      """
    #expect(Self.writesOfTheWholeState(in: whole).count == 1)
    #expect(Self.writesOfTheWholeState(in: "func change(_ state: inout AppState) {}").count == 1)
    let own = """
      extension AppState {
        var homeScreen: Screen { .home(HomeScreen()) }
      }
      extension ThingScreen: Feature {
        mutating func reduce(_ action: Int, in context: ScreenContext) -> Outcome { .stay }
      }
      """
    #expect(Self.writesOfTheWholeState(in: own).isEmpty)
  }

  @Test("no screen has a reducer on the whole state")
  func screensAreScoped() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.screens)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 5, "read the screens from \(Self.screens)")
    for file in files {
      let text = try String(contentsOfFile: Self.screens + "/" + file, encoding: .utf8)
      let found = Self.writesOfTheWholeState(in: text)
      #expect(found.isEmpty, "\(file) writes the whole app state: \(found)")
    }
  }
}
