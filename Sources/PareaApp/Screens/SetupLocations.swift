import PareaCanvas
import PareaLocale
import PareaRules

/// Setup, Spy: the locations in play, three columns with a check mark each
/// (saved with the settings when the list closes).
extension SetupScreen {
  /// What the list of locations lets the user do.
  func locationCommands(rules: KeyCommand) -> [KeyCommand] {
    [
      .shown(
        "↑↓←→", "key.move",
        [
          (.up, .setup(.moveLocation(-1))), (.down, .setup(.moveLocation(1))),
          (.left, .setup(.moveLocationColumn(-1))), (.right, .setup(.moveLocationColumn(1))),
        ]),
      .shown("Enter", "key.toggle", [(.enter, .setup(.toggleLocation))]),
      .shown("a", "key.all", [(.letter("a"), .setup(.toggleAllLocations))]),
      rules,
      .shown("Esc", "key.done", [(.escape, .setup(.chooseLocations(false)))]),
      .hidden(.alias, [(.space, .setup(.toggleLocation))]),
    ]
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
    canvas.footer(commands(in: state, words: words), words: words)
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
    case .moveLocationColumn(let step):
      locationSelection = max(0, min(all.count - 1, locationSelection + step * ColumnGrid.rows(all.count)))
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
