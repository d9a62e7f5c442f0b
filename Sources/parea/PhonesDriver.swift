import PareaApp
import PareaLocale
import PareaPhones
import PareaRules

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The phones' server, kept in line with the app by the run loop: started
/// when the game in play wants phones (`AppState.wantsPhones`), stopped when
/// it no longer does and on every way out; its events become app actions,
/// and each seat's view goes to its phone when it changes. Nothing of it
/// runs, and no socket is opened, while phones are off.
@MainActor
final class PhonesDriver {
  private var server: PhoneServer?
  /// The secrets the server was started with, in seating order.
  private var served: [String] = []
  /// What each seat's phone was last sent, and what it was made from.
  private var cache = PhoneViewCache()
  private var page = ""
  /// When the server last failed to start, so that it is tried again only now and then.
  private var failedAt: Int64?

  /// Where the server's events wake the run loop, while it runs.
  var descriptor: Int32? { server?.eventDescriptor }

  /// Starts, stops and feeds the server as the app's state says; returns the
  /// effects of what the phones reported.
  func sync(_ app: inout some Interactive, now: Int64) -> [Effect] {
    var effects: [Effect] = []
    guard app.state.wantsPhones, let table = app.state.table else {
      if server != nil {
        stop()
        effects += app.send(.phones(.stopped))
      }
      failedAt = nil
      return effects
    }
    // One link a seat, drawn from the OS's random source.
    if app.state.session?.phones?.secrets.count != table.seats.count {
      effects += app.send(.phones(.linksMade(table.seats.map { _ in SeatSecret.random().text })))
    }
    guard let links = app.state.session?.phones else { return effects }
    if let server, links.secrets != served {
      if links.secrets.count == served.count {
        // A new game with as many seats, or a seat's new link: the server follows.
        for seat in links.secrets.indices where links.secrets[seat] != served[seat] {
          if let secret = SeatSecret(links.secrets[seat]) { server.renew(seat, secret: secret) }
          cache.forget(seat)
        }
        served = links.secrets
      } else {
        // Another game with another number of seats: its phones start afresh.
        stop()
        effects += app.send(.phones(.stopped))
      }
    }
    if server == nil {
      if let failedAt, now - failedAt < 5_000 { return effects }
      effects += start(links, app: &app, now: now)
    }
    guard let server else { return effects }
    for event in server.takeEvents() {
      switch event {
      case .joined(let seat, let device): effects += app.send(.phones(.joined(seat: seat, device: device)))
      case .left(let seat): effects += app.send(.phones(.left(seat: seat)))
      case .refused(let seat): effects += app.send(.phones(.refused(seat: seat)))
      case .message(let seat, let text): effects += app.send(.phones(.message(seat: seat, text: text)))
      }
    }
    return effects
  }

  /// Sends each seat's view if the game, the language or the phones'
  /// state changed. Called after the frame is drawn (`afterFrame`: one was
  /// drawn in this pass): making twenty views costs more than drawing, and
  /// the laptop's screen comes first.
  func sendViews(_ app: some Interactive, afterFrame: Bool) {
    guard let server else { return }
    // Nothing is made when nothing a phone shows can have changed; then
    // only the views of the seats a change reached (`PhoneViewCache`).
    if cache.isCurrent(with: app) { return }
    // The frame just written reaches the terminal through the kernel's
    // tty work, which runs on this CPU: a short sleep lets it go before
    // the views are made (measured in `make bench`: without it a key's
    // frame arrived about 1 ms later, the time twenty views take).
    if afterFrame { usleep(200) }
    let update = cache.update(app)
    if update.everySeat {
      let newPage = app.phonePage()
      if newPage != page {
        page = newPage
        server.setPage(Array(page.utf8))
      }
    }
    for (seat, view) in update.changed.sorted(by: { $0.key < $1.key }) {
      server.send(view, to: seat)
    }
  }

  private func start(_ links: PhoneLinks, app: inout some Interactive, now: Int64) -> [Effect] {
    let addresses = Self.addresses()
    let secrets = links.secrets.compactMap(SeatSecret.init)
    page = app.phonePage()
    do {
      // The port the phones knew, so that their pages find the laptop again
      // after a restart; another when it is taken.
      let wanted = Self.port() ?? links.port.map(UInt16.init) ?? 0
      let server: PhoneServer
      do {
        server = try PhoneServer(
          addresses: addresses, port: wanted, page: Array(page.utf8), secrets: secrets, owners: links.devices)
      } catch .cannotListen(_, let number) where number == EADDRINUSE && wanted != 0 && Self.port() == nil {
        server = try PhoneServer(
          addresses: addresses, port: 0, page: Array(page.utf8), secrets: secrets, owners: links.devices)
      }
      self.server = server
      served = links.secrets
      cache.forgetAll()
      failedAt = nil
      return app.send(.phones(.listening(base: "HTTP://\(addresses[0]):\(server.port)", port: Int(server.port))))
    } catch {
      failedAt = now
      switch error {
      case .noNetwork: return app.send(.phones(.unavailable(.noNetwork)))
      case .cannotListen(_, let number): return app.send(.phones(.unavailable(.cannotListen(number))))
      case .cannotStart: return app.send(.phones(.unavailable(.cannotListen(0))))
      }
    }
  }

  /// A new link for `seat`.
  func renew(_ seat: Int, app: inout some Interactive) -> [Effect] {
    guard server != nil else { return [] }
    // The server follows at the next sync, when the session holds the new secret.
    return app.send(.phones(.renewed(seat: seat, secret: SeatSecret.random().text)))
  }

  /// Ends every phone's session.
  func stop() {
    server?.stop()
    server = nil
    served = []
    cache.forgetAll()
  }

  /// The addresses to listen on: `PAREA_PHONES_ADDRESS` (a comma-separated
  /// list; the tests' loopback), or the machine's LAN addresses.
  private static func addresses() -> [String] {
    if let given = getenv("PAREA_PHONES_ADDRESS").map({ String(cString: $0) }), !given.isEmpty {
      return given.split(separator: ",").map(String.init)
    }
    return LocalNetwork.addresses()
  }

  /// The port `PAREA_PHONES_PORT` asks for, if any.
  private static func port() -> UInt16? {
    getenv("PAREA_PHONES_PORT").flatMap { UInt16(String(cString: $0)) }
  }
}
