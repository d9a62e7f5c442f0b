import Foundation
import PareaLanguage
import PareaLocale
import PareaRules
import PareaStore
import PareaStrings
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// Why one file of this length: the real phones' tests share the browsers'
// driver, the QR reading and the measures of a block's lines.

let phonesMissing: Comment =
  "chromium, chromium-driver, zbar-tools or selenium is missing: phone tests skipped (scripts/setup --test installs them; in CI they fail instead)"
let phonesAvailable: Bool = {
  let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
  return !ci.isEmpty || (tmuxAvailable && Phones.available)
}()

extension EndToEnd {
  /// The cards on the players' phones, with the real binary in tmux and real
  /// browsers: the link is read from the QR code on the laptop's screen, as a
  /// phone's camera reads it, never from a log.
  @Suite(.enabled(if: phonesAvailable, phonesMissing), .serialized)
  struct PhoneTests {
    /// A data folder whose settings turn the phones on.
    /// A data folder whose settings turn phones on (and deal the day's vote
    /// on them, `vote`: "secret" or "open").
    static func dataWithPhonesOn(vote: String? = nil) throws -> String {
      let data = try TmuxSession.makeDataDirectory()
      try FileManager.default.createDirectory(atPath: data + "/config/parea", withIntermediateDirectories: true)
      let rules = vote.map { #","houseRules":{"narrator":{"phoneVote":"\#($0)"}}"# } ?? ""
      try #"{"version":1,"phones":true\#(rules)}"#.write(toFile: data + "/config/parea/settings.json", atomically: true, encoding: .utf8)
      return data
    }

    /// Parea with phones on, serving on loopback (with `seed`, its deal and
    /// its night steps' lengths are that seed's).
    static func session(_ language: Language, data: String, fakeVoice: Bool = false, seed: Int? = nil) throws -> TmuxSession {
      try TmuxSession(
        arguments: ["--lang", language.rawValue] + (seed.map { ["--seed", String($0)] } ?? []),
        environment: ["PAREA_PHONES_ADDRESS": "127.0.0.1"], dataDirectory: data, fakeVoice: fakeVoice)
    }

    /// A script that puts every role's name and description on the card in
    /// turn and returns those that overflow their box (none, or their names).
    static func fitScript(_ words: Catalog) -> String {
      var items: [[String]] = []
      for game in GameRegistry.standard.games {
        for role in game.roles {
          let description = words.text("role.\(role.id).description")
          var arguments: [String: String] = [:]
          for name in Placeholders.names(in: description) { arguments[name] = "10" }
          items.append([words.upper(words.text("role.\(role.id).name")), words.text("role.\(role.id).description", arguments)])
        }
      }
      let json = String(decoding: try! JSONSerialization.data(withJSONObject: items), as: UTF8.self)
      return """
        const items = \(json);
        const role = document.getElementById('role'), text = document.getElementById('description');
        const saved = [role.textContent, text.textContent, role.style.fontSize, text.style.width];
        role.style.fontSize = ''; text.style.width = '';
        const over = items.filter(([name, description]) => {
          role.textContent = name; text.textContent = description;
          return role.scrollHeight > role.clientHeight + 1 || text.scrollHeight > text.clientHeight + 1;
        }).map(([name]) => name);
        [role.textContent, text.textContent, role.style.fontSize, text.style.width] = saved;
        return over.join(', ');
        """
    }

    /// The widths a phone's page is measured at (CSS px): a small phone, a common one, a large one.
    static let widths = [320, 390, 430]

    /// The lines of ink a block's text takes, as a neighbour would count them.
    static let ink = """
      const ink = e => { const r = document.createRange(); r.selectNodeContents(e); const tops = [];
        for (const x of r.getClientRects()) { if (x.width < 1) continue; const m = x.top + x.height / 2;
          if (!tops.some(t => Math.abs(t - m) < 4)) tops.push(m); }
        return tops.length; };
      const $ = id => document.getElementById(id);
      const over = e => { const r = document.createRange(); r.selectNodeContents(e);
        return e.scrollHeight > e.clientHeight + 1 || r.getBoundingClientRect().width > e.clientWidth + 1; };
      """

    /// The card's blocks whose words depend on the role: the lines of each
    /// (the name's and the side's type size too) and those that overflow.
    static let cardLines = ink + """
      // The players' names, from the views the page was sent.
      const names = window.pareaLog.map(m => { try { return JSON.parse(m.data).names || []; } catch (e) { return []; } }).flat();
      return JSON.stringify({ width: window.innerWidth, role: ink($('role')), roleSize: getComputedStyle($('role')).fontSize,
        side: ink($('side')), sideSize: getComputedStyle($('side')).fontSize, description: ink($('description')),
        know: ink($('know')) + ink($('closing')), knowSize: getComputedStyle($('know')).fontSize,
        overflow: ['role', 'side', 'description'].filter(id => over($(id)))
          .concat([...document.querySelectorAll('#know .label')].filter(l => l.scrollWidth > l.clientWidth + 1)
            .map(l => l.textContent).filter(name => names.includes(name)).map(name => 'cut: ' + name)) });
      """

    /// The task's blocks: the prompt's and the note's lines, and whether they overflow.
    static let taskLines = ink + """
      return JSON.stringify({ width: window.innerWidth, prompt: ink($('prompt')), note: ink($('note')), columns: $('choices').className,
        overflow: ['prompt', 'note'].filter(id => over($(id)))
          .concat([...document.querySelectorAll('.choice')].filter(b => b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1)
          .map(b => 'cut: ' + b.textContent)) });
      """

    /// `script`'s measure of a phone's page at each of `widths`, once the
    /// page has laid itself out again at that width (the phone is left at 390).
    static func measure(_ phones: Phones, _ phone: String, _ script: String) throws -> [String] {
      var measures: [String] = []
      for width in widths {
        var measure = ""
        for _ in 0..<3 where !measure.contains("\"width\":\(width),") {
          measure = try phones.measure(phone, width: width, script) as? String ?? ""
        }
        guard measure.contains("\"width\":\(width),") else {
          throw HarnessError("\(phone): the page did not take \(width) px: \(measure)")
        }
        measures.append(measure)
      }
      try phones.width(phone, 390)
      return measures
    }

    /// How many times the game file is written (an atomic save: a new file in its place)
    /// within `seconds`, polled every 10 ms.
    static func savesWhile(_ path: String, seconds: Double) -> Int {
      func inode() -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
      }
      var last = inode()
      var saves = 0
      let end = Date().addingTimeInterval(seconds)
      while Date() < end {
        usleep(10_000)
        let now = inode()
        if now != last {
          saves += 1
          last = now
        }
      }
      return saves
    }

    /// Checks that every phone's page measures the same, and that nothing overflows.
    static func expectOneShape(_ measures: [String: [String]], _ what: String) {
      let first = measures.values.first ?? []
      for (phone, measure) in measures.sorted(by: { $0.key < $1.key }) {
        #expect(measure == first, "\(what): \(phone) measures \(measure), another \(first)")
        #expect(!measure.contains { !$0.contains("\"overflow\":[]") }, "\(what): \(phone) overflows: \(measure)")
      }
    }

    /// Every message a phone was sent, with how many the page had sent by then.
    static func log(_ phones: Phones, _ phone: String) throws -> [(sent: Int, view: [String: Any])] {
      let text = try phones.script(phone, "return JSON.stringify(window.pareaLog || [])") as? String ?? "[]"
      let entries = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
      return entries.compactMap { entry in
        guard let sent = entry["sent"] as? Int, let data = entry["data"] as? String,
          let view = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any], view["welcome"] == nil
        else { return nil }
        return (sent, view)
      }
    }

    /// Checks the phones' logs: a message no tap of the phone's own caused
    /// never changes what its task says (the pick, the note, whether it is
    /// confirmed), and every phone went through the same tasks in the same order.
    static func expectToldAlike(_ phones: Phones, _ joined: [String]) throws {
      var sequences: [String: [String]] = [:]
      for phone in joined {
        var tasks: [String] = []
        var previous: (sent: Int, view: [String: Any])?
        for message in try log(phones, phone) {
          let task = message.view["task"] as? [String: Any]
          let id = task?["id"] as? String ?? "-"
          if tasks.last != id { tasks.append(id) }
          if let previous, previous.sent == message.sent, let before = previous.view["task"] as? [String: Any],
            let task, before["id"] as? String == id
          {
            for field in ["pick", "note", "confirmed"] {
              #expect(
                "\(before[field] ?? "nil")" == "\(task[field] ?? "nil")",
                "\(phone): its task's \(field) changed with no tap of its own: \(before[field] ?? "nil") → \(task[field] ?? "nil")")
            }
          }
          previous = message
        }
        sequences[phone] = tasks
      }
      #expect(Set(sequences.values).count == 1, "every phone went through the same tasks: \(sequences)")
    }

    /// The text beside the code, its lines joined: what the player reads there.
    static func column(_ screen: String) -> String {
      screen.split(separator: "\n").map { line -> String in
        let characters = Array(line)
        guard characters.count > 42 else { return "" }
        return String(characters[42..<min(characters.count, 72)]).trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What a neighbour could make out of a phone's page: every element's
    /// tag, id, class and box, but the lines inside the card's lists, the
    /// player's name and the game's name beside it (which gives way to a long
    /// name: public, and differing from seat to seat), the
    /// page's hidden ruler, and the measure a fitted text is set in (its
    /// lines are what `cardLines` and `taskLines` compare).
    static let outline = """
      const box = e => { const r = e.getBoundingClientRect(); const fitted = ['prompt', 'note', 'description', 'closing'].includes(e.id);
        return [fitted ? '' : Math.round(r.x), Math.round(r.y), fitted ? '' : Math.round(r.width), Math.round(r.height)].join(' '); };
      return Array.from(document.querySelectorAll('body *'))
        .filter(e => !e.closest('#know') && !e.closest('#list') && e.id !== 'name' && e.id !== 'game' && !e.closest('[aria-hidden]'))
        .map(e => [e.tagName, e.id, e.className.replace(' fitted', '').replace('fitted', ''), e.hidden, box(e)].join(' '))
        .join('\\n');
      """

    @Test("each player scans their code, sees their card on their phone, and nobody else's; a second phone is refused", arguments: [Language.en, .el])
    func cardsOnPhones(_ language: Language) throws {
      let data = try Self.dataWithPhonesOn()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let session = try Self.session(language, data: data)
      defer { session.kill() }
      let play = Driver(session, language: language)
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve"]
      try play.chooseGame(1)
      try play.addPlayers(names)
      try session.sendKeys("Enter")
      try play.suggestAndDeal(players: 5, first: "Anna")
      let saved = try SavedGameFile.read(from: data)
      let phones = try Phones()
      var outlines: [String] = []
      var links: [String] = []
      for seat in 0..<2 {
        let name = names[seat]
        try play.waitForHandOff(name)
        try session.sendKeys("Enter")
        let code = try session.waitUntilSettled("\(name)'s code") {
          Self.column($0).contains(play.text("reveal.phone.waiting"))
        }
        #expect(!code.contains(play.upper(play.roleName(saved.seats[seat].role))), "no role beside the code")
        let link = try QRScan.link(from: code, in: session.directory)
        #expect(link.hasPrefix("HTTP://127.0.0.1:"), "\(link)")
        #expect(code.contains("/S/" + link.split(separator: "/").last!), "the address written out is the code's")
        links.append(link)
        let phone = "seat\(seat)-\(language)"
        try phones.open(phone, link)
        try session.waitUntil("\(name)'s phone is connected") { Self.column($0).contains(play.text("reveal.phone.connected")) }
        try phones.waitText(phone, "toggle", "the card can be shown") { $0 == play.text("phone.show") }
        #expect(try phones.text(phone, "cover").contains(play.text("phone.hidden")))
        try phones.screenshot(phone, "hidden.\(language)")
        try phones.click(phone, "toggle")
        let role = try phones.waitText(phone, "role", "the role shows") { !$0.isEmpty }
        #expect(role == play.upper(play.roleName(saved.seats[seat].role)))
        #expect(try phones.text(phone, "name") == name)
        try phones.screenshot(phone, "card\(seat).\(language)")
        outlines.append(try phones.script(phone, Self.outline) as? String ?? "")
        if seat == 0 {
          // Every role of every game, in this language, fits the card's boxes at a phone's size.
          let overflowing = try phones.script(phone, Self.fitScript(play.words)) as? String ?? "?"
          #expect(overflowing.isEmpty, "\(language): these overflow the phone's card: \(overflowing)")
        }
        // The look on the phone is counted as one on the laptop.
        try session.waitUntil("\(name)'s phone look is counted") { _ in
          (try? SavedGameFile.read(from: data).seats[seat].views) == 2
        }
        // Nothing of another seat's role on this phone (the suggested five hold no pair that know each other).
        let page = try phones.script(phone, "return document.body.innerText") as? String ?? ""
        for other in saved.seats.indices where other != seat && saved.seats[other].role != saved.seats[seat].role {
          #expect(!page.contains(play.upper(play.roleName(saved.seats[other].role))), "\(name)'s phone names another role")
        }
        try phones.click(phone, "toggle")
        try session.sendKeys("Enter")
      }
      // Every phone's page has one outline, whatever the role.
      #expect(outlines.count == 2 && outlines[0] == outlines[1], "\(outlines)")
      // A photographed code: a second device opens Anna's link and is refused; the laptop says so.
      try phones.open("intruder-\(language)", links[0])
      try phones.waitText("intruder-\(language)", "status", "the second phone is refused") { $0 == play.text("phone.refused") }
      try session.waitFor(play.text("phones.refused.title"))
      #expect(try phones.text("intruder-\(language)", "role").isEmpty)
      // Anna's own phone reloads (it slept): the same card comes back.
      let anna = "seat0-\(language)"
      try phones.reload(anna)
      try phones.waitText(anna, "toggle", "Anna's phone is back") { $0 == play.text("phone.show") }
      try phones.click(anna, "toggle")
      try phones.waitText(anna, "role", "Anna's card is back") { $0 == play.upper(play.roleName(saved.seats[0].role)) }
      // A page that floods LOOK through the real server and run loop: while the card is
      // open, none counts; opening and closing as fast as a phone may send counts once a
      // second; and the game is saved for them at most once a second.
      try session.waitUntil("Anna's look after the reload is counted") { _ in
        (try? SavedGameFile.read(from: data).seats[0].views) == 3
      }
      let flood = { (words: String) in
        "var s = window.pareaSocket, n = 0; var t = setInterval(function () { if (n >= 50) { clearInterval(t); return; } "
          + "s.send(\(words)); n++; }, 60); return true;"
      }
      _ = try phones.script(anna, flood("'LOOK'"))
      let openFlood = Self.savesWhile(data, seconds: 3.5)
      #expect(try SavedGameFile.read(from: data).seats[0].views == 3, "LOOK again with the card open is the same opening")
      #expect(openFlood == 0, "saved \(openFlood) times for looks that did not count")
      _ = try phones.script(anna, flood("n % 2 ? 'LOOK' : 'HIDE'"))
      let pairFlood = Self.savesWhile(data, seconds: 4.5)
      let views = try SavedGameFile.read(from: data).seats[0].views
      #expect((4...7).contains(views), "three seconds of openings count one a second at most: \(views)")
      #expect(pairFlood <= 6, "saved \(pairFlood) times in 4.5 s")
      // Closing Parea ends every phone's session.
      try session.sendKeys("C-c")
      _ = try session.waitForExit()
      try phones.waitText(anna, "status", "Anna's phone sees the laptop go") { $0 == play.text("phone.lost") }
      // Parea again, the game resumed: the phones find the laptop where they left it, by themselves.
      let again = try Self.session(language, data: data)
      defer { again.kill() }
      let resumed = Driver(again, language: language)
      try resumed.expectResumeOffered(game: "palermo", players: 5)
      try again.sendKeys("Enter")
      try resumed.waitForHandOff("Chris")
      try phones.waitText(anna, "status", "Anna's phone comes back", timeout: 20) { $0.isEmpty }
      #expect(try phones.script(anna, "return document.getElementById('role').textContent") as? String == play.upper(play.roleName(saved.seats[0].role)))
      try again.waitFor(resumed.text("handOff.ready", ["name": "Chris"]))
    }

    /// Every player scans their code at their reveal and hides it; returns the phones' names by seat.
    static func joinEveryone(
      _ names: [String], play: Driver, session: TmuxSession, phones: Phones, tag: String
    ) throws -> [String] {
      var joined: [String] = []
      for (seat, name) in names.enumerated() {
        try play.waitForHandOff(name)
        try session.sendKeys("Enter")
        let code = try session.waitUntilSettled("\(name)'s code") { Self.column($0).contains(play.text("reveal.phone.waiting")) }
        let phone = "\(tag)\(seat)"
        try phones.open(phone, try QRScan.link(from: code, in: session.directory))
        try session.waitUntil("\(name)'s phone is connected") { Self.column($0).contains(play.text("reveal.phone.connected")) }
        try session.sendKeys("Enter")
        joined.append(phone)
      }
      return joined
    }

    /// The task's prompt on a phone, once one shows.
    static func waitTask(_ phones: Phones, _ phone: String, id previous: String?, timeout: Double = 100) throws -> (id: String, prompt: String) {
      let end = Date().addingTimeInterval(timeout)
      while Date() < end {
        let state = try phones.script(phone, "const t = document.getElementById('task'); return t.hidden ? '' : (window.lastTaskForTests || '') + '|' + document.getElementById('prompt').textContent;") as? String ?? ""
        if !state.isEmpty {
          let id = try phones.script(phone, "return document.getElementById('choices').dataset.task || ''") as? String ?? ""
          if id != previous { return (id, String(state.split(separator: "|", maxSplits: 1).last ?? "")) }
        }
        usleep(200_000)
      }
      throw HarnessError("\(phone): no new task within \(timeout) s")
    }

    /// A night's first two steps on the phones: every phone is given the
    /// thieves' task, the thief picks `victim` and everyone else the thief;
    /// then the Doctor is asked to protect and protects `protects`. Returns
    /// each phone's task id of the thieves' step.
    static func thievesThenDoctor(
      _ phones: Phones, _ joined: [String], _ names: [String], thief: Int, victim: Int, doctor: Int, protects: Int,
      play: Driver
    ) throws -> [String] {
      var ids: [String] = []
      for phone in joined { ids.append(try Self.waitTask(phones, phone, id: nil).id) }
      try Self.pickAndConfirm(phones, joined[thief], names[victim])
      for seat in joined.indices where seat != thief { try Self.pickAndConfirm(phones, joined[seat], names[thief]) }
      let task = try Self.waitTask(phones, joined[doctor], id: ids[doctor])
      #expect(task.prompt == play.text("phone.task.protect"))
      try Self.pickAndConfirm(phones, joined[doctor], names[protects])
      return ids
    }

    /// Taps the candidate named `name`, then Confirm.
    static func pickAndConfirm(_ phones: Phones, _ phone: String, _ name: String) throws {
      let tapped = try phones.script(phone, """
        const button = Array.from(document.querySelectorAll('.choice')).find(b => b.textContent === \(String(decoding: try JSONSerialization.data(withJSONObject: [name]), as: UTF8.self))[0]);
        if (!button) return false; button.click(); return true;
        """) as? Bool ?? false
      try #require(tapped, "\(phone) has no \(name) to pick")
      _ = try phones.waitText(phone, "choices", "the pick shows") { _ in
        (try? phones.script(phone, "return document.querySelector('.choice.picked')?.textContent || ''") as? String) == name
      }
      try phones.click(phone, "toggle")
    }

    /// The page's outline during a task: every element's box and kind, but
    /// the player's name, the pick's highlight, the words (the card's lists),
    /// the page's hidden ruler, and the measure of the blocks the page fits
    /// (their lines are what `taskLines` compares).
    static let taskOutline = """
      const box = e => { const r = e.getBoundingClientRect(); const fitted = ['prompt', 'note', 'description', 'closing'].includes(e.id);
        return [fitted ? '' : Math.round(r.x), Math.round(r.y), fitted ? '' : Math.round(r.width), Math.round(r.height)].join(' '); };
      return Array.from(document.querySelectorAll('body *'))
        .filter(e => e.id !== 'name' && e.id !== 'game' && !e.closest('#know') && !e.closest('#list') && !e.closest('[aria-hidden]'))
        .map(e => [e.tagName, e.id, e.className.replace(' picked', '').replace(' fitted', '').replace('fitted', ''), e.hidden, box(e)].join(' '))
        .join('\\n');
      """

    /// A narrated night played on six phones, with two long names alike: every
    /// phone has a task of one shape, the thieves' pick is the victim, a phone
    /// that stops answering is gone on without (`g`) and joins the next step,
    /// the laptop only narrates; then the game ended by hand shows its end on
    /// every phone, kept with no retrying (run by `LongGameTests`, in each language).
    static func nightOnPhones(_ language: Language) throws {
      let data = try Self.dataWithPhonesOn()
      defer { try? FileManager.default.removeItem(atPath: data) }
      // Seed 17 draws the first night's two steps at 30 s (another seed only waits longer).
      let session = try Self.session(language, data: data, fakeVoice: true, seed: 17)
      defer { session.kill() }
      var play = Driver(session, language: language)
      play.language = language
      // Two thieves, so that they choose together; two long names alike at the start and a name of 20
      // columns (the most allowed), which every button and list of the page must show whole.
      let names = ["Anna", "Maria Papadopoulou", "Konstantina Papadaki", "Dora", "Eve", "Maria Papadimitriou"]
      let saved = try play.dealNarrated(
        names,
        roles: ["palermo.redThief", "palermo.blackThief", "palermo.doctor", "palermo.citizenGeorge", "palermo.citizenMichael", "palermo.citizenJohn"],
        mode: .parea)
      let phones = try Phones()
      let joined = try Self.joinEveryone(names, play: play, session: session, phones: phones, tag: "night-\(language)-")
      // Every card, at three phone widths: the same lines in every block whatever the role.
      var cards: [String: [String]] = [:]
      for phone in joined {
        try phones.click(phone, "toggle")
        _ = try phones.waitText(phone, "role", "the card shows") { !$0.isEmpty }
        cards[phone] = try Self.measure(phones, phone, Self.cardLines)
        try phones.click(phone, "toggle")
      }
      Self.expectOneShape(cards, "\(language) cards")
      try session.waitFor(play.text("key.nightFalls"))
      try session.sendKeys("Enter")
      // The thieves' step: every phone has a task, the thieves' their own.
      let thieves = saved.seats.indices.filter { saved.seats[$0].role.hasSuffix("Thief") }
      let doctor = saved.seats.indices.first { saved.seats[$0].role.hasSuffix("doctor") }
      let victim = try #require(saved.seats.indices.first { !thieves.contains($0) && $0 != doctor })
      var ids: [String] = []
      for (seat, phone) in joined.enumerated() {
        let task = try Self.waitTask(phones, phone, id: nil)
        ids.append(task.id)
        #expect(task.prompt == play.text(thieves.contains(seat) ? "phone.task.kill" : "phone.task.suspect"), "\(names[seat])")
      }
      #expect(Set(ids).count == 1)
      let laptop = try session.capture()
      #expect(Screens.flat(laptop).contains(play.text("narrator.phones.awake")), "\(laptop)")
      let outlines = try joined.map { try phones.script($0, Self.taskOutline) as? String ?? "" }
      let first = outlines[0].split(separator: "\n")
      for other in outlines.dropFirst() {
        let lines = other.split(separator: "\n")
        let differing = zip(first, lines).filter { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" }
        #expect(differing.isEmpty && first.count == lines.count, "one outline for every phone's task: \(differing)")
      }
      // Every task's prompt and note takes the same lines on every phone, at three widths, and fits its box.
      var tasks: [String: [String]] = [:]
      for phone in joined { tasks[phone] = try Self.measure(phones, phone, Self.taskLines) }
      Self.expectOneShape(tasks, "\(language) thieves' step")
      try phones.screenshot(joined[thieves[0]], "task-thief.\(language)")
      try phones.screenshot(joined[victim], "task-suspect.\(language)")
      // The thief chooses; everyone else names a suspect and confirms, but for one
      // phone that stops answering (asleep in a pocket).
      let sleeper = try #require(joined.indices.last { !thieves.contains($0) && $0 != doctor && $0 != victim })
      try Self.pickAndConfirm(phones, joined[thieves[0]], names[victim])
      #expect(try session.capture() == laptop || Screens.flat(try session.capture()).contains(play.text("narrator.phones.awake")))
      for seat in joined.indices where seat != thieves[0] && seat != sleeper {
        try Self.pickAndConfirm(phones, joined[seat], names[thieves.contains(seat) ? victim : thieves[0]])
      }
      try phones.waitText(joined[victim], "toggle", "the pick is confirmed") { $0 == play.text("phone.confirmed") }
      // Past the step's time the laptop names that phone, never a role, and g goes on without it.
      let waiting = play.text("narrator.phones.waitingFor", ["names": names[sleeper]])
      _ = try session.waitSlowly("the laptop names the phone that has not confirmed", timeout: Driver.nightWait) {
        Screens.flat($0).contains(waiting)
      }
      try session.sendKeys("g")
      // The Doctor's step (the same task for all again, the sleeper's phone too), the Doctor protects a thief.
      if let doctor {
        let task = try Self.waitTask(phones, joined[doctor], id: ids[doctor])
        #expect(task.prompt == play.text("phone.task.protect"))
        let back = try Self.waitTask(phones, joined[sleeper], id: ids[sleeper])
        #expect(back.prompt == play.text("phone.task.suspect"), "the sleeper's phone joins the next step")
        var steps: [String: [String]] = [:]
        for phone in joined { steps[phone] = try Self.measure(phones, phone, Self.taskLines) }
        Self.expectOneShape(steps, "\(language) Doctor's step")
        try Self.pickAndConfirm(phones, joined[sleeper], names[thieves[0]])
        try Self.pickAndConfirm(phones, joined[doctor], names[thieves[0]])
      }
      // The morning names the victim; the game knows it.
      try session.waitSlowly("the morning", timeout: Driver.nightWait) { Screens.flat($0).contains(names[victim]) }
      let after = try SavedGameFile.read(from: data)
      #expect(after.seats[victim].death == "killedAtNight", "\(after.seats)")
      #expect(try phones.script(joined[victim], "return document.getElementById('task').hidden") as? Bool == true)
      // Nothing reached a phone unasked but what reached every phone.
      try Self.expectToldAlike(phones, joined)
      // The table ends the game by hand: every phone shows the end and every role, and
      // keeps them with no retrying once the laptop has gone back to the menu.
      try play.waitForKeys()
      try session.sendKeys("e")
      try session.waitFor(play.text("confirm.endGame.title"))
      try session.type(play.text("confirm.yes.key"))
      try play.showResult()
      _ = try session.settled(play.text("summary.noWinner"))
      for phone in joined {
        try phones.waitText(phone, "coverText", "\(phone) shows the end", timeout: 20) { $0 == play.text("summary.noWinner") }
        let ending = try phones.text(phone, "ending")
        #expect(names.allSatisfy(ending.contains), "\(phone): \(ending)")
      }
      try Self.leaveTheSummary(play: play, session: session, phones: phones, joined, result: play.text("summary.noWinner"))
    }

    /// The table leaves the summary for the menu: the server goes, and the
    /// end (`result`) stays on every phone with no "cannot be reached" and no retrying.
    static func leaveTheSummary(play: Driver, session: TmuxSession, phones: Phones, _ joined: [String], result: String) throws {
      try play.waitForKeys()
      try session.sendKeys("h")
      try session.waitUntilSettled("the menu") { $0.contains(play.text("home.title")) }
      usleep(6_000_000)  // longer than the page's longest wait between retries (4 s)
      for phone in joined {
        #expect(try phones.text(phone, "status").isEmpty, "\(phone) keeps the end without retrying")
        #expect(try phones.text(phone, "coverText") == result)
      }
    }

    /// A whole narrated game with phones, from the first scan to the
    /// summary: a player who skipped the code joins at dusk, the night is
    /// played on the phones, and so is the day's vote (a secret ballot) (run
    /// by `LongGameTests`).
    static func wholeGameOnPhones() throws {
      let language = Language.el
      let data = try Self.dataWithPhonesOn(vote: "secret")
      defer { try? FileManager.default.removeItem(atPath: data) }
      // Seed 273 draws the night's two steps at 30 s (as `NarratedGameTests`' five players).
      let session = try Self.session(language, data: data, fakeVoice: true, seed: 273)
      defer { session.kill() }
      let play = Driver(session, language: language)
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve"]
      let dealt = try play.dealNarrated(names, roles: Driver.oneThiefRoles, mode: .parea)
      let phones = try Phones()
      // Everyone but Eve scans their code at the reveal; Eve hides hers.
      var joined = try Self.joinEveryone(Array(names.prefix(4)), play: play, session: session, phones: phones, tag: "game-")
      try play.waitForHandOff("Eve")
      try session.sendKeys("Enter")
      _ = try session.waitUntilSettled("Eve's code") { Self.column($0).contains(play.text("reveal.phone.waiting")) }
      try session.sendKeys("Enter")
      // Dusk says whose phone is missing, and that the night would run on the laptop.
      let missing = play.text("narrator.phones.dusk.missing", ["names": "Eve"])
      try session.waitUntilSettled("dusk names Eve's phone as missing") { Screens.flatBesideThePanel($0).contains(missing) }
      // Eve looks again: her code, scanned now.
      try play.waitForKeys()
      try session.sendKeys("l")
      try session.waitFor(play.text("table.pick.look"))
      try play.press("Down", times: 4)
      try session.waitUntil("Eve is highlighted") { Screens.lines($0).contains { $0.hasSuffix("▸ Eve") } }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitUntilSettled("\"Are you EVE?\"") { $0.contains(play.text("table.areYou", ["name": "EVE"])) && $0.contains(play.text("key.showRole")) }
      try session.sendKeys("Enter")
      let code = try session.waitUntilSettled("Eve's code again") { Self.column($0).contains(play.text("reveal.phone.waiting")) }
      try phones.open("game-4", try QRScan.link(from: code, in: session.directory))
      joined.append("game-4")
      try session.waitUntil("Eve's phone is connected") { Self.column($0).contains(play.text("reveal.phone.connected")) }
      try session.sendKeys("Enter")
      let ready = play.text("narrator.dusk.ready.phones")
      try session.waitUntilSettled("dusk: the night runs on the phones") { Screens.flatBesideThePanel($0).contains(ready) }
      #expect(try session.capture().contains(play.text("table.phones.count", ["connected": "5", "players": "5"])))

      // The night, on the phones.
      try play.waitForKeys()
      try session.sendKeys("Enter")
      let thief = try #require(dealt.seats(holding: "palermo.redThief").first)
      let doctor = try #require(dealt.seats(holding: "palermo.doctor").first)
      let victim = try #require(names.indices.first { $0 != thief && $0 != doctor })
      let ids = try Self.thievesThenDoctor(
        phones, joined, names, thief: thief, victim: victim, doctor: doctor, protects: doctor, play: play)
      try session.waitSlowly("the morning", timeout: Driver.nightWait) { Screens.flat($0).contains(names[victim]) }
      try phones.waitText(joined[victim], "coverHint", "the victim's phone says they are out", timeout: 20) { $0 == play.text("phone.out") }
      for phone in joined {
        #expect(try phones.text(phone, "coverText") == play.text("phone.hidden"), "\(phone): nothing of the end before it")
      }

      // The day: the vote, cast on the phones (a secret ballot), sends the thief out.
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitFor(play.text("key.toVote"))
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitUntil("the vote on the phones") { Screens.flatBesideThePanel($0).contains(play.text("narrator.vote.prompt.phones")) }
      let voters = joined.indices.filter { $0 != victim }
      for seat in voters {
        let vote = try Self.waitTask(phones, joined[seat], id: ids[seat])
        #expect(vote.prompt == play.text("phone.task.vote"), "\(joined[seat]) is asked to vote")
      }
      try phones.screenshot(joined[voters[0]], "vote.\(language)")
      // The thief votes nobody; everyone else votes the thief out.
      try Self.pickAndConfirm(phones, joined[thief], play.text("phone.vote.nobody"))
      try phones.waitText(joined[thief], "toggle", "the thief's vote is cast") { $0 == play.text("phone.voted") }
      try phones.screenshot(joined[thief], "voted.\(language)")
      try session.waitUntil("one of four has voted") { $0.contains(play.text("table.votes.count", ["cast": "1", "players": "4"])) }
      // By now every phone has had the vote's view: the out have no vote.
      #expect(try phones.script(joined[victim], "return document.getElementById('task').hidden") as? Bool == true, "the out do not vote")
      for seat in voters where seat != thief { try Self.pickAndConfirm(phones, joined[seat], names[thief]) }
      // Everyone has voted: the laptop's count, with the phones' votes, for the table to record.
      try session.waitUntilSettled("the phones' count") { Screens.flat($0).contains(play.text("narrator.count.phones")) }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitUntilSettled("the count's question") { Screens.flat($0).contains(play.text("narrator.vote.result.out.phones", ["name": names[thief]])) }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      let summary = try play.waitForSummary(winner: "palermo.town")
      #expect(summary.contains(names[victim]) && summary.contains(play.causeName("killedAtNight")))
      // Every phone says the game is over.
      for phone in joined {
        try phones.waitText(phone, "coverHint", "\(phone) says the game is over", timeout: 20) { $0 == play.text("phone.over") }
      }
      for phone in joined {
        #expect(try phones.text(phone, "coverText") == play.text("side.palermo.town.win"), "\(phone) says who won")
        // Every role, as the laptop's summary shows them.
        let ending = try phones.text(phone, "ending")
        #expect(names.allSatisfy(ending.contains), "\(phone): \(ending)")
      }
      try phones.screenshot(joined[thief], "over.\(language)")
      try Self.leaveTheSummary(play: play, session: session, phones: phones, joined, result: play.text("side.palermo.town.win"))
    }

    /// The deck "Friday" (a Sheriff who learns a player's side each night, a
    /// Fool who wins if voted out), as `parea --import` or a file dropped in
    /// the decks folder leaves it (`HouseRolesTests` makes it at the table).
    static let friday = Deck(
      name: "Friday",
      roles: [
        "palermo.redThief", "palermo.doctor", "house.sheriff", "house.fool", "palermo.redKamikaze", "palermo.snitch",
        "palermo.policeman", "palermo.citizenGeorge",
      ],
      houseRoles: [
        RoleDeclaration(id: "house.sheriff", side: Palermo.town, night: .check, names: ["en": "Sheriff", "el": "Σερίφης"]),
        RoleDeclaration(id: "house.fool", side: Palermo.town, alone: .votedOut, names: ["en": "Fool", "el": "Τρελός"]),
      ])

    /// Friday dealt to eight with phones, narrated by Parea: the night's
    /// three steps on the phones (the Sheriff's said by its name, its answer
    /// on the Sheriff's phone alone), the day's vote on the phones sends the
    /// Fool out, and the Fool's win is on the laptop and on every phone (run
    /// by `LongGameTests`, in each language).
    static func fridayOnPhones(_ language: Language) throws {
      let data = try Self.dataWithPhonesOn(vote: "secret")
      defer { try? FileManager.default.removeItem(atPath: data) }
      try FileManager.default.createDirectory(atPath: data + "/data/parea/decks", withIntermediateDirectories: true)
      try Data(DeckFile.encode(Self.friday)).write(to: URL(fileURLWithPath: data + "/data/parea/decks/Friday.json"))
      let session = try Self.session(language, data: data, fakeVoice: true, seed: 17)
      defer { session.kill() }
      var play = Driver(session, language: language)
      let sheriffName = language == .el ? "Σερίφης" : "Sheriff"
      let foolName = language == .el ? "Τρελός" : "Fool"
      play.houseNames = ["house.sheriff": sheriffName, "house.fool": foolName]
      let names = ["Anna", "Bob", "Chris", "Dora", "Eve", "Fay", "Gus", "Hana"]
      try play.chooseGame(1)
      try play.addPlayers(names)
      try play.continueToSetup()
      try play.chooseNarration(.parea)
      try session.sendKeys("t")
      try session.waitFor(play.text("decks.item", ["deck": "Friday", "count": "8"]))
      try session.sendKeys("Enter")
      try session.waitFor(play.text("setup.chosenCount", ["chosen": "8", "players": "8"]))
      try session.sendKeys("d")
      try play.waitForHandOff(names[0])
      let dealt = try play.saved()
      let phones = try Phones()
      let joined = try Self.joinEveryone(names, play: play, session: session, phones: phones, tag: "friday-\(language)-")
      let seat = { (role: String) in try #require(dealt.seats(holding: role).first) }
      let thief = try seat("palermo.redThief")
      let doctor = try seat("palermo.doctor")
      let sheriff = try seat("house.sheriff")
      let fool = try seat("house.fool")
      let victim = try seat("palermo.citizenGeorge")

      // The night, on the phones: the thieves, the Doctor, the Sheriff.
      try session.waitFor(play.text("key.nightFalls"))
      try play.waitForKeys()
      try session.sendKeys("Enter")
      _ = try Self.thievesThenDoctor(
        phones, joined, names, thief: thief, victim: victim, doctor: doctor, protects: fool, play: play)
      let doctorStep = try joined.map { try phones.script($0, "return document.getElementById('choices').dataset.task || ''") as? String ?? "" }
      // The Sheriff's step: every phone has a task of the same shape, the Sheriff's a check.
      let check = try Self.waitTask(phones, joined[sheriff], id: doctorStep[sheriff])
      #expect(check.prompt == play.text("phone.task.check"))
      let other = try #require(joined.indices.first { $0 != sheriff && $0 != victim })
      let suspect = try Self.waitTask(phones, joined[other], id: doctorStep[other])
      #expect(suspect.prompt == play.text("phone.task.suspect"))
      var steps: [String: [String]] = [:]
      for phone in joined { steps[phone] = try Self.measure(phones, phone, Self.taskLines) }
      Self.expectOneShape(steps, "\(language) Sheriff's step")
      try Self.pickAndConfirm(phones, joined[sheriff], names[thief])
      let answer = try phones.waitText(joined[sheriff], "note", "the Sheriff's answer") { $0.contains(names[thief]) }
      #expect(answer.contains(play.text("narrator.answer.bad")), "\(answer)")
      try phones.screenshot(joined[sheriff], "friday-sheriff.\(language)")
      let voice = try #require(session.fakeVoice)
      #expect(voice.calls().contains { $0.text?.contains(sheriffName) == true }, "the Sheriff's step is said by its name")
      try session.waitSlowly("the morning", timeout: Driver.nightWait) { Screens.flat($0).contains(names[victim]) }

      // The day: the vote on the phones sends the Fool out.
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitFor(play.text("key.toVote"))
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitUntil("the vote on the phones") { Screens.flatBesideThePanel($0).contains(play.text("narrator.vote.prompt.phones")) }
      for index in joined.indices where index != victim {
        _ = try Self.waitTask(phones, joined[index], id: nil)
        try Self.pickAndConfirm(phones, joined[index], names[fool])
      }
      try session.waitUntilSettled("the phones' count") { Screens.flat($0).contains(play.text("narrator.count.phones")) }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      try session.waitUntilSettled("the count's question") { Screens.flat($0).contains(play.text("narrator.vote.result.out.phones", ["name": names[fool]])) }
      try play.waitForKeys()
      try session.sendKeys("Enter")
      let summary = try play.waitForSummary(winner: "house.fool")
      #expect(summary.contains(play.text("house.summary.won.votedOut", ["role": foolName])), "\(summary)")
      for phone in joined {
        try phones.waitText(phone, "coverHint", "\(phone) says the game is over", timeout: 20) { $0 == play.text("phone.over") }
        #expect(try phones.text(phone, "coverText") == play.sideWin("house.fool"), "\(phone) says the Fool won")
      }
      try phones.screenshot(joined[fool], "friday-over.\(language)")
    }

    @Test("a Spy round on the phones: the locals see the location and the list, the spy the list alone", arguments: [Language.en, .el])
    func spyOnPhones(_ language: Language) throws {
      let data = try Self.dataWithPhonesOn()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let session = try Self.session(language, data: data)
      defer { session.kill() }
      let play = Driver(session, language: language)
      let names = ["Anna", "Bob", "Chris"]
      try play.chooseGame(2)
      try play.addPlayers(names)
      try play.continueToSetup()
      try session.sendKeys("Enter")
      try play.waitForHandOff("Anna")
      let saved = try SavedGameFile.read(from: data)
      let phones = try Phones()
      let joined = try Self.joinEveryone(names, play: play, session: session, phones: phones, tag: "spy-\(language)-")
      let location = try #require(saved.location)
      let place = play.text("location.\(location).name")
      var cards: [String: [String]] = [:]
      for (seat, phone) in joined.enumerated() {
        try phones.click(phone, "toggle")
        let know = try phones.waitText(phone, "closing", "the card shows") { !$0.isEmpty } + (try phones.text(phone, "know"))
        cards[phone] = try Self.measure(phones, phone, Self.cardLines)
        let list = try phones.text(phone, "list")
        #expect(list.contains(place), "the list of locations is on every phone")
        if saved.seats[seat].role == "spy.spy" {
          #expect(!know.contains(place))
          try phones.screenshot(phone, "spy.\(language)")
        } else {
          #expect(know.contains(place))
          try phones.screenshot(phone, "local.\(language)")
        }
      }
      // The spy's card and a local's take the same lines at three widths.
      Self.expectOneShape(cards, "\(language) Spy cards")
    }
  }
}
