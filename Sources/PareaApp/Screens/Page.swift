import PareaCanvas
import PareaLocale
import PareaRules

/// What a screen may read to turn a key into an action or to draw itself: the
/// whole state, the words of its language and the locations in the lists' order.
struct PageContext {
  /// The state, with this screen on show.
  let state: AppState
  /// The words of the state's language.
  let words: Words
  /// Every Spy location, sorted as the lists show them (empty for other games).
  let locations: [Location]
}

/// One screen of the app. Its value is the screen's own state (the highlight,
/// a scroll position); it says what a key means, draws itself and where Esc
/// goes. What an action then does is its screen's `reduce…` function, called
/// from `AppState.reduce`.
///
/// Adding a screen: a file with its state conforming to `Page`, its actions and
/// its reduce function; a case of `Screen` with its line in `Screen.page`; a
/// case of `Action` with its line in `AppState.reduce`.
protocol Page: Hashable, Sendable {
  /// What `key` means on this screen, if anything.
  func action(for key: Key, in context: PageContext) -> Action?
  /// Draws the screen (the confirmation and reported problems go on top).
  func draw(into canvas: inout Canvas, in context: PageContext)
  /// Esc: leaves the screen, or asks first.
  func back(in state: inout AppState) -> [Effect]
}

extension Screen {
  /// The screen on show as a `Page`: the one registry of screens.
  var page: any Page {
    switch self {
    case .home(let page): page
    case .info(let page): page
    case .players(let page): page
    case .setup(let page): page
    case .handOff(let page): page
    case .reveal(let page): page
    case .table(let page): page
    case .summary(let page): page
    case .narrator(let page): page
    case .settings(let page): page
    }
  }
}
