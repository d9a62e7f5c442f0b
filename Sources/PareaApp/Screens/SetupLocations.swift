import PareaCanvas
import PareaLocale
import PareaRules

/// Setup, Spy: the locations in play, three columns with a check mark each
/// (saved with the settings when the list closes).
extension SetupScreen {
  /// What a key means on the list of locations.
  func locationAction(for shortcut: Shortcut, locationCount: Int) -> Action? {
    let rows = ColumnGrid.rows(locationCount)
    switch shortcut {
    case .up: return .setup(.moveLocation(-1))
    case .down: return .setup(.moveLocation(1))
    case .left: return .setup(.moveLocation(-rows))
    case .right: return .setup(.moveLocation(rows))
    case .enter, .space: return .setup(.toggleLocation)
    case .letter("a"): return .setup(.toggleAllLocations)
    case .escape: return .setup(.chooseLocations(false))
    default: return nil
    }
  }

  /// The Spy locations with a check mark on each one in play.
  func drawLocationChoice(
    into canvas: inout Canvas, state: AppState, words: Words, locations: [Location]
  ) {
    let sorted = locations  // already in the lists' order
    canvas.header(words, title: words("setup.locationsTitle"))
    let inPlay = sorted.filter { !state.excludedLocations.contains($0.id) }.count
    canvas.write(words("setup.locationsInPlay", [
      "count": String(inPlay), "total": String(sorted.count),
    ]), row: 1, column: 3, style: inPlay == 0 ? Theme.bad : Theme.dim)
    let body = Rect(row: 3, column: 3, width: canvas.width - 6, height: canvas.height - 5)
    ColumnGrid.draw(
      sorted.map { words.locationName($0.id) },
      marks: sorted.map { !state.excludedLocations.contains($0.id) },
      selection: locationSelection, scroll: 0, in: body, canvas: &canvas)
    canvas.footer([
      KeyHint(key: "↑↓←→", label: words("key.move")), KeyHint(key: "Enter", label: words("key.toggle")),
      KeyHint(key: "a", label: words("key.all")), KeyHint(key: "i", label: words("key.rules")),
      KeyHint(key: "Esc", label: words("key.done")),
    ])
  }
}

extension AppState {
  /// Opening and closing the list, moving in it, taking locations out of play.
  mutating func chooseLocations(
    _ action: SetupAction, _ page: inout SetupScreen, environment: Environment
  ) -> [Effect] {
    switch action {
    case .chooseLocations(let open):
      page.choosingLocations = open
      return open ? [] : [.saveSettings]
    case .moveLocation(let step):
      page.locationSelection = max(0, min(environment.locations.count - 1, page.locationSelection + step))
    case .toggleLocation:
      let sorted = environment.sortedLocations(language)
      guard sorted.indices.contains(page.locationSelection) else { break }
      let id = sorted[page.locationSelection].id
      if excludedLocations.contains(id) { excludedLocations.remove(id) } else { excludedLocations.insert(id) }
    case .toggleAllLocations:
      excludedLocations = excludedLocations.isEmpty ? Set(environment.locations.map(\.id)) : []
    default: break
    }
    return []
  }
}
