import PareaLocale
import PareaRules

/// The words of one language, as the screens ask for them.
public protocol Wording: Sendable {
  /// The text for `key` with its `{placeholders}` filled from `args`.
  func text(_ key: String, _ args: [String: String]) -> String
  /// `key.one` or `key.other` for `count`, with `{count}` filled.
  func plural(_ key: String, count: Int) -> String
  /// `text` in capitals as the language writes titles (Greek drops its accents).
  func upper(_ text: String) -> String
}

/// What a screen needs to put words on the canvas: the current language's wording.
struct Words {
  let wording: any Wording

  /// The text for a key, with placeholders.
  func callAsFunction(_ key: String, _ args: [String: String] = [:]) -> String {
    wording.text(key, args)
  }

  /// A counted phrase ("3 citizens").
  func plural(_ key: String, _ count: Int) -> String { wording.plural(key, count: count) }

  /// Title capitals.
  func upper(_ text: String) -> String { wording.upper(text) }

  func gameName(_ id: GameID) -> String { self("game.\(id).name") }
  func roleName(_ id: RoleID) -> String { self("role.\(id).name") }
  func sideName(_ id: SideID) -> String { self("side.\(id).name") }
  func locationName(_ id: LocationID) -> String { self("location.\(id).name") }
  func locationRole(_ id: LocationID, _ index: Int) -> String {
    // A dealt index, or a saved one under `Seat.locationRoleLimit` (checked when
    // the game is read): + 1 cannot overflow.
    self("location.\(id).role.\(index + 1)")
  }
}

extension Catalog: Wording {
  /// The counted phrase for `count`.
  public func plural(_ key: String, count: Int) -> String {
    plural(key, count: count, [:])
  }
}
