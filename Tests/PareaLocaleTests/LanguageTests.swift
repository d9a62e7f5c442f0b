import PareaLocale
import Testing

@Suite("Language choice")
struct LanguageTests {
  @Test func flagBeatsEverything() {
    let environment = ["LC_ALL": "el_GR.UTF-8"]
    #expect(Language.resolve(flag: .en, saved: .el, environment: environment) == .en)
    #expect(Language.resolve(flag: .el, saved: .en, environment: ["LANG": "en_US.UTF-8"]) == .el)
  }

  @Test func savedSettingBeatsEnvironment() {
    #expect(Language.resolve(flag: nil, saved: .en, environment: ["LC_ALL": "el_GR.UTF-8"]) == .en)
    #expect(Language.resolve(flag: nil, saved: .el, environment: ["LANG": "C.UTF-8"]) == .el)
  }

  @Test func environmentBeatsEnglish() {
    #expect(Language.resolve(flag: nil, saved: nil, environment: ["LANG": "el_GR.UTF-8"]) == .el)
  }

  @Test func englishWhenNothingSaysOtherwise() {
    #expect(Language.resolve(flag: nil, saved: nil, environment: [:]) == .en)
    #expect(
      Language.resolve(
        flag: nil, saved: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""])
        == .en)
  }

  @Test func lcAllThenLcMessagesThenLang() {
    let all = ["LC_ALL": "el_GR.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_GB.UTF-8"]
    #expect(Language.fromEnvironment(all) == .el)
    let messages = ["LC_MESSAGES": "el", "LANG": "en_GB.UTF-8"]
    #expect(Language.fromEnvironment(messages) == .el)
    let lang = ["LANG": "el_GR.UTF-8"]
    #expect(Language.fromEnvironment(lang) == .el)
    // The first non-empty one decides, even for English.
    #expect(Language.fromEnvironment(["LC_ALL": "C.UTF-8", "LANG": "el_GR.UTF-8"]) == .en)
    #expect(Language.fromEnvironment(["LC_MESSAGES": "POSIX", "LANG": "el_GR.UTF-8"]) == .en)
  }

  @Test func emptyValuesAreSkipped() {
    #expect(
      Language.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "el_GR.UTF-8"]) == .el)
    #expect(
      Language.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "el_CY.UTF-8", "LANG": "C"]) == .el)
    #expect(Language.fromEnvironment(["LC_ALL": "", "LANG": ""]) == nil)
  }

  @Test(arguments: [
    ("el_GR.UTF-8", Language.el), ("el", .el), ("el_CY", .el), ("el_GR@euro", .el),
    ("EL_GR.utf8", .el),
    ("C.UTF-8", .en), ("C", .en), ("POSIX", .en), ("en_US.UTF-8", .en), ("de_DE.UTF-8", .en),
    ("else", .en),
  ])
  func localeNames(identifier: String, language: Language) {
    #expect(Language(localeIdentifier: identifier) == language)
  }

  @Test func commandLineCodes() {
    #expect(Language(code: "el") == .el)
    #expect(Language(code: "EN") == .en)
    #expect(Language(code: "fr") == nil)
  }
}
