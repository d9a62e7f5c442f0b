import PareaStrings
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

  @Test func sortedTablesFromTheBuildMatchTheFiles() throws {
    for language in Language.allCases {
      let entries = try #require(
        embeddedSortedTable(language.rawValue), "\(language) was not merged at build time")
      let keys = entries.map(\.key)
      #expect(keys == keys.sorted(), "\(language): not sorted")
      #expect(Set(keys).count == keys.count, "\(language): a key twice")
      // Compared as sorted lists: a key twice fails here instead of trapping.
      let slow = Locales.table(for: language, from: Locales.embedded)
      let expected = slow.sorted { $0.key < $1.key }
      #expect(keys == expected.map(\.key))
      #expect(entries.map(\.value) == expected.map(\.value))
      // The run-time fallback (a language the build could not sort) builds the same table.
      let fallback = SortedTable(
        Locales.table(for: language, from: Locales.embedded, preparsed: embeddedLocaleEntries))
      #expect(fallback.keys == keys)
      #expect(fallback.entries.map(\.value) == entries.map(\.value))
    }
  }

  @Test func sortedTableLooksUpEveryKeyAndNothingElse() {
    let dictionary = ["b": "2", "a": "1", "d": "4", "c.x": "3", "Α": "greek"]
    let table = SortedTable(dictionary)
    for (key, value) in dictionary { #expect(table[key] == value) }
    for missing in ["", "0", "e", "c", "c.y", "α", "b "] { #expect(table[missing] == nil) }
    #expect(SortedTable([:])["a"] == nil)
    #expect(table.keys == ["a", "b", "c.x", "d", "Α"])
  }
}
