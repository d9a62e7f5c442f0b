// The phones' protocol, in one place: the words a phone's page sends (a tap
// or a look, after its hello) and how the laptop reads them. The page's
// script gets the words from here (`PhoneView.page` puts `PhoneMessage.words`
// where the page says /*MESSAGES*/), so the two cannot drift apart; the hello
// is read by the phones' server (`PhoneServer.helloWord`), and a test holds
// the two equal.

/// A message from a seat's phone, after its hello.
enum PhoneMessage: Equatable {
  /// The player opened their card (counted as a look on the laptop).
  case look
  /// The player closed their card (the next opening counts again).
  case hide
  /// The player picked a seat in the night's task or the vote (`PhoneView.nobody`: nobody).
  case pick(Int)
  /// The player confirmed their pick.
  case confirm

  /// Each message's word on the wire.
  enum Word: String, CaseIterable {
    case hello = "HELLO"
    case look = "LOOK"
    case hide = "HIDE"
    case pick = "PICK"
    case confirm = "CONFIRM"
  }

  /// The message `text` carries, or nil for anything else (ignored).
  init?(_ text: String) {
    let parts = text.split(separator: " ")
    guard let first = parts.first, let word = Word(rawValue: String(first)) else { return nil }
    switch (word, parts.count) {
    case (.look, 1): self = .look
    case (.hide, 1): self = .hide
    case (.pick, 2):
      guard let seat = Int(parts[1]) else { return nil }
      self = .pick(seat)
    case (.confirm, 1): self = .confirm
    case (.hello, _), (.look, _), (.hide, _), (.pick, _), (.confirm, _): return nil
    }
  }

  /// The message as the page sends it.
  var text: String {
    switch self {
    case .look: Word.look.rawValue
    case .hide: Word.hide.rawValue
    case .pick(let seat): Word.pick.rawValue + " \(seat)"
    case .confirm: Word.confirm.rawValue
    }
  }

  /// The words as a JSON object for the page's script (`{"hello":"HELLO",…}`).
  static var words: String {
    JSON.object(Word.allCases.map { (String(describing: $0), JSON.string($0.rawValue)) })
  }
}
