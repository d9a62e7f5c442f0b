import Testing

@testable import PareaStore

@Suite("Problems as the app shows them")
struct ProblemTests {
  let paths = StorePaths(environment: ["HOME": "/home/anna"])
  let file = "/home/anna/.config/parea/settings.json"

  @Test("Each problem has its locale key and placeholders")
  func keysAndArguments() {
    let keptAs = file + ".corrupt-20240301-100502"
    let cases: [(StoreProblem, String, [String: StoreProblem.Argument])] = [
      (
        .corrupt(file: file, keptAs: keptAs), "store.corrupt",
        [
          "file": .text("~/.config/parea/settings.json"),
          "keptAs": .text("settings.json.corrupt-20240301-100502"),
        ]
      ),
      (
        .futureVersion(file: file, version: 3, keptAs: keptAs), "store.futureVersion",
        [
          "file": .text("~/.config/parea/settings.json"),
          "keptAs": .text("settings.json.corrupt-20240301-100502"), "version": .text("3"),
        ]
      ),
      (
        .corrupt(file: file, keptAs: nil), "store.notKept",
        ["file": .text("~/.config/parea/settings.json")]
      ),
      (
        .futureVersion(file: file, version: 3, keptAs: nil), "store.notKept",
        ["file": .text("~/.config/parea/settings.json"), "version": .text("3")]
      ),
      (
        .unreadable(file: file, keptAs: keptAs), "store.unreadable",
        [
          "file": .text("~/.config/parea/settings.json"),
          "keptAs": .text("settings.json.corrupt-20240301-100502"),
        ]
      ),
      (
        .unreadable(file: file, keptAs: nil), "store.unreadableStays",
        ["file": .text("~/.config/parea/settings.json")]
      ),
      (
        .unknownPlace(file: file, keptAs: keptAs), "store.unknownPlace",
        [
          "file": .text("~/.config/parea/settings.json"),
          "keptAs": .text("settings.json.corrupt-20240301-100502"),
        ]
      ),
      (
        .unknownPlace(file: file, keptAs: nil), "store.notKept",
        ["file": .text("~/.config/parea/settings.json")]
      ),
      (
        .cannotSaveFile(file: file, reason: .inTheWay), "store.cannotSaveFile",
        ["file": .text("~/.config/parea/settings.json"), "reason": .key("store.reason.inTheWay")]
      ),
      (
        .cannotSave(folder: "/home/anna/.config/parea", reason: .readOnly), "store.cannotSave",
        ["folder": .text("~/.config/parea"), "reason": .key("store.reason.readOnly")]
      ),
      (.nowhereToSave, "store.nowhereToSave", [:]),
    ]
    for (problem, key, arguments) in cases {
      #expect(problem.key == key)
      #expect(problem.arguments(paths: paths) == arguments)
    }
  }

  @Test("Every reason has a key")
  func reasons() {
    #expect(StoreError.Reason.readOnly.key == "store.reason.readOnly")
    #expect(StoreError.Reason.diskFull.key == "store.reason.diskFull")
    #expect(StoreError.Reason.notAFolder.key == "store.reason.notAFolder")
    #expect(StoreError.Reason.other(errno: 5).key == "store.reason.other")
    #expect(StoreError.Reason.inTheWay.key == "store.reason.inTheWay")
    #expect(StoreError.Reason.linkElsewhere.key == "store.reason.linkElsewhere")
  }

  @Test("A repeated failure has no problem to show")
  func repeated() {
    #expect(
      StoreError(folder: "/x", reason: .diskFull).problem
        == .cannotSave(folder: "/x", reason: .diskFull))
    #expect(StoreError(folder: "/x", reason: .diskFull, alreadyReported: true).problem == nil)
    #expect(StoreError(folder: nil, reason: .nowhere).problem == .nowhereToSave)
    #expect(
      StoreError(folder: "/x", reason: .inTheWay, file: "/x/f").problem
        == .cannotSaveFile(file: "/x/f", reason: .inTheWay))
    #expect(StoreError(folder: "/x", reason: .inTheWay, alreadyReported: true, file: "/x/f").problem == nil)
  }
}
