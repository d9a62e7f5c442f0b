import Testing

@testable import PareaLocale

/// The entries the build splits out ahead of time are exactly what the real
/// parser reads from the same files, and every built-in file has them.
@Suite("Preparsed tables") struct PreparsedTests {
  @Test func everyFileIsPreparsedTheSameWay() throws {
    for file in Locales.embedded {
      let ready = try #require(embeddedLocaleEntries[file.path], "\(file.path) was not preparsed")
      let parsed = try StringsParser.parse(file.text, file: file.path)
      #expect(ready.map(\.key) == parsed.map(\.key), "\(file.path)")
      #expect(ready.map(\.value) == parsed.map(\.value), "\(file.path)")
    }
  }

  @Test func tablesFromEitherPathAgree() {
    for language in Language.allCases {
      let fast = Locales.table(for: language, from: Locales.embedded, preparsed: embeddedLocaleEntries)
      let slow = Locales.table(for: language, from: Locales.embedded)
      #expect(fast == slow)
      #expect(fast.count > 600)
    }
  }
}
