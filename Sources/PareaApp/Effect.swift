import PareaLocale
import PareaRules

/// Work the reducer asks the outside world to do (the executable performs it).
/// The reducer itself never touches files, clocks or the terminal.
public enum Effect: Hashable, Sendable {
  /// Leave the program normally.
  case quit
  /// Save the settings (language and house rules).
  case saveSettings
  /// Save the names of the players of the game being set up (quick picks).
  case savePlayers([String])
  /// Save the game in progress (or delete the saved one when the game is over).
  case saveGame
  /// Clear and repaint the whole terminal (after a role was on screen), so
  /// that nothing of it can survive in a cell the next screen leaves alone.
  case redrawAll
  /// Ring the terminal's bell (the round's time is up; a narrator's step when nothing is spoken).
  case bell
  /// Say a line aloud (the narrator), once the frame of the same turn is drawn. A new line cuts the one being spoken short.
  case speak(Speech)
  /// Stop speaking at once (the game was left or the step changed with nothing to say).
  case silence
  /// Look for the narrator's voice, without a sound (answered with `Action.voiceLookedFor`).
  case lookForVoice
  /// Give `seat` a new phone link (answered with `PhonesAction.renewed`).
  case renewPhoneLink(seat: Int)
  /// Read the decks folder (answered with `Action.decksListed`).
  case listDecks
  /// Save a deck in the decks folder (a problem is answered with `Action.reported`).
  case saveDeck(Deck)
  /// Measure the odds of a set in the background, stopping any other
  /// measuring (answered, as they come in, with `Action.oddsMeasured`).
  case measureOdds(OddsRequest)
  /// Stop measuring: no set on show to measure.
  case stopOdds
}

/// A line for the voice: what to say, in which language, how fast.
public struct Speech: Hashable, Sendable {
  /// The words, as shown on screen.
  public var text: String
  /// The language to speak them in (the screen's).
  public var language: Language
  /// Speaking speed in words per minute (espeak-ng's `-s`).
  public var wordsPerMinute: Int

  /// A line to say.
  public init(text: String, language: Language, wordsPerMinute: Int) {
    self.text = text
    self.language = language
    self.wordsPerMinute = wordsPerMinute
  }
}
