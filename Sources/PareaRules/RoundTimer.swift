/// A countdown for a timed round (Spy's questions, Palermo's day). Time comes
/// in from outside as ticks of a monotonic clock, so the reducer stays pure.
public struct RoundTimer: Hashable, Codable, Sendable {
  /// The round's length in seconds.
  public var duration: Int
  /// What is left, in milliseconds.
  public var remaining: Int
  /// Whether it is counting down.
  public var running: Bool
  /// The clock reading of the last tick while running.
  public var lastTick: Int64?

  /// A stopped timer of `minutes`.
  public init(minutes: Int) {
    duration = minutes * 60
    remaining = duration * 1000
    running = false
    lastTick = nil
  }

  /// How often a running timer's time left is saved, in milliseconds: a
  /// restart (the terminal closed by accident) loses at most this much.
  public static let saveEvery = 10_000

  /// Whether the time left went from `before` to `after` across a multiple of `saveEvery`.
  public static func crossesSave(from before: Int, to after: Int) -> Bool {
    after < before && (before - 1) / saveEvery != (after - 1) / saveEvery
  }

  /// Whether the value could be a round's timer: a length the table allows
  /// (1 to 60 minutes) and a time left within it.
  public var isValid: Bool {
    (60...3600).contains(duration) && (0...duration * 1000).contains(remaining)
  }

  /// The timer as a restart finds it: its time left, paused (the clock it
  /// ran on was the last run's, and the time Parea was closed is not the round's).
  public var resumed: RoundTimer {
    var timer = self
    timer.running = false
    timer.lastTick = nil
    return timer
  }

  /// Whether the time has run out.
  public var expired: Bool { remaining <= 0 }

  /// "07:59", rounded up so that it shows 00:00 only when the time is over.
  public var display: String { Self.display(milliseconds: remaining) }

  /// "07:59" for a time left in milliseconds, rounded up.
  public static func display(milliseconds: Int) -> String {
    let seconds = (max(0, milliseconds) + 999) / 1000
    let minutes = seconds / 60
    let rest = seconds % 60
    return (minutes < 10 ? "0" : "") + String(minutes) + ":" + (rest < 10 ? "0" : "") + String(rest)
  }

  /// Advances to `now`; returns true when this tick ran the time out.
  public mutating func tick(now: Int64) -> Bool {
    guard running else { return false }
    if let lastTick { remaining -= Int(max(0, now - lastTick)) }
    lastTick = now
    guard remaining <= 0 else { return false }
    remaining = 0
    running = false
    lastTick = nil
    return true
  }

  /// Starts or pauses; a finished timer starts again from the top.
  public mutating func toggle() {
    if running {
      running = false
      lastTick = nil
    } else {
      if expired { remaining = duration * 1000 }
      running = true
    }
  }

  /// Changes the length by whole minutes (1 to 60) and starts from the top.
  public mutating func adjust(minutes: Int) {
    duration = max(60, min(3600, duration + minutes * 60))
    remaining = duration * 1000
    running = false
    lastTick = nil
  }
}
