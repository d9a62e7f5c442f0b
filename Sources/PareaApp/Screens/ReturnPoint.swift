/// A screen to go back to (boxed, since screens may contain screens).
public struct ReturnPoint: Hashable, Sendable {
  private let boxed: [Screen]
  /// Remembers `screen`.
  public init(_ screen: Screen) { boxed = [screen] }
  /// The remembered screen.
  public var screen: Screen { boxed[0] }
}
