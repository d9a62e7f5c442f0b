import PareaCanvas
import PareaLocale
import PareaRules
import Testing

@testable import PareaApp

/// Drives an `App` one step at a time and checks each step whole, in the
/// spirit of TCA's `TestStore`: every step states how the state changes and
/// which effects come out, and anything else that changed (or did not) fails
/// the test with the difference printed field by field.
///
///     var store = TestStore(makeApp())
///     store.send(.home(.move(-1))) { $0.screen = .home(HomeScreen(selection: 4)) }
///     store.press(.enter, effects: [.savePlayers(names)]) { $0.screen = .setup(SetupScreen()) }
///
/// Steps that only set a situation up go to `app` directly and are not checked.
struct TestStore {
  /// The app under test. Sending to it directly is an unchecked step (setting up).
  var app: App

  /// Wraps an app in the state it is in.
  init(_ app: App) { self.app = app }

  /// The current state.
  var state: AppState { app.state }

  /// Sends `action`, then requires that the state is the state before with
  /// `change` applied and that the effects
  /// are exactly `effects`.
  mutating func send(
    _ action: Action, effects: [Effect] = [], _ change: (inout AppState) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    var expected = app.state
    try change(&expected)
    let actual = app.send(action)
    check("send(\(describe(action)))", expected: expected, effects: effects, actual: actual, sourceLocation)
  }

  /// Sends `action` and requires that the state stays as it was and the
  /// effects are exactly `effects`.
  mutating func send(
    _ action: Action, effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    send(action, effects: effects, { _ in }, sourceLocation: sourceLocation)
  }

  /// Presses `key` and requires that the state stays as it was and the
  /// effects are exactly `effects`.
  mutating func press(
    _ key: Key, effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    press(key, effects: effects, { _ in }, sourceLocation: sourceLocation)
  }

  /// Presses `key` (as `App.handle`, with no tick first), then checks the step as `send` does.
  mutating func press(
    _ key: Key, effects: [Effect] = [], _ change: (inout AppState) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    var expected = app.state
    try change(&expected)
    let actual = app.handle(key)
    check("press(\(describe(key)))", expected: expected, effects: effects, actual: actual, sourceLocation)
  }

  /// Lets the clock reach `now` (`App.tick`), then checks the step as `send` does.
  mutating func tick(
    now: Int64, effects: [Effect] = [], _ change: (inout AppState) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    var expected = app.state
    try change(&expected)
    let actual = app.tick(now: now)
    check("tick(now: \(now))", expected: expected, effects: effects, actual: actual, sourceLocation)
  }

  private func check(
    _ step: String, expected: AppState, effects: [Effect], actual: [Effect], _ sourceLocation: SourceLocation
  ) {
    var problems: [String] = []
    if app.state != expected {
      problems.append("the state is not the one expected (- expected, + actual):")
      problems += StateDifference.lines(expected, app.state).map { "  " + $0 }
    }
    if actual != effects {
      problems.append("the effects are not the ones expected:")
      problems.append("  - \(describe(effects))")
      problems.append("  + \(describe(actual))")
    }
    if !problems.isEmpty {
      // A step with a whole saved game in it would fill the screen: its start says which it is.
      let step = step.count <= 100 ? step : step.prefix(99) + "…"
      Issue.record(
        Comment(rawValue: "After \(step), " + problems.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
  }
}

/// The difference between two values of one type, as lines a person can read:
/// one line per field that differs, named by its path from the top
/// (`session.table.seats[3].death`), with the expected and the actual value.
enum StateDifference {
  /// The fields that differ between `expected` and `actual`; empty when they are equal.
  static func lines<Value>(_ expected: Value, _ actual: Value) -> [String] {
    var lines: [String] = []
    walk(expected, actual, path: "", into: &lines)
    // Nothing differs field by field (a custom `==`, a reference): show the
    // dumps' differing lines instead, so a failure never comes without a reason.
    if lines.isEmpty, !equal(expected, actual) { lines = dumpDifference(expected, actual) }
    return lines
  }

  /// Whether two values are equal, when they can be compared at all.
  private static func equal(_ left: Any, _ right: Any) -> Bool {
    guard let left = left as? AnyHashable, let right = right as? AnyHashable else { return false }
    return left == right
  }

  private static func walk(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
    if equal(expected, actual) { return }
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    if left.displayStyle == .optional || right.displayStyle == .optional {
      switch (unwrapped(expected), unwrapped(actual)) {
      case (nil, nil): return
      case (let left?, let right?): walk(left, right, path: path, into: &lines)
      default: leaf(expected, actual, path: path, into: &lines)
      }
      return
    }
    guard type(of: expected) == type(of: actual) else {
      return leaf(expected, actual, path: path, into: &lines)
    }
    switch left.displayStyle {
    case .struct? where left.children.count == 1 && expected is any CustomStringConvertible:
      // A wrapper that prints as its one field (an identifier): the value is the leaf.
      leaf(expected, actual, path: path, into: &lines)
    case .struct?, .class?, .tuple?:
      let pairs = Array(zip(left.children, right.children))
      guard !pairs.isEmpty, left.children.count == right.children.count else {
        return leaf(expected, actual, path: path, into: &lines)
      }
      let before = lines.count
      for (index, (one, other)) in pairs.enumerated() {
        walk(one.value, other.value, path: join(path, label(one.label, index)), into: &lines)
      }
      if lines.count == before { leaf(expected, actual, path: path, into: &lines) }
    case .enum?:
      // The same case with a payload: compare the payloads; otherwise the whole value.
      guard let one = left.children.first, let other = right.children.first, one.label == other.label else {
        return leaf(expected, actual, path: path, into: &lines)
      }
      let before = lines.count
      walk(one.value, other.value, path: join(path, one.label ?? "?"), into: &lines)
      if lines.count == before { leaf(expected, actual, path: path, into: &lines) }
    case .collection?:
      let one = left.children.map(\.value)
      let other = right.children.map(\.value)
      for index in 0..<max(one.count, other.count) {
        let path = path + "[\(index)]"
        switch (index < one.count ? one[index] : nil, index < other.count ? other[index] : nil) {
        case (let left?, let right?): walk(left, right, path: path, into: &lines)
        case (let left?, nil): lines.append("\(path): - \(describe(left)), + (none: \(other.count) in all)")
        case (nil, let right?): lines.append("\(path): - (none: \(one.count) in all), + \(describe(right))")
        case (nil, nil): break
        }
      }
    case .dictionary?:
      let one = entries(left)
      let other = entries(right)
      for key in Set(one.keys).union(other.keys).sorted() {
        let path = path + "[\(key)]"
        switch (one[key], other[key]) {
        case (let left?, let right?): walk(left, right, path: path, into: &lines)
        case (let left?, nil): lines.append("\(path): - \(describe(left)), + (none)")
        case (nil, let right?): lines.append("\(path): - (none), + \(describe(right))")
        case (nil, nil): break
        }
      }
    case .set?:
      let one = Set(left.children.map { describe($0.value) })
      let other = Set(right.children.map { describe($0.value) })
      let missing = one.subtracting(other).sorted()
      let extra = other.subtracting(one).sorted()
      lines.append(
        "\(path.isEmpty ? "(the value)" : path): "
          + [missing.isEmpty ? nil : "- \(missing.joined(separator: ", "))",
             extra.isEmpty ? nil : "+ \(extra.joined(separator: ", "))"].compactMap { $0 }.joined(separator: ", "))
    default:
      leaf(expected, actual, path: path, into: &lines)
    }
  }

  /// One differing value: on one line when short, else each side on its own lines.
  private static func leaf(_ expected: Any, _ actual: Any, path: String, into lines: inout [String]) {
    let name = path.isEmpty ? "(the value)" : path
    let one = describe(expected)
    let other = describe(actual)
    if one.count + other.count <= 100 {
      lines.append("\(name): - \(one), + \(other)")
    } else {
      lines.append("\(name):")
      lines.append("  - \(one)")
      lines.append("  + \(other)")
    }
  }

  private static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.map { unwrapped($0.value) } ?? nil
  }

  private static func entries(_ mirror: Mirror) -> [String: Any] {
    var entries: [String: Any] = [:]
    for pair in mirror.children {
      let parts = Mirror(reflecting: pair.value).children.map(\.value)
      if parts.count == 2 { entries[describe(parts[0])] = parts[1] }
    }
    return entries
  }

  private static func label(_ label: String?, _ index: Int) -> String {
    guard let label, !label.hasPrefix(".") else { return String(index) }
    return label
  }

  private static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? name : path + "." + name
  }

  /// The lines of the two dumps that differ, with two lines of context (a last resort).
  static func dumpDifference(_ expected: Any, _ actual: Any) -> [String] {
    var one = "", other = ""
    dump(expected, to: &one)
    dump(actual, to: &other)
    let left = one.split(separator: "\n").map(String.init)
    let right = other.split(separator: "\n").map(String.init)
    // Longest common subsequence, then the edits with context around them.
    var common = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
    for i in stride(from: left.count - 1, through: 0, by: -1) {
      for j in stride(from: right.count - 1, through: 0, by: -1) {
        common[i][j] = left[i] == right[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var edits: [(mark: Character, line: String)] = []
    var i = 0, j = 0
    while i < left.count || j < right.count {
      if i < left.count, j < right.count, left[i] == right[j] {
        edits.append((" ", left[i])); i += 1; j += 1
      } else if j < right.count, i == left.count || common[i][j + 1] >= common[i + 1][j] {
        edits.append(("+", right[j])); j += 1
      } else {
        edits.append(("-", left[i])); i += 1
      }
    }
    let changed = edits.indices.filter { edits[$0].mark != " " }
    guard !changed.isEmpty else { return ["the values differ but their dumps are the same"] }
    let shown = Set(changed.flatMap { max(0, $0 - 2)...min(edits.count - 1, $0 + 2) })
    var lines: [String] = []
    for index in shown.sorted() {
      if let last = lines.last, last != "…", !shown.contains(index - 1) { lines.append("…") }
      lines.append("\(edits[index].mark) \(edits[index].line)")
    }
    return lines
  }
}

/// A value as a short line of Swift-like text: `.cause(seat: 3)`,
/// `TableScreen(mode: .main, selection: 0)`, `"Anna"`, `nil`.
func describe(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .optional?:
    return mirror.children.first.map { describe($0.value) } ?? "nil"
  case .enum?:
    guard let payload = mirror.children.first else { return "." + String(describing: value) }
    let inner = Mirror(reflecting: payload.value)
    let arguments = inner.displayStyle == .tuple ? fields(inner) : describe(payload.value)
    return ".\(payload.label ?? "?")(\(arguments))"
  case .struct?, .class?:
    if let text = value as? any CustomStringConvertible, !(value is any Collection) {
      return String(reflecting: text.description)
    }
    return "\(type(of: value))(\(fields(mirror)))"
  case .tuple?:
    return "(\(fields(mirror)))"
  case .collection?:
    return "[" + mirror.children.map { describe($0.value) }.joined(separator: ", ") + "]"
  case .set?:
    return "Set([" + mirror.children.map { describe($0.value) }.sorted().joined(separator: ", ") + "])"
  case .dictionary?:
    let pairs = mirror.children.map { pair -> String in
      let parts = Mirror(reflecting: pair.value).children.map { describe($0.value) }
      return parts.joined(separator: ": ")
    }
    return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
  default:
    if let text = value as? String { return String(reflecting: text) }
    if let character = value as? Character { return String(reflecting: character) }
    return String(describing: value)
  }
}

/// `label: value, …` for a mirror's children (unlabelled tuple elements without a label).
private func fields(_ mirror: Mirror) -> String {
  mirror.children.map { child in
    guard let label = child.label, !label.hasPrefix(".") else { return describe(child.value) }
    return "\(label): \(describe(child.value))"
  }.joined(separator: ", ")
}
