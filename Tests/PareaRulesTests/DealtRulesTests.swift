import Foundation  // JSONEncoder / JSONDecoder / JSONSerialization only
import PareaRules
import Testing

/// The house rules a game keeps from its deal are declared once
/// (`DealtRules.declared`): every field is declared, in order, and saving and
/// reading back come from the declaration.
@Suite("Declared house rules")
struct DealtRulesTests {
  @Test func everyFieldIsDeclaredOnceInItsOrder() {
    let fields = Mirror(reflecting: DealtRules()).children.compactMap(\.label)
    #expect(DealtRules.declared.map(\.key) == fields, "a field of DealtRules with no line in `declared`")
    #expect(Set(fields).count == fields.count)
  }

  @Test func eachRuleHasValuesAndItsDefaultIsOne() {
    for rule in DealtRules.declared {
      #expect(rule.values.count >= 2, "\(rule.key)")
      #expect(Set(rule.values).count == rule.values.count, "\(rule.key)")
      #expect(rule.values.indices.contains(rule.defaultValue), "\(rule.key)")
      if rule.isToggle { #expect(rule.values == ["off", "on"]) }
    }
  }

  /// Setting one rule to each of its values changes that rule alone, and the
  /// rules saved and read back are the same.
  @Test func eachValueIsSetAloneAndSavedAndReadBack() throws {
    for rule in DealtRules.declared {
      for index in rule.values.indices {
        var rules = DealtRules()
        rule.set(&rules, to: index)
        #expect(rule.value(in: rules) == index, "\(rule.key)")
        for other in DealtRules.declared where other.key != rule.key {
          #expect(other.value(in: rules) == other.defaultValue, "\(rule.key) moved \(other.key)")
        }
        let data = try JSONEncoder().encode(rules)
        #expect(try JSONDecoder().decode(DealtRules.self, from: data) == rules, "\(rule.key) = \(index)")
      }
    }
  }

  /// A file saved before a rule existed reads that rule at its default; a
  /// file with a value this build does not know is refused, not misread.
  @Test func aMissingRuleKeepsItsDefaultAndAnUnknownValueIsRefused() throws {
    #expect(try JSONDecoder().decode(DealtRules.self, from: Data("{}".utf8)) == DealtRules())
    let some = try JSONDecoder().decode(DealtRules.self, from: Data(#"{"tie": "revoteOnce"}"#.utf8))
    #expect(some == DealtRules(tie: .revoteOnce))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(DealtRules.self, from: Data(#"{"tie": "coinToss"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(DealtRules.self, from: Data(#"{"announceSaves": "yes"}"#.utf8))
    }
  }

  /// Each rule's key in the file is its key, and the file holds them all.
  @Test func theFileHoldsEveryRuleByItsKey() throws {
    let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(DealtRules()))
    let keys = try #require(object as? [String: Any]).keys
    #expect(Set(keys) == Set(DealtRules.declared.map(\.key)))
  }
}
