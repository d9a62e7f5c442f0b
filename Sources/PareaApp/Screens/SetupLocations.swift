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

extension SetupScreen {
  /// Opening and closing the list, moving in it, taking locations out of play.
  mutating func chooseLocations(
    _ action: SetupAction, excluded: inout Set<LocationID>, in context: ScreenContext
  ) -> [Effect] {
    let all = context.unsortedLocations.value
    switch action {
    case .chooseLocations(let open):
      choosingLocations = open
      return open ? [] : [.saveSettings]
    case .moveLocation(let step):
      locationSelection = max(0, min(all.count - 1, locationSelection + step))
    case .toggleLocation:
      let sorted = context.locations
      guard sorted.indices.contains(locationSelection) else { break }
      let id = sorted[locationSelection].id
      if excluded.contains(id) { excluded.remove(id) } else { excluded.insert(id) }
    case .toggleAllLocations:
      excluded = excluded.isEmpty ? Set(all.map(\.id)) : []
    default: break
    }
    return []
  }
}
