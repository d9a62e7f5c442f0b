#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import PareaApp
import PareaRules
import Synchronization

/// Measures the roles page's odds on a thread of its own, so that no key
/// waits for them: random games of the set (`BalanceRun`), a batch at a
/// time, the first result after `firstResult` milliseconds, then one every
/// `every`, until `longest` or `mostGames`. A new set (or none) stops the
/// measuring of the one before at its next batch; the run loop takes the
/// newest result at each turn (`take`).
final class OddsWorker: Sendable {
  /// The first result, in milliseconds of measuring: on the page within
  /// 300 ms of the change that asked for it (the run loop turns every 100 ms).
  static let firstResult: Int64 = 100
  /// Then a result every this many milliseconds, the margin narrowing.
  static let every: Int64 = 250
  /// The measuring stops after this many milliseconds…
  static let longest: Int64 = 2_000
  /// …or this many games.
  static let mostGames = 20_000
  /// Games between two looks at whether the set is still wanted (a few milliseconds).
  static let batch = 20

  private struct Shared {
    /// The measuring wanted now; any other stops.
    var wanted = 0
    /// The newest result of the measuring wanted, not yet taken.
    var latest: OddsResult?
  }

  private let shared = Mutex(Shared())
  private let registry: GameRegistry

  init(registry: GameRegistry) { self.registry = registry }

  /// Starts measuring `request`, stopping whatever was being measured.
  func start(_ request: OddsRequest) {
    let generation = shared.withLock { shared in
      shared.wanted += 1
      shared.latest = nil
      return shared.wanted
    }
    guard let rules = request.rules(in: registry) else { return }
    let job = Job(worker: self, request: request, rules: rules, generation: generation)
    let box = Unmanaged.passRetained(job)
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        Unmanaged<Job>.fromOpaque(argument).takeRetainedValue().run()
        return nil
      }, box.toOpaque())
    if started == 0 { pthread_detach(thread) } else { box.release() }
  }

  /// Stops measuring.
  func stop() {
    shared.withLock { shared in
      shared.wanted += 1
      shared.latest = nil
    }
  }

  /// The newest result not yet taken, if any.
  func take() -> OddsResult? {
    shared.withLock { shared in
      defer { shared.latest = nil }
      return shared.latest
    }
  }

  fileprivate func isWanted(_ generation: Int) -> Bool { shared.withLock { $0.wanted == generation } }

  fileprivate func publish(_ result: OddsResult, generation: Int) {
    shared.withLock { shared in
      if shared.wanted == generation { shared.latest = result }
    }
  }

  /// One measuring, on its thread.
  private final class Job: @unchecked Sendable {
    let worker: OddsWorker
    let request: OddsRequest
    let rules: any GameType
    let generation: Int

    init(worker: OddsWorker, request: OddsRequest, rules: any GameType, generation: Int) {
      self.worker = worker
      self.request = request
      self.rules = rules
      self.generation = generation
    }

    func run() {
      // The same set gives the same numbers: the seed is the set's own.
      var seed: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in request.roles.map(\.rawValue).joined(separator: ",").utf8 {
        seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3
      }
      var games = BalanceRun(
        rules, setup: Setup(roles: request.roles), players: request.roles.count, house: request.dealt, seed: seed)
      let start = monotonicMilliseconds()
      var next = start + OddsWorker.firstResult
      while worker.isWanted(generation) {
        let before = games.report.games
        games.play(OddsWorker.batch)
        let now = monotonicMilliseconds()
        let done =
          games.report.games == before || now - start >= OddsWorker.longest || games.report.games >= OddsWorker.mostGames
        if now >= next || done {
          let result = OddsResult(
            request: request, report: games.report, milliseconds: Int(now - start), finished: done)
          worker.publish(result, generation: generation)
          next = now + OddsWorker.every
        }
        if done { return }
      }
    }
  }
}
