import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `scripts/test` runs this target on the release binary: `PAREA_BINARY` set to the
/// release binary of `scripts/build-release` (what `scripts/play` and
/// `make install` use) and `PAREA_RELEASE_BUILD=1`. These tests check what
/// that build promises on top of everything the other end-to-end tests check:
/// one static file that runs on its own, wherever it is put.
let releaseBuildUnderTest = ProcessInfo.processInfo.environment["PAREA_RELEASE_BUILD"] == "1"

extension EndToEnd {
  @Suite(
    .enabled(
      if: releaseBuildUnderTest,
      "only for the release binary (scripts/test sets PAREA_RELEASE_BUILD=1 and PAREA_BINARY)"))
  struct ReleaseBinaryTests {
    @Test(
      "the release binary is one static executable: no program interpreter, no shared libraries")
    func staticExecutable() throws {
      let binary = try TmuxSession.binary()
      let types = try ELFProgramHeaders.types(ofFileAt: binary)
      #expect(!types.isEmpty, "\(binary) has program headers")
      #expect(!types.contains(ELFProgramHeaders.interpreter), "\(binary) asks for a dynamic loader")
      #expect(!types.contains(ELFProgramHeaders.dynamic), "\(binary) has a dynamic section")
    }

    @Test("a copy alone in an empty folder starts in the system's language and quits cleanly")
    func copyRunsOnItsOwn() throws {
      var template = Array("/tmp/parea-installed.XXXXXX".utf8CString)
      guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
      let folder = String(cString: made)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let copy = folder + "/parea"
      try FileManager.default.copyItem(atPath: try TmuxSession.binary(), toPath: copy)

      // No arguments, as `scripts/play` starts it; Greek from LANG.
      let session = try TmuxSession(
        environment: ["LC_ALL": "", "LANG": "el_GR.UTF-8"], binary: copy, workingDirectory: folder)
      defer { session.kill() }
      let expected = Screens.start(.el)
      try session.waitUntil("the Greek home screen shows") { Screens.lines($0) == expected }
      try session.sendKeys(Screens.quitKey)
      #expect(try session.waitForExit() == 0)
      expectRestored(try session.sttyAfterExit())
      let left = try FileManager.default.contentsOfDirectory(atPath: folder)
      #expect(left == ["parea"], "nothing written beside the binary: \(left)")
    }
  }
}

/// The program header types of a 64-bit little-endian ELF file (all this
/// project builds on), read from the file's first bytes.
enum ELFProgramHeaders {
  static let dynamic: UInt32 = 2  // PT_DYNAMIC
  static let interpreter: UInt32 = 3  // PT_INTERP

  static func types(ofFileAt path: String) throws -> [UInt32] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw HarnessError("cannot open \(path)")
    }
    defer { try? handle.close() }
    let header = try handle.read(upToCount: 64) ?? Data()
    guard header.count == 64, header.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]) else {
      throw HarnessError("\(path) is not an ELF file")
    }
    guard header[4] == 2, header[5] == 1 else {
      throw HarnessError("\(path) is not a 64-bit little-endian ELF file")
    }
    let tableOffset = littleEndian(header, at: 0x20, size: 8)
    let entrySize = littleEndian(header, at: 0x36, size: 2)
    let count = littleEndian(header, at: 0x38, size: 2)
    guard entrySize >= 4, count > 0 else { return [] }
    try handle.seek(toOffset: tableOffset)
    let table = try handle.read(upToCount: Int(entrySize * count)) ?? Data()
    guard table.count == Int(entrySize * count) else {
      throw HarnessError("\(path): the program header table is cut short")
    }
    return (0..<Int(count)).map { UInt32(littleEndian(table, at: $0 * Int(entrySize), size: 4)) }
  }

  private static func littleEndian(_ bytes: Data, at offset: Int, size: Int) -> UInt64 {
    let start = bytes.startIndex + offset
    return (0..<size).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[start + $1]) }
  }
}
