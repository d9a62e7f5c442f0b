import PareaApp
import PareaCanvas
import PareaLocale
import PareaTerminal
import PareaVoice

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the run loop drives: the app, or a stand-in in a test.
protocol Interactive: PhoneViewSource {
  /// Handles a key press that came at `now`; returns the work to do outside the app.
  mutating func handle(_ key: Key, now: Int64?) -> [Effect]
  /// Tells the app the terminal's size.
  mutating func resize(width: Int, height: Int) -> [Effect]
  /// Lets time pass (a monotonic clock in milliseconds).
  mutating func tick(now: Int64) -> [Effect]
  /// The screen at the given size.
  func render(width: Int, height: Int) -> Canvas
  /// True once the user has asked to quit.
  var isFinished: Bool { get }
  /// The state, for saving.
  var state: AppState { get }
  /// Applies an action: how results of the outside world (a file read, a
  /// save that failed) reach the state.
  mutating func send(_ action: Action) -> [Effect]
  /// The page every phone link serves.
  func phonePage() -> String
}

/// How the program ends.
enum Outcome: Equatable {
  /// The user quit.
  case finished
  /// The terminal could not be started.
  case terminalUnavailable(TerminalError)
  /// Ctrl-C.
  case interrupted
  /// A termination signal (SIGTERM, SIGHUP…).
  case signalled(Int32)

  /// The process exit status: 0, 1, 130 for Ctrl-C, 128 + the signal.
  var exitStatus: Int32 {
    switch self {
    case .finished: 0
    case .terminalUnavailable: 1
    case .interrupted: 130
    case .signalled(let number): 128 + number
    }
  }
}

/// Key → app → screen, until the app finishes or the user interrupts.
/// The terminal is restored, and the narrator's voice silenced (no
/// `espeak-ng` left running), before this returns, whatever the way out.
@MainActor
func run(_ app: inout some Interactive, storage: inout Storage) -> Outcome {
  let terminal = Terminal()
  do {
    try terminal.start()
  } catch {
    return .terminalUnavailable(error)
  }
  defer { terminal.stop() }
  // True once a secret (a role, a night's choice) has been on the screen
  // since the scroll-back was last cleared. On every way out (quit, Ctrl-C, a
  // signal) the screen and the scroll-back are blanked while one may be
  // there: without an alternate screen the terminal would keep both.
  var secretSinceCleared = false
  defer {
    if secretSinceCleared || app.state.showsSecret { terminal.wipe() }
  }
  // The narrator's voice, made at its first line (it looks for espeak-ng
  // then): nothing of it runs or is loaded before the narrator speaks.
  // Silenced on every way out (quit, Ctrl-C, a signal), and its processes
  // reaped, before the terminal is restored (defers run last first).
  var voice: Voice?
  defer { voice?.shutDown() }
  // The phones' server, started only when a game is served to phones;
  // closing Parea ends every phone's session.
  let phones = PhonesDriver()
  defer { phones.stop() }

  var size = terminal.size
  var quitting = false
  var repaintAll = false
  var toldVoiceMissing = false

  /// The notice that the narrator cannot be heard, the first time that is
  /// known (once per run); its effects.
  func tellVoiceMissing() -> [Effect] {
    guard !toldVoiceMissing, case .missing(let problem) = voice?.availability else { return [] }
    toldVoiceMissing = true
    return app.send(.reported([problem.notice]))
  }

  var pendingSpeech: Speech?
  // The roles page's odds, measured on a thread of their own.
  let odds = OddsWorker(registry: app.state.registry)

  /// Says the line the last effects asked for, now that their frame is drawn.
  /// Where the voice cannot be heard, the bell marks the step instead.
  func speakAfterFrame() {
    guard let speech = pendingSpeech else { return }
    pendingSpeech = nil
    // The program starts no other child: the voice may take every orphan
    // for its own (a process a line started in a session of its own).
    let speaker = voice ?? Voice(adoptsOrphans: true)
    voice = speaker
    // Names in the other script in their own voice, misread words as phonemes.
    let language = speech.language.rawValue
    let markup = SpeechMarkup.ssml(
      speech.text, language: language, pronunciations: Catalog.pronunciations(in: speech.language),
      names: Catalog.spokenNames(in: speech.language))
    let started = speaker.speak(markup, voice: language, wordsPerMinute: speech.wordsPerMinute, markup: true)
    if !started { terminal.bell() }
    perform(tellVoiceMissing())
  }

  /// Draws a frame (the whole screen when `force`). Once a secret has been on
  /// screen, the scroll-back is cleared at the next whole repaint (the app
  /// asks for one whenever a secret goes: what a clear pushed into the
  /// scroll-back goes with it) and at the first frame without a secret.
  func draw(_ canvas: Canvas, force: Bool) {
    terminal.draw(canvas, force: force)
    let secret = app.state.showsSecret
    if secretSinceCleared, force || !secret {
      terminal.clearScrollBack()
      secretSinceCleared = false
    }
    if secret { secretSinceCleared = true }
  }

  /// Carries out the app's effects; storage goes to `storage`.
  func perform(_ effects: [Effect]) {
    for effect in effects {
      switch effect {
      case .quit: quitting = true
      case .redrawAll: repaintAll = true
      case .bell: terminal.bell()
      case .speak(let speech):
        // Said once the frame it belongs to is on the screen (`speakAfterFrame`):
        // a step's line is never heard while the last step's screen still shows.
        // A later line replaces it, as a new line cuts the one being said.
        pendingSpeech = speech
      case .silence:
        pendingSpeech = nil
        voice?.stop()
        perform(tellVoiceMissing())
      case .lookForVoice:
        let speaker = voice ?? Voice(adoptsOrphans: true)
        voice = speaker
        perform(app.send(.voiceLookedFor(found: speaker.isFound)))
      case .renewPhoneLink(let seat):
        perform(phones.renew(seat, app: &app))
      case .listDecks:
        perform(app.send(.decksListed(storage.store.decks())))
      case .measureOdds(let request):
        odds.start(request)
      case .stopOdds:
        odds.stop()
      case .saveSettings, .savePlayers, .saveGame, .saveDeck:
        if let problem = storage.perform(effect, state: app.state) {
          perform(app.send(.reported([problem])))
        }
      }
    }
  }

  perform(app.resize(width: size.width, height: size.height))
  perform(app.tick(now: monotonicMilliseconds()))
  var shown = app.render(width: size.width, height: size.height)
  draw(shown, force: false)
  repaintAll = false
  // What the first screen does not need is read once it is drawn, before the
  // first key: the quick picks, and the saved game beyond its summary (each
  // type JSON decodes costs the runtime a look-up on first use: a returning
  // group waited for them). A problem found now shows at once.
  // A summary and its whole game draw the same home screen: most starts draw once.
  let later = storage.loadAfterFirstFrame()
  perform(app.send(.started(savedNames: later.savedNames, session: later.savedGame)))
  perform(app.send(.reported(later.problems)))
  let next = app.render(width: size.width, height: size.height)
  if next != shown {
    draw(next, force: false)
    shown = next
  }
  speakAfterFrame()
  while !app.isFinished && !quitting {
    // The timeout lets the loop notice a signal, and the round timer run,
    // even when no key comes.
    switch terminal.nextEvent(timeoutMilliseconds: 100, alsoWatching: phones.descriptor) {
    case nil:
      break
    case .key(let key):
      perform(app.handle(key, now: monotonicMilliseconds()))
    case .resize(let width, let height):
      size = (width, height)
      repaintAll = true
      perform(app.resize(width: width, height: height))
    case .repaint:
      // Ctrl-L, or back from a stop: whatever else wrote on the terminal goes.
      repaintAll = true
    case .interrupt:
      return .interrupted
    case .signal(let number):
      return .signalled(number)
    }
    // A line that has ended is reaped; if it turns out that it was not heard
    // (the first line tells), the bell marks its step, one turn late at most.
    // Whatever an ended process may have written to the terminal (it cannot
    // open /dev/tty, but it could open the terminal's device by its path) is
    // painted over at once.
    if let voice {
      let before = voice.availability
      if voice.reap() { terminal.reclaim() }
      if voice.availability != before, case .missing = voice.availability {
        terminal.bell()
        perform(tellVoiceMissing())
      }
    }
    // A lock file removed meanwhile is made again before a second copy can
    // start on it; a lock another copy has taken stops this one's saving.
    if let lost = storage.checkLock() { perform(app.send(.reported([lost]))) }
    // The roles page's odds, as measured so far.
    if let result = odds.take() { perform(app.send(.oddsMeasured(result))) }
    perform(app.tick(now: monotonicMilliseconds()))
    // The phones: started or stopped as the game says, their taps in (each
    // seat's view goes out once the frame is drawn).
    perform(phones.sync(&app, now: monotonicMilliseconds()))
    if quitting { break }
    // Redraw only when something changed; a forced repaint clears the
    // physical screen too (privacy after a reveal, garbage after a resize).
    let next = app.render(width: size.width, height: size.height)
    let drawing = repaintAll || next != shown
    if drawing {
      draw(next, force: repaintAll)
      shown = next
      repaintAll = false
    }
    speakAfterFrame()
    phones.sendViews(app, afterFrame: drawing)
  }
  return .finished
}

/// Milliseconds of the monotonic clock (never jumps with the wall clock).
func monotonicMilliseconds() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}
