import PareaCanvas
import Testing

/// Blocks sharing a rectangle: what is placed where, and what is left out.
@Suite struct StackTests {
  let area = Rect(row: 10, column: 3, width: 20, height: 10)

  @Test func rowsThatFitArePlacedInOrderWithTheirGaps() {
    let placement = Stack.rows([2, 3, 1], in: area, gap: 1)
    #expect(placement.placed.map(\.row) == [10, 13, 17])
    #expect(placement.placed.map(\.height) == [2, 3, 1])
    #expect(placement.placed.allSatisfy { $0.column == 3 && $0.width == 20 })
    #expect(placement.left == 0 && placement.next == 18)
  }

  @Test func rowsThatDoNotFitAreCountedAndTheReserveIsKept() {
    // 4 + 4 + 4 rows in 10: two fit; with one row reserved for "1 more", still two.
    let reserved = Stack.rows([4, 4, 4], in: area, reserve: 1)
    #expect(reserved.placed.count == 2 && reserved.left == 1 && reserved.next == 18)
    // 3 + 3 + 3 + 3 in 10: three would fit, but not with a reserved row: two, and 2 left.
    let tight = Stack.rows([3, 3, 3, 3], in: area, reserve: 2)
    #expect(tight.placed.count == 2 && tight.left == 2)
    // Everything fits: the reserve is not taken.
    let all = Stack.rows([5, 5], in: area, reserve: 3)
    #expect(all.placed.count == 2 && all.left == 0 && all.next == 20)
    // A block taller than the area: nothing placed, the next row is the top.
    let none = Stack.rows([11], in: area)
    #expect(none.placed.isEmpty && none.left == 1 && none.next == 10)
  }

  @Test func columnsShareWhatIsLeft() {
    let columns = Stack.columns([5, nil, nil], in: area, gap: 1)
    #expect(columns.map(\.column) == [3, 9, 17])
    #expect(columns.map(\.width) == [5, 7, 6], "13 free columns: 7 and 6")
    #expect(columns.allSatisfy { $0.row == 10 && $0.height == 10 })
    // More asked than there is: the last column ends with the area.
    let wide = Stack.columns([15, 15], in: area, gap: 2)
    #expect(wide.map(\.width) == [15, 3])
    #expect(wide.last.map { $0.column + $0.width } == 23)
  }
}
