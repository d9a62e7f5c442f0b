import PareaCanvas
import Testing

/// The footer's hints: three spaces apart, two when that is what it takes to
/// show them all, and then the right margin's column as well.
@Suite struct FooterLayoutTests {
  static func footer(_ hints: [(String, String)], width: Int = 30) -> String {
    var canvas = Canvas(width: width, height: 2)
    canvas.footer(hints.map { KeyHint(key: $0.0, label: $0.1) })
    return canvas.lines[1]
  }

  @Test func roomyHintsAreThreeSpacesApart() {
    #expect(Self.footer([("a", "bb"), ("c", "dd")]) == " a bb   c dd" + String(repeating: " ", count: 18))
  }

  @Test func crowdedHintsCloseUpToTwoSpaces() {
    // 8 + 8 + 8 columns of hints: 30 with gaps of three, 28 with two.
    let line = Self.footer([("a", "bbbbbb"), ("c", "dddddd"), ("e", "ffffff")])
    #expect(line == " a bbbbbb  c dddddd  e ffffff ")
  }

  @Test func theLastColumnWhenTwoSpacesAreNotEnough() {
    // 8 + 8 + 9: 29 with gaps of two, one more than the margin leaves.
    let line = Self.footer([("a", "bbbbbb"), ("c", "dddddd"), ("e", "fffffff")])
    #expect(line == " a bbbbbb  c dddddd  e fffffff")
  }

  @Test func whatCannotFitIsLeftOut() {
    let line = Self.footer([("a", "bbbbbb"), ("c", "dddddd"), ("e", "ffffffff")])
    #expect(line == " a bbbbbb  c dddddd" + String(repeating: " ", count: 11))
  }
}
