@testable import PareaPhones
import Testing

// The phones' server reads strictly: request heads, WebSocket frames, the
// handshake's digest, and the seats' secrets and owners.

/// A test's own failure, thrown so that the test stops there and fails.
struct HarnessFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

@Suite("Reading what a phone sends")
struct ParsingTests {
  @Test("SHA-1 and the WebSocket accept value match the standards' examples")
  func digests() {
    let hex = SHA1.digest(Array("abc".utf8)).map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    #expect(hex == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(SHA1.digest([]).count == 20)
    // RFC 6455 §1.3's example.
    #expect(webSocketAccept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    #expect(Base64.encode(Array("f".utf8)) == "Zg==")
    #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
    #expect(Base64.encode(Array("foo".utf8)) == "Zm9v")
  }

  @Test("a request head is read once whole, within its limits")
  func heads() throws {
    let get = Array("GET /S/ABC HTTP/1.1\r\nHost: 10.0.0.2:80\r\nUpgrade:  websocket \r\n\r\nextra".utf8)
    let reading = RequestHead.read(get[...])
    guard case .complete(let head, let length) = reading else { throw HarnessFailure("not read: \(reading)") }
    #expect(head.method == "GET")
    #expect(head.target == "/S/ABC")
    #expect(head.headers == ["host": "10.0.0.2:80", "upgrade": "websocket"])
    #expect(length == get.count - 5)
    #expect(RequestHead.read(get.prefix(20)) == .incomplete)
    #expect(RequestHead.read(Array("GET / HTTP/2\r\n\r\n".utf8)[...]) == .malformed)
    #expect(RequestHead.read(Array("GET nohost HTTP/1.1\r\n\r\n".utf8)[...]) == .malformed)
    #expect(RequestHead.read(Array("GET / HTTP/1.1\r\nNo colon\r\n\r\n".utf8)[...]) == .malformed)
    #expect(RequestHead.read(Array("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n".utf8)[...]) == .malformed)
    #expect(RequestHead.read(Array("GET /\u{E9} HTTP/1.1\r\n\r\n".utf8)[...]) == .malformed)
    #expect(RequestHead.read(Array("GET / HTTP/1.1\r\n\0\r\n\r\n".utf8)[...]) == .malformed)
    let long = Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 5_000)).utf8)
    #expect(RequestHead.read(long[...]) == .tooLarge)
    let many = Array(("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 33) + "\r\n").utf8)
    #expect(RequestHead.read(many[...]) == .tooLarge)
  }

  /// A client's frame, masked with `mask`.
  static func clientFrame(_ first: UInt8, _ payload: [UInt8], mask: [UInt8] = [1, 2, 3, 4]) -> [UInt8] {
    var bytes = [first]
    if payload.count < 126 {
      bytes.append(0x80 | UInt8(payload.count))
    } else {
      bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
  }

  @Test("frames: masked whole text is taken; anything else a phone never sends is refused")
  func frames() {
    let hello = Self.clientFrame(0x81, Array("HELLO".utf8))
    #expect(Frame.read(hello[...]) == .complete(Frame(kind: .text, payload: Array("HELLO".utf8)), length: hello.count))
    #expect(Frame.read(hello.prefix(5)) == .incomplete)
    // Unmasked, fragmented, reserved bits, an unknown opcode, a continuation.
    #expect(Frame.read([0x81, 0x01, 0x41][...]) == .refused(closeCode: 1002))
    #expect(Frame.read(Self.clientFrame(0x01, [0x41])[...]) == .refused(closeCode: 1003))
    #expect(Frame.read(Self.clientFrame(0xC1, [0x41])[...]) == .refused(closeCode: 1002))
    #expect(Frame.read(Self.clientFrame(0x83, [0x41])[...]) == .refused(closeCode: 1002))
    #expect(Frame.read(Self.clientFrame(0x80, [0x41])[...]) == .refused(closeCode: 1002))
    // Too long: over the limit, an eight-byte length, a long control frame.
    #expect(Frame.read(Self.clientFrame(0x81, Array(repeating: 0x41, count: 1_025))[...]) == .refused(closeCode: 1009))
    #expect(Frame.read([0x81, 0xFF, 0, 0, 0, 0, 0, 0, 0, 1][...]) == .refused(closeCode: 1009))
    #expect(Frame.read(Self.clientFrame(0x89, Array(repeating: 0x41, count: 126))[...]) == .refused(closeCode: 1002))
    // The server's frames: lengths in each of the three forms.
    #expect(Frame.encode(.text, [0x41]) == [0x81, 1, 0x41])
    #expect(Array(Frame.encode(.text, Array(repeating: 0, count: 300)).prefix(4)) == [0x81, 126, 1, 44])
    #expect(Array(Frame.encode(.text, Array(repeating: 0, count: 70_000)).prefix(2)) == [0x81, 127])
  }

  @Test("a seat's secret is 26 base32 letters from the OS, never printed")
  func secrets() {
    let secrets = (0..<200).map { _ in SeatSecret.random() }
    #expect(Set(secrets).count == 200)
    #expect(secrets.allSatisfy { SeatSecret($0.text) == $0 })
    #expect(SeatSecret("abc") == nil)
    #expect(SeatSecret(String(repeating: "1", count: 26)) == nil)
    #expect("\(secrets[0])".contains(secrets[0].text) == false)
    // Every letter of the alphabet turns up, in even measure.
    let letters = secrets.flatMap { Array($0.text.utf8) }
    #expect(Set(letters) == Set(SeatSecret.alphabet))
  }

  @Test("the first device owns a seat; it may come back; another is refused; a new link frees the seat")
  func owners() throws {
    let secrets = [SeatSecret.random(), SeatSecret.random()]
    var links = SeatLinks(secrets: secrets, owners: [])
    let phone = Array(String(repeating: "a", count: 32).utf8)
    let other = Array(String(repeating: "b", count: 32).utf8)
    let first = Array(secrets[1].text.utf8)
    #expect(links.hello(secret: first, device: phone) == .accepted(seat: 1, firstTime: true))
    #expect(links.hello(secret: first, device: phone) == .accepted(seat: 1, firstTime: false))
    #expect(links.hello(secret: first, device: other) == .refused(seat: 1))
    var guess = first
    guess[25] = guess[25] == 65 ? 66 : 65
    #expect(links.hello(secret: guess, device: other) == .unknown)
    #expect(links.hello(secret: first, device: Array("A".utf8)) == .unknown)
    let renewed = SeatSecret.random()
    links.renew(1, secret: renewed)
    #expect(links.hello(secret: first, device: phone) == .unknown)
    #expect(links.hello(secret: Array(renewed.text.utf8), device: other) == .accepted(seat: 1, firstTime: true))
    // Owners saved with a game come back with it.
    var resumed = SeatLinks(secrets: secrets, owners: [nil, String(repeating: "a", count: 32)])
    #expect(resumed.hello(secret: first, device: other) == .refused(seat: 1))
    #expect(equalInConstantTime([1, 2], [1, 2]))
    #expect(!equalInConstantTime([1, 2], [1, 3]))
    #expect(!equalInConstantTime([1, 2], [1, 2, 3]))
  }
}
