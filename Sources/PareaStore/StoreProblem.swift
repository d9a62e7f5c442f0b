/// A value read from disk, and what went wrong reading it (for the app to show).
public struct Loaded<Value> {
  /// The value read, or the default when the file was missing or could not be used.
  public var value: Value
  /// What the user should be told; empty when all went well (a missing file is fine).
  public var problems: [StoreProblem]

  /// Creates a loaded value.
  public init(value: Value, problems: [StoreProblem] = []) {
    self.value = value
    self.problems = problems
  }
}

extension Loaded: Equatable where Value: Equatable {}
extension Loaded: Sendable where Value: Sendable {}

/// Something about the saved files the user should know. Paths are absolute;
/// `arguments` shortens them for display.
public enum StoreProblem: Hashable, Sendable {
  /// The file held something that is not a valid save (empty, cut short, not
  /// JSON, the wrong shape, a game that makes no sense). It was renamed to
  /// `keptAs` (nil if even that failed) and defaults are used.
  case corrupt(file: String, keptAs: String?)
  /// The file was written by a newer Parea (format `version`). It was renamed
  /// to `keptAs` (nil if that failed) and defaults are used.
  case futureVersion(file: String, version: Int, keptAs: String?)
  /// Something is where the file goes but cannot be read as a file of ours
  /// (no permission, a FIFO, a device, a link that loops, a folder, too big).
  /// It was renamed to `keptAs` and defaults are used. If it could not be
  /// moved (`keptAs` nil) it is left where it is and never written over:
  /// saving that file fails with `.inTheWay` until it is gone.
  case unreadable(file: String, keptAs: String?)
  /// The saved game is at a Spy location none of the known ones (built in or
  /// a pack) is, or gives a role past that location's list: most likely a
  /// pack was removed. It was renamed to `keptAs` (nil if that failed, and
  /// then left in place, never written over) and no game is resumed.
  case unknownPlace(file: String, keptAs: String?)
  /// The folder cannot be written, so what belongs in it will not be saved.
  case cannotSave(folder: String, reason: StoreError.Reason)
  /// This one file is not saved, for `reason` (`.inTheWay`, `.linkElsewhere`),
  /// and is left as it is.
  case cannotSaveFile(file: String, reason: StoreError.Reason)
  /// Neither `HOME` nor the XDG variables give a folder: nothing will be saved.
  case nowhereToSave

  /// The locale key of the problem; the words are `KEY.title` and `KEY.message`.
  public var key: String {
    switch self {
    case .corrupt(_, nil), .futureVersion(_, _, nil), .unknownPlace(_, nil): "store.notKept"
    case .corrupt: "store.corrupt"
    case .futureVersion: "store.futureVersion"
    case .unreadable(_, nil): "store.unreadableStays"
    case .unreadable: "store.unreadable"
    case .unknownPlace: "store.unknownPlace"
    case .cannotSave: "store.cannotSave"
    case .cannotSaveFile: "store.cannotSaveFile"
    case .nowhereToSave: "store.nowhereToSave"
    }
  }

  /// A placeholder value of a problem's message: text as it is, or a locale
  /// key (the reason inside "cannot save") that the app looks up when it draws.
  public enum Argument: Hashable, Sendable {
    /// Text shown as it is (a file name, a number).
    case text(String)
    /// A locale key.
    case key(String)
  }

  /// The placeholders of the message: `file` and `folder` (home shown as `~`),
  /// `keptAs` (the new name alone: the file sits beside the original),
  /// `version`, and `reason` (a locale key).
  public func arguments(paths: StorePaths) -> [String: Argument] {
    switch self {
    case .corrupt(let file, let keptAs):
      return Self.fileArguments(file, keptAs: keptAs, paths: paths)
    case .futureVersion(let file, let version, let keptAs):
      var arguments = Self.fileArguments(file, keptAs: keptAs, paths: paths)
      arguments["version"] = .text(String(version))
      return arguments
    case .unreadable(let file, let keptAs), .unknownPlace(let file, let keptAs):
      return Self.fileArguments(file, keptAs: keptAs, paths: paths)
    case .cannotSave(let folder, let reason):
      return ["folder": .text(paths.display(folder)), "reason": .key(reason.key)]
    case .cannotSaveFile(let file, let reason):
      return ["file": .text(paths.display(file)), "reason": .key(reason.key)]
    case .nowhereToSave:
      return [:]
    }
  }

  private static func fileArguments(_ file: String, keptAs: String?, paths: StorePaths)
    -> [String: Argument]
  {
    var arguments: [String: Argument] = ["file": .text(paths.display(file))]
    if let keptAs { arguments["keptAs"] = .text(String(keptAs.split(separator: "/").last ?? "")) }
    return arguments
  }
}

/// Why something could not be saved.
public struct StoreError: Error, Hashable, Sendable {
  /// What stands in the way.
  public enum Reason: Hashable, Sendable {
    /// There is no folder to save in (no `HOME`, no absolute XDG variable).
    case nowhere
    /// The folder (or the file) may not be written: permissions, a read-only disk.
    case readOnly
    /// No space left (or over quota).
    case diskFull
    /// Something that is not a folder stands where the folder should be (or a folder where the file should be).
    case notAFolder
    /// Any other failure, with the C `errno`.
    case other(errno: Int32)
    /// Something Parea could not read, nor move aside, stands where the file
    /// goes: it is not written over (see `StoreProblem.unreadable`).
    case inTheWay
    /// The file is a symbolic link to a place Parea does not write (a folder
    /// that is not the user's own or cannot be written, something other than
    /// a file, a chain of links that loops): it is not written through, and
    /// the link is left as it is.
    case linkElsewhere

    /// The locale key of the reason, used inside `store.cannotSave.message`
    /// (a folder's reasons) and `store.cannotSaveFile.message` (a file's).
    public var key: String {
      switch self {
      case .nowhere, .readOnly: "store.reason.readOnly"
      case .diskFull: "store.reason.diskFull"
      case .notAFolder: "store.reason.notAFolder"
      case .other: "store.reason.other"
      case .inTheWay: "store.reason.inTheWay"
      case .linkElsewhere: "store.reason.linkElsewhere"
      }
    }
  }

  /// The folder that could not be written, or nil when there is none.
  public var folder: String?
  /// The one file that was not saved, when the problem is that file alone
  /// (`.inTheWay`, `.linkElsewhere`), not its folder.
  public var file: String?
  /// Why.
  public var reason: Reason
  /// Whether the user was already told about this folder (or this file); the
  /// app shows `problem` and nothing when it is nil, so "nothing will be
  /// saved" appears once.
  public var alreadyReported: Bool

  /// Creates an error.
  public init(folder: String?, reason: Reason, alreadyReported: Bool = false, file: String? = nil) {
    self.folder = folder
    self.reason = reason
    self.alreadyReported = alreadyReported
    self.file = file
  }

  /// The problem to show the user, or nil if it was shown already.
  public var problem: StoreProblem? {
    guard !alreadyReported else { return nil }
    if let file { return .cannotSaveFile(file: file, reason: reason) }
    guard let folder else { return .nowhereToSave }
    return .cannotSave(folder: folder, reason: reason)
  }
}
