import Foundation
import PareaLocale
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// The user's own location packs, as the real binary finds them on start.
  @Suite
  struct PackFolderTests {
    @Test("a FIFO among the packs does not hang start-up; a pack's file name is shown without garbling")
    func specialFilesAndNamesInThePackFolder() throws {
      let data = try TmuxSession.makeDataDirectory()
      defer { try? FileManager.default.removeItem(atPath: data) }
      let folder = data + "/config/parea/locations"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try #require(mkfifo(folder + "/fifo.en.strings", 0o600) == 0)
      // A family emoji (three people joined by U+200D) in the file's name, and a syntax error inside.
      try "\"location.x.name\" = ".write(
        toFile: folder + "/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}.en.strings", atomically: true,
        encoding: .utf8)

      let session = try TmuxSession(dataDirectory: data)
      defer { session.kill() }
      let screen = try session.settled(Screens.homeMarker)
      let text = BadInputTests.unwrapped(screen)
      #expect(text.contains("fifo.en.strings"), "\(screen)")
      #expect(text.contains("<U+200D>"), "the joiner is written out:\n\(screen)")
      #expect(!text.contains("\u{200D}"))
    }
  }
}
