import FoundationEssentials
import PareaRules

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parea's saved data: settings, the last players' names and the game in
/// progress, as plain JSON files written atomically.
///
/// Reading never fails: a missing file gives the default, a bad or unreadable
/// one is renamed aside (kept, never deleted, never written over), gives the
/// default and is reported.
/// Writing throws a `StoreError`; the store remembers which folders failed so
/// the user is told once, not at every save.
public struct Store: Sendable {
  /// Where the files go.
  public let paths: StorePaths
  /// The games a saved game may be of (the app's registry).
  public var registry: GameRegistry = .standard
  /// The Spy locations a saved game may be at (built in and the user's
  /// packs), asked for only when a saved game names a location; nil leaves
  /// the places unchecked.
  public var knownLocations: (@Sendable () -> [Location])?
  /// Seconds since 1970, for the names of files set aside.
  let clock: @Sendable () -> Int
  /// Part of the temporary files' names.
  let processID: Int32
  /// Reading only: nothing is written, renamed or removed (no set-aside of a
  /// bad file, no cleaning of temporaries), and every save is refused
  /// quietly (the user was told once). For a Parea without a working lock,
  /// which must not write what another copy may be writing.
  public var isReadOnly = false
  /// Folders (and files) the user has been told cannot be written ("" for
  /// "no folder at all").
  private var reported: Set<String> = []
  /// Files that could not be read nor moved aside: left where they are, and
  /// never written over while they are there.
  private var leftInPlace: Set<String> = []

  /// A store for the given folders; `clock` gives seconds since 1970 (UTC).
  public init(paths: StorePaths, clock: @escaping @Sendable () -> Int = { Int(time(nil)) }) {
    self.paths = paths
    self.clock = clock
    self.processID = getpid()
  }

  /// A store in the folders the environment names (see `StorePaths.init(environment:)`).
  public init(environment: [String: String]) {
    self.init(paths: StorePaths(environment: environment))
  }

  // MARK: Loading

  /// The saved settings, or the defaults.
  public mutating func loadSettings() -> Loaded<Settings> {
    let result = load(
      Settings.self, from: paths.settingsFile, version: Settings.currentVersion,
      isValid: { _ in true })
    return Loaded(value: result.value ?? Settings(), problems: result.problems)
  }

  /// The names of the last players (for the quick picks), or none. Names that
  /// could not be typed in (controls, too wide, duplicates) are dropped quietly.
  public mutating func loadPlayers() -> Loaded<[String]> {
    let result = load(
      PlayersFile.self, from: paths.playersFile, version: PlayersFile.currentVersion,
      isValid: { _ in true })
    return Loaded(value: SavedNames.usable(result.value?.names ?? []), problems: result.problems)
  }

  /// The game session in play (or a scored session between rounds), or nil.
  /// A game that decodes but makes no sense (`SavedGame.isValid` is false, or
  /// a name holds control characters) is treated as corrupt.
  public mutating func loadGame() -> Loaded<GameSession?> {
    let result = load(
      SavedGame.self, from: paths.gameFile, version: SavedGame.currentVersion,
      registry: registry,
      isValid: { [registry] in $0.isValid(in: registry) && $0.session.names.allSatisfy(SavedNames.isDrawable) })
    // A place no pack has (or a role past its list) would show raw keys: the
    // file is set aside with a notice that names the likely cause, a pack
    // taken away (put back, the kept file can be renamed and resumed).
    if let session = result.value?.session, let file = paths.gameFile, let knownLocations,
      !session.placesAreKnown(among: knownLocations())
    {
      return Loaded(value: nil, problems: [.unknownPlace(file: file, keptAs: setAsideOrKeep(file))])
    }
    return Loaded(value: result.value?.session, problems: result.problems)
  }

  /// Which game is in progress and with how many players, read without the
  /// rest of `game.json`, for the first screen; nil when there is no file or
  /// no summary the home screen could offer. Touches nothing on disk:
  /// `loadGame()` reads, checks and, if need be, sets the file aside later.
  public func peekGame() -> GameSession.Summary? {
    guard let file = paths.gameFile, case .bytes(let bytes) = DiskFile.contents(of: file),
      case .success(let summary) = Self.decode(
        SavedGameSummary.self, from: bytes, version: SavedGame.currentVersion, registry: registry,
        isValid: { [registry] in $0.isPlausible(in: registry) })
    else { return nil }
    return summary.summary
  }

  /// The saved settings if they can be read and used as they are, nil
  /// otherwise; touches nothing on disk (a bad file is set aside by
  /// `loadSettings()`, by the Parea that holds the lock). For the line
  /// printed, in the user's language, while waiting for another Parea.
  public func peekSettings() -> Settings? {
    guard let file = paths.settingsFile, case .bytes(let bytes) = DiskFile.contents(of: file),
      case .success(let settings) = Self.decode(
        Settings.self, from: bytes, version: Settings.currentVersion, isValid: { _ in true })
    else { return nil }
    return settings
  }

  // MARK: Saving

  /// Saves the settings.
  public mutating func save(_ settings: Settings) throws(StoreError) {
    try write(settings, to: paths.settingsFile, folder: paths.configFolder)
  }

  /// Saves the names of the players of the game being set up.
  public mutating func savePlayers(_ names: [String]) throws(StoreError) {
    try write(
      PlayersFile(version: PlayersFile.currentVersion, names: names), to: paths.playersFile,
      folder: paths.stateFolder)
  }

  /// Saves the game session in play; nil (no game, or the game is over) deletes the file.
  public mutating func saveGame(_ session: GameSession?) throws(StoreError) {
    if isReadOnly { throw StoreError(folder: paths.stateFolder, reason: .readOnly, alreadyReported: true) }
    guard let session else {
      // No folder means no file to delete: that is not a failure.
      guard let file = paths.gameFile, let folder = paths.stateFolder else { return }
      // What is there could not be read: it is no game of ours to delete.
      if isLeftInPlace(file) { return }
      // A link stays, for the next game: what it leads to is removed (if
      // it leads nowhere, there is nothing to remove).
      if let target = DiskFile.linkTarget(of: file), target != file, !DiskFile.isPresent(target) {
        return
      }
      let target = try destination(of: file, folder: folder)
      do throws(DiskFile.Failure) {
        try DiskFile.remove(target)
      } catch {
        let failedFolder = target == file ? folder : DiskFile.split(target).folder
        throw failed(folder: failedFolder, reason: error.reason)
      }
      return
    }
    try write(SavedGame(session), to: paths.gameFile, folder: paths.stateFolder)
  }

  // MARK: Steps

  /// What reading one file gave: the value (nil for the default) and the problems.
  struct Read<Value> {
    var value: Value?
    var problems: [StoreProblem] = []
  }

  /// Reads, checks and decodes one file; a bad file is set aside and reported.
  mutating func load<Value: VersionedFile>(
    _ type: Value.Type, from file: String?, version current: Int,
    registry: GameRegistry = .standard, isValid: (Value) -> Bool
  ) -> Read<Value> {
    guard let file else { return Read(value: nil, problems: nowhereProblem()) }
    if !isReadOnly { DiskFile.removeStaleTemporaries(of: file, ownProcessID: processID) }
    if !isReadOnly, let target = DiskFile.linkTarget(of: file), target != file,
      DiskFile.mayWriteThrough(to: target)
    {
      DiskFile.removeStaleTemporaries(of: target, ownProcessID: processID)
    }
    let bytes: [UInt8]
    switch DiskFile.contents(of: file) {
    case .missing: return Read(value: nil)
    case .unreadable:
      // Never written over: moved aside like a damaged file (a rename moves a
      // link itself, never what it leads to, and works on a FIFO or a file
      // without permissions), or, where even that fails, left where it is
      // and remembered, so that no save replaces it.
      return Read(value: nil, problems: [.unreadable(file: file, keptAs: setAsideOrKeep(file))])
    case .bytes(let read): bytes = read
    }
    switch Self.decode(type, from: bytes, version: current, registry: registry, isValid: isValid) {
    case .success(let value):
      return Read(value: value)
    case .failure(.future(let version)):
      let keptAs = setAsideOrKeep(file)
      return Read(
        value: nil, problems: [.futureVersion(file: file, version: version, keptAs: keptAs)])
    case .failure(.corrupt):
      let keptAs = setAsideOrKeep(file)
      return Read(value: nil, problems: [.corrupt(file: file, keptAs: keptAs)])
    }
  }

  /// Moves a file that could not be used out of the way; where even that
  /// fails, it is left where it is and remembered, so that no save replaces it.
  /// Returns where it was kept, or nil.
  private mutating func setAsideOrKeep(_ file: String) -> String? {
    // Reading only, a bad file stays where it is, and is never written over.
    let keptAs = isReadOnly ? nil : DiskFile.setAside(file, at: clock())
    if keptAs == nil, DiskFile.isPresent(file) { leftInPlace.insert(file) }
    return keptAs
  }

  /// Why bytes are not a usable value.
  enum DecodeFailure: Error, Equatable {
    /// Empty, not UTF-8, not JSON, the wrong shape, an old or impossible version, or not valid.
    case corrupt
    /// A version newer than this build knows.
    case future(version: Int)
  }

  /// The value in `bytes`: UTF-8 JSON whose `version` this build reads and whose content `isValid`.
  static func decode<Value: VersionedFile>(
    _ type: Value.Type, from bytes: [UInt8], version current: Int,
    registry: GameRegistry = .standard, isValid: (Value) -> Bool
  ) -> Result<Value, DecodeFailure> {
    // We only ever write UTF-8; refusing anything else up front also keeps the
    // decoder from guessing UTF-16 from a stray byte-order mark.
    guard !bytes.isEmpty, String(validating: bytes, as: UTF8.self) != nil else {
      return .failure(.corrupt)
    }
    // Plain JSON of the current version, read without JSONDecoder (whose
    // first use is dear: `PlainJSON`); anything else, JSONDecoder judges.
    if let value = try? PlainJSON.decode(type, from: bytes, userInfo: [GameRegistry.userInfoKey: registry]),
      value.version == current
    {
      return isValid(value) ? .success(value) : .failure(.corrupt)
    }
    let data = Data(bytes)
    let decoder = JSONDecoder()
    // A table names its game by id: the registry finds the game (a test's, too).
    decoder.userInfo[GameRegistry.userInfoKey] = registry
    // The whole value first: that is what a good file needs, and each type the
    // decoder meets costs the Swift runtime a look-up on first use (start-up
    // reads these files before the first frame).
    let version: Int
    if let value = try? decoder.decode(type, from: data) {
      if value.version == current { return isValid(value) ? .success(value) : .failure(.corrupt) }
      version = value.version
    } else {
      // The shape did not match: a newer version may have changed it, and is
      // reported as such rather than as damage.
      guard let read = try? decoder.decode(VersionOnly.self, from: data).version else {
        return .failure(.corrupt)
      }
      version = read
    }
    return .failure(version > current ? .future(version: version) : .corrupt)
  }

  /// Encodes and writes one file atomically, creating its folder if needed.
  mutating func write(_ value: some Encodable, to file: String?, folder: String?) throws(StoreError)
  {
    try write(bytes: Self.encode(value), to: file, folder: folder)
  }

  /// Writes `bytes` to one file atomically, creating its folder if needed.
  mutating func write(bytes: [UInt8], to file: String?, folder: String?) throws(StoreError) {
    if isReadOnly { throw StoreError(folder: folder, reason: .readOnly, alreadyReported: true) }
    guard let file, let folder else { throw failed(folder: nil, reason: .nowhere) }
    if isLeftInPlace(file) { throw failed(folder: folder, reason: .inTheWay, file: file) }
    do throws(DiskFile.Failure) {
      try DiskFile.makeFolders(folder)
    } catch {
      throw failed(folder: folder, reason: error.reason)
    }
    let target = try destination(of: file, folder: folder)
    let targetFolder = DiskFile.split(target).folder
    do throws(DiskFile.Failure) {
      try DiskFile.atomicWrite(bytes, to: target, processID: processID)
    } catch {
      throw failed(folder: target == file ? folder : targetFolder, reason: error.reason)
    }
  }

  /// The file a save of `file` writes: `file` itself or, when it is a
  /// symbolic link (a dotfile manager's), where its links lead, so that the
  /// link stays a link (the temporary file then goes beside the target, and
  /// is renamed onto it). A link to a place Parea does not write (see
  /// `DiskFile.mayWriteThrough`) is refused, once, and left as it is.
  private mutating func destination(of file: String, folder: String) throws(StoreError) -> String {
    guard let target = DiskFile.linkTarget(of: file) else {
      throw failed(folder: folder, reason: .linkElsewhere, file: file)
    }
    guard target == file || DiskFile.mayWriteThrough(to: target) else {
      throw failed(folder: folder, reason: .linkElsewhere, file: file)
    }
    return target
  }

  /// Pretty-printed JSON with sorted keys and a final newline: stable diffs, readable by a person.
  static func encode(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Our values are plain structs, arrays, strings and numbers: encoding cannot fail.
    guard let data = try? encoder.encode(value) else { return [] }
    return Array(data) + [UInt8(ascii: "\n")]
  }

  /// Whether `file` is something that could not be read nor moved aside and
  /// is still there. Once it is gone (the user moved it), it is forgotten.
  private mutating func isLeftInPlace(_ file: String) -> Bool {
    guard leftInPlace.contains(file) else { return false }
    if DiskFile.isPresent(file) { return true }
    leftInPlace.remove(file)
    return false
  }

  /// The error for a failed save, remembering the folder (or, for a problem
  /// of one file, the file) so the user hears of it once.
  private mutating func failed(folder: String?, reason: StoreError.Reason, file: String? = nil)
    -> StoreError
  {
    let (inserted, _) = reported.insert(file ?? folder ?? "")
    return StoreError(folder: folder, reason: reason, alreadyReported: !inserted, file: file)
  }

  /// `.nowhereToSave` the first time a file has no folder, then nothing.
  private mutating func nowhereProblem() -> [StoreProblem] {
    failed(folder: nil, reason: .nowhere).problem.map { [$0] } ?? []
  }
}

/// Just the `version` of any of our files.
private struct VersionOnly: Decodable {
  var version: Int
}

/// A file's value: it says which version of its format it was written with.
protocol VersionedFile: Decodable {
  var version: Int { get }
}

extension Settings: VersionedFile {}
extension PlayersFile: VersionedFile {}
extension SavedGame: VersionedFile {}
extension SavedGameSummary: VersionedFile {}

/// `players.json`: `{"names": […], "version": 1}`.
struct PlayersFile: Codable, Equatable {
  static let currentVersion = 1
  var version: Int
  var names: [String]
}
