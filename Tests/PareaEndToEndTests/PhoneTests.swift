import Foundation
import PareaLanguage
import PareaLocale
import PareaRules
import PareaStrings
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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
    static func dataWithPhonesOn() throws -> String {
      let data = try TmuxSession.makeDataDirectory()
      try FileManager.default.createDirectory(atPath: data + "/config/parea", withIntermediateDirectories: true)
      try #"{"version":1,"phones":true}"#.write(toFile: data + "/config/parea/settings.json", atomically: true, encoding: .utf8)
      return data
    }

    /// Parea with phones on, serving on loopback.
    static func session(_ language: Language, data: String) throws -> TmuxSession {
      try TmuxSession(
        arguments: ["--lang", language.rawValue], environment: ["PAREA_PHONES_ADDRESS": "127.0.0.1"],
        dataDirectory: data)
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
        const saved = [role.textContent, text.textContent];
        const over = items.filter(([name, description]) => {
          role.textContent = name; text.textContent = description;
          return role.scrollHeight > role.clientHeight + 1 || text.scrollHeight > text.clientHeight + 1;
        }).map(([name]) => name);
        [role.textContent, text.textContent] = saved;
        return over.join(', ');
        """
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
    /// tag, id, class and box, but the lines inside the card's lists and the
    /// player's name (which is public, and differs from seat to seat).
    static let outline = """
      return Array.from(document.querySelectorAll('body *'))
        .filter(e => !e.closest('#know') && !e.closest('#list') && e.id !== 'name')
        .map(e => { const r = e.getBoundingClientRect();
          return [e.tagName, e.id, e.className, e.hidden, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(' '); })
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
      // Closing Parea ends every phone's session.
      try session.sendKeys("C-c")
      _ = try session.waitForExit()
      try phones.waitText(anna, "status", "Anna's phone sees the laptop go") { $0 == play.text("phone.lost") }
    }
  }
}
