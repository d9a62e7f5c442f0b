import Testing

extension EndToEnd {
  /// The end-to-end games whose time is mostly a narrated night's steps
  /// (30 to 45 seconds each, whatever the players do), spent waiting: the
  /// night on the phones in each language, the whole game on the phones,
  /// and the three narrated games to a win. They run two at a time, each in
  /// its own terminal (and, on the phones, its own browser): about four
  /// minutes instead of seven. `async let`'s child tasks keep this test's
  /// context, so that every `#expect` in them is this test's. The other
  /// end-to-end tests still run alone.
  /// Needs the phones' browsers, as `PhoneTests` (in CI a missing one fails
  /// instead: `phonesAvailable`); `scripts/setup --test` installs them.
  @Suite(.enabled(if: phonesAvailable, phonesMissing))
  struct LongGameTests {
    @Test(
      "narrated nights played two at a time: a night on the phones in English then a whole game on them; a night on the phones in Greek then three narrated games to a win"
    )
    func longGames() async {
      async let first: Void = {
        try PhoneTests.nightOnPhones(.en)
        try PhoneTests.wholeGameOnPhones()
      }()
      async let second: Void = {
        try PhoneTests.nightOnPhones(.el)
        NarratedGameTests.narratedGamesToAWin()
      }()
      // Each pair's failure is said, the other pair's too.
      do { try await first } catch { Issue.record(error) }
      do { try await second } catch { Issue.record(error) }
    }
  }
}
