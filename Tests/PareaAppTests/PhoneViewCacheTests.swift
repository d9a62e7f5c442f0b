import PareaApp
import PareaLocale
import PareaRules
import Testing

/// The phones' views are made again only for the seats a change reached,
/// and what the laptop keeps (and sends) is at every moment exactly what
/// making every view afresh gives.
@Suite struct PhoneViewCacheTests {
  /// The role-blind runs' games with phones (Palermo narrated on them,
  /// nights and votes tapped on them), and Spy and Killer with phones.
  static var plans: [RoleBlindPlan] {
    var plans = RoleBlind.plans(seeds: 0..<4).filter(\.phones)
    for seed in UInt64(0)..<2 {
      let language: Language = seed == 0 ? .en : .el
      plans.append(RoleBlindPlan(game: "spy", language: language, players: 6, bad: 1, seed: seed, phones: true))
      plans.append(RoleBlindPlan(game: "killer", language: language, players: 5, bad: 1, seed: seed, phones: true))
    }
    return plans
  }

  @Test func theViewsKeptAreAlwaysTheViewsMadeAfresh() {
    var remade = 0
    var everySeat = 0
    for plan in Self.plans {
      var app = RoleBlind.dealt(plan)
      var cache = PhoneViewCache()
      var sent: [Int: String] = [:]
      var stale: String?
      for (index, step) in RoleBlind.steps(plan, count: 400).enumerated() where stale == nil {
        _ = RoleBlind.apply(step, to: &app)
        let update = cache.update(app)
        sent.merge(update.changed) { $1 }
        let fresh = app.phoneViews()
        for seat in sent.keys where fresh[seat] == nil { sent[seat] = nil }
        if sent != fresh || cache.views != fresh {
          let seats = fresh.keys.filter { sent[$0] != fresh[$0] }.sorted()
          stale = "\(plan): step \(index) (\(step)): seats \(seats) were not sent their new view"
        }
        if !update.remade.isEmpty || update.everySeat {
          remade += update.remade.count
          everySeat += app.state.table?.seats.count ?? 0
        }
      }
      if let stale { Issue.record("\(stale)") }
    }
    // Many changes reach some seats only (a look at a card, a tap, a vote):
    // fewer views made than every view at every change (in these runs, where
    // the nights and days move on every few steps, about two thirds).
    #expect(remade * 4 < everySeat * 3, "\(remade) views made where every view at every change would be \(everySeat)")
  }

  @Test func aKeyOnTheLaptopRemakesOnlyTheViewOfTheSeatItConcerns() throws {
    let plan = RoleBlindPlan(game: "killer", language: .el, players: 6, bad: 1, seed: 3, phones: true)
    var app = RoleBlind.dealt(plan)
    var cache = PhoneViewCache()
    #expect(cache.update(app).remade == Set(0..<6), "the first look makes every view")
    #expect(cache.update(app).remade.isEmpty, "nothing changed: nothing made")
    // The hand-offs and cards: each Enter concerns one seat at most.
    var reached: Set<Int> = []
    for _ in 0..<12 {
      _ = app.tick(now: app.state.clock + 1_500)
      _ = app.handle(.enter)
      let update = cache.update(app)
      #expect(update.remade.count <= 1 && !update.everySeat, "\(update.remade)")
      reached.formUnion(update.remade)
      #expect(cache.views == app.phoneViews())
    }
    #expect(reached.count > 1, "the looks at the cards reached the seats one by one")
    // A new link for one seat: its view (and only its) is made and sent again.
    cache.forget(2)
    let update = cache.update(app)
    #expect(update.remade == [2] && update.changed.keys.sorted() == [2])
  }
}
