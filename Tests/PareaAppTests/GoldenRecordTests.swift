import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The golden files' own rules: recording never passes a changed screen silently.
@Suite struct GoldenRecordTests {
  @Test(
    "record mode writes a missing or changed golden and fails the test; a golden already right passes; a difference without record mode fails and writes nothing"
  )
  func recordModeFails() throws {
    var template = Array("/tmp/parea-golden.XXXXXX".utf8CString)
    let folder = String(cString: try #require(mkdtemp(&template)))
    let path = folder + "/screen.txt"
    defer {
      unlink(path)
      rmdir(folder)
    }
    withKnownIssue("a new golden is recorded and fails") {
      compareGolden("|new|\n", at: path, recording: true, #_sourceLocation)
    }
    #expect(read(path) == "|new|\n")
    withKnownIssue("a changed golden is recorded and fails") {
      compareGolden("|changed|\n", at: path, recording: true, #_sourceLocation)
    }
    #expect(read(path) == "|changed|\n")
    // Already right: passes, recording or not.
    compareGolden("|changed|\n", at: path, recording: true, #_sourceLocation)
    compareGolden("|changed|\n", at: path, recording: false, #_sourceLocation)
    withKnownIssue("a difference fails") {
      compareGolden("|other|\n", at: path, recording: false, #_sourceLocation)
    }
    #expect(read(path) == "|changed|\n", "nothing written without record mode")
  }
}
