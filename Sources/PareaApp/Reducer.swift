import PareaCanvas
import PareaLocale
import PareaRules

extension AppState {
  /// The rules of the chosen game.
  var rules: any GameType { GameRegistry.game(game) ?? GameRegistry.all[0] }

  /// What `key` means on the screen on show, if anything.
  func action(for key: Key, words: Words) -> Action? {
    if let confirmation { return confirmation.action(for: key, words: words) }
    switch screen {
    case .home(let home): return home.action(for: key, state: self)
    case .info(let info): return info.action(for: key)
    case .players(let players): return players.action(for: key)
    case .setup(let setup): return setup.action(for: key, state: self)
    case .handOff(let handOff): return handOff.action(for: key)
    case .reveal: return RevealScreen.action(for: key)
    case .table(let table): return table.action(for: key, state: self)
    case .summary(let summary): return summary.action(for: key)
    case .settings: return SettingsScreen.action(for: key)
    }
  }

  /// Applies an action; returns the work for the outside world.
  mutating func reduce(_ action: Action, environment: inout Environment) -> [Effect] {
    switch action {
    case .confirm(let yes): return answer(yes, words: environment.words(language))
    case .toggleConfirmation:
      confirmation?.yesSelected.toggle()
      return []
    case .back: return goBack()
    case .tick(let now):
      clock = now
      var effects = tickPausesAndCountdowns(now: clock)
      if timer?.tick(now: clock) == true {
        if case .table(var page) = screen {
          page.notice = Notice(kind: .info, title: "timer.up.title", message: "timer.up.message")
          screen = .table(page)
        }
        effects.append(.bell)
      }
      return effects
    case .tooSoon: return restartPause()
    case .resize(let width, let height):
      viewport = Size(width: width, height: height)
      return []
    case .home(let action): return reduceHome(action)
    case .info(let action): return reduceInfo(action, words: environment.words(language))
    case .players(let action): return reducePlayers(action)
    case .setup(let action): return reduceSetup(action, environment: &environment)
    case .reveal: return revealCurrent(afterCountdown: false)
    case .hide: return hideCurrent()
    case .table(let action): return reduceTable(action, environment: environment)
    case .summary(let action): return reduceSummary(action)
    case .settings(let action): return reduceSettings(action)
    }
  }

  /// Esc: each screen goes back to the one before it; leaving a game in play asks first.
  private mutating func goBack() -> [Effect] {
    switch screen {
    case .home: return []
    case .info(let info): screen = info.returnTo.screen
    case .players: screen = .home(HomeScreen(selection: homeIndex(of: game)))
    case .setup: screen = .players(PlayersScreen())
    case .handOff(var page) where page.countdown != nil:
      page.countdown = nil
      screen = .handOff(page)
    case .handOff, .reveal, .table: confirmation = Confirmation(.abandonGame)
    case .summary: screen = .home(HomeScreen(selection: homeIndex(of: game)))
    case .settings(let settings): screen = settings.returnTo.screen
    }
    return []
  }

  private mutating func answer(_ yes: Bool, words: Words) -> [Effect] {
    guard let question = confirmation?.question else { return [] }
    confirmation = nil
    switch question {
    case .secondDeath, .undo: return answerTable(question, yes: yes, words: words)
    default: break
    }
    guard yes else {
      // "No" to discarding: the game chosen meanwhile is not played later by surprise.
      if question == .discardSavedGame, case .home(var home) = screen {
        home.playAfterDiscard = nil
        screen = .home(home)
      }
      return []
    }
    switch question {
    case .secondDeath, .undo: return []
    case .discardSavedGame: return discardSavedGame()
    case .abandonGame:
      table = nil
      timer = nil
      nextReveal = 0
      screen = .home(HomeScreen(selection: homeIndex(of: game)))
      return [.saveGame, .redrawAll]
    case .endGame:
      table?.end()
      screen = .summary(SummaryScreen())
      return [.saveGame, .redrawAll]
    case .finalGuess(let location):
      return makeGuess(location)
    case .leaveSession:
      return leaveSession()
    }
  }

  /// The home menu's index of a game.
  func homeIndex(of id: GameID) -> Int {
    HomeScreen.items(for: self).firstIndex(of: .game(id)) ?? 0
  }

  /// Draws the state.
  func render(width: Int, height: Int, words: Words, locations: [Location]) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
      TooSmallView.draw(into: &canvas, words: words, size: Size(width: width, height: height))
      return canvas
    }
    switch screen {
    case .home(let home): home.draw(into: &canvas, state: self, words: words)
    case .info(let info): info.draw(into: &canvas, words: words)
    case .players(let players): players.draw(into: &canvas, state: self, words: words)
    case .setup(let setup): setup.draw(into: &canvas, state: self, words: words, locations: locations)
    case .handOff(let handOff): handOff.draw(into: &canvas, state: self, words: words)
    case .reveal(let reveal): reveal.draw(into: &canvas, state: self, words: words)
    case .table(let table):
      table.draw(into: &canvas, state: self, words: words, locations: sortedLocations(inPlay(locations), words: words))
    case .summary(let summary): summary.draw(into: &canvas, state: self, words: words)
    case .settings(let settings): settings.draw(into: &canvas, state: self, words: words)
    }
    if case .home = screen {} else if let notice = notices.first {
      // Reported from outside (a save that failed): above the footer, on any screen.
      let rows = Canvas.noticeHeight(notice, words: words, width: width - 6)
      canvas.notice(notice, words: words, row: height - 1 - rows, in: Rect(row: 0, column: 3, width: width - 6, height: 0))
    }
    confirmation?.draw(into: &canvas, words: words, table: table)
    return canvas
  }

  /// The smallest terminal the screens are laid out for.
  public static let minimumWidth = 80
  /// The smallest terminal the screens are laid out for.
  public static let minimumHeight = 24
}
