import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Suite("A folder that cannot be written")
struct CannotSaveTests {
  /// Saves settings, then players, then the game, then deletes the game;
  /// returns each error (nil for success).
  func saveAll(_ store: inout Store) throws -> [StoreError?] {
    let game = try sampleGame()
    var errors: [StoreError?] = []
    for step in 0..<4 {
      do throws(StoreError) {
        switch step {
        case 0: try store.save(Settings(language: .el))
        case 1: try store.savePlayers(["Anna"])
        case 2: try store.saveGame(game)
        default: try store.saveGame(nil)
        }
        errors.append(nil)
      } catch {
        errors.append(error)
      }
    }
    return errors
  }

  @Test("A file where the folder should be: saves throw, the problem is told once")
  func fileInsteadOfFolder() throws {
    let sandbox = Sandbox()
    sandbox.put(Array("not a folder".utf8), at: "home")
    var store = Store(environment: ["HOME": sandbox.path("home")])
    // Loading finds nothing there, and says nothing.
    #expect(store.loadSettings() == Loaded(value: Settings()))
    #expect(store.loadGame() == Loaded(value: nil))

    let config = sandbox.path("home/.config/parea")
    let state = sandbox.path("home/.local/state/parea")
    let errors = try saveAll(&store)
    #expect(
      errors == [
        StoreError(folder: config, reason: .notAFolder),
        StoreError(folder: state, reason: .notAFolder),
        StoreError(folder: state, reason: .notAFolder, alreadyReported: true),
        // Nothing to delete where no folder can be.
        StoreError(folder: state, reason: .notAFolder, alreadyReported: true),
      ])
    #expect(
      errors.compactMap { $0?.problem } == [
        .cannotSave(folder: config, reason: .notAFolder),
        .cannotSave(folder: state, reason: .notAFolder),
      ])
    // Later saves keep failing, quietly.
    #expect(try saveAll(&store).compactMap { $0?.problem } == [])
    #expect(sandbox.bytes(sandbox.path("home")) == Array("not a folder".utf8))
  }

  @Test("A folder where the file should be: the save throws")
  func folderInsteadOfFile() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "config/parea/settings.json/inside")
    var store = sandbox.store()
    #expect(throws: StoreError(folder: sandbox.path("config/parea"), reason: .notAFolder)) {
      try store.save(Settings())
    }
    #expect(sandbox.names(in: sandbox.path("config/parea")) == ["settings.json"])
  }

  @Test(
    "A read-only folder (chmod 0500): saves throw, told once, old files intact",
    .enabled(if: !runningAsRoot))
  func readOnlyFolder() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    try store.save(Settings(language: .en))
    try store.saveGame(try sampleGame())
    let settingsBytes = sandbox.bytes(sandbox.path("config/parea/settings.json"))
    chmod(sandbox.path("config/parea"), 0o500)
    chmod(sandbox.path("state/parea"), 0o500)
    let errors = try saveAll(&store)
    #expect(errors.allSatisfy { $0?.reason == .readOnly })
    #expect(errors.compactMap { $0?.problem }.count == 2)
    #expect(sandbox.bytes(sandbox.path("config/parea/settings.json")) == settingsBytes)
    #expect(sandbox.names(in: sandbox.path("config/parea")) == ["settings.json"])
  }

  @Test("A read-only parent: the folder cannot be created", .enabled(if: !runningAsRoot))
  func readOnlyParent() {
    let sandbox = Sandbox()
    sandbox.put([], at: "home/x")
    chmod(sandbox.path("home"), 0o500)
    var store = Store(environment: ["HOME": sandbox.path("home")])
    #expect(throws: StoreError(folder: sandbox.path("home/.config/parea"), reason: .readOnly)) {
      try store.save(Settings())
    }
  }

  @Test("A full disk is reported as such", .enabled(if: exists("/dev/full")))
  func diskFull() {
    // Writing to /dev/full fails with ENOSPC: the write step maps it to .diskFull.
    #expect(throws: DiskFile.Failure(errno: ENOSPC)) {
      let descriptor = open("/dev/full", O_WRONLY)
      defer { close(descriptor) }
      let written = [UInt8](repeating: 1, count: 8).withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 { throw DiskFile.Failure(errno: errno) }
    }
    #expect(DiskFile.Failure(errno: ENOSPC).reason == .diskFull)
    #expect(DiskFile.Failure(errno: EDQUOT).reason == .diskFull)
    #expect(DiskFile.Failure(errno: EROFS).reason == .readOnly)
    #expect(DiskFile.Failure(errno: EIO).reason == .other(errno: EIO))
  }

  @Test(
    "A disk that fills up: the save says so, the old game is intact, no temporary file is left",
    .enabled(if: canMountTmpfs, "needs root and leave to mount a small tmpfs (a disk that really fills)"))
  func realFullDisk() throws {
    let sandbox = Sandbox()
    let disk = sandbox.path("disk")
    try #require(mkdir(disk, 0o700) == 0)
    try #require(mount("tmpfs", disk, "tmpfs", 0, "size=64k,mode=0700") == 0)
    defer {
      umount2(disk, Int32(MNT_DETACH))
      // Removed only now, once nothing is mounted inside it.
      withExtendedLifetime(sandbox) {}
    }
    var store = Store(
      paths: StorePaths(configFolder: disk + "/config", stateFolder: disk + "/state"),
      clock: { Sandbox.fixedTime })
    let game = try sampleGame()
    try store.saveGame(game)
    let saved = try #require(sandbox.bytes(disk + "/state/game.json"))

    // Everything left is taken by another file.
    let filler = open(disk + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    try #require(filler >= 0)
    let chunk = [UInt8](repeating: 0x41, count: 4096)
    var written = 0
    repeat {
      written = chunk.withUnsafeBytes { write(filler, $0.baseAddress, $0.count) }
    } while written > 0
    #expect(errno == ENOSPC)
    close(filler)

    var later = game
    later.nextReveal = 4
    #expect(throws: StoreError(folder: disk + "/state", reason: .diskFull)) {
      try store.saveGame(later)
    }
    #expect(sandbox.bytes(disk + "/state/game.json") == saved)
    #expect(sandbox.names(in: disk + "/state") == ["game.json"])
    #expect(store.loadGame() == Loaded(value: game))
  }

  @Test("No HOME and no XDG: nothing to load, told once that nothing will be saved")
  func nowhere() throws {
    var store = Store(environment: ["XDG_CONFIG_HOME": "relative"])
    #expect(store.loadSettings() == Loaded(value: Settings(), problems: [.nowhereToSave]))
    #expect(store.loadPlayers() == Loaded(value: []))
    #expect(store.loadGame() == Loaded(value: nil))
    let errors = try saveAll(&store)
    #expect(
      errors == [
        StoreError(folder: nil, reason: .nowhere, alreadyReported: true),
        StoreError(folder: nil, reason: .nowhere, alreadyReported: true),
        StoreError(folder: nil, reason: .nowhere, alreadyReported: true),
        nil,
      ])
  }

  @Test("No HOME, saving before loading: the first save tells")
  func nowhereSaveFirst() throws {
    var store = Store(environment: [:])
    #expect(try saveAll(&store).map { $0?.problem } == [.nowhereToSave, nil, nil, nil])
  }
}

/// Whether a test may mount a small tmpfs (root, with leave to mount: not in
/// most containers), tried once on a scratch folder.
let canMountTmpfs: Bool = {
  guard getuid() == 0 else { return false }
  var template = Array("/tmp/parea-mount-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else { return false }
  let folder = String(cString: made)
  defer { rmdir(folder) }
  guard mount("tmpfs", folder, "tmpfs", 0, "size=64k") == 0 else { return false }
  umount2(folder, Int32(MNT_DETACH))
  return true
}()
