import PareaRules

// The phones, as the app sees them: whether the server listens and where,
// which seats' phones are connected, and what the phones' side reports
// (`PhonesAction`, sent by the run loop, which owns the server). The links
// themselves are the game's (`GameSession.phones`), saved with it.

/// The phones' state while Parea runs (not saved).
public struct PhonesState: Hashable, Sendable {
  /// The address phones open, such as `HTTP://192.168.1.23:41234`, while the server listens.
  public var base: String?
  /// Why phones cannot be used now, when they cannot.
  public var problem: PhonesProblem?
  /// The seats whose phone is connected.
  public var connected: Set<Int> = []
  /// Whether tonight runs on the phones: decided as night falls (every
  /// living player's phone connected, Parea narrating), kept until the morning.
  public var nightOnPhones = false
  /// Whether tonight's way has been decided (the night has begun).
  var nightDecided = false
  /// Whether the last night to fall ran on the phones: kept through the
  /// morning after it, whose lines say so (`AppState.onPhones`).
  public var nightRanOnPhones = false
  /// Tonight's taps on the phones.
  public var picks = NightPicks()
  /// Whether the vote awaiting is cast on the phones: once every living
  /// player's phone is connected at a vote dealt to be cast on them, until
  /// the vote is over (a phone that goes away then does not take it back).
  public var voteOnPhones = false
  /// How many votes have gone to the phones since Parea started: part of
  /// the phones' task id, so that a vote taken back and cast again is a new
  /// task (every phone buzzes again).
  public var votesOpened = 0
  /// The day's votes on the phones (a vote on the phones, `PhoneVote`).
  public var ballot = Ballot()
  /// When each seat's last look on its phone was counted (by the clock).
  var lookCounted: [Int: Int64] = [:]
  /// The seats whose card is open on their phone: a look was counted and
  /// the page has not said HIDE since (nor left). Another LOOK counts only
  /// once the card was closed.
  var cardOpen: Set<Int> = []
  /// When a look was last saved, and whether one counted since waits to be.
  var lookSaved: Int64?
  var lookUnsaved = false

  /// A seat's looks on its phone count once per opening of the card (a
  /// HIDE between two), and at most one in this many milliseconds: a hand
  /// does not open and close a card faster; a phone sending more is not believed.
  public static let lookEvery: Int64 = 1_000
  /// Looks are saved with the game at most once in this many milliseconds
  /// (the last one waits for the next tick past it).
  public static let lookSaveEvery: Int64 = 1_000

  /// No server yet.
  public init() {}
}

/// Why the phones cannot be used.
public enum PhonesProblem: Hashable, Sendable {
  /// This machine is on no local network.
  case noNetwork
  /// The server could not listen (the OS's error number).
  case cannotListen(Int32)
  /// The QR code library is not installed (the address is still shown).
  case noQRCode
}

/// What the run loop tells the app about the phones.
public enum PhonesAction: Hashable, Sendable {
  /// Links were drawn for the game in play (one secret a seat, from the OS's random source).
  case linksMade([String])
  /// The server listens at `base`, on `port` (kept with the game's links).
  case listening(base: String, port: Int)
  /// The server cannot run.
  case unavailable(PhonesProblem)
  /// The server stopped (phones were turned off, or the game left).
  case stopped
  /// A seat's phone connected; `device` is its token.
  case joined(seat: Int, device: String)
  /// A seat's phone went away.
  case left(seat: Int)
  /// Another device opened a seat's link and was refused.
  case refused(seat: Int)
  /// A new link was made for a seat (the old one no longer works).
  case renewed(seat: Int, secret: String)
  /// A seat's phone sent a message.
  case message(seat: Int, text: String)
  /// The table, on the laptop, goes on without the phones that have not
  /// confirmed at a night step past its time (`AppState.waitsForPhones`).
  case goOnWithout
}

extension AppState {
  /// Whether the game in play should be served to phones now: phones are on
  /// and a table is dealt. The run loop starts and stops the server by it.
  public var wantsPhones: Bool { preferences.phones && table != nil && !atTheMenu }

  /// Whether the menu is on show, or a page opened from it: a game saved in
  /// an earlier run waits there to be resumed, and its phones are not
  /// served (nothing listens) until it is.
  private var atTheMenu: Bool {
    if screen.is(HomeScreen.self) { return true }
    if let page = screen.as(InfoScreen.self) { return page.returnTo.screen.is(HomeScreen.self) }
    if let page = screen.as(SettingsScreen.self) { return page.returnTo.screen.is(HomeScreen.self) }
    return false
  }

  /// The link of `seat`'s phone, while the server listens.
  public func phoneLink(seat: Int) -> String? {
    guard let base = phones.base, let secrets = session?.phones?.secrets, secrets.indices.contains(seat) else { return nil }
    return base + "/S/" + secrets[seat]
  }

  /// Applies what the phones' side reports.
  mutating func reducePhones(_ action: PhonesAction, environment: Environment) -> [Effect] {
    switch action {
    case .linksMade(let secrets):
      guard let table, session?.phones?.secrets.count != table.seats.count,
        let links = PhoneLinks(secrets: secrets), secrets.count == table.seats.count
      else { return [] }
      session?.phones = links
      return [.saveGame]
    case .listening(let base, let port):
      phones.base = base
      phones.problem = nil
      guard session?.phones != nil, session?.phones?.port != port, (1...65_535).contains(port) else { return [] }
      session?.phones?.port = port
      return [.saveGame]
    case .unavailable(let problem):
      phones.problem = problem
      if problem != .noQRCode { phones.base = nil }
      return []
    case .stopped:
      // A look not saved yet is saved now: nothing counted is lost.
      let unsaved = phones.lookUnsaved
      phones = PhonesState()
      return unsaved ? [.saveGame] : []
    case .joined(let seat, let device):
      guard let count = table?.seats.count, (0..<count).contains(seat) else { return [] }
      phones.connected.insert(seat)
      phones.cardOpen.remove(seat)
      let before = session?.phones
      session?.phones?.own(seat, by: device)
      return session?.phones != before ? [.saveGame] : []
    case .left(let seat):
      phones.connected.remove(seat)
      phones.cardOpen.remove(seat)
      // A phone gone at night no longer holds a step that waits for everyone.
      return handOnPhoneChoice(environment: environment)
    case .refused(let seat):
      guard let table, table.seats.indices.contains(seat) else { return [] }
      let notice = Notice(
        kind: .error, title: "phones.refused.title", message: "phones.refused.message",
        args: ["name": .text(table.seats[seat].name)])
      if !notices.contains(notice) { notices.append(notice) }
      return [.bell]
    case .renewed(let seat, let secret):
      phones.connected.remove(seat)
      session?.phones?.renew(seat, secret: secret)
      return [.saveGame]
    case .message(let seat, let text):
      return phoneMessage(text, from: seat, environment: environment)
    case .goOnWithout:
      guard !waitsForPhones.isEmpty, let table, let narration = session?.narration else { return [] }
      phones.picks.goOnWithout(table: table, narration: narration)
      return handOnPhoneChoice(environment: environment)
    }
  }

  /// At a night step on the phones whose time is over and that waits for
  /// its choice: the living players whose phones have not confirmed, in
  /// seating order (the laptop names them and offers to go on without
  /// them); empty otherwise.
  var waitsForPhones: [Int] {
    guard phones.nightOnPhones, let table, let narration = session?.narration, narration.waitsForChoice,
      case .awake = narration.stage, !narration.hasChosen(on: table)
    else { return [] }
    return phones.picks.waitingFor(table: table, narration: narration)
  }

  /// A tap on a seat's phone. `LOOK`: the player looked at their card
  /// (counted as on the laptop). `PICK n` and `CONFIRM`: the night's task
  /// (`NightPicks`), a step's choice, once due, made as the laptop's would
  /// be; or the day's vote (`Ballot`, `PICK -1` for nobody), whose count
  /// opens on the laptop once every living player has voted.
  private mutating func phoneMessage(_ text: String, from seat: Int, environment: Environment) -> [Effect] {
    guard phones.connected.contains(seat), let table, table.seats.indices.contains(seat) else { return [] }
    switch PhoneMessage(text) {
    case .look?:
      // One look per opening of the card (a LOOK again before a HIDE is the
      // same opening), and a flood of openings counts once a second at most.
      guard !phones.cardOpen.contains(seat) else { return [] }
      if let last = phones.lookCounted[seat], clock - last < PhonesState.lookEvery { return [] }
      guard var draft = SessionDraft(session), (try? draft.apply(.look(seat: seat))) != nil else { return [] }
      session = draft.session
      phones.lookCounted[seat] = clock
      phones.cardOpen.insert(seat)
      phones.lookUnsaved = true
      return saveLooks()
    case .hide?:
      phones.cardOpen.remove(seat)
      return []
    case .pick(let target)?:
      guard let narration = session?.narration else { return [] }
      if votesOnPhones {
        let choice = target == PhoneView.nobody ? BallotChoice.nobody : .seat(target)
        try? phones.ballot.select(choice, by: seat, table: table, narration: narration)
        return []
      }
      guard phones.nightOnPhones else { return [] }
      try? phones.picks.select(target, by: seat, table: table, narration: narration)
      return handOnPhoneChoice(environment: environment)
    case .confirm?:
      guard let narration = session?.narration else { return [] }
      if votesOnPhones {
        guard (try? phones.ballot.confirm(by: seat, table: table, narration: narration)) != nil else { return [] }
        return openPhonesCount(environment: environment)
      }
      guard phones.nightOnPhones else { return [] }
      try? phones.picks.confirm(by: seat, table: table, narration: narration)
      return handOnPhoneChoice(environment: environment)
    case nil:
      return []
    }
  }

  /// Saves the looks counted on the phones, at most once a second
  /// (`PhonesState.lookSaveEvery`); a look counted sooner waits for a tick.
  mutating func saveLooks() -> [Effect] {
    guard phones.lookUnsaved else { return [] }
    if let saved = phones.lookSaved, clock - saved < PhonesState.lookSaveEvery { return [] }
    phones.lookSaved = clock
    phones.lookUnsaved = false
    return [.saveGame]
  }

  /// Gives the narration the step's choice from the phones once it is due (`NightPicks.due`).
  mutating func handOnPhoneChoice(environment: Environment) -> [Effect] {
    guard phones.nightOnPhones, let table, let narration = session?.narration, screen.narratorBeneath != nil
    else { return [] }
    let choice: Int?
    if let due = phones.picks.due(table: table, narration: narration, present: phones.connected) {
      choice = due
    } else if phones.picks.passes(table: table, narration: narration, present: phones.connected) {
      choice = nil
    } else {
      return []
    }
    return reduceNarrator(.phoneChoice(choice), environment: environment)
  }

  /// Whether the day's vote is cast on the phones now (`PhonesState.voteOnPhones`,
  /// followed after every action). A phone that goes away votes when it
  /// comes back; the table may record the vote on the laptop at any time.
  var votesOnPhones: Bool { phones.voteOnPhones && atAVoteForPhones }

  /// Whether the narration stands at a vote the game was dealt to cast on
  /// the phones (whether or not every phone is there).
  private var atAVoteForPhones: Bool {
    guard castsVotesOnPhones, let table, let narration = session?.narration else { return false }
    return Ballot.isOpen(table: table, narration: narration)
  }

  /// Whether a vote beginning now would be cast on the phones: the game is
  /// dealt with a vote on them, and every living player's phone is
  /// connected. The narrator says so as the vote begins.
  var voteWouldRunOnPhones: Bool {
    guard castsVotesOnPhones, let table else { return false }
    return table.alive.allSatisfy(phones.connected.contains)
  }

  /// Whether the game's votes go to the phones: phones on, its links made,
  /// and dealt with a vote on them.
  private var castsVotesOnPhones: Bool {
    preferences.phones && session?.phones != nil && (table?.options.dealt.phoneVote ?? .off) != .off
  }

  /// The phones' votes as a count of hands (in the order of the vote's
  /// candidates), once every living player has voted on their phone.
  var phonesCount: [Int]? {
    guard votesOnPhones, let table, let narration = session?.narration,
      phones.ballot.isComplete(table: table, narration: narration)
    else { return nil }
    return phones.ballot.hands(table: table, narration: narration)
  }

  /// Once every living player has voted on their phone, the narrator's
  /// count opens with the phones' votes in it, for the table to record
  /// (Enter, then yes) as it records a count of hands
  /// (`NarratorAction.phonesCounted`: the narrator decides whether it can open now).
  private mutating func openPhonesCount(environment: Environment) -> [Effect] {
    guard let hands = phonesCount else { return [] }
    return reduceNarrator(.phonesCounted(hands), environment: environment)
  }

  /// After every action: tonight's way is decided as night falls (on the
  /// phones when Parea narrates and every living player's phone is
  /// connected), and forgotten in the morning with tonight's taps; the
  /// day's votes are kept while their vote awaits.
  mutating func followPhones() {
    // The vote goes to the phones once every living phone is there, until it is over.
    if !atAVoteForPhones {
      if phones.voteOnPhones { phones.voteOnPhones = false }
    } else if !phones.voteOnPhones && voteWouldRunOnPhones {
      phones.voteOnPhones = true
      phones.votesOpened += 1
    }
    // The day's votes belong to the vote awaiting: recorded, taken back or
    // followed by a revote, they are gone.
    if phones.ballot != Ballot() {
      var following = Ballot()
      if preferences.phones, let table, let narration = session?.narration {
        following = phones.ballot.following(table: table, narration: narration)
      }
      if following != phones.ballot { phones.ballot = following }
    }
    guard preferences.phones, let narration = session?.narration, narration.stage.isSecret, let table else {
      // Only what changes is written: with phones off the state stays as it was.
      if phones.nightOnPhones { phones.nightOnPhones = false }
      if phones.nightDecided { phones.nightDecided = false }
      if phones.picks != NightPicks() { phones.picks = NightPicks() }
      return
    }
    guard !phones.nightDecided else { return }
    phones.nightDecided = true
    phones.nightOnPhones = nightWouldRunOnPhones(table: table)
    phones.nightRanOnPhones = phones.nightOnPhones
  }

  /// What the narrator's lines say runs on the phones now: the night (as it
  /// falls, the way it will run; through it; the morning after it) and the vote.
  var onPhones: OnPhones {
    var night = phones.nightRanOnPhones
    if phones.nightDecided {
      night = phones.nightOnPhones
    } else if session?.narration?.stage == .dusk, let table {
      // The night about to fall: "night falls" is said as the way is decided.
      night = nightWouldRunOnPhones(table: table)
    }
    return OnPhones(night: night, vote: voteWouldRunOnPhones)
  }

  /// Whether a night falling now would run on the phones: phones on, Parea
  /// narrating, the game's links made, and every living player's phone
  /// connected. Dusk says it before the night falls (`PhoneStatus`).
  func nightWouldRunOnPhones(table: Table) -> Bool {
    preferences.phones && session?.narration?.mode == .parea && session?.phones != nil
      && table.alive.allSatisfy(phones.connected.contains)
  }
}
