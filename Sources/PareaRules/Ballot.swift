// The day's vote cast on the phones (a dealt house rule, `PhoneVote`): each
// living player picks whom they vote out, or nobody, and confirms it;
// `Ballot` gathers the votes, and the table records the count as it records
// a count of hands (`VoteResult(hands:)`), so that a tie and its rule stay
// as they are. Each seat's part of it is its `BallotTask`.

/// How the day's vote is cast when the cards are on the players' phones.
public enum PhoneVote: String, Hashable, Codable, Sendable, CaseIterable {
  /// Hands are raised at the table, as without phones.
  case off
  /// Each player votes on their phone; the laptop shows how many votes each
  /// player has, never who cast them.
  case secret
  /// Each player votes on their phone; the laptop shows the count and who
  /// voted for whom.
  case open
}

/// One player's vote.
public enum BallotChoice: Hashable, Sendable {
  /// Vote this seat out.
  case seat(Int)
  /// Vote nobody out today.
  case nobody
}

/// The votes cast on the phones at the vote awaiting now: each living
/// seat's pick, and whether it is confirmed (then it is cast and cannot
/// change). Not saved: a resumed vote is cast again.
///
/// Every living seat votes the same way, whatever its role, from the same
/// list: the vote's candidates (the living, or the tied in a revote) and nobody.
public struct Ballot: Hashable, Sendable {
  /// The round of the day these votes belong to.
  public private(set) var round: Int?
  /// How many ties the day had before this vote (a revote follows a tie).
  public private(set) var ties: Int?
  /// Each seat's current pick.
  public private(set) var selected: [Int: BallotChoice]
  /// The seats whose vote is cast.
  public private(set) var confirmed: Set<Int>

  /// No votes.
  public init() {
    round = nil
    ties = nil
    selected = [:]
    confirmed = []
  }

  /// Whether the table votes on the phones now: the narration is at the vote
  /// and the game was dealt with a vote on the phones.
  public static func isOpen(table: Table, narration: Narration) -> Bool {
    narration.stage == .vote && table.options.dealt.phoneVote != .off
  }

  /// Whether these are the votes of the vote awaiting now.
  func belongs(to table: Table) -> Bool { round == table.round && ties == table.tiesToday }

  /// These votes when they are still the vote awaiting now; otherwise none
  /// (the vote was recorded, taken back, or a revote began).
  public func following(table: Table, narration: Narration) -> Ballot {
    Self.isOpen(table: table, narration: narration) && belongs(to: table) ? self : Ballot()
  }

  /// Starts afresh when the vote awaiting is another.
  private mutating func follow(_ table: Table) {
    if !belongs(to: table) { self = Ballot() }
    round = table.round
    ties = table.tiesToday
  }

  /// The seat picks `choice` (it may change its mind until it confirms).
  public mutating func select(
    _ choice: BallotChoice, by seat: Int, table: Table, narration: Narration
  ) throws(NightPicks.Refusal) {
    guard let task = BallotTask(seat: seat, table: table, narration: narration, ballot: self) else { throw .noTask }
    guard !task.confirmed else { throw .alreadyConfirmed }
    if case .seat(let target) = choice, !task.candidates.contains(target) { throw .notACandidate }
    follow(table)
    selected[seat] = choice
  }

  /// The seat casts its vote: its pick, confirmed.
  public mutating func confirm(by seat: Int, table: Table, narration: Narration) throws(NightPicks.Refusal) {
    guard let task = BallotTask(seat: seat, table: table, narration: narration, ballot: self) else { throw .noTask }
    guard !task.confirmed else { throw .alreadyConfirmed }
    guard task.pick != nil else { throw .nothingPicked }
    follow(table)
    confirmed.insert(seat)
  }

  /// Whether every living seat has cast its vote.
  public func isComplete(table: Table, narration: Narration) -> Bool {
    Self.isOpen(table: table, narration: narration) && belongs(to: table)
      && table.alive.allSatisfy(confirmed.contains)
  }

  /// The living seats whose vote is not cast yet, in seating order.
  public func waiting(table: Table, narration: Narration) -> [Int] {
    let cast = Self.isOpen(table: table, narration: narration) && belongs(to: table) ? confirmed : []
    return table.alive.filter { !cast.contains($0) }
  }

  /// The cast votes, voter by voter in seating order.
  public func votes(table: Table, narration: Narration) -> [(voter: Int, choice: BallotChoice)] {
    guard Self.isOpen(table: table, narration: narration), belongs(to: table) else { return [] }
    return table.alive.compactMap { voter in
      confirmed.contains(voter) ? selected[voter].map { (voter, $0) } : nil
    }
  }

  /// The cast votes each candidate has, in the order of the vote's
  /// candidates (`Narration.candidates`): a count of hands.
  public func hands(table: Table, narration: Narration) -> [Int] {
    let cast = votes(table: table, narration: narration)
    return narration.candidates(on: table).map { candidate in
      cast.filter { $0.choice == .seat(candidate) }.count
    }
  }
}

/// What one living seat does on its phone at the vote: the same task for
/// every seat, whatever its role.
public struct BallotTask: Hashable, Sendable {
  /// The round of the day.
  public let round: Int
  /// How many ties the day had before this vote (a revote follows a tie).
  public let ties: Int
  /// The players one may vote out, in seating order (nobody may be voted too).
  public let candidates: [Int]
  /// This seat's pick, if any.
  public let pick: BallotChoice?
  /// Whether this seat's vote is cast.
  public let confirmed: Bool
  /// Whether the ballot is open (the laptop shows who voted for whom).
  public let open: Bool

  /// The seat's task at the vote, or nil when there is no vote on the
  /// phones now or the seat is out.
  public init?(seat: Int, table: Table, narration: Narration, ballot: Ballot) {
    guard Ballot.isOpen(table: table, narration: narration), table.seats.indices.contains(seat),
      table.seats[seat].isAlive
    else { return nil }
    let mine = ballot.belongs(to: table) ? ballot : Ballot()
    round = table.round
    ties = table.tiesToday
    candidates = narration.candidates(on: table)
    pick = mine.selected[seat]
    confirmed = mine.confirmed.contains(seat)
    open = table.options.dealt.phoneVote == .open
  }

  /// What the table could make out of the task: all of it but whom it names.
  public var outline: Outline {
    Outline(round: round, ties: ties, candidates: candidates, picked: pick != nil, confirmed: confirmed, open: open)
  }

  /// The part of a ballot task anyone may see.
  public struct Outline: Hashable, Sendable {
    public let round: Int
    public let ties: Int
    public let candidates: [Int]
    public let picked: Bool
    public let confirmed: Bool
    public let open: Bool
  }
}
