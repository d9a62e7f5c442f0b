#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import PareaRules

// The decks folder: every `*.json` in it is a deck, whether Parea wrote it,
// `parea --import` copied it in, or the user dropped it there. A file that
// cannot be used is listed with what is wrong with it, and is never written
// over: saving a deck of the same name is refused until it is gone.

/// Why a deck was not imported.
public enum DeckImportProblem: Hashable, Sendable, Error {
  /// The file given cannot be read (missing, a folder, no permission).
  case cannotRead(file: String)
  /// The file given is not a deck Parea can use.
  case bad(file: String, DeckProblem)
  /// A deck of that name is already in the folder (different from this one);
  /// the file it is in is named, so that the user can rename or remove it.
  case nameTaken(name: String, file: String)
  /// Saving it failed.
  case cannotSave(StoreError)
}

extension Store {
  /// The most files of the decks folder read: a folder with more is a mistake.
  public static let maximumDeckFiles = 200

  /// Every deck file of the decks folder, by file name; none when there is
  /// no folder. Reads only.
  public func decks() -> [DeckEntry] {
    guard let folder = paths.decksFolder, let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name.hasSuffix(".json"), !name.hasPrefix("."), !name.contains(".tmp-") { names.append(name) }
    }
    return names.sorted().prefix(Self.maximumDeckFiles).map { name in
      let file = StorePaths.join(folder, name)
      return DeckEntry(file: file, deck: Self.readDeck(file))
    }
  }

  /// The deck in `file`, or what is wrong with it.
  public static func readDeck(_ file: String) -> Result<Deck, DeckProblem> {
    switch DiskFile.contents(of: file) {
    case .missing: return .failure(.unreadable)
    case .unreadable(let error): return .failure(error == EFBIG ? .tooLarge : .unreadable)
    case .bytes(let bytes): return DeckFile.decode(bytes)
    }
  }

  /// The file a deck named `name` is saved in: its name with what a file
  /// name cannot hold (a slash, a leading dot) replaced, and `.json`.
  public func deckFile(named name: String) -> String? {
    guard let folder = paths.decksFolder else { return nil }
    var safe = String(name.map { $0 == "/" || $0 == "\\" ? "_" : $0 })
    if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
    return StorePaths.join(folder, safe + ".json")
  }

  /// Saves `deck` in the decks folder, replacing the deck of the same name
  /// (compared as names are: `PlayerName.key`) in the file it is in, else in
  /// a file named after it (`deckFile(named:)`). Refused, changing nothing,
  /// when another deck's file or a file Parea cannot use is there.
  public mutating func save(_ deck: Deck) throws(StoreError) {
    guard let named = deckFile(named: deck.name), let folder = paths.decksFolder else {
      throw StoreError(folder: nil, reason: .nowhere, alreadyReported: false)
    }
    let key = PlayerName.key(deck.name)
    let same = decks().first { entry in
      guard case .success(let there) = entry.deck else { return false }
      return PlayerName.key(there.name) == key
    }
    let file = same?.file ?? named
    if same == nil, DiskFile.isPresent(file) {
      throw StoreError(folder: folder, reason: .inTheWay, alreadyReported: false, file: file)
    }
    try write(bytes: DeckFile.encode(deck), to: file, folder: folder)
  }

  /// Copies the deck in `file` into the decks folder. Changes nothing when
  /// the file is not a usable deck or another deck of its name is there; the
  /// same deck again is fine (nothing changes).
  public mutating func importDeck(from file: String) -> Result<Deck, DeckImportProblem> {
    let deck: Deck
    switch Self.readDeck(file) {
    case .failure(.unreadable): return .failure(.cannotRead(file: file))
    case .failure(let problem): return .failure(.bad(file: file, problem))
    case .success(let read): deck = read
    }
    let key = PlayerName.key(deck.name)
    for entry in decks() {
      guard case .success(let there) = entry.deck, PlayerName.key(there.name) == key else { continue }
      if there == deck { return .success(deck) }
      return .failure(.nameTaken(name: deck.name, file: entry.file))
    }
    do throws(StoreError) {
      try save(deck)
    } catch {
      if error.reason == .inTheWay, let there = deckFile(named: deck.name) {
        return .failure(.nameTaken(name: deck.name, file: there))
      }
      return .failure(.cannotSave(error))
    }
    return .success(deck)
  }
}
