/// The game types Parea ships, in menu order.
public enum GameRegistry {
  /// Every game, in the order the home screen lists them.
  public static let all: [any GameType] = [Palermo(), Spy(), Killer()]

  /// The game with the given identifier, if Parea has it.
  public static func game(_ id: GameID) -> (any GameType)? { all.first { $0.id == id } }
}
