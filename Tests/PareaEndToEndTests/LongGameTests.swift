import Testing

extension EndToEnd {
  /// The end-to-end games whose time is mostly a narrated night's steps
  /// (30 to 45 seconds each, whatever the players do), spent waiting: the
  /// night on the phones in each language, the whole game on the phones,
  /// the three narrated games to a win, and the Friday deck (a group's own
  /// Sheriff and Fool) on eight phones in each language. They run two at a
  /// time, each in its own terminal (and, on the phones, its own browser):
  /// about six and a half minutes instead of twelve. `async let`'s child tasks keep this test's
  /// context, so that every `#expect` in them is this test's. The other
  /// end-to-end tests still run alone.
  /// Needs the phones' browsers, as `PhoneTests` (in CI a missing one fails
  /// instead: `phonesAvailable`); `scripts/setup --test` installs them.
  @Suite(.enabled(if: phonesAvailable, phonesMissing))
  struct LongGameTests {
    @Test(
      "narrated nights played two at a time: a night on the phones in English, a whole game on them, Friday on eight phones in English; a night on the phones in Greek, three narrated games to a win, Friday in Greek"
    )
    func longGames() async {
      async let first: Void = {
        try PhoneTests.nightOnPhones(.en)
        try PhoneTests.wholeGameOnPhones()
        try PhoneTests.fridayOnPhones(.en)
      }()
      async let second: Void = {
        try PhoneTests.nightOnPhones(.el)
        NarratedGameTests.narratedGamesToAWin()
        try PhoneTests.fridayOnPhones(.el)
      }()
      // Each pair's failure is said, the other pair's too.
      do { try await first } catch { Issue.record(error) }
      do { try await second } catch { Issue.record(error) }
    }
  }
}
