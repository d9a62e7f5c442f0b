// Writes a Swift source file holding the text of every locale file, for the
// EmbedLocales build-tool plugin.
//
//   LocaleEmbedder OUTPUT.swift LOCALES_DIR
//
// It lists LOCALES_DIR itself (recursively, hidden entries skipped) rather
// than taking a list from the plugin: SwiftPM re-runs a plugin only when the
// package structure changes, so the plugin's list could miss a new file.
//
// It checks only that each file is UTF-8 (a string literal cannot hold
// anything else faithfully): a file that does not parse is embedded as text
// and left to the run-time parser, which skips it, and to the tests, which
// report it. The entries it splits out ahead of time come from the library's
// own parser (PareaStrings), so the build and the run time read a file alike.

import PareaStrings

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` to standard error in the compiler's `file:line: error:` form and exits.
func fail(_ message: String) -> Never {
  let bytes = Array("\(message)\n".utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}

/// The bytes of the file at `path`.
func readBytes(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else {
    fail("\(path): error: cannot open: \(String(cString: strerror(errno)))")
  }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
    if count < chunk.count {
      if ferror(file) != 0 {
        fail("\(path): error: cannot read: \(String(cString: strerror(errno)))")
      }
      break
    }
  }
  return bytes
}

/// The file's text, or a build error naming the first line that is not UTF-8.
func decode(_ bytes: [UInt8], path: String) -> String {
  if let line = StringsParser.firstNonUTF8Line(bytes) {
    fail("\(path):\(line): error: the file is not valid UTF-8; save it as UTF-8")
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// `text` as a Swift string literal: printable text as is (Greek included),
/// quotes, backslashes and control characters escaped, and anything invisible
/// or combining spelled out as `\u{…}` so the generated file reads plainly.
func literal(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": out += "\\\\"
    case "\"": out += "\\\""
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case "\0": out += "\\0"
    default:
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse,
        .surrogate, .nonspacingMark, .spacingMark, .enclosingMark:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}

/// Whether `path` is a folder (following symlinks).
func isFolder(_ path: String) -> Bool {
  var info = stat()
  return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// The `.strings` files under `root`, as paths relative to it, sorted.
func stringsFiles(under root: String, relative: String = "") -> [String] {
  let folder = relative.isEmpty ? root : root + "/" + relative
  guard let stream = opendir(folder) else { return [] }
  defer { closedir(stream) }
  var found: [String] = []
  while let entry = readdir(stream) {
    let name = String(
        // The name read up to its end, never as the whole `d_name` array: a
        // record may be shorter, and the last one of a buffer can end a mapping.
        cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
          .assumingMemoryBound(to: CChar.self))
    if name.hasPrefix(".") { continue }  // ., .., editor swap files, .git
    let path = relative.isEmpty ? name : relative + "/" + name
    if isFolder(root + "/" + path) {
      found += stringsFiles(under: root, relative: path)
    } else if name.hasSuffix(".strings") {
      found.append(path)
    }
  }
  return found
}

let arguments = CommandLine.arguments
// Further arguments are ignored: an older build plan may still pass a file list.
guard arguments.count >= 3 else {
  fail("usage: LocaleEmbedder OUTPUT.swift LOCALES_DIR")
}
let outputPath = arguments[1]
let root = arguments[2].hasSuffix("/") ? String(arguments[2].dropLast()) : arguments[2]
// Sorted by bytes, so the order does not depend on the file system.
let relativePaths = stringsFiles(under: root).sorted {
  Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
}

// Each file read once: its path relative to the root, its text, and its
// entries as the library's parser reads them (nil when it does not parse).
let files = relativePaths.map { relative -> (relative: String, text: String, entries: [StringsEntry]?) in
  let path = root + "/" + relative
  let text = decode(readBytes(path), path: path)
  return (relative, text, try? StringsParser.parse(text, file: relative))
}

var source = """
  // Generated by LocaleEmbedder from the package's Locales/ folder. Do not edit.

  /// Every locale file as (path relative to `Locales/`, text), sorted by path.
  let embeddedLocaleFiles: [(path: String, text: String)] = [

  """
for file in files {
  source += "  (\(literal(file.relative)), \(literal(file.text))),\n"
}
source += "]\n"

// The same files, already split into entries where they parse, so start-up
// only fills a dictionary (the benchmark measured ≈0.3 ms saved). (The
// generated comment still says "plain": the output is kept byte for byte.)
source += """

  /// Entries of the files above written one plain entry a line, by path;
  /// files missing here are parsed at run time.
  let embeddedLocaleEntries: [String: [(key: String, value: String)]] = [

  """
for file in files {
  guard let entries = file.entries else { continue }
  source += "  \(literal(file.relative)): [\n"
  for entry in entries {
    source += "    (\(literal(entry.key)), \(literal(entry.value))),\n"
  }
  source += "  ],\n"
}
source += "]\n"

// Each language's whole table, merged and sorted at build time, so start-up
// neither hashes nor sorts: lookups are a binary search. A language is left
// out (and built at run time) when any of its files does not parse (a key
// twice in one file included), which the run-time parser reports.
var languages: [String] = []
for file in files {
  guard let slash = file.relative.firstIndex(of: "/") else { continue }
  let language = String(file.relative[..<slash])
  if languages.last != language { languages.append(language) }
}
source += """

  /// The built-in table of `language` when all its files are split above and
  /// repeat no key: files in path order, the first text of a key wins, sorted
  /// by key (Swift's `String` order); nil means it is built at run time.
  /// (A switch, not a dictionary: nothing to hash or instantiate at start-up.)
  func embeddedSortedTable(_ language: String) -> [(key: String, value: String)]? {
    switch language {

  """
for language in languages {
  var merged: [String: String] = [:]
  var complete = true
  for file in files where file.relative.hasPrefix(language + "/") {
    guard let entries = file.entries else {
      complete = false
      break
    }
    for entry in entries where merged[entry.key] == nil { merged[entry.key] = entry.value }
  }
  guard complete else { continue }
  source += "  case \(literal(language)):\n    return [\n"
  for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
    source += "      (\(literal(key)), \(literal(value))),\n"
  }
  source += "    ]\n"
}
source += "  default:\n    return nil\n  }\n}\n"

// Write only when the text changes, so an unchanged table does not make the
// library recompile.
let existing = fopen(outputPath, "rb").map { file -> [UInt8] in
  fclose(file)
  return readBytes(outputPath)
}
if existing != Array(source.utf8) {
  guard let file = fopen(outputPath, "wb") else {
    fail("\(outputPath): error: cannot write: \(String(cString: strerror(errno)))")
  }
  let bytes = Array(source.utf8)
  if fwrite(bytes, 1, bytes.count, file) != bytes.count || fclose(file) != 0 {
    fail("\(outputPath): error: cannot write: \(String(cString: strerror(errno)))")
  }
}
