#if canImport(Glibc)
  import Glibc
#endif
@testable import PareaPhones
import Testing

// The phones' server on loopback, driven by raw sockets as a phone's browser
// and as an attacker on the Wi-Fi would: the page, the WebSocket, the seats'
// secrets and owners, and every limit. After each attack a real phone must
// still get its card at once, and nothing the laptop sent is lost.
//
// Why one file of this length: the raw-socket client, the attacks and the
// phone that must still get its card after each share one server fixture.

/// A blocking client socket with a receive timeout.
final class Client {
  let descriptor: Int32
  var received: [UInt8] = []

  /// A connection to the server from `source` (any 127.x.y.z address is this machine's loopback).
  init(port: UInt16, timeoutMilliseconds: Int = 2_000, source: String? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      inet_pton(AF_INET, source, &local.sin_addr)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
      try #require(bound == 0, "cannot bind \(source)")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    try #require(connected == 0, "cannot connect")
    var timeout = timeval(tv_sec: timeoutMilliseconds / 1_000, tv_usec: (timeoutMilliseconds % 1_000) * 1_000)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(descriptor) }

  func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Whether the server has closed this connection (without waiting): what
  /// has arrived is read first (kept in `received`), then the end is looked for.
  var isClosed: Bool {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count > 0 {
        received += buffer[0..<count]
        continue
      }
      return count == 0 || (count < 0 && (errno == ECONNRESET || errno == EPIPE))
    }
  }

  /// Closes this end.
  func hangUp() { shutdown(descriptor, Int32(SHUT_RDWR)) }

  /// Reads until the peer closes or the timeout passes; true if it closed.
  @discardableResult
  func readToEnd() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 { return true }
      if count < 0 { return errno == ECONNRESET }
      received += buffer[0..<count]
    }
  }

  /// Reads until `predicate` holds of what has arrived, or the timeout.
  func read(until predicate: ([UInt8]) -> Bool) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !predicate(received) {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { return predicate(received) }
      received += buffer[0..<count]
    }
    return true
  }

  var text: String { String(decoding: received, as: UTF8.self) }

  /// Opens the WebSocket with the server's own Origin.
  func upgrade(port: UInt16, origin: String? = nil, host: String? = nil) -> Bool {
    send(
      "GET /ws HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + "Origin: \(origin ?? "http://127.0.0.1:\(port)")\r\n\r\n")
    guard read(until: { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }) else { return false }
    let ok = text.hasPrefix("HTTP/1.1 101") && text.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    if ok, let end = (0..<max(0, received.count - 3)).first(where: { Array(received[$0..<$0 + 4]) == [13, 10, 13, 10] }) {
      received = Array(received[(end + 4)...])
    }
    return ok
  }

  func sendText(_ text: String) { send(ParsingTests.clientFrame(0x81, Array(text.utf8))) }

  /// The server's frames that have arrived: (opcode, payload).
  func frames() -> [(UInt8, [UInt8])] {
    var frames: [(UInt8, [UInt8])] = []
    var at = 0
    while received.count - at >= 2 {
      let opcode = received[at] & 0x0F
      var length = Int(received[at + 1] & 0x7F)
      var start = at + 2
      if length == 126 {
        guard received.count - at >= 4 else { break }
        length = Int(received[at + 2]) << 8 | Int(received[at + 3])
        start = at + 4
      } else if length == 127 {
        guard received.count - at >= 10 else { break }
        length = (2..<10).reduce(0) { $0 << 8 | Int(received[at + $1]) }
        start = at + 10
      }
      guard received.count >= start + length else { break }
      frames.append((opcode, Array(received[start..<start + length])))
      at = start + length
    }
    return frames
  }

  func texts() -> [String] { frames().filter { $0.0 == 1 }.map { String(decoding: $0.1, as: UTF8.self) } }

  /// The close frame's code, once one arrived.
  func closeCode() -> UInt16? {
    guard let close = frames().first(where: { $0.0 == 8 }), close.1.count >= 2 else { return nil }
    return UInt16(close.1[0]) << 8 | UInt16(close.1[1])
  }

  /// Waits for a frame matching `predicate`.
  func waitFrame(_ predicate: @escaping ((UInt8, [UInt8])) -> Bool) -> Bool {
    read { _ in frames().contains(where: predicate) }
  }
}

/// A server on loopback with `seats` seats.
struct Served {
  let server: PhoneServer
  let secrets: [SeatSecret]
  static let page = Array("<!doctype html><title>Parea</title><p>page".utf8)
  static let phone = String(repeating: "a", count: 32)
  static let other = String(repeating: "b", count: 32)

  init(seats: Int = 3, limits: PhoneLimits = PhoneLimits()) throws {
    secrets = (0..<seats).map { _ in SeatSecret.random() }
    server = try PhoneServer(addresses: ["127.0.0.1"], page: Self.page, secrets: secrets, limits: limits)
  }

  var port: UInt16 { server.port }

  /// A phone that has joined `seat`.
  func join(_ seat: Int, device: String = Served.phone, source: String? = nil) throws -> Client {
    let client = try Client(port: port, source: source)
    try #require(client.upgrade(port: port))
    client.sendText("HELLO \(secrets[seat].text) \(device)")
    try #require(client.waitFrame { $0.0 == 1 && String(decoding: $0.1, as: UTF8.self).contains("welcome") })
    return client
  }

  /// The events that arrive within `milliseconds`, until `enough` holds.
  func events(within milliseconds: Int = 2_000, until enough: ([PhoneEvent]) -> Bool) -> [PhoneEvent] {
    var all: [PhoneEvent] = []
    let end = PhoneServer.milliseconds() + Int64(milliseconds)
    while !enough(all) && PhoneServer.milliseconds() < end {
      var descriptor = pollfd(fd: server.eventDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
      all += server.takeEvents()
    }
    return all
  }

  /// Whether a fresh phone still gets its card at once (the server is alive and well).
  func stillServes(seat: Int = 2) throws -> Bool {
    server.send(#"{"card":\#(seat)}"#, to: seat)
    let client = try join(seat)
    return client.waitFrame { String(decoding: $0.1, as: UTF8.self) == #"{"card":\#(seat)}"# }
  }
}

@Suite("The phones' server", .serialized)
struct ServerTests {
  @Test("every link gets the same page; nothing else is served")
  func pages() throws {
    let served = try Served()
    defer { served.server.stop() }
    for target in ["/S/\(served.secrets[0].text)", "/S/AAAAAAAAAAAAAAAAAAAAAAAAAA", "/S/AAAAAAAAAAAAAAAAAAAAAAAAAA?x=1"] {
      let client = try Client(port: served.port)
      client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(client.readToEnd())
      #expect(client.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
      #expect(client.text.hasSuffix("\r\n\r\n" + String(decoding: Served.page, as: UTF8.self)))
      #expect(client.text.contains("Cache-Control: no-store"))
      #expect(client.text.contains("Referrer-Policy: no-referrer"))
      #expect(client.text.contains("Content-Security-Policy: default-src 'none'"))
    }
    let refused: [(String, String)] = [
      ("GET / HTTP/1.1\r\n\r\n", "404"), ("GET /S/ HTTP/1.1\r\n\r\n", "404"),
      ("GET /../../etc/passwd HTTP/1.1\r\n\r\n", "404"), ("GET /S/../../etc/passwd HTTP/1.1\r\n\r\n", "404"),
      ("GET /favicon.ico HTTP/1.1\r\n\r\n", "404"), ("GET /S/\(served.secrets[0].text)/x HTTP/1.1\r\n\r\n", "404"),
      ("POST /S/\(served.secrets[0].text) HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", "405"),
      ("HELLO\r\n\r\n", "400"), ("GET / HTTP/1.1\r\n: empty\r\n\r\n", "400"),
      ("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400"),
    ]
    for (request, status) in refused {
      let client = try Client(port: served.port)
      client.send(request)
      #expect(client.readToEnd(), "\(request)")
      #expect(client.text.hasPrefix("HTTP/1.1 \(status) "), "\(request) → \(client.text.prefix(40))")
      #expect(!client.text.contains("Parea"), "\(request)")
    }
    #expect(try served.stillServes())
  }

  @Test("a phone joins with its seat's secret, gets the card sent before and after, and taps")
  func joins() throws {
    let served = try Served()
    defer { served.server.stop() }
    served.server.send(#"{"card":"first"}"#, to: 1)
    let phone = try served.join(1)
    #expect(phone.waitFrame { String(decoding: $0.1, as: UTF8.self) == #"{"card":"first"}"# })
    served.server.send(#"{"card":"second"}"#, to: 1)
    served.server.send(#"{"card":"not yours"}"#, to: 0)
    #expect(phone.waitFrame { String(decoding: $0.1, as: UTF8.self) == #"{"card":"second"}"# })
    phone.sendText("PICK 2")
    let events = served.events { $0.contains(.message(seat: 1, text: "PICK 2")) }
    #expect(events.first == .joined(seat: 1, device: Served.phone))
    #expect(events.contains(.message(seat: 1, text: "PICK 2")))
    #expect(!phone.texts().contains(#"{"card":"not yours"}"#))
    // The phone goes away: the laptop is told.
    close(phone.descriptor)
    #expect(served.events { $0.contains(.left(seat: 1)) }.contains(.left(seat: 1)))
  }

  @Test("a second device is refused and the laptop told; the owner comes back; a new link frees the seat")
  func owners() throws {
    let served = try Served()
    defer { served.server.stop() }
    let phone = try served.join(0)
    let intruder = try Client(port: served.port)
    #expect(intruder.upgrade(port: served.port))
    intruder.sendText("HELLO \(served.secrets[0].text) \(Served.other)")
    #expect(intruder.waitFrame { $0.0 == 8 })
    #expect(intruder.closeCode() == 4003)
    #expect(served.events { $0.contains(.refused(seat: 0)) }.contains(.refused(seat: 0)))
    // The owner's phone reloads: the new socket takes over, the old one is closed.
    let again = try served.join(0)
    #expect(phone.waitFrame { $0.0 == 8 })
    served.server.send("card", to: 0)
    #expect(again.waitFrame { String(decoding: $0.1, as: UTF8.self) == "card" })
    // A new link: the owner's socket is closed, the old link is a guess, the new one is anyone's.
    let renewed = SeatSecret.random()
    served.server.renew(0, secret: renewed)
    #expect(again.waitFrame { $0.0 == 8 })
    #expect(again.closeCode() == 4001)
    let old = try Client(port: served.port)
    #expect(old.upgrade(port: served.port))
    old.sendText("HELLO \(served.secrets[0].text) \(Served.phone)")
    #expect(old.waitFrame { $0.0 == 8 })
    #expect(old.closeCode() == 4004)
    let fresh = try Client(port: served.port)
    #expect(fresh.upgrade(port: served.port))
    fresh.sendText("HELLO \(renewed.text) \(Served.other)")
    #expect(fresh.waitFrame { String(decoding: $0.1, as: UTF8.self).contains("welcome") })
  }

  @Test("another site's page cannot open the socket; a phone's socket without a hello is closed")
  func originAndHello() throws {
    var limits = PhoneLimits()
    limits.helloMilliseconds = 300
    let served = try Served(limits: limits)
    defer { served.server.stop() }
    let foreign = try Client(port: served.port)
    #expect(!foreign.upgrade(port: served.port, origin: "http://evil.example"))
    #expect(foreign.text.hasPrefix("HTTP/1.1 400"))
    // A name that resolves to the laptop (DNS rebinding): Host and Origin
    // agree with each other, but neither is the server's own address.
    let rebound = try Client(port: served.port)
    let name = "evil.example:\(served.port)"
    #expect(!rebound.upgrade(port: served.port, origin: "http://" + name, host: name))
    #expect(rebound.text.hasPrefix("HTTP/1.1 400"))
    // The server's own address on another port is not its own either.
    let otherPort = try Client(port: served.port)
    let elsewhere = "127.0.0.1:\(served.port == 1 ? 2 : served.port - 1)"
    #expect(!otherPort.upgrade(port: served.port, origin: "http://" + elsewhere, host: elsewhere))
    #expect(otherPort.text.hasPrefix("HTTP/1.1 400"))
    let silent = try Client(port: served.port)
    #expect(silent.upgrade(port: served.port))
    #expect(silent.waitFrame { $0.0 == 8 })
    #expect(silent.closeCode() == 4004)
    #expect(try served.stillServes())
  }

  @Test("malformed and oversized frames close that socket only")
  func badFrames() throws {
    let served = try Served()
    defer { served.server.stop() }
    let bad: [[UInt8]] = [
      [0x81, 0x05] + Array("HELLO".utf8),  // unmasked
      ParsingTests.clientFrame(0x81, Array(repeating: 0x41, count: 2_000)),
      [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // an eight-byte length
      ParsingTests.clientFrame(0x82, [1, 2, 3]),  // binary
      ParsingTests.clientFrame(0x81, [0xFF, 0xFE]),  // not UTF-8
      ParsingTests.clientFrame(0x01, Array("HEL".utf8)),  // fragmented
    ]
    for bytes in bad {
      let client = try Client(port: served.port)
      #expect(client.upgrade(port: served.port))
      client.send(bytes)
      #expect(client.waitFrame { $0.0 == 8 }, "\(bytes.prefix(4))")
    }
    // A phone that joined and then floods is let go; the others are not.
    let calm = try served.join(0)
    let flood = try served.join(1)
    for _ in 0..<100 { flood.sendText("PICK 1") }
    #expect(flood.waitFrame { $0.0 == 8 })
    #expect(flood.closeCode() == 1008)
    served.server.send("still here", to: 0)
    #expect(calm.waitFrame { String(decoding: $0.1, as: UTF8.self) == "still here" })
  }

  @Test("a socket on its way out is closed in time whatever it keeps sending, and pings count as a flood")
  func closingAndPings() throws {
    let served = try Served()
    defer { served.server.stop() }
    // A binary frame closes the socket; the client keeps streaming and never reads.
    let stubborn = try Client(port: served.port, timeoutMilliseconds: 4_000)
    #expect(stubborn.upgrade(port: served.port))
    stubborn.send(ParsingTests.clientFrame(0x82, [1]))
    let start = PhoneServer.milliseconds()
    var closed = false
    while PhoneServer.milliseconds() - start < 4_000 {
      stubborn.send(ParsingTests.clientFrame(0x89, Array(repeating: 0x41, count: 100)))
      if stubborn.isClosed { closed = true; break }
      usleep(20_000)
    }
    #expect(closed, "a closing socket was kept open by its traffic")
    // Pings before any hello are frames like any other: a flood is cut.
    let pinger = try Client(port: served.port)
    #expect(pinger.upgrade(port: served.port))
    for _ in 0..<60 { pinger.send(ParsingTests.clientFrame(0x89, [1])) }
    #expect(pinger.waitFrame { $0.0 == 8 })
    #expect(pinger.closeCode() == 1008)
    #expect(try served.stillServes())
  }

  @Test("a phone that opens its card again takes over without the seat ever being left")
  func reconnectKeepsTheSeat() throws {
    let served = try Served()
    defer { served.server.stop() }
    let first = try served.join(0)
    let second = try served.join(0)
    #expect(first.waitFrame { $0.0 == 8 })
    #expect(first.closeCode() == 4002)
    let events = served.events(within: 600) { _ in false }
    #expect(events.filter { if case .left = $0 { true } else { false } }.isEmpty, "\(events)")
    #expect(events.filter { if case .joined = $0 { true } else { false } }.count == 2)
    served.server.send("still", to: 0)
    #expect(second.waitFrame { String(decoding: $0.1, as: UTF8.self) == "still" })
  }

  @Test("oversized and endless request heads are answered or dropped")
  func oversized() throws {
    var limits = PhoneLimits()
    limits.headMilliseconds = 400
    let served = try Served(limits: limits)
    defer { served.server.stop() }
    let big = try Client(port: served.port)
    big.send("GET /S/x HTTP/1.1\r\nX: " + String(repeating: "a", count: 10_000))
    #expect(big.readToEnd())
    #expect(big.text.hasPrefix("HTTP/1.1 431"))
    let many = try Client(port: served.port)
    many.send("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 40) + "\r\n")
    #expect(many.readToEnd())
    #expect(many.text.hasPrefix("HTTP/1.1 431"))
    // A slow client that never ends its head is dropped when its time is up.
    let slow = try Client(port: served.port)
    slow.send("GET /S/")
    let start = PhoneServer.milliseconds()
    #expect(slow.readToEnd())
    #expect(PhoneServer.milliseconds() - start < 1_900)
    #expect(try served.stillServes())
  }

  @Test("many connections from one address are cut at the limit, the idle ones first; a phone from that address still gets in")
  func manyConnections() throws {
    var limits = PhoneLimits()
    limits.connectionsPerAddress = 8
    let served = try Served(limits: limits)
    defer { served.server.stop() }
    let crowd = try (0..<30).map { _ in try Client(port: served.port) }
    // The address never holds more than eight: each newcomer takes the place
    // of its oldest connection that has sent nothing (as a browser's spare
    // sockets are), so the last eight are open and the first 22 closed.
    var closed = 0
    let end = PhoneServer.milliseconds() + 3_000
    while closed < 22 && PhoneServer.milliseconds() < end {
      usleep(50_000)
      closed = crowd.filter(\.isClosed).count
    }
    #expect(closed == 22)
    #expect(crowd.suffix(8).allSatisfy { !$0.isClosed })
    // While the eight hang, a phone from that address still gets in: the
    // oldest of them (the 23rd) makes room, and the address stays at eight.
    #expect(try served.stillServes())
    let evicted = PhoneServer.milliseconds() + 3_000
    while !crowd[22].isClosed && PhoneServer.milliseconds() < evicted { usleep(50_000) }
    #expect(crowd[22].isClosed)
    #expect(crowd.filter { !$0.isClosed }.count == 7)
    for client in crowd { client.hangUp() }
  }

  @Test("seven addresses holding half-sent requests cannot lock a phone out, nor take a seat's socket")
  func crowdedRoom() throws {
    let served = try Served()
    defer { served.server.stop() }
    let seated = try served.join(0, source: "127.0.0.20")
    // Seven addresses, twelve connections each (the most one address may
    // hold), every one a request begun and never finished: 84 for 64 places.
    var crowd: [Client] = []
    for address in 2...8 {
      for _ in 0..<12 {
        let client = try Client(port: served.port, source: "127.0.0.\(address)")
        client.send("GET /S/")
        crowd.append(client)
      }
    }
    // A new phone still loads its page and gets its card...
    let page = try Client(port: served.port, source: "127.0.0.9")
    page.send("GET /S/\(served.secrets[1].text) HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\n\r\n")
    #expect(page.readToEnd())
    #expect(page.text.hasPrefix("HTTP/1.1 200 OK") && page.text.hasSuffix("page"))
    served.server.send(#"{"card":1}"#, to: 1)
    let phone = try served.join(1, source: "127.0.0.9")
    #expect(phone.waitFrame { String(decoding: $0.1, as: UTF8.self) == #"{"card":1}"# })
    // ...and the phone that had already joined keeps its socket.
    served.server.send(#"{"card":0}"#, to: 0)
    #expect(seated.waitFrame { String(decoding: $0.1, as: UTF8.self) == #"{"card":0}"# })
    #expect(!seated.isClosed)
    // The crowd only took turns among itself: some of it was let go, never more than the newcomers needed.
    let closed = crowd.filter(\.isClosed).count
    #expect(closed >= 84 - 64 + 1 && closed <= 84 - 64 + 3 + 1)
    for client in crowd { client.hangUp() }
  }

  @Test("an address whose every connection is a phone refuses a newcomer, and its phones stay connected")
  func fullOfPhones() throws {
    var limits = PhoneLimits()
    limits.connectionsPerAddress = 3
    let served = try Served(limits: limits)
    defer { served.server.stop() }
    let phones = try (0..<3).map { try served.join($0) }
    let newcomer = try Client(port: served.port)
    let end = PhoneServer.milliseconds() + 3_000
    while !newcomer.isClosed && PhoneServer.milliseconds() < end { usleep(50_000) }
    #expect(newcomer.isClosed)
    for (seat, phone) in phones.enumerated() {
      served.server.send(#"{"card":\#(seat)}"#, to: seat)
      #expect(phone.waitFrame { String(decoding: $0.1, as: UTF8.self) == #"{"card":\#(seat)}"# })
    }
  }

  @Test("an address that guesses secrets is ignored for a while; a guess is never told apart from a wrong link")
  func guesses() throws {
    var limits = PhoneLimits()
    limits.wrongHellos = 5
    limits.penaltyMilliseconds = 600
    let served = try Served(limits: limits)
    defer { served.server.stop() }
    for guess in 0..<4 {
      let client = try Client(port: served.port)
      #expect(client.upgrade(port: served.port))
      client.sendText("HELLO \(SeatSecret.random().text) \(Served.other)")
      #expect(client.waitFrame { $0.0 == 8 }, "guess \(guess)")
      #expect(client.closeCode() == 4004)
    }
    // The last guess allowed: the address's connections are dropped.
    let last = try Client(port: served.port)
    #expect(last.upgrade(port: served.port))
    last.sendText("HELLO \(SeatSecret.random().text) \(Served.other)")
    #expect(last.readToEnd())
    // Ignored: connections from that address are closed at once.
    let ignored = try Client(port: served.port, timeoutMilliseconds: 300)
    #expect(ignored.readToEnd() && ignored.received.isEmpty)
    usleep(700_000)
    #expect(try served.stillServes())
  }

  @Test("a phone that does not read is dropped; the laptop's sends never wait for it")
  func slowReader() throws {
    var limits = PhoneLimits()
    limits.queuedBytes = 100_000
    let served = try Served(limits: limits)
    defer { served.server.stop() }
    let sleeper = try served.join(0)
    var rcv: Int32 = 4_096
    setsockopt(sleeper.descriptor, SOL_SOCKET, SO_RCVBUF, &rcv, socklen_t(MemoryLayout<Int32>.size))
    let view = String(repeating: "x", count: 20_000)
    let start = PhoneServer.milliseconds()
    for _ in 0..<400 { served.server.send(view, to: 0) }
    #expect(PhoneServer.milliseconds() - start < 1_000)
    #expect(served.events(within: 3_000) { $0.contains(.left(seat: 0)) }.contains(.left(seat: 0)))
    #expect(try served.stillServes())
  }

  @Test("stopping ends every phone's session and the listener")
  func stops() throws {
    let served = try Served()
    let phone = try served.join(0)
    served.server.stop()
    #expect(phone.readToEnd())
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = served.port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(probe) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    #expect(connected != 0)
  }

  @Test("without an address there is no server")
  func noNetwork() {
    #expect(throws: PhoneServerError.noNetwork) { try PhoneServer(addresses: [], page: [], secrets: []) }
    #expect(throws: PhoneServerError.self) { try PhoneServer(addresses: ["300.1.1.1"], page: [], secrets: []) }
    #expect(LocalNetwork.addresses().allSatisfy { LocalNetwork.kind(of: $0) != nil })
  }

  @Test("only the room's addresses are listened on: private, carrier-grade and link-local, the private first")
  func roomAddresses() {
    let table: [(String, LocalNetwork.Kind?)] = [
      ("10.0.0.5", .privateRange), ("10.255.255.255", .privateRange), ("172.16.0.1", .privateRange),
      ("172.31.9.9", .privateRange), ("192.168.1.34", .privateRange), ("100.64.0.1", .carrierGrade),
      ("100.127.255.254", .carrierGrade), ("169.254.7.1", .linkLocal),
      // The internet's, a VPN provider's public range, and the documentation ranges.
      ("8.8.8.8", nil), ("1.1.1.1", nil), ("172.15.0.1", nil), ("172.32.0.1", nil), ("100.63.255.255", nil),
      ("100.128.0.1", nil), ("192.169.0.1", nil), ("192.0.2.10", nil), ("198.51.100.7", nil), ("203.0.113.5", nil),
      ("127.0.0.1", nil), ("0.0.0.0", nil), ("255.255.255.255", nil),
      // Not an address.
      ("10.0.0", nil), ("10.0.0.256", nil), ("10..0.1", nil), ("", nil), ("fd00::1", nil),
    ]
    for (address, kind) in table { #expect(LocalNetwork.kind(of: address) == kind, "\(address)") }
    #expect(
      LocalNetwork.chosen(from: ["203.0.113.5", "100.70.1.2", "169.254.3.3", "192.168.1.4", "8.8.8.8", "10.1.2.3"])
        == ["192.168.1.4", "10.1.2.3", "100.70.1.2", "169.254.3.3"])
    #expect(LocalNetwork.chosen(from: ["203.0.113.5", "8.8.8.8"]).isEmpty)
  }
}
