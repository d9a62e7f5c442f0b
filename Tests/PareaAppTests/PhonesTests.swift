import Foundation
import PareaCanvas
import PareaLocale
import PareaPhones
@testable import PareaRules
import Testing

@testable import PareaApp

// The phones in the app: what each report from the phones' side does to the
// whole state, the reveal with a phone's code, and what each seat's phone
// is sent (its own card, in the laptop's words, and nothing of another seat).

private typealias R = Palermo.Roles

@Suite("The phones in the app")
struct PhonesTests {
  static let secrets = (0..<5).map { seat in String(repeating: "ABCDEFGH"[String.Index(utf16Offset: seat, in: "ABCDEFGH")], count: 26) }
  static let phone = String(repeating: "a", count: 32)

  /// Killer dealt to five with phones on, at the first hand-off.
  static func dealt() -> App {
    var app = makeApp()
    var state = app.state
    state.preferences.phones = true
    app = App(state: state, configuration: configuration())
    app.send(.home(.play("killer")))
    app.addPlayers(["Anna", "Bob", "Chris", "Dora", "Eve"])
    app.send(.players(.proceed))
    app.send(.setup(.deal))
    app.waitOutPause()
    return app
  }

  @Test("the run loop's reports change the state as they say, and nothing else")
  func reports() throws {
    var store = TestStore(Self.dealt())
    #expect(store.state.wantsPhones)
    // Links: one a seat, saved with the game; a second set for the same game is ignored.
    store.send(.phones(.linksMade(Self.secrets)), effects: [.saveGame]) {
      $0.session?.phones = PhoneLinks(secrets: Self.secrets)
    }
    store.send(.phones(.linksMade(Self.secrets.reversed())))
    // Malformed links are refused.
    var bad = TestStore(Self.dealt())
    bad.send(.phones(.linksMade(["short"] + Self.secrets.dropFirst())))
    // Listening: the address for the codes, the port kept with the links (saved).
    store.send(.phones(.listening(base: "HTTP://10.0.0.2:4000", port: 4000)), effects: [.saveGame]) {
      $0.phones.base = "HTTP://10.0.0.2:4000"
      $0.session?.phones?.port = 4000
    }
    store.send(.phones(.listening(base: "HTTP://10.0.0.2:4000", port: 4000)))
    #expect(store.state.phoneLink(seat: 1) == "HTTP://10.0.0.2:4000/S/" + Self.secrets[1])
    // A phone joins: connected, and its device owns the seat (saved).
    store.send(.phones(.joined(seat: 1, device: Self.phone)), effects: [.saveGame]) {
      $0.phones.connected = [1]
      $0.session?.phones?.own(1, by: Self.phone)
    }
    // The same phone again: nothing new to save.
    store.send(.phones(.joined(seat: 1, device: Self.phone)))
    store.send(.phones(.joined(seat: 9, device: Self.phone)))
    // A look on the phone counts as one on the laptop.
    store.send(.phones(.message(seat: 1, text: "LOOK")), effects: [.saveGame]) {
      try? $0.session?.table?.recordLook(at: 1)
      $0.phones.lookCounted = [1: $0.clock]
      $0.phones.cardOpen = [1]
      $0.phones.lookSaved = $0.clock
    }
    // Closing the card on the phone: the next opening counts again.
    store.send(.phones(.message(seat: 1, text: "HIDE"))) { $0.phones.cardOpen = [] }
    // Messages from a seat whose phone is not connected, or that mean nothing, change nothing.
    store.send(.phones(.message(seat: 2, text: "LOOK")))
    store.send(.phones(.message(seat: 1, text: "WIN")))
    // Another device: a notice naming the seat, and the bell.
    store.send(.phones(.refused(seat: 1)), effects: [.bell]) {
      $0.notices.append(
        Notice(kind: .error, title: "phones.refused.title", message: "phones.refused.message", args: ["name": .text("Bob")]))
    }
    // A new link: the old phone is no longer connected, nobody owns the seat.
    let fresh = String(repeating: "Z", count: 26)
    store.send(.phones(.renewed(seat: 1, secret: fresh)), effects: [.saveGame]) {
      $0.phones.connected = []
      $0.session?.phones?.renew(1, secret: fresh)
    }
    #expect(store.state.session?.phones?.devices[1] == nil)
    store.send(.phones(.left(seat: 3)))
    store.send(.phones(.unavailable(.noNetwork))) {
      $0.phones.problem = .noNetwork
      $0.phones.base = nil
    }
    store.send(.phones(.stopped)) { $0.phones = PhonesState() }
  }

  @Test("the reveal shows the player's code, the card on Space, and asks for a new link on n")
  func reveal() throws {
    var app = Self.dealt()
    app.send(.phones(.linksMade(Self.secrets)))
    app.send(.phones(.listening(base: "HTTP://10.0.0.2:4000", port: 4000)))
    app.press(.enter)
    let code = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(code.contains("/S/" + Self.secrets[0]))
    #expect(code.contains("http://10.0.0.2:4000"))
    #expect(code.contains("▀") || code.contains("▄"))
    let role = Catalog.builtIn(.en).text("role.\(try #require(app.state.table).seats[0].role).name")
    #expect(!code.uppercased().contains(role.uppercased()), "no role beside the code")
    #expect(app.press(.character("n")) == [.renewPhoneLink(seat: 0)])
    #expect(app.press(.character(" ")) == [.redrawAll])
    let card = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(card.contains(role.uppercased()))
    #expect(!card.contains("/S/"))
    #expect(app.press(.character(" ")) == [.redrawAll])
    // With phones off the reveal is the card, as always.
    var off = makeApp()
    off.send(.home(.play("killer")))
    off.addPlayers(["Anna", "Bob", "Chris", "Dora", "Eve"])
    off.send(.players(.proceed))
    off.send(.setup(.deal))
    off.waitOutPause()
    off.press(.enter)
    #expect(off.render(width: 80, height: 24).lines.joined().contains(Catalog.builtIn(.en).text("reveal.youAre")))
    #expect(off.press(.character("n")).isEmpty)
  }

  @Test("each seat's phone is sent its own card, with the same fields for every role, in the laptop's language", arguments: [Language.en, .el])
  func views(_ language: Language) throws {
    let roles = [R.redThief, R.blackThief, R.doctor, R.citizens[0], R.citizens[1]]
    let app = tableApp(Palermo(), roles, language: language)
    let views = app.phoneViews()
    #expect(views.count == 5)
    let words = Catalog.builtIn(language)
    for (seat, role) in roles.enumerated() {
      // What the page draws: the lists the page sizes its blocks by (`fit`:
      // every dealt role's name and description, public) tie no role to a seat.
      let json = try Self.withoutFits(try #require(views[seat]))
      #expect(json.contains(JSON.string(words.text("role.\(role).name").uppercased())) || json.contains(JSON.string(Words(wording: words).upper(words.text("role.\(role).name")))))
      for other in roles where other != role {
        let name = words.text("role.\(other).name")
        // A thief's phone names the other thief (the role knows it); no phone shows another role's card.
        let known = R.thieves.contains(role) && R.thieves.contains(other)
        #expect(json.contains(name) == known, "seat \(seat) and \(other)")
        #expect(!json.contains(JSON.string(Words(wording: words).upper(name))), "seat \(seat) has \(other)'s card")
      }
    }
    // The fields, in order, are the same for every seat: only their text differs.
    let shapes = Set(views.values.map { Self.shape(of: $0) })
    #expect(shapes.count == 1, "\(shapes)")
  }

  @Test("a Spy phone has the locations in play, the same list for everyone")
  func spyViews() throws {
    let app = tableApp(Spy(), [Spy.spy, Spy.local, Spy.local, Spy.local], location: "train")
    let views = app.phoneViews()
    let lists = Set(views.values.map { json in String(json[json.firstRange(of: "\"list\"")!.lowerBound...]) })
    #expect(lists.count == 1)
    let words = Catalog.builtIn(.en)
    #expect(views[1]!.contains(words.text("location.train.name")))
  }

  @Test("the phones' protocol has one source: the page's script sends PhoneMessage's words, the server reads the same hello, and the laptop reads what the page sends")
  func protocolWords() throws {
    let page = makeApp(.en).phonePage()
    #expect(page.contains("var say = " + PhoneMessage.words + ";"))
    #expect(!page.contains("/*MESSAGES*/"))
    // The page's own text names no message word: each comes from the object put in.
    for word in PhoneMessage.Word.allCases {
      #expect(!PhonePage.html.contains("\"\(word.rawValue)"), "the page spells \(word.rawValue) itself")
    }
    #expect(PhoneMessage.Word.hello.rawValue == PhoneServer.helloWord)
    for message in [PhoneMessage.look, .pick(3), .pick(PhoneView.nobody), .confirm] {
      #expect(PhoneMessage(message.text) == message, "\(message.text)")
    }
    for text in ["", "PICK", "PICK x", "PICK 1 2", "LOOK 1", "CONFIRM now", "HELLO a b", "look", "VOTE 1"] {
      #expect(PhoneMessage(text) == nil, "\(text)")
    }
  }

  @Test("the page holds the words of the laptop's language, and nothing can break out of its script")
  func page() {
    let app = makeApp(.el)
    let page = app.phonePage()
    #expect(page.hasPrefix("<!doctype html>\n<html lang=\"el\">"))
    #expect(page.contains(JSON.string(Catalog.builtIn(.el).text("phone.show"))))
    #expect(!page.contains("/*WORDS*/"))
    #expect(JSON.string("</script><b>\"&\n") == #""\u003c/script\u003e\u003cb\u003e\"\u0026\n""#)
    #expect(JSON.string("\u{1}\u{2028}") == #""\u0001\u2028""#)
  }

  /// Seven players, Palermo narrated by Parea, phones on, every card seen,
  /// every phone connected, at dusk; the game dealt with `dealt`.
  static func narratedWithPhones(_ language: Language = .en, dealt: DealtRules = DealtRules()) -> App {
    var configuration = configuration(language, seed: 7, narration: .parea)
    configuration.preferences.phones = true
    configuration.houseRules.dealt = dealt
    var app = App(configuration: configuration)
    app.press(.enter)
    app.addPlayers(sevenNames)
    app.press(.enter, .enter, .character("s"), .character("d"))
    app.revealEveryoneByKeys()
    let secrets = (0..<7).map { seat in String(repeating: "ABCDEFGH"[String.Index(utf16Offset: seat, in: "ABCDEFGH")], count: 26) }
    app.send(.phones(.linksMade(secrets)))
    app.send(.phones(.listening(base: "HTTP://10.0.0.2:4000", port: 4000)))
    for seat in 0..<7 { app.send(.phones(.joined(seat: seat, device: String(repeating: "abcdef0"[String.Index(utf16Offset: seat, in: "abcdef0")], count: 32)))) }
    return app
  }

  /// `narratedWithPhones`, night 1 fallen and the thieves' step awake on the phones.
  static func atTheThievesStep(_ language: Language = .en) throws -> App {
    var app = narratedWithPhones(language)
    app.press(.enter)
    app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    #expect(app.state.session?.narration?.stage == .awake(step: 0))
    return app
  }

  @Test("a night on the phones: every living phone has a task of one shape, the laptop takes no key and shows no choice, the thieves' pick is the night's")
  func nightOnPhones() throws {
    var app = Self.narratedWithPhones()
    let table = try #require(app.state.table)
    #expect(app.state.session?.narration?.stage == .dusk)
    app.press(.enter)
    #expect(app.state.phones.nightOnPhones)
    let ends = try #require(app.state.session?.narration?.stageEnds)
    app.tick(now: ends)
    #expect(app.state.session?.narration?.stage == .awake(step: 0))
    let thieves = table.seats.indices.filter { R.thieves.contains(table.seats[$0].role) }
    let doctor = try #require(table.seats.firstIndex { $0.role == R.doctor })
    let victim = try #require(table.seats.indices.first { !thieves.contains($0) && $0 != doctor })
    // Every phone has a task, of one shape; the words differ only inside it.
    let views = app.phoneViews()
    #expect(views.values.allSatisfy { $0.contains("\"task\"") }, "\(views.values.filter { !$0.contains("\"task\"") })")
    #expect(Set(views.values.map { Self.shape(of: $0) }).count == 1)
    // The laptop takes no key at night, whoever reaches for it.
    let screen = app.render(width: 80, height: 24)
    let before = app.state
    for key in [Key.enter, .down, .up, .character("u"), .character("1")] { #expect(app.send(.key(key)).isEmpty) }
    #expect(app.state == before)
    // A thief picks and confirms: nothing on the laptop changes, and the
    // waiting step has no choice until everyone has confirmed.
    app.send(.phones(.message(seat: thieves[0], text: "PICK \(victim)")))
    #expect(app.send(.phones(.message(seat: thieves[0], text: "CONFIRM"))) == [])
    #expect(app.render(width: 80, height: 24) == screen)
    #expect(app.state.table?.choicesThisPhase.isEmpty == true)
    // A fellow thief's phone shows the pick.
    if thieves.count > 1 { #expect(app.phoneViews()[thieves[1]]!.contains(sevenNames[victim])) }
    // Everyone else picks and confirms; the last confirmation gives the choice, silently.
    var last: [Effect] = []
    for seat in 0..<7 where seat != thieves[0] {
      app.send(.phones(.message(seat: seat, text: "PICK 0")))
      last = app.send(.phones(.message(seat: seat, text: "CONFIRM")))
    }
    #expect(app.state.table?.choicesThisPhase.map(\.seat) == [victim])
    #expect(!last.contains(.redrawAll) && !last.contains(.bell) && !last.contains { if case .speak = $0 { true } else { false } })
    #expect(app.render(width: 80, height: 24) == screen, "\(screen.lines.joined(separator: "\n"))\n----\n\(app.render(width: 80, height: 24).lines.joined(separator: "\n"))")
    // A confirmed phone cannot change its pick.
    app.send(.phones(.message(seat: thieves[0], text: "PICK 3")))
    #expect(app.state.phones.picks.selected[thieves[0]] == victim)
    // The Doctor's step: the Doctor protects someone else, at once.
    app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    #expect(app.state.session?.narration?.stage == .awake(step: 1))
    let other = thieves[0]
    app.send(.phones(.message(seat: doctor, text: "PICK \(other)")))
    app.send(.phones(.message(seat: doctor, text: "CONFIRM")))
    #expect(app.state.table?.choicesThisPhase.map(\.seat) == [victim, other])
    // Morning: the victim is out, and the phones' night is over.
    while let stage = app.state.session?.narration?.stage, stage.isSecret {
      app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    }
    #expect(app.state.table?.seats[victim].isAlive == false)
    #expect(!app.state.phones.nightOnPhones)
    #expect(app.state.phones.picks == NightPicks())
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"task\"") })
  }

  @Test("the Doctor's phone marks whom the house rules do not let the Doctor protect tonight, and why; no other phone does, and the laptop's list is as it was", arguments: [Language.en, .el])
  func theDoctorsRulesOnTheDoctorsPhone(_ language: Language) throws {
    var app = Self.narratedWithPhones(language, dealt: DealtRules(doctorMayProtectSelf: false))
    let words = Words(wording: Catalog.builtIn(language))
    let table = try #require(app.state.table)
    let thieves = table.seats.indices.filter { R.thieves.contains(table.seats[$0].role) }
    let doctor = try #require(table.seats.firstIndex { $0.role == R.doctor })
    let citizens = table.seats.indices.filter { !thieves.contains($0) && $0 != doctor }
    let (victim, protected) = (citizens[0], citizens[1])
    // Night 1 on the phones: the thieves choose `victim`, the Doctor protects `protected`.
    app.press(.enter)
    var doctorsViews: [String] = []
    while let narration = app.state.session?.narration, narration.stage.isSecret {
      guard case .awake = narration.stage, let now = app.state.table, !narration.hasChosen(on: now) else {
        app.tick(now: try #require(narration.stageEnds))
        continue
      }
      doctorsViews.append(app.phoneViews()[doctor] ?? "")
      for seat in now.alive {
        let pick = thieves.contains(seat) ? victim : seat == doctor ? protected : victim
        app.send(.phones(.message(seat: seat, text: "PICK \(pick)")))
        app.send(.phones(.message(seat: seat, text: "CONFIRM")))
      }
      if app.state.session?.narration?.hasChosen(on: try #require(app.state.table)) != true {
        app.tick(now: try #require(app.state.session?.narration?.stageEnds))
      }
    }
    #expect(app.state.table?.seats[victim].isAlive == false)
    // The first night's Doctor step: only the Doctor is barred (a house rule of this game).
    let first = try #require(doctorsViews.last)
    #expect(first.components(separatedBy: "\"barred\":true").count == 2)
    #expect(first.contains(JSON.string(words("phone.note.protect") + "\n" + words("phone.note.barred", ["names": words("phone.note.barred.yourself")]))))
    // The day: nobody is voted out; night 2 falls on the phones.
    app.press(.enter, .enter)
    _ = try app.choose(seat: -1)
    for _ in 0..<4 where app.state.session?.narration?.stage != .dusk { app.press(.enter) }
    #expect(app.state.session?.narration?.stage == .dusk)
    app.press(.enter)
    #expect(app.state.phones.nightOnPhones)
    while let narration = app.state.session?.narration, narration.stage != .awake(step: 1) {
      if case .awake = narration.stage, let now = app.state.table, !narration.hasChosen(on: now) {
        for seat in now.alive {
          app.send(.phones(.message(seat: seat, text: "PICK \(thieves.contains(seat) ? citizens[2] : seat)")))
          app.send(.phones(.message(seat: seat, text: "CONFIRM")))
        }
        continue
      }
      app.tick(now: try #require(narration.stageEnds))
    }
    // The Doctor's step of night 2: last night's choice and the Doctor, each said why, on the Doctor's phone only.
    let views = app.phoneViews()
    let mine = try #require(views[doctor])
    #expect(mine.components(separatedBy: "\"barred\":true").count == 3)
    #expect(mine.contains(#"{"seat":\#(protected),"name":\#(JSON.string(sevenNames[protected])),"barred":true}"#))
    #expect(mine.contains(#"{"seat":\#(doctor),"name":\#(JSON.string(sevenNames[doctor])),"barred":true}"#))
    let you = words("phone.note.barred.yourself")
    let note =
      words("phone.note.protect") + "\n" + words("phone.note.barred", ["names": you + words("phone.note.barred.separator") + sevenNames[protected]])
    #expect(mine.contains(JSON.string(note)), "\(mine)")
    for (seat, view) in views where seat != doctor { #expect(!view.contains("\"barred\":true"), "seat \(seat)") }
    // Every living player's phone is of one shape, and sized for the Doctor's longest note.
    let living = views.filter { app.state.table?.seats[$0.key].isAlive == true }.values
    #expect(living.count == 6 && Set(living.map { Self.shape(of: $0) }).count == 1)
    let fitted = words("phone.note.protect") + "\n" + words("phone.note.barred", ["names": you + words("phone.note.barred.separator") + "{name}"])
    #expect(living.allSatisfy { $0.contains(JSON.string(fitted)) })
    // The laptop's list is everyone alive, as ever.
    #expect(app.state.session?.narration?.candidates(on: try #require(app.state.table)) == app.state.table?.alive)
  }

  @Test("a night on the phones is said as what it is: nobody closes their eyes, every step ends alike, and the laptop says the night is on the phones", arguments: [Language.en, .el])
  func phonesNightIsSaidAsItIs(_ language: Language) throws {
    var app = Self.narratedWithPhones(language)
    let words = Words(wording: Catalog.builtIn(language))
    var said: [String] = []
    func hear(_ effects: [Effect]) {
      for case .speak(let speech) in effects { said.append(speech.text) }
    }
    var asleep: Canvas?
    hear(app.press(.enter))
    #expect(app.state.phones.nightOnPhones)
    while let stage = app.state.session?.narration?.stage, stage.isSecret {
      if case .awake = stage {
        // Everyone confirms a pick: the waiting step goes on.
        for seat in 0..<7 {
          app.send(.phones(.message(seat: seat, text: "PICK 0")))
          hear(app.send(.phones(.message(seat: seat, text: "CONFIRM"))))
        }
      }
      if case .asleep = stage { asleep = app.render(width: 80, height: 24) }
      hear(app.tick(now: try #require(app.state.session?.narration?.stageEnds)))
    }
    let night = words("narrator.night.1")
    // The thieves choose, or on a night of meeting only, meet.
    let thieves = [words("game.palermo.step.thieves.wakePhones"), words("game.palermo.step.thieves.meetPhones")]
    #expect(said.count > 1 && thieves.contains(said[1]), "\(said)")
    let lines = [
      words("narrator.say.nightFalls.phones", ["night": night]),
      said.count > 1 && thieves.contains(said[1]) ? said[1] : thieves[0], words("narrator.say.stepOver.phones"),
      words("game.palermo.step.doctor.wakePhones"), words("narrator.say.stepOver.phones"),
    ]
    #expect(Array(said.prefix(lines.count)) == lines, "\(said)")
    let morning = try #require(said.last)
    #expect(morning.hasPrefix(words("narrator.say.morning.phones")), "\(morning)")
    // Not a word of eyes, closed or opened, in anything said.
    for eyes in [words("narrator.say.nightFalls", ["night": night]), words("narrator.say.morning"), words("game.palermo.step.thieves.sleep")] {
      #expect(!said.contains { $0.contains(eyes) })
    }
    expectGolden(try #require(asleep), "phones-night-between.\(language)")
    let between = try #require(asleep).lines.joined(separator: "\n")
    #expect(between.contains(words.upper(words("narrator.nightOnPhones"))), "\(between)")
    #expect(!between.contains(words.upper(words("narrator.eyesClosed"))))
  }

  @Test("a phone that goes away mid-night does not hold the night: the others' confirmations suffice")
  func phoneGoneMidNight() throws {
    var app = try Self.atTheThievesStep()
    let table = try #require(app.state.table)
    let thief = try #require(table.seats.indices.first { R.thieves.contains(table.seats[$0].role) })
    let victim = try #require(table.seats.indices.first { !R.thieves.contains(table.seats[$0].role) })
    let gone = try #require(table.seats.indices.last { $0 != thief && $0 != victim })
    app.send(.phones(.message(seat: thief, text: "PICK \(victim)")))
    app.send(.phones(.message(seat: thief, text: "CONFIRM")))
    for seat in table.seats.indices where seat != thief && seat != gone {
      app.send(.phones(.message(seat: seat, text: "PICK \(thief)")))
      app.send(.phones(.message(seat: seat, text: "CONFIRM")))
    }
    #expect(app.state.table?.choicesThisPhase.isEmpty == true, "one phone has not confirmed")
    app.send(.phones(.left(seat: gone)))
    #expect(app.state.table?.choicesThisPhase.map(\.seat) == [victim])
  }

  @Test("a phone still connected that never confirms does not hold the night: past the step's time the laptop names it, g goes on without it, and it joins the next step", arguments: [Language.en, .el])
  func phoneAsleepInAPocket(_ language: Language) throws {
    var app = try Self.atTheThievesStep(language)
    let words = Words(wording: Catalog.builtIn(language))
    let table = try #require(app.state.table)
    let thieves = table.seats.indices.filter { R.thieves.contains(table.seats[$0].role) }
    let victim = try #require(table.seats.indices.first { !thieves.contains($0) })
    let asleep = try #require(table.seats.indices.last { !thieves.contains($0) && $0 != victim })
    for seat in table.seats.indices where seat != asleep {
      app.send(.phones(.message(seat: seat, text: "PICK \(victim)")))
      app.send(.phones(.message(seat: seat, text: "CONFIRM")))
    }
    let offer = "g " + words("key.phones.goOn")
    // Within the step's time nothing is offered, and g does nothing.
    #expect(!(app.render(width: 80, height: 24).lines.last ?? "").contains(offer))
    let before = app.state
    app.press(.character("g"))
    #expect(app.state == before)
    // Its time over, the step waits for the one phone, names it, and offers g.
    app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    #expect(app.state.session?.narration?.waitsForChoice == true)
    #expect(app.state.table?.choicesThisPhase.isEmpty == true)
    let screen = app.render(width: 80, height: 24)
    expectGolden(screen, "phones-night-waiting.\(language)")
    #expect(screen.lines.last?.contains(offer) == true, "\(screen.lines.joined(separator: "\n"))")
    let waiting = words("narrator.phones.waitingFor", ["names": sevenNames[asleep]])
    // Centred lines, read as one sentence.
    let read = screen.lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(read.contains(waiting), "\(screen.lines.joined(separator: "\n"))")
    app.press(.character("g"))
    #expect(app.state.table?.choicesThisPhase.map(\.seat) == [victim])
    // The next step: the phone that slept has its task again, and counts.
    while app.state.session?.narration?.stage != .awake(step: 1) {
      app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    }
    #expect(app.phoneViews()[asleep]?.contains("\"task\"") == true)
    app.send(.phones(.message(seat: asleep, text: "PICK \(victim)")))
    app.send(.phones(.message(seat: asleep, text: "CONFIRM")))
    #expect(app.state.phones.picks.confirmed.contains(asleep))
  }

  @Test("when every thief's phone is the one that sleeps, going on without them passes the step with no victim")
  func everyThiefAsleep() throws {
    var app = try Self.atTheThievesStep()
    let table = try #require(app.state.table)
    let thieves = table.seats.indices.filter { R.thieves.contains(table.seats[$0].role) }
    for seat in table.seats.indices where !thieves.contains(seat) {
      app.send(.phones(.message(seat: seat, text: "PICK 0")))
      app.send(.phones(.message(seat: seat, text: "CONFIRM")))
    }
    app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    #expect(app.state.waitsForPhones == thieves)
    app.press(.character("g"))
    // Recorded as a choice of nobody: no victim tonight.
    #expect(app.state.table?.choicesThisPhase.map(\.seat) == [nil])
    #expect(app.state.session?.narration?.stage != .awake(step: 0))
    #expect(app.state.waitsForPhones.isEmpty)
  }

  @Test("every phone shows the end: who won and every role, only once the laptop has shown them, the same on every phone", arguments: [Language.en, .el])
  func theEndOnEveryPhone(_ language: Language) throws {
    var app = Self.narratedWithPhones(language)
    let words = Words(wording: Catalog.builtIn(language))
    let table = try #require(app.state.table)
    // Ended by hand from dusk; the summary's gate keeps the roles back.
    app.press(.character("e"), .character(language == .el ? "ν" : "y"))
    #expect(app.state.table?.isOver == true)
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"roles\"") && !$0.contains("\"result\"") })
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.table?.resultShown == true)
    let views = app.phoneViews()
    #expect(views.count == 7)
    let roles = table.seats.map { JSON.array([JSON.string($0.name), JSON.string(words.roleName($0.role))]) }
    for (seat, view) in views {
      #expect(view.contains("\"roles\":" + JSON.array(roles)), "\(seat): \(view)")
      #expect(view.contains("\"over\":true"))
    }
    // Only the card and the name differ between phones: the end is the same on all.
    func end(_ view: String) -> Substring? { view.firstRange(of: "\"result\"").map { view[$0.lowerBound...] } }
    #expect(Set(views.values.compactMap(end)).count == 1)
  }

  @Test("a flood of looks from one phone counts one a second at most, and the game is saved for them at most once a second")
  func lookFlood() throws {
    var app = Self.narratedWithPhones()
    let views = { (seat: Int) in app.state.table?.seats[seat].views ?? -1 }
    let before = views(2)
    let (before3, before4) = (views(3), views(4))
    var saves = 0
    func count(_ effects: [Effect]) { saves += effects.filter { $0 == .saveGame }.count }
    // 19 looks within one second: one counted, one save.
    let start = app.state.clock
    for step in 0..<19 {
      count(app.tick(now: start + Int64(step) * 50))
      count(app.send(.phones(.message(seat: 2, text: "LOOK"))))
    }
    #expect(views(2) == before + 1)
    #expect(saves == 1)
    // A second later, LOOK again without the card closed is the same opening.
    count(app.tick(now: start + 1_000))
    count(app.send(.phones(.message(seat: 2, text: "LOOK"))))
    #expect(views(2) == before + 1)
    // Closed and opened again, it counts; another seat's look at
    // once counts too, and its save waits for the next tick a second after the last.
    count(app.send(.phones(.message(seat: 2, text: "HIDE"))))
    count(app.send(.phones(.message(seat: 2, text: "LOOK"))))
    #expect(views(2) == before + 2)
    count(app.tick(now: start + 1_100))
    count(app.send(.phones(.message(seat: 3, text: "LOOK"))))
    #expect(saves == 2, "the second save is a second after the first")
    count(app.tick(now: start + 1_500))
    #expect(saves == 2)
    count(app.tick(now: start + 2_000))
    #expect(saves == 3, "the look that waited is saved")
    // Openings and closings as fast as a phone may send them: once a second.
    for step in 0..<40 {
      app.tick(now: start + 2_000 + Int64(step) * 50)
      app.send(.phones(.message(seat: 4, text: step.isMultiple(of: 2) ? "LOOK" : "HIDE")))
    }
    #expect(views(4) == before4 + 2, "two seconds of openings count two")
    // A page that comes back (a new socket) starts with its card closed.
    app.send(.phones(.left(seat: 3)))
    app.send(.phones(.joined(seat: 3, device: String(repeating: "d", count: 32))))
    app.tick(now: start + 5_000)
    app.send(.phones(.message(seat: 3, text: "LOOK")))
    #expect(views(3) == before3 + 2)
  }

  @Test("a game saved in an earlier run is served to phones only once it is resumed, not on the menu that offers it")
  func listensOnlyOnceResumed() throws {
    let app = Self.narratedWithPhones()
    #expect(app.state.wantsPhones)
    var state = app.state
    state.restore(try #require(app.state.session))
    #expect(state.screen.is(HomeScreen.self))
    #expect(!state.wantsPhones)
    var resumed = App(state: state, configuration: configuration(.en))
    resumed.press(.enter)
    #expect(!resumed.state.screen.is(HomeScreen.self))
    #expect(resumed.state.wantsPhones)
  }

  @Test("a night runs on the laptop when a living player's phone is not connected")
  func nightOnTheLaptop() throws {
    var app = Self.narratedWithPhones()
    app.send(.phones(.left(seat: 3)))
    app.press(.enter)
    #expect(!app.state.phones.nightOnPhones)
    app.tick(now: try #require(app.state.session?.narration?.stageEnds))
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"task\"") })
    // The phone coming back mid-night does not change tonight's way.
    app.send(.phones(.joined(seat: 3, device: String(repeating: "3", count: 32))))
    #expect(!app.state.phones.nightOnPhones)
  }

  @Test("dusk says whose phone is missing and that the night then runs on the laptop; with every phone there, that it runs on the phones", arguments: [Language.en, .el])
  func duskSaysWhoIsMissing(_ language: Language) throws {
    var app = Self.narratedWithPhones(language)
    let words = Catalog.builtIn(language)
    /// The words left of the actions' panel, and the panel's, each as one line.
    func flat(_ lines: [String]) -> String { lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    func screen() -> String {
      let lines = app.render(width: 80, height: 24).lines
      return flat(lines.map { String($0.prefix(55)) }) + " | " + flat(lines.map { String($0.dropFirst(55)) })
    }
    let ready = words.text("narrator.dusk.ready.phones")
    let panel = words.text("table.phones.count", ["connected": "7", "players": "7"])
    var all = screen()
    #expect(all.contains(flat([ready])), "\(all)")
    #expect(all.contains(panel))
    #expect(!all.contains(flat([words.text("narrator.dusk.ready")])))
    app.send(.phones(.left(seat: 3)))
    app.send(.phones(.left(seat: 5)))
    let names = try #require(app.state.table).seats.map(\.name)
    all = screen()
    let missing = words.text("narrator.phones.dusk.missing", ["names": "\(names[3]), \(names[5])"])
    #expect(all.contains(flat([missing])), "\(all)")
    #expect(all.contains(flat([words.text("narrator.dusk.ready")])))
    #expect(all.contains(words.text("table.phones.count", ["connected": "5", "players": "7"])))
    // The night then runs on the laptop, as dusk said.
    app.waitOutPause()
    app.press(.enter)
    #expect(app.state.session?.narration?.stage.isSecret == true && app.state.phones.nightDecided)
    #expect(!app.state.phones.nightOnPhones)
    // No phone knows who wins before the game is over.
    #expect(app.phoneViews().values.allSatisfy { !$0.contains("\"result\"") })
  }

  @Test("looking again with phones on shows the player's code first (a late phone joins, or a new link is made), the card on Space")
  func lookAgainShowsTheCode() throws {
    var app = Self.narratedWithPhones()
    app.send(.phones(.left(seat: 2)))
    app.waitOutPause()
    app.press(.character("l"))
    #expect(app.state.screen.narratorBeneath?.picking == true)
    app.press(.down, .down)
    app.waitOutPause()
    app.press(.enter)
    app.waitOutPause()
    app.press(.enter)
    guard let look = app.state.screen.as(LookAgainScreen.self) else {
      Issue.record("not looking again: \(app.state.screen)")
      throw Stop()
    }
    #expect(look.seat == 2 && look.stage == .showing)
    let code = app.render(width: 80, height: 24).lines.joined(separator: "\n")
    #expect(code.contains("/S/CCCCCCCCCCCCCCCCCCCCCCCCCC"), "\(code)")
    #expect(app.press(.character("n")) == [.renewPhoneLink(seat: 2)])
    app.send(.phones(.joined(seat: 2, device: String(repeating: "c", count: 32))))
    #expect(app.render(width: 80, height: 24).lines.joined(separator: "\n").contains(Catalog.builtIn(.en).text("reveal.phone.connected").prefix(20)))
    #expect(app.press(.character(" ")) == [.redrawAll])
    let role = Catalog.builtIn(.en).text("role.\(try #require(app.state.table).seats[2].role).name")
    #expect(app.render(width: 80, height: 24).lines.joined().contains(role.uppercased()))
    app.press(.enter)
    #expect(app.state.screen.narratorBeneath != nil)
  }

  struct Stop: Error {}

  /// A phone's view without the lists its page sizes its blocks by (`fit`).
  static func withoutFits(_ json: String) throws -> String {
    var view = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    for key in ["card", "task"] {
      guard var part = view[key] as? [String: Any] else { continue }
      part["fit"] = nil
      view[key] = part
    }
    let data = try JSONSerialization.data(withJSONObject: view, options: [.sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// A JSON text's shape: its keys, the length of its lists, the kind of each value; never the text.
  /// The card's `pairs` (a known player or the location, one line each) are
  /// as many as the role knows: the page spreads the closing sentence over
  /// the lines they leave, so the block has one line count (measured in the
  /// browser, `PhoneTests`); here only their kind counts.
  static func shape(of json: String) -> String {
    func shape(_ value: Any) -> String {
      switch value {
      case let object as [String: Any]:
        return "{" + object.keys.sorted().map { $0 + ":" + ($0 == "pairs" ? "[pairs]" : shape(object[$0]!)) }.joined(separator: ",") + "}"
      case let list as [Any]: return "[" + list.map(shape).joined(separator: ",") + "]"
      case is String: return "s"
      case is Bool: return "b"
      case is NSNumber: return "n"
      default: return "?"
      }
    }
    guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return "not JSON" }
    return shape(value)
  }
}
