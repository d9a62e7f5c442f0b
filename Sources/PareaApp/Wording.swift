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
  /// Whether the tables have `key` (a game's own words for a shared line, `GameKeys.Line`).
  func has(_ key: String) -> Bool
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

  func gameName(_ id: GameID) -> String { self(GameKeys.name(id)) }
  func roleName(_ id: RoleID) -> String { self(GameKeys.roleName(id)) }
  func sideName(_ id: SideID) -> String { self(GameKeys.sideName(id)) }
  func locationName(_ id: LocationID) -> String { self(AppKeys.locationName(id)) }
  func locationRole(_ id: LocationID, _ index: Int) -> String {
    // A dealt index, or a saved one under `Seat.locationRoleLimit` (checked when
    // the game is read): + 1 cannot overflow.
    self(AppKeys.locationRole(id, index))
  }
}

extension Catalog: Wording {
  /// Whether the tables have `key` (in the current language, or in English).
  public func has(_ key: String) -> Bool { lookup(key) != nil }

  /// The counted phrase for `count`.
  public func plural(_ key: String, count: Int) -> String {
    plural(key, count: count, [:])
  }
}
