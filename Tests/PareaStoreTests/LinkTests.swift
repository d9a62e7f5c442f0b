import FoundationEssentials
import PareaRules
import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A saved file that is a symbolic link (a dotfile manager's): saving writes
/// the file the link leads to and leaves the link a link; a link into a
/// folder that is not the user's own is never written through.
@Suite("Saved files that are symbolic links")
struct LinkTests {
  /// `kind`'s file in `sandbox` made a link with `text`; its folder made first.
  func link(_ kind: Kind, to text: String, in sandbox: Sandbox) throws -> String {
    let file = sandbox.path(kind.relative)
    sandbox.put([], at: DiskFile.split(kind.relative).folder + "/other")
    unlink(DiskFile.split(file).folder + "/other")
    try #require(symlink(text, file) == 0)
    return file
  }

  /// Checks that `file` is still a link with `text`, and that `target` holds
  /// what `kind.saveSample` saved, mode 0600, with no temporary file left beside it.
  func expectSavedThrough(
    _ kind: Kind, file: String, text: String, target: String, sandbox: Sandbox,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(linkText(file) == text, "the link is still a link", sourceLocation: sourceLocation)
    #expect(mode(target) == 0o600, sourceLocation: sourceLocation)
    #expect(
      try kind.loadsSample(fresh: sandbox), "the target holds the save",
      sourceLocation: sourceLocation)
    let (targetFolder, targetName) = DiskFile.split(target)
    #expect(
      sandbox.names(in: targetFolder).filter { $0.hasPrefix(targetName) } == [targetName],
      sourceLocation: sourceLocation)
    #expect(
      sandbox.names(in: DiskFile.split(file).folder) == [DiskFile.split(file).name],
      sourceLocation: sourceLocation)
  }

  @Test(
    "A link to a file in another folder of the user's: saved there, the link stays",
    arguments: Kind.allCases)
  func absoluteLink(kind: Kind) throws {
    let sandbox = Sandbox()
    let target = sandbox.path("dotfiles/\(kind.rawValue).json")
    sandbox.put(try kind.valid(), at: "dotfiles/\(kind.rawValue).json")
    chmod(target, 0o644)
    let file = try link(kind, to: target, in: sandbox)
    var store = sandbox.store()
    try kind.saveSample(&store)
    try expectSavedThrough(kind, file: file, text: target, target: target, sandbox: sandbox)
  }

  @Test(
    "A relative link, and a chain of links, lead to the file that is written",
    arguments: Kind.allCases)
  func relativeChain(kind: Kind) throws {
    let sandbox = Sandbox()
    // file → ../../dotfiles/middle (relative to the file's folder) → real/FILE (relative to dotfiles).
    sandbox.put(try kind.valid(), at: "dotfiles/real/\(kind.rawValue).json")
    try #require(symlink("real/\(kind.rawValue).json", sandbox.path("dotfiles/middle")) == 0)
    let file = try link(kind, to: "../../dotfiles/middle", in: sandbox)
    var store = sandbox.store()
    #expect(kind.load(&store) == (false, []), "read through the links")
    try kind.saveSample(&store)
    try expectSavedThrough(
      kind, file: file, text: "../../dotfiles/middle",
      target: sandbox.path("dotfiles/real/\(kind.rawValue).json"), sandbox: sandbox)
    #expect(linkText(sandbox.path("dotfiles/middle")) == "real/\(kind.rawValue).json")
  }

  @Test("A link to a file not made yet: the file is made where the link leads")
  func danglingLink() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "dotfiles/other")
    let target = sandbox.path("dotfiles/settings.json")
    let file = try link(.settings, to: target, in: sandbox)
    var store = sandbox.store()
    #expect(store.loadSettings() == Loaded(value: Settings()))
    try Kind.settings.saveSample(&store)
    try expectSavedThrough(.settings, file: file, text: target, target: target, sandbox: sandbox)
  }

  @Test("A finished game through a link: the game is gone, the link stays for the next one")
  func deleteThroughLink() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "dotfiles/other")
    let target = sandbox.path("dotfiles/game.json")
    let file = try link(.game, to: target, in: sandbox)
    var store = sandbox.store()
    try store.saveGame(try sampleGame())
    try store.saveGame(nil)
    #expect(linkText(file) == target)
    #expect(!exists(target))
    #expect(sandbox.restart { $0.loadGame() } == Loaded(value: nil))
    try store.saveGame(try sampleGame())
    try expectSavedThrough(.game, file: file, text: target, target: target, sandbox: sandbox)
  }

  /// A folder that is not the user's own, holding `name`, and whether it is
  /// the sandbox's (nil: a system folder, only ever read). For root, whom no
  /// mode stops and who owns the system folders, a sandbox folder given to
  /// "nobody" (65534); for anyone else, /etc, owned by root.
  func foreignFile(in sandbox: Sandbox) throws -> String {
    if runningAsRoot {
      sandbox.put(Array("{\"version\": 1}\n".utf8), at: "nobodys/settings.json")
      try #require(chown(sandbox.path("nobodys"), 65534, 65534) == 0)
      try #require(chown(sandbox.path("nobodys/settings.json"), 65534, 65534) == 0)
      return sandbox.path("nobodys/settings.json")
    }
    try #require(exists("/etc/hostname") || exists("/etc/passwd"))
    return exists("/etc/hostname") ? "/etc/hostname" : "/etc/passwd"
  }

  @Test("A link into a folder that is not the user's own is not written through, and stays a link")
  func foreignFolder() throws {
    let sandbox = Sandbox()
    let target = try foreignFile(in: sandbox)
    let before = try #require(FileManager.default.contents(atPath: target))
    let file = try link(.settings, to: target, in: sandbox)
    var store = sandbox.store()
    var refused = StoreError(
      folder: sandbox.path("config/parea"), reason: .linkElsewhere, file: file)
    #expect(refused.problem == .cannotSaveFile(file: file, reason: .linkElsewhere))
    #expect(throws: refused) { try store.save(Settings(language: .el)) }
    // Told once; later saves fail quietly.
    refused.alreadyReported = true
    #expect(throws: refused) { try store.save(Settings(language: .en)) }
    #expect(linkText(file) == target, "the link is left alone")
    #expect(FileManager.default.contents(atPath: target) == before, "the target is not written")
    #expect(sandbox.names(in: DiskFile.split(file).folder) == ["settings.json"])
    #expect(
      sandbox.names(in: DiskFile.split(target).folder).allSatisfy { !$0.contains(".tmp-") },
      "no temporary file beside the target")
  }

  @Test(
    "A link into a folder of the user's that cannot be written is not written through",
    .enabled(if: !runningAsRoot, "root writes into a folder whatever its mode"))
  func readOnlyTargetFolder() throws {
    let sandbox = Sandbox()
    sandbox.put(Array("{}".utf8), at: "dotfiles/settings.json")
    let target = sandbox.path("dotfiles/settings.json")
    chmod(sandbox.path("dotfiles"), 0o500)
    let file = try link(.settings, to: target, in: sandbox)
    var store = sandbox.store()
    #expect(
      throws: StoreError(folder: sandbox.path("config/parea"), reason: .linkElsewhere, file: file)
    ) { try store.save(Settings(language: .el)) }
    #expect(linkText(file) == target)
    #expect(sandbox.bytes(target) == Array("{}".utf8))
  }

  @Test("A link to something that is not a file (a FIFO) is not written through")
  func linkToFIFO() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "dotfiles/other")
    let target = sandbox.path("dotfiles/game.json")
    try #require(mkfifo(target, 0o600) == 0)
    let file = try link(.game, to: target, in: sandbox)
    var store = sandbox.store()
    #expect(
      throws: StoreError(folder: sandbox.path("state/parea"), reason: .linkElsewhere, file: file)
    ) { try store.saveGame(try sampleGame()) }
    // Nor does "no game" remove it.
    #expect(throws: StoreError.self) { try store.saveGame(nil) }
    var status = stat()
    #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(linkText(file) == target)
  }

  @Test("A chain of links that loops, made after loading, is not written over")
  func loopAfterLoading() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    #expect(store.loadSettings() == Loaded(value: Settings()))
    let file = try link(.settings, to: "loop", in: sandbox)
    try #require(symlink("settings.json", sandbox.path("config/parea/loop")) == 0)
    #expect(
      throws: StoreError(folder: sandbox.path("config/parea"), reason: .linkElsewhere, file: file)
    ) { try store.save(Settings(language: .el)) }
    #expect(linkText(file) == "loop")
    #expect(linkText(sandbox.path("config/parea/loop")) == "settings.json")
  }

  @Test("A temporary file a dead Parea left beside a link's target is cleared at the next start")
  func staleTemporaryBesideTarget() throws {
    let sandbox = Sandbox()
    sandbox.put(try Kind.game.valid(), at: "dotfiles/game.json")
    sandbox.put(Array("{".utf8), at: "dotfiles/game.json.tmp-999999999")
    sandbox.put(Array("{".utf8), at: "dotfiles/game.json.tmp-1")  // pid 1 is alive: left alone
    _ = try link(.game, to: sandbox.path("dotfiles/game.json"), in: sandbox)
    var store = sandbox.store()
    #expect(store.loadGame() == Loaded(value: try sampleGame()))
    #expect(sandbox.names(in: sandbox.path("dotfiles")) == ["game.json", "game.json.tmp-1"])
  }
}
