import Foundation
import PackagePlugin

/// Embeds every `.strings` file under the package's `Locales/` folder into
/// the target as generated Swift source, so the binary needs no files beside it.
///
/// Every file and folder under `Locales/` is an input of the command, so
/// editing, adding or removing a file re-runs the embedder on the next build.
@main
struct EmbedLocales: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let root = context.package.directoryURL.appending(path: "Locales", directoryHint: .isDirectory)
    let (files, folders) = contents(of: root)
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLocales.swift")
    let tool = try context.tool(named: "LocaleEmbedder")
    return [
      .buildCommand(
        displayName: "Embedding locale files from Locales/",
        executable: tool.url,
        // The tool lists the folder itself: SwiftPM re-runs this plugin only
        // when the package structure changes, so a list passed from here
        // would miss a file added later. The folders are inputs too, so
        // adding or removing a file (which changes its folder) re-runs the tool.
        arguments: [output.path(percentEncoded: false), root.path(percentEncoded: false)],
        inputFiles: folders + files,
        outputFiles: [output]
      )
    ]
  }

  /// The `.strings` files under `root` and the folders holding them
  /// (`root` included); none when the folder does not exist.
  private func contents(of root: URL) -> (files: [URL], folders: [URL]) {
    // Resolve a symlinked Locales/ folder: the enumerator does not follow it.
    let resolved = root.resolvingSymlinksInPath()
    let rootPath = resolved.path(percentEncoded: false)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isFolder),
      isFolder.boolValue,
      let walker = FileManager.default.enumerator(atPath: rootPath)
    else { return ([], []) }
    var files: [URL] = []
    var folders: [URL] = [resolved]
    for case let relative as String in walker {
      // Hidden files and folders (editor swap files, .git) are not tables.
      if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
        walker.skipDescendants()
        continue
      }
      let url = resolved.appending(path: relative)
      if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
        folders.append(url)
      } else if relative.hasSuffix(".strings") {
        files.append(url)
      }
    }
    return (files, folders)
  }
}
