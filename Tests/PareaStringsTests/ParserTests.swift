import PareaStrings
import Testing

/// Parses `text` as a file named `test.strings`.
private func parse(_ text: String) throws(StringsError) -> [StringsEntry] {
  try StringsParser.parse(text, file: "test.strings")
}

@Suite("Strings parser")
struct ParserTests {
  @Test func validFileGivesEntriesInOrderWithLines() throws {
    let entries = try parse(
      """
      "menu.play" = "Play";

      "menu.quit" = "Quit {name}";
      """)
    #expect(
      entries == [
        StringsEntry(key: "menu.play", value: "Play", line: 1),
        StringsEntry(key: "menu.quit", value: "Quit {name}", line: 3),
      ])
  }

  @Test func toleratesWhitespaceBetweenTokensAndSeveralEntriesOnALine() throws {
    let entries = try parse("  \"a\"=\"1\";\"b\"\t =  \"2\" ;\r\n\t\"c\"\n=\n\"3\"\n;")
    #expect(entries.map(\.key) == ["a", "b", "c"])
    #expect(entries.map(\.value) == ["1", "2", "3"])
    #expect(entries.map(\.line) == [1, 1, 2])
  }

  @Test func skipsBothKindsOfComments() throws {
    let entries = try parse(
      """
      /* A block comment
         over two lines, with "quotes" and = signs; */
      // A line comment with "a" = "b";
      "a" = /* inline */ "1"; // trailing
      "b" = "2 // not a comment /* nor this */";
      """)
    #expect(entries.map(\.key) == ["a", "b"])
    #expect(entries.map(\.line) == [4, 5])
    #expect(entries[1].value == "2 // not a comment /* nor this */")
  }

  @Test func decodesEscapes() throws {
    let entries = try parse(#""k" = "say \"hi\"\\ now\nnext\tcol";"#)
    #expect(entries.first?.value == "say \"hi\"\\ now\nnext\tcol")
  }

  @Test func skipsAByteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"a\" = \"1\";\n\"b\" = \"2\";".utf8)
    let entries = try StringsParser.parse(bytes, file: "bom.strings")
    #expect(entries.map(\.key) == ["a", "b"])
    #expect(entries.map(\.line) == [1, 2])
  }

  @Test func greekRoundTrips() throws {
    let greek = "Κατάσκοπος — «ευχαριστώ», ΐ ΰ ς"
    let decomposed = "Παλε\u{301}ρμο"
    let entries = try parse("\"α\" = \"\(greek)\";\n\"β\" = \"\(decomposed)\";")
    #expect(entries[0].key == "α")
    #expect(Array(entries[0].value.utf8) == Array(greek.utf8))
    #expect(Array(entries[1].value.utf8) == Array(decomposed.utf8))
  }

  @Test func syntaxErrorNamesLineColumnAndWhatWasExpected() {
    let text = """
      "a" = "1";
      // fine so far
      "b" "2";
      """
    #expect(
      throws: StringsError.syntax(
        file: "test.strings", line: 3, column: 5, expected: .equals, found: "\"")
    ) {
      try parse(text)
    }
    #expect(
      throws: StringsError.syntax(
        file: "test.strings", line: 1, column: 11, expected: .semicolon, found: "")
    ) {
      try parse(#""a" = "1" "#)
    }
    #expect(
      throws: StringsError.syntax(
        file: "test.strings", line: 2, column: 1, expected: .key, found: "a")
    ) {
      try parse("\"x\" = \"1\";\na = \"2\";")
    }
    #expect(
      throws: StringsError.syntax(
        file: "test.strings", line: 1, column: 7, expected: .value, found: "ν")
    ) {
      try parse("\"x\" = νερό;")
    }
    #expect(
      throws: StringsError.syntax(
        file: "test.strings", line: 1, column: 1, expected: .key, found: "\"")
    ) {
      try parse(#""" = "empty key";"#)
    }
  }

  @Test func syntaxErrorColumnsCountCharactersNotBytes() {
    // "αβγ" is 3 characters and 6 bytes: the next quote stands at column 13.
    #expect(
      throws: StringsError.syntax(
        file: "test.strings", line: 1, column: 13, expected: .semicolon, found: "\"")
    ) {
      try parse(#""k" = "αβγ" "b" = "c";"#)
    }
  }

  @Test func syntaxErrorDescriptionIsClear() {
    let error = StringsError.syntax(
      file: "el/app.strings", line: 3, column: 5, expected: .equals, found: "\"")
    #expect(error.description == "el/app.strings:3:5: expected `=` after the key, found `\"`")
    let atEnd = StringsError.syntax(file: "f", line: 1, column: 2, expected: .semicolon, found: "")
    #expect(atEnd.description.hasSuffix("expected `;` after the value, found end of file"))
    let space = StringsError.syntax(file: "f", line: 1, column: 2, expected: .key, found: "\u{A0}")
    #expect(space.description.hasSuffix("found U+A0"))
  }

  @Test func unterminatedStringPointsAtItsStart() {
    #expect(throws: StringsError.unterminatedString(file: "test.strings", line: 2, column: 7)) {
      try parse("\"a\" = \"1\";\n\"b\" = \"two\n lines\";")
    }
    #expect(throws: StringsError.unterminatedString(file: "test.strings", line: 1, column: 1)) {
      try parse("\"never closed")
    }
    #expect(throws: StringsError.unterminatedString(file: "test.strings", line: 1, column: 7)) {
      try parse("\"a\" = \"ends in a backslash\\")
    }
  }

  @Test func unterminatedCommentPointsAtItsStart() {
    #expect(throws: StringsError.unterminatedComment(file: "test.strings", line: 2, column: 3)) {
      try parse("\"a\" = \"1\";\n  /* forgot\n\"b\" = \"2\";")
    }
  }

  @Test func badEscapeNamesTheCharacter() {
    #expect(throws: StringsError.badEscape(file: "test.strings", line: 2, column: 11, escape: "u"))
    {
      try parse("\"a\" = \"1\";\n\"b\" = \"tab\\u0009\";")
    }
    #expect(throws: StringsError.badEscape(file: "test.strings", line: 1, column: 8, escape: "ά")) {
      try parse("\"a\" = \"\\ά\";")
    }
    let error = StringsError.badEscape(file: "f", line: 1, column: 8, escape: "r")
    #expect(error.description == #"f:1:8: unknown escape `\r` (allowed: \" \\ \n \t)"#)
  }

  @Test func duplicateKeyGivesBothLines() {
    let text = """
      "a" = "1";
      "b" = "2";
      "a" = "3";
      """
    #expect(
      throws: StringsError.duplicateKey(file: "test.strings", key: "a", firstLine: 1, line: 3)
    ) {
      try parse(text)
    }
    let error = StringsError.duplicateKey(file: "test.strings", key: "a", firstLine: 1, line: 3)
    #expect(error.description == "test.strings:3: duplicate key \"a\" (first defined on line 1)")
  }

  @Test func emptyAndCommentOnlyFilesAreErrors() {
    for text in ["", "   \n\n", "/* nothing */\n// here either\n", "\u{FEFF}"] {
      #expect(throws: StringsError.empty(file: "test.strings")) { try parse(text) }
    }
    #expect(
      StringsError.empty(file: "x.strings").description == "x.strings: the file has no entries")
  }

  @Test func nonUTF8BytesAreRejectedWithTheirLine() {
    let latin1: [UInt8] = Array("\"a\" = \"1\";\n\"b\" = \"caf".utf8) + [0xE9] + Array("\";\n".utf8)
    #expect(throws: StringsError.notUTF8(file: "bad.strings", line: 2)) {
      try StringsParser.parse(latin1, file: "bad.strings")
    }
    // Overlong "/", a UTF-16 surrogate, a code point past U+10FFFF, a truncated sequence.
    let invalid: [[UInt8]] = [
      [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xCE],
    ]
    for bad in invalid {
      let bytes = Array("\n\n\"a\" = \"".utf8) + bad + Array("\";".utf8)
      #expect(throws: StringsError.notUTF8(file: "bad.strings", line: 3)) {
        try StringsParser.parse(bytes, file: "bad.strings")
      }
    }
    #expect(StringsParser.firstNonUTF8Line(Array("Παρέα 界 🎲".utf8)) == nil)
  }

  @Test(arguments: [
    ("{na me}", 8, "{na me}"),
    ("Hello {name", 14, "{name"),
    ("Hello name}", 18, "}"),
    ("{}", 8, "{}"),
    ("{name1}", 8, "{name1}"),
    ("ok {a} then {b c} and", 20, "{b c}"),
    ("{a{b}", 8, "{a"),
  ])
  func badPlaceholderIsReported(value: String, column: Int, text: String) {
    #expect(
      throws: StringsError.badPlaceholder(
        file: "test.strings", line: 1, column: column, key: "k", text: text)
    ) {
      try parse("\"k\" = \"\(value)\";")
    }
  }

  @Test func goodPlaceholdersPass() throws {
    let entries = try parse(#""k" = "{name} knows {role}: {count}{Name}";"#)
    #expect(Placeholders.names(in: entries[0].value) == ["name", "role", "count", "Name"])
  }

  @Test func bracesInKeysAreNotPlaceholders() throws {
    let entries = try parse(#""odd{key" = "v";"#)
    #expect(entries.first?.key == "odd{key")
  }

  @Test func errorsCarryFileAndLine() {
    let error = StringsError.badPlaceholder(
      file: "en/app.strings", line: 9, column: 4, key: "k", text: "{a b}")
    #expect(error.file == "en/app.strings")
    #expect(error.line == 9)
    #expect(error.column == 4)
    #expect(
      error.description
        == "en/app.strings:9:4: bad placeholder `{a b}` in \"k\" (use {name}, ASCII letters only)")
    #expect(StringsError.empty(file: "e").line == 1)
    #expect(StringsError.notUTF8(file: "n", line: 5).column == nil)
  }
}
