#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The phones' server: HTTP for the one page and a WebSocket per phone, on
// the LAN addresses, on a thread of its own with one poll(2) loop. It is
// created only when the table turns phones on; nothing of it runs before.
// It changes no game state: the run loop takes its events (`takeEvents`,
// woken through `eventDescriptor`) and tells it what each seat's phone shows
// (`send`). See docs/DECISIONS.md, "Phones: our own small server".
//
// Why one file of this length: the loop, the sockets' table and every limit
// that keeps a hostile network from holding the laptop (per address, per
// socket, for idle and endless senders) share one thread's private state;
// split across files, that state would have to be opened to the whole
// module, and the attack tests read the limits in one place. The request
// heads, the WebSocket frames and the links are in `RequestHead.swift`,
// `Frame.swift` and `SeatLinks.swift`.

/// Something that happened on the phones' side, for the run loop.
public enum PhoneEvent: Hashable, Sendable {
  /// A seat's phone connected (`device` is its token, kept with the game so
  /// that the same phone may come back after a restart).
  case joined(seat: Int, device: String)
  /// A seat's phone went away (slept, lost the Wi-Fi, closed the page).
  case left(seat: Int)
  /// Another device opened a seat's link: refused.
  case refused(seat: Int)
  /// A seat's phone sent a message (a tap): its text, at most `Frame.maximumPayload` bytes.
  case message(seat: Int, text: String)
}

/// Why the server could not start.
public enum PhoneServerError: Error, Hashable, Sendable {
  /// No address of this machine is on a local network.
  case noNetwork
  /// An address could not be listened on (the port is taken, say); the OS's error number.
  case cannotListen(address: String, errno: Int32)
  /// The server's thread or pipes could not be made.
  case cannotStart
}

/// The limits the server holds every client to. Each is far above what a
/// phone's browser needs and far below what would slow the laptop.
public struct PhoneLimits: Hashable, Sendable {
  /// Open connections at most, all clients together (a newcomer may take
  /// the place of an unnamed one from a busier address: `makeRoom`).
  public var connections = 64
  /// Open connections at most from one address.
  public var connectionsPerAddress = 12
  /// Milliseconds a client has to send a whole request head.
  public var headMilliseconds: Int64 = 10_000
  /// Milliseconds a WebSocket has to say hello.
  public var helloMilliseconds: Int64 = 10_000
  /// Milliseconds of silence before the server pings a phone.
  public var pingMilliseconds: Int64 = 15_000
  /// Milliseconds of silence after which a phone is taken for gone.
  public var idleMilliseconds: Int64 = 45_000
  /// Bytes waiting to be sent to one client at most: a client that does not
  /// read is dropped.
  public var queuedBytes = 262_144
  /// Hellos with no seat's secret one address may send before it is ignored for `penaltyMilliseconds`.
  public var wrongHellos = 10
  /// How long an address that guessed too often is ignored.
  public var penaltyMilliseconds: Int64 = 60_000
  /// Messages a phone may send a second at most (a tap is one); beyond, it is dropped.
  public var messagesPerSecond = 20

  public init() {}
}

/// The phones' server.
public final class PhoneServer: @unchecked Sendable {
  /// The port the server listens on.
  public let port: UInt16
  /// The addresses it listens on.
  public let addresses: [String]
  /// The only hosts a phone's page may come from: this server's own
  /// addresses and port (`host:port`), as the links name them.
  private let hosts: Set<String>
  /// Readable while events wait for `takeEvents`: the run loop polls it with the keyboard.
  public var eventDescriptor: Int32 { eventPipe.read }

  private let limits: PhoneLimits
  private let lock = Lock()
  // Shared with the server's thread, under `lock`:
  private var events: [PhoneEvent] = []
  private var commands: [Command] = []
  private var stopped = false
  // The server thread's own:
  private var listeners: [Int32]
  private var connections: [Int32: Connection] = [:]
  /// Connections accepted so far (each one's `order`).
  private var accepted = 0
  private var links: SeatLinks
  private var views: [Int: [UInt8]] = [:]
  private var page: [UInt8]
  private var penalties: [String: (count: Int, until: Int64, last: Int64)] = [:]
  private let wakePipe: (read: Int32, write: Int32)
  private let eventPipe: (read: Int32, write: Int32)
  private var thread: pthread_t?

  private enum Command {
    case send(seat: Int, text: [UInt8])
    case renew(seat: Int, secret: SeatSecret)
    case page([UInt8])
  }

  /// Starts listening on `addresses` (a port the OS gives when `port` is 0;
  /// every address on the same port) and serving `page` to every link.
  public init(
    addresses: [String], port: UInt16 = 0, page: [UInt8], secrets: [SeatSecret], owners: [String?] = [],
    limits: PhoneLimits = PhoneLimits()
  ) throws(PhoneServerError) {
    guard !addresses.isEmpty else { throw .noNetwork }
    var listeners: [Int32] = []
    var port = port
    for address in addresses {
      switch Self.listen(on: address, port: port) {
      case .success(let (descriptor, bound)):
        listeners.append(descriptor)
        port = bound
      case .failure(let error):
        for descriptor in listeners { close(descriptor) }
        throw error
      }
    }
    guard let wake = Self.makePipe(), let event = Self.makePipe() else {
      for descriptor in listeners { close(descriptor) }
      throw .cannotStart
    }
    self.port = port
    self.addresses = addresses
    self.hosts = Set(addresses.map { "\($0):\(port)" })
    self.listeners = listeners
    self.limits = limits
    self.page = page
    self.links = SeatLinks(secrets: secrets, owners: owners)
    self.wakePipe = wake
    self.eventPipe = event
    let box = Unmanaged.passRetained(self)
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        let server = Unmanaged<PhoneServer>.fromOpaque(argument).takeRetainedValue()
        server.serve()
        return nil
      }, box.toOpaque())
    guard started == 0 else {
      box.release()
      for descriptor in listeners + [wake.read, wake.write, event.read, event.write] { close(descriptor) }
      throw .cannotStart
    }
    self.thread = thread
  }

  deinit {
    // The wake pipe too: `stop` and the commands write to it until the end.
    for descriptor in [eventPipe.read, eventPipe.write, wakePipe.read, wakePipe.write] { close(descriptor) }
  }

  // MARK: The run loop's side

  /// The events since the last call, in order.
  public func takeEvents() -> [PhoneEvent] {
    lock.locked {
      var byte: UInt8 = 0
      while read(eventPipe.read, &byte, 1) == 1 {}
      defer { events = [] }
      return events
    }
  }

  /// What `seat`'s phone shows from now on (a JSON text): sent now if the
  /// phone is connected, and again whenever it connects.
  public func send(_ text: String, to seat: Int) { command(.send(seat: seat, text: Array(text.utf8))) }

  /// A new link for `seat`: the old one stops working and its phone is let go.
  public func renew(_ seat: Int, secret: SeatSecret) { command(.renew(seat: seat, secret: secret)) }

  /// The page served from now on (the laptop's language changed).
  public func setPage(_ page: [UInt8]) { command(.page(page)) }

  /// Closes every connection and the listeners, and waits for the thread.
  public func stop() {
    let first = lock.locked {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    wake()
    if let thread { pthread_join(thread, nil) }
    thread = nil
  }

  private func command(_ command: Command) {
    lock.locked { commands.append(command) }
    wake()
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakePipe.write, &byte, 1)
  }

  private func emit(_ event: PhoneEvent) {
    lock.locked { events.append(event) }
    var byte: UInt8 = 1
    _ = write(eventPipe.write, &byte, 1)
  }

  // MARK: The server's thread

  private func serve() {
    while !lock.locked({ stopped }) {
      let now = Self.milliseconds()
      var descriptors = [pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
      descriptors += listeners.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let open = Array(connections.keys)
      for descriptor in open {
        let connection = connections[descriptor]!
        let events = Int16(POLLIN) | (connection.output.isEmpty ? 0 : Int16(POLLOUT))
        descriptors.append(pollfd(fd: descriptor, events: events, revents: 0))
      }
      let wait = connections.values.map { max(0, $0.nextDeadline(limits) - now) }.min() ?? 60_000
      let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(wait, 60_000)))
      if ready < 0 {
        // Interrupted, or out of resources for a moment: try again shortly.
        if errno != EINTR { usleep(10_000) }
        continue
      }
      let after = Self.milliseconds()
      if descriptors[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakePipe.read, &buffer, buffer.count) > 0 {}
        runCommands(now: after)
      }
      for (index, listener) in listeners.enumerated() where descriptors[1 + index].revents & Int16(POLLIN) != 0 {
        accept(from: listener, now: after)
      }
      for polled in descriptors.dropFirst(1 + listeners.count) where polled.revents != 0 {
        service(polled.fd, revents: polled.revents, now: after)
      }
      expire(now: after)
    }
    for descriptor in Array(connections.keys) { drop(descriptor) }
    for descriptor in listeners { close(descriptor) }
    listeners = []
  }

  private func runCommands(now: Int64) {
    let pending = lock.locked {
      defer { commands = [] }
      return commands
    }
    for command in pending {
      switch command {
      case .send(let seat, let text):
        views[seat] = text
        for (descriptor, connection) in connections where connection.seat == seat && !connection.closing {
          queue(Frame.encode(.text, text), on: descriptor)
        }
      case .renew(let seat, let secret):
        links.renew(seat, secret: secret)
        for (descriptor, connection) in connections where connection.seat == seat {
          closeSocket(descriptor, code: 4001)
        }
      case .page(let bytes):
        page = bytes
      }
    }
  }

  private func accept(from listener: Int32, now: Int64) {
    while true {
      var storage = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let descriptor = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
      }
      guard descriptor >= 0 else { return }
      Self.makeNonBlocking(descriptor)
      let peer = Self.host(of: storage)
      let penalized = (penalties[peer]?.until ?? 0) > now
      // An address at its limit makes room by losing its oldest connection
      // that has not yet sent its request: a browser opens spare sockets
      // ahead of need and leaves them idle. Neither a phone's WebSocket nor
      // a connection still being sent its page is taken for a newcomer; with
      // none to lose, the newcomer is refused.
      let fromPeer = connections.filter { $0.value.peer == peer }
      let waiting = fromPeer.filter { $0.value.stage == .request && $0.value.output.isEmpty && !$0.value.closing }
      if fromPeer.count >= limits.connectionsPerAddress && !penalized,
        let idle = waiting.min(by: { $0.value.order < $1.value.order })?.key
      {
        drop(idle)
      }
      if connections.count >= limits.connections && !penalized { makeRoom(for: peer) }
      let stillFromPeer = connections.values.filter { $0.peer == peer }.count
      if connections.count >= limits.connections || stillFromPeer >= limits.connectionsPerAddress || penalized {
        close(descriptor)
        continue
      }
      var one: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      accepted += 1
      connections[descriptor] = Connection(peer: peer, opened: now, order: accepted)
    }
  }

  /// With every connection taken, a newcomer takes the place of the oldest
  /// connection that has not yet said who it is (a request not yet sent,
  /// or a socket with no hello) from the address that holds the most such
  /// connections, if that address holds more than the newcomer's does. A
  /// phone that has said its seat's hello, and a page being sent, are never
  /// taken; so a few addresses holding half-sent requests cannot keep a
  /// new phone out, and they only take turns among themselves.
  private func makeRoom(for peer: String) {
    let unnamed = connections.filter { _, connection in
      connection.seat == nil && !connection.closing && connection.output.isEmpty
    }
    var held: [String: Int] = [:]
    for connection in unnamed.values { held[connection.peer, default: 0] += 1 }
    guard let busiest = held.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }), busiest.value > held[peer, default: 0],
      let oldest = unnamed.filter({ $0.value.peer == busiest.key }).min(by: { $0.value.order < $1.value.order })?.key
    else { return }
    drop(oldest)
  }

  private func service(_ descriptor: Int32, revents: Int16, now: Int64) {
    guard connections[descriptor] != nil else { return }
    if revents & Int16(POLLOUT) != 0 { flush(descriptor) }
    guard connections[descriptor] != nil else { return }
    if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      var buffer = [UInt8](repeating: 0, count: 4_096)
      let count = read(descriptor, &buffer, buffer.count)
      if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
        drop(descriptor)
        return
      }
      guard count > 0 else { return }
      // A connection on its way out only waits to be closed: what it sends is dropped.
      guard !connections[descriptor]!.closing else { return }
      connections[descriptor]!.input += buffer[0..<count]
      connections[descriptor]!.heard = now
      process(descriptor, now: now)
      // Never more left waiting than one head or one frame can take (what is
      // too long is answered by `process`; this is the backstop).
      if let connection = connections[descriptor], !connection.closing, connection.input.count > Connection.maximumInput {
        drop(descriptor)
      }
    }
  }

  /// Acts on what a connection has sent so far.
  private func process(_ descriptor: Int32, now: Int64) {
    while let connection = connections[descriptor], !connection.closing, !connection.input.isEmpty {
      switch connection.stage {
      case .request:
        switch RequestHead.read(connection.input[...]) {
        case .incomplete:
          return
        case .tooLarge:
          respond(descriptor, status: "431 Request Header Fields Too Large")
          return
        case .malformed:
          respond(descriptor, status: "400 Bad Request")
          return
        case .complete(let head, let length):
          connections[descriptor]!.input.removeFirst(length)
          route(head, on: descriptor, now: now)
        }
      case .socket:
        switch Frame.read(connection.input[...]) {
        case .incomplete:
          return
        case .refused(let code):
          closeSocket(descriptor, code: code)
          return
        case .complete(let frame, let length):
          connections[descriptor]!.input.removeFirst(length)
          receive(frame, on: descriptor, now: now)
        }
      }
    }
  }

  /// Answers a request: the page for any seat's link, the WebSocket's upgrade, or nothing else.
  private func route(_ head: RequestHead, on descriptor: Int32, now: Int64) {
    guard head.method == "GET" else {
      respond(descriptor, status: "405 Method Not Allowed")
      return
    }
    if head.target == "/ws" {
      upgrade(head, on: descriptor, now: now)
      return
    }
    // A seat's link: the same page whatever the letters (the secret is
    // checked by the WebSocket's hello), so a wrong link learns nothing here.
    let path = head.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 3, parts[1] == "S", parts[2].utf8.count == SeatSecret.length {
      respond(descriptor, status: "200 OK", type: "text/html; charset=utf-8", body: page)
    } else {
      respond(descriptor, status: "404 Not Found")
    }
  }

  private func upgrade(_ head: RequestHead, on descriptor: Int32, now: Int64) {
    // Only a page of this server may open the socket: the request's Host
    // and its Origin are this server's own address and port, so another
    // site a phone visits cannot, not even under a name that resolves here
    // (DNS rebinding: its Origin would be its own name).
    guard head.header("upgrade", contains: "websocket"), head.header("connection", contains: "upgrade"),
      head.headers["sec-websocket-version"] == "13", let key = head.headers["sec-websocket-key"],
      key.utf8.count == 24, let host = head.headers["host"], hosts.contains(host),
      head.headers["origin"] == "http://" + host
    else {
      respond(descriptor, status: "400 Bad Request")
      return
    }
    let response =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Accept: \(webSocketAccept(key: key))\r\n\r\n"
    queue(Array(response.utf8), on: descriptor)
    connections[descriptor]?.stage = .socket
    connections[descriptor]?.upgraded = now
  }

  private func receive(_ frame: Frame, on descriptor: Int32, now: Int64) {
    guard let connection = connections[descriptor] else { return }
    // A flood of frames (messages, pings, anything) is cut, not queued behind the table's.
    let second = now / 1_000
    if connection.second != second {
      connections[descriptor]!.second = second
      connections[descriptor]!.messages = 0
    }
    connections[descriptor]!.messages += 1
    guard connections[descriptor]!.messages <= limits.messagesPerSecond else {
      closeSocket(descriptor, code: 1008)
      return
    }
    switch frame.kind {
    case .ping:
      queue(Frame.encode(.pong, frame.payload), on: descriptor)
    case .pong:
      break
    case .close:
      closeSocket(descriptor, code: 1000)
    case .binary, .continuation:
      closeSocket(descriptor, code: 1003)
    case .text:
      guard let text = String(validating: frame.payload, as: UTF8.self) else {
        closeSocket(descriptor, code: 1007)
        return
      }
      guard let seat = connection.seat else {
        hello(text, on: descriptor, now: now)
        return
      }
      emit(.message(seat: seat, text: text))
    }
  }

  /// The word a phone's first message starts with (the page takes it from
  /// `PhoneMessage.Word.hello`; a test holds the two equal).
  public static let helloWord = "HELLO"

  /// The first message on a socket: `HELLO <secret> <device>`.
  private func hello(_ text: String, on descriptor: Int32, now: Int64) {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    let reply: PhoneEvent?
    if words.count == 3, words[0] == Self.helloWord {
      switch links.hello(secret: Array(words[1].utf8), device: Array(words[2].utf8)) {
      case .accepted(let seat, _):
        // The same phone again (a new page, or after a sleep): the older
        // socket goes, once this one holds the seat (so the seat is never
        // without a phone in between).
        connections[descriptor]?.seat = seat
        for (other, connection) in connections where other != descriptor && connection.seat == seat {
          closeSocket(other, code: 4002)
        }
        queue(Frame.encode(.text, Array(#"{"welcome":true}"#.utf8)), on: descriptor)
        if let view = views[seat] { queue(Frame.encode(.text, view), on: descriptor) }
        reply = .joined(seat: seat, device: String(words[2]))
      case .refused(let seat):
        closeSocket(descriptor, code: 4003)
        reply = .refused(seat: seat)
      case .unknown:
        reply = nil
      }
    } else {
      reply = nil
    }
    guard let reply else {
      // A guess: counted against the address, and the socket closed.
      let peer = connections[descriptor]?.peer ?? ""
      var penalty = penalties[peer] ?? (0, 0, now)
      // Wrong hellos long apart are forgiven: only a run of them counts.
      if now - penalty.last > limits.penaltyMilliseconds { penalty.count = 0 }
      penalty.count += 1
      penalty.last = now
      if penalty.count >= limits.wrongHellos {
        penalty = (0, now + limits.penaltyMilliseconds, now)
        for (other, connection) in connections where connection.peer == peer { drop(other) }
      }
      if penalties.count > 1_024 { penalties = penalties.filter { $0.value.until > now } }
      penalties[peer] = penalty
      closeSocket(descriptor, code: 4004)
      return
    }
    emit(reply)
  }

  /// Closes connections that let their time pass, and pings quiet phones.
  private func expire(now: Int64) {
    for (descriptor, connection) in connections {
      switch connection.stage {
      case .request:
        if now - connection.opened >= limits.headMilliseconds { drop(descriptor) }
      case .socket:
        if connection.closing {
          if now - connection.closingSince >= 2_000 { drop(descriptor) }
        } else if connection.seat == nil {
          if now - connection.upgraded >= limits.helloMilliseconds { closeSocket(descriptor, code: 4004) }
        } else if now - connection.heard >= limits.idleMilliseconds {
          drop(descriptor)
        } else if now - max(connection.heard, connection.pinged) >= limits.pingMilliseconds {
          connections[descriptor]!.pinged = now
          queue(Frame.encode(.ping, []), on: descriptor)
        }
      }
    }
  }

  private func respond(_ descriptor: Int32, status: String, type: String? = nil, body: [UInt8] = []) {
    var head = "HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
    head += "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nX-Content-Type-Options: nosniff\r\n"
    head += "X-Frame-Options: DENY\r\n"
    if let type {
      head += "Content-Type: \(type)\r\n"
      head += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
      head += "connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'\r\n"
    }
    queue(Array((head + "\r\n").utf8) + body, on: descriptor)
    connections[descriptor]?.closing = true
    connections[descriptor]?.closingSince = Self.milliseconds()
    if connections[descriptor]?.output.isEmpty == true { drop(descriptor) }
  }

  /// Sends a close frame and closes once it is out (or after a short wait).
  private func closeSocket(_ descriptor: Int32, code: UInt16) {
    guard let connection = connections[descriptor], !connection.closing else { return }
    queue(Frame.encode(.close, [UInt8(code >> 8), UInt8(code & 0xFF)]), on: descriptor)
    connections[descriptor]?.closing = true
    connections[descriptor]?.closingSince = Self.milliseconds()
    if connections[descriptor]?.output.isEmpty == true { drop(descriptor) }
  }

  private func queue(_ bytes: [UInt8], on descriptor: Int32) {
    // Nothing more for a connection on its way out (its last bytes are queued before it is marked).
    guard let connection = connections[descriptor], !connection.closing else { return }
    connections[descriptor]!.output += bytes
    if connections[descriptor]!.output.count > limits.queuedBytes {
      drop(descriptor)
      return
    }
    flush(descriptor)
  }

  private func flush(_ descriptor: Int32) {
    guard let connection = connections[descriptor], !connection.output.isEmpty else { return }
    let sent = connection.output.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if sent < 0 {
      if errno != EAGAIN && errno != EINTR { drop(descriptor) }
      return
    }
    connections[descriptor]!.output.removeFirst(sent)
    if connections[descriptor]!.output.isEmpty && connections[descriptor]!.closing {
      if connections[descriptor]!.stage == .request {
        drop(descriptor)
      } else {
        shutdown(descriptor, Int32(SHUT_WR))
      }
    }
  }

  private func drop(_ descriptor: Int32) {
    guard let connection = connections.removeValue(forKey: descriptor) else { return }
    close(descriptor)
    if let seat = connection.seat, !connections.values.contains(where: { $0.seat == seat }) {
      emit(.left(seat: seat))
    }
  }

  // MARK: Sockets

  private static func listen(on address: String, port: UInt16) -> Result<(Int32, UInt16), PhoneServerError> {
    let isV6 = address.contains(":")
    let descriptor = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return .failure(.cannotListen(address: address, errno: errno)) }
    makeNonBlocking(descriptor)
    var one: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var bound: Int32
    if isV6 {
      setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
      var socketAddress = sockaddr_in6()
      socketAddress.sin6_family = sa_family_t(AF_INET6)
      socketAddress.sin6_port = port.bigEndian
      guard inet_pton(AF_INET6, address, &socketAddress.sin6_addr) == 1 else {
        close(descriptor)
        return .failure(.cannotListen(address: address, errno: EINVAL))
      }
      bound = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
      }
    } else {
      var socketAddress = sockaddr_in()
      socketAddress.sin_family = sa_family_t(AF_INET)
      socketAddress.sin_port = port.bigEndian
      guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else {
        close(descriptor)
        return .failure(.cannotListen(address: address, errno: EINVAL))
      }
      bound = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
    }
    guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
      let error = errno
      close(descriptor)
      return .failure(.cannotListen(address: address, errno: error))
    }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    let actual: UInt16 =
      isV6
      ? withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } }
      : withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } }
    return .success((descriptor, actual))
  }

  /// A peer's address as text (IPv4 dotted, IPv6 colons).
  private static func host(of storage: sockaddr_storage) -> String {
    var storage = storage
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    if Int32(storage.ss_family) == AF_INET6 {
      withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
          var address = pointer.pointee.sin6_addr
          _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
        }
      }
    } else {
      withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
          var address = pointer.pointee.sin_addr
          _ = inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
        }
      }
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { makeNonBlocking(end) }
    return (ends[0], ends[1])
  }

  /// Non-blocking, and not inherited by the voice's processes.
  private static func makeNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }

  static func milliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
  }
}

/// One client's connection, as the server's thread keeps it.
private struct Connection {
  enum Stage: Equatable { case request, socket }

  let peer: String
  let opened: Int64
  /// Its place among the connections accepted (the oldest is lowest).
  let order: Int
  var stage = Stage.request
  var input: [UInt8] = []
  var output: [UInt8] = []
  /// The seat, once the socket said a right hello.
  var seat: Int?
  var heard: Int64
  var pinged: Int64 = 0
  var upgraded: Int64 = 0
  var closing = false
  /// When the connection started closing.
  var closingSince: Int64 = 0
  var second: Int64 = 0
  var messages = 0

  /// The most bytes read and not yet taken: a whole head or a whole frame with its header.
  static let maximumInput = RequestHead.maximumBytes + Frame.maximumPayload + 16

  init(peer: String, opened: Int64, order: Int) {
    self.peer = peer
    self.opened = opened
    self.order = order
    self.heard = opened
  }

  /// When the server next has to look at this connection.
  func nextDeadline(_ limits: PhoneLimits) -> Int64 {
    switch stage {
    case .request: return opened + limits.headMilliseconds
    case .socket:
      if closing { return closingSince + 2_000 }
      if seat == nil { return upgraded + limits.helloMilliseconds }
      return min(heard + limits.idleMilliseconds, max(heard, pinged) + limits.pingMilliseconds)
    }
  }
}

/// A mutex (the standard library's `Mutex` needs a newer deployment target on some systems).
final class Lock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}
