import Testing

@testable import PareaStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Suite("Atomic writes and permissions")
struct AtomicWriteTests {
  @Test("A save leaves no temporary file and replaces the old file whole")
  func noTemporaryLeft() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    let long = (1...200).map { "Player \($0)" }
    try store.savePlayers(long)
    try store.savePlayers(["Anna"])
    #expect(sandbox.names(in: sandbox.path("state/parea")) == ["players.json"])
    #expect(
      sandbox.bytes(sandbox.path("state/parea/players.json"))
        == json(PlayersFile(version: 1, names: ["Anna"])))
    try store.save(Settings(language: .el))
    try store.save(Settings(language: .en))
    try store.saveGame(try sampleGame())
    #expect(sandbox.names(in: sandbox.path("config/parea")) == ["settings.json"])
    #expect(sandbox.names(in: sandbox.path("state/parea")) == ["game.json", "players.json"])
  }

  @Test("A crash between writing the temporary file and the rename leaves the old file intact")
  func crashBeforeRename() throws {
    let sandbox = Sandbox()
    var store = sandbox.store()
    let old = try sampleGame()
    try store.saveGame(old)
    let file = sandbox.path("state/parea/game.json")
    let oldBytes = try #require(sandbox.bytes(file))

    // A Parea that is gone now (no such process) wrote its temporary file and died.
    var newer = old
    newer.nextReveal = 4
    let deadProcess: Int32 = 999_999_999
    let temporary = try DiskFile.writeTemporary(json(SavedGame(newer)), for: file, processID: deadProcess)
    #expect(temporary == file + ".tmp-999999999")
    #expect(mode(temporary) == 0o600)
    #expect(sandbox.bytes(file) == oldBytes)

    // The next start reads the old game and clears the dead process's leftover.
    var restarted = sandbox.store()
    #expect(restarted.loadGame() == Loaded(value: old))
    #expect(!exists(temporary))
    #expect(sandbox.names(in: sandbox.path("state/parea")) == ["game.json"])
  }

  @Test("Committing the temporary file is what replaces the old one")
  func commitStep() throws {
    let sandbox = Sandbox()
    sandbox.put(Array("old".utf8), at: "f/x.json")
    let file = sandbox.path("f/x.json")
    let temporary = try DiskFile.writeTemporary(Array("new".utf8), for: file, processID: getpid())
    #expect(sandbox.bytes(file) == Array("old".utf8))
    try DiskFile.commit(temporary, to: file)
    #expect(sandbox.bytes(file) == Array("new".utf8))
    #expect(sandbox.names(in: sandbox.path("f")) == ["x.json"])
  }

  @Test("A temporary file of a live process is left alone")
  func liveTemporaryKept() throws {
    let sandbox = Sandbox()
    sandbox.put(Array("{}".utf8), at: "state/parea/game.json.tmp-1")  // pid 1 is always alive
    var store = sandbox.store()
    _ = store.loadGame()
    #expect(exists(sandbox.path("state/parea/game.json.tmp-1")))
  }

  @Test("Files are 0600 and created folders 0700, even over a looser old file")
  func permissions() throws {
    let sandbox = Sandbox()
    var store = Store(environment: ["HOME": sandbox.path("home")])
    sandbox.put(Array("[]".utf8), at: "home/.local/state/parea/players.json")
    chmod(sandbox.path("home/.local/state/parea/players.json"), 0o644)
    try store.save(Settings())
    try store.savePlayers(["Anna"])
    try store.saveGame(try sampleGame())
    for file in [
      "home/.config/parea/settings.json", "home/.local/state/parea/players.json",
      "home/.local/state/parea/game.json",
    ] {
      #expect(mode(sandbox.path(file)) == 0o600, "\(file)")
    }
    for folder in ["home/.config", "home/.config/parea"] {
      #expect(mode(sandbox.path(folder)) == 0o700, "\(folder)")
    }
  }

  @Test("Folders are created 0700 all the way down")
  func foldersCreated() throws {
    let sandbox = Sandbox()
    var store = Store(
      paths: StorePaths(
        configFolder: sandbox.path("a/b/c/parea"), stateFolder: sandbox.path("s/parea")))
    try store.save(Settings())
    try store.saveGame(try sampleGame())
    for folder in ["a", "a/b", "a/b/c", "a/b/c/parea", "s", "s/parea"] {
      #expect(mode(sandbox.path(folder)) == 0o700, "\(folder)")
    }
  }

  @Test("An existing folder keeps its own mode")
  func existingFolderUntouched() throws {
    let sandbox = Sandbox()
    sandbox.put([], at: "config/parea/other")
    chmod(sandbox.path("config/parea"), 0o755)
    var store = sandbox.store()
    try store.save(Settings())
    #expect(mode(sandbox.path("config/parea")) == 0o755)
  }

  @Test("The timestamp of a set-aside file is UTC")
  func timestamp() {
    #expect(DiskFile.timestamp(0) == "19700101-000000")
    #expect(DiskFile.timestamp(Sandbox.fixedTime) == Sandbox.fixedStamp)
    #expect(DiskFile.timestamp(1_735_689_599) == "20241231-235959")
  }
}
