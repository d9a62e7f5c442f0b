import PareaRules
import PareaStrings

/// A key in the `location.` namespace, read as the Spy locations' scheme:
/// `location.<id>.name` and `location.<id>.role.<n>` with n from 1.
enum LocationKey: Hashable {
  case name(LocationID)
  case role(LocationID, number: Int)

  static let prefix = "location."

  /// Reads `key`; nil if it does not follow the scheme.
  init?(_ key: String) {
    // Most keys are not location keys: reject them before allocating anything.
    guard key.utf8.starts(with: Self.prefix.utf8) else { return nil }
    let rest = key.utf8.dropFirst(Self.prefix.utf8.count)
    guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), dot != rest.startIndex,
      rest[..<dot].allSatisfy(Self.isIDByte)
    else { return nil }
    let id = LocationID(String(Substring(key.utf8[rest.startIndex..<dot])))
    let tail = rest[rest.index(after: dot)...]
    if tail.elementsEqual("name".utf8) {
      self = .name(id)
      return
    }
    let role = "role.".utf8
    guard tail.starts(with: role) else { return nil }
    let digits = tail.dropFirst(role.count)
    guard let first = digits.first, first != UInt8(ascii: "0"), digits.count <= 6,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    self = .role(id, number: digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
  }

  var id: LocationID {
    switch self {
    case .name(let id), .role(let id, _): id
    }
  }

  static func name(of id: LocationID) -> String { "\(prefix)\(id.rawValue).name" }
  static func role(of id: LocationID, number: Int) -> String {
    "\(prefix)\(id.rawValue).role.\(number)"
  }

  /// Identifiers are ASCII letters, digits, `_` and `-`.
  private static func isIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}

/// Something wrong with the Spy location keys of a table or pack.
public enum LocationKeyProblem: Hashable, Sendable, CustomStringConvertible {
  /// A key that is not `location.<id>.name` or `location.<id>.role.<n>`.
  case notLocationKey(String)
  /// Roles without a `location.<id>.name`.
  case missingName(LocationID)
  /// A name without any `location.<id>.role.1`.
  case missingRoles(LocationID)
  /// Roles numbered past a gap: `location.<id>.role.<missing>` is absent.
  case roleGap(LocationID, missing: Int)

  /// The problem in words, for developers.
  public var description: String {
    switch self {
    case .notLocationKey(let key):
      "\"\(key)\" is not a location key (use location.<id>.name and location.<id>.role.<n>, n from 1)"
    case .missingName(let id): "location \"\(id)\" has roles but no location.\(id).name"
    case .missingRoles(let id): "location \"\(id)\" has no roles (location.\(id).role.1, .2, …)"
    case .roleGap(let id, let missing): "location \"\(id)\" skips location.\(id).role.\(missing)"
    }
  }

  /// Checks entries against the location scheme. With `onlyLocations`
  /// every key must be a location key (a user pack); otherwise only keys
  /// under `location.` are looked at. Returns each problem with its line.
  static func find(in entries: [StringsEntry], onlyLocations: Bool) -> [(line: Int, problem: Self)]
  {
    var problems: [(line: Int, problem: Self)] = []
    var firstLine: [LocationID: Int] = [:]
    var order: [LocationID] = []
    var hasName: Set<LocationID> = []
    var roles: [LocationID: [Int: Int]] = [:]  // number → line
    for entry in entries {
      guard let key = LocationKey(entry.key) else {
        if onlyLocations || entry.key.hasPrefix(LocationKey.prefix) {
          problems.append((entry.line, .notLocationKey(entry.key)))
        }
        continue
      }
      if firstLine[key.id] == nil {
        firstLine[key.id] = entry.line
        order.append(key.id)
      }
      switch key {
      case .name(let id): hasName.insert(id)
      case .role(let id, let number): roles[id, default: [:]][number] = entry.line
      }
    }
    for id in order {
      let line = firstLine[id] ?? 1
      if !hasName.contains(id) { problems.append((line, .missingName(id))) }
      let numbers = roles[id] ?? [:]
      if numbers.isEmpty {
        problems.append((line, .missingRoles(id)))
      } else if let highest = numbers.keys.max(), numbers.count != highest {
        let missing = (1...highest).first { numbers[$0] == nil } ?? 1
        let after = numbers.filter { $0.key > missing }.min { $0.key < $1.key }?.value ?? line
        problems.append((after, .roleGap(id, missing: missing)))
      }
    }
    // By line; problems on one line keep the order they were found in.
    return problems.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }
    .map(\.element)
  }
}

extension Catalog {
  /// The Spy locations in the tables (built-in and packs), sorted by their
  /// name in the current language; each counts its roles from
  /// `location.<id>.role.1` up to the first number missing in both the
  /// current language and English.
  public func locations() -> [Location] {
    if usesBuiltIn && overlay.isEmpty && replacedLocations.isEmpty {
      return Locales.builtInLocations(language)
    }
    return listLocations()
  }

  /// The locations, worked out from the keys.
  func listLocations() -> [Location] {
    var ids: Set<LocationID> = []
    for language in Set([language, .en]) {
      for key in keys(in: language) {
        if case .name(let id)? = LocationKey(key) { ids.insert(id) }
      }
    }
    let named = ids.map { id -> (location: Location, sortKey: String, name: String) in
      var count = 0
      while lookup(LocationKey.role(of: id, number: count + 1)) != nil { count += 1 }
      let name = locationName(id)
      return (Location(id: id, roleCount: count), Self.sortKey(name), name)
    }
    return named.sorted {
      ($0.sortKey, $0.name, $0.location.id.rawValue) < (
        $1.sortKey, $1.name, $1.location.id.rawValue
      )
    }.map(\.location)
  }

  /// The name of a location in the current language (falling back to English).
  public func locationName(_ id: LocationID) -> String {
    text(LocationKey.name(of: id))
  }

  /// A role at a location, by the index the rules library deals (from 0).
  public func locationRole(_ id: LocationID, index: Int) -> String {
    text(LocationKey.role(of: id, number: index + 1))
  }

  /// A key that sorts names alphabetically in Greek and English: capitals
  /// without accents or diaeresis, so ά sorts with α rather than before it.
  static func sortKey(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in Language.el.uppercase(name).unicodeScalars {
      switch scalar {
      case "Ϊ": scalars.append("Ι")
      case "Ϋ": scalars.append("Υ")
      case "\u{308}": continue
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}

extension Locales {
  /// The built-in locations in `language`'s order, worked out once per language.
  static func builtInLocations(_ language: Language) -> [Location] {
    switch language {
    case .en: englishLocations
    case .el: greekLocations
    }
  }

  private static let englishLocations = Catalog.builtIn(.en).listLocations()
  private static let greekLocations = Catalog.builtIn(.el).listLocations()
}
