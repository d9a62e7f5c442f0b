import PareaCanvas
import PareaRules

/// The group's decks, from the roles page (`t`): every deck in the decks
/// folder (saved here, imported with `parea --import`, or dropped in), each
/// with how many it deals; a file that cannot be used is listed with what is
/// wrong with it, and left as it is. Enter deals from the lit deck (its roles
/// join the group's, its set goes on the roles page); `s` saves the roles on
/// the page as a deck, under a name typed here.
public struct DecksScreen: Hashable, Sendable {
  /// The roles page, as it was (the decks page goes back to it).
  public var beneath: SetupScreen
  /// The lit deck.
  public var selection = 0
  /// The name being typed for the deck to save, while `s` is open.
  public var naming: TextField?
  /// An error or note shown under the list.
  public var notice: Notice?

  /// The decks page over the roles page as it is.
  init(beneath: SetupScreen) {
    self.beneath = beneath
  }
}

/// What the user can do on the decks page.
public enum DecksAction: Hashable, Sendable {
  /// Light the next or previous deck.
  case move(Int)
  /// Deal from the lit deck: back to the roles page with its roles.
  case use
  /// Start naming the deck to save (the roles on the page), or stop.
  case name(Bool)
  /// Type into the name.
  case type(Character)
  /// Delete the character before the cursor.
  case deleteBackward
  /// Move the cursor.
  case cursor(Int)
  /// Save the roles on the page as a deck of the name typed.
  case save
}

extension DecksScreen: Feature {
  func audience(in state: AppState) -> Audience { .table }
  func guardedMoment(in state: AppState) -> GuardedMoment? { nil }

  func action(for key: Key, in context: ScreenContext) -> Action? {
    if naming != nil, case .character(let character) = key { return .decks(.type(character)) }
    return commands(in: context.state, words: context.words).action(for: key)
  }

  func commands(in state: AppState, words: Words) -> [KeyCommand] {
    if naming != nil {
      return [
        .shown("Enter", "key.saveDeck", [(.enter, .decks(.save))]),
        .shown("Esc", "key.cancel", [(.escape, .decks(.name(false)))]),
        .hidden(.typing, [(.backspace, .decks(.deleteBackward)), (.left, .decks(.cursor(-1))), (.right, .decks(.cursor(1)))]),
      ]
    }
    var commands: [KeyCommand] = []
    if litDeck(in: state) != nil {
      commands.append(.shown("Enter", "key.useDeck", [(.enter, .decks(.use))]))
    }
    commands += [
      .shown("s", "key.saveAsDeck", [(.letter("s"), .decks(.name(true)))]),
      .shown("Esc", "key.back", [(.escape, .back)]),
      .hidden(.moving, [(.up, .decks(.move(-1))), (.down, .decks(.move(1)))]),
    ]
    return commands
  }

  /// Every deck file listed, as the store last read them (none yet: empty).
  func entries(in state: AppState) -> [DeckEntry] { state.decks ?? [] }

  /// The lit deck, if its file holds one.
  func litDeck(in state: AppState) -> Deck? {
    let entries = entries(in: state)
    guard entries.indices.contains(selection), case .success(let deck) = entries[selection].deck else { return nil }
    return deck
  }

  mutating func reduce(_ action: DecksAction, in context: ScreenContext) -> Outcome {
    let state = context.state
    notice = nil
    switch action {
    case .move(let step):
      selection = max(0, min(entries(in: state).count - 1, selection + step))
    case .use:
      guard let deck = litDeck(in: state) else { return .stay }
      return use(deck, in: state)
    case .name(let open):
      naming = open ? TextField() : nil
    case .type(let character):
      guard var field = naming else { return .stay }
      if let refusal = PlayerName.refusal(typing: character, into: field.text) {
        notice = .name(refusal)
      } else {
        field.insert(character)
      }
      naming = field
    case .deleteBackward:
      naming?.deleteBackward()
    case .cursor(let step):
      naming?.moveCursor(by: step)
    case .save:
      guard let field = naming else { return .stay }
      let name = PlayerName.clean(field.text)
      guard !name.isEmpty else {
        notice = Notice(kind: .error, title: "decks.noName.title", message: "decks.noName.message")
        return .stay
      }
      let roles = state.setup.roles
      guard context.rules.players.contains(roles.count) else {
        notice = Notice(
          kind: .error, title: "decks.size.title", message: "decks.size.message",
          args: [
            "count": .text(String(roles.count)), "min": .text(String(context.rules.players.lowerBound)),
            "max": .text(String(context.rules.players.upperBound)),
          ])
        return .stay
      }
      naming = nil
      // The group's roles the deck deals, and the rest of the group's too: a deck carries them all.
      let deck = Deck(name: name, roles: roles, houseRoles: state.groupRoles.roles)
      return .stay(effects: [.saveDeck(deck), .listDecks])
    }
    return .stay
  }

  /// Enter on a deck: its roles join the group's (a role of the same
  /// identifier is the deck's from now on), its set goes on the roles page.
  private func use(_ deck: Deck, in state: AppState) -> Outcome {
    var roles = state.groupRoles.roles
    for role in deck.houseRoles {
      if let index = roles.firstIndex(where: { $0.id == role.id }) { roles[index] = role } else { roles.append(role) }
    }
    guard roles.count <= RoleDeclaration.maximumHouseRoles else {
      var page = self
      page.notice = Notice(
        kind: .error, title: "house.full.title", message: "house.full.message",
        args: ["max": .text(String(RoleDeclaration.maximumHouseRoles))])
      return .go(.decks(page))
    }
    var page = beneath
    page.focus = .chosen
    page.chosenSelection = 0
    return .go(.setup(page), [.groupRoles(roles), .setup(Setup(roles: deck.roles))])
  }

  func draw(into canvas: inout Canvas, in context: ScreenContext) {
    let state = context.state
    let words = context.words
    canvas.header(words, title: words.gameName(state.game) + "  ·  " + words("decks.title"))
    let entries = entries(in: state)
    let prompt = TextWidth.wrap(words("decks.prompt"), width: canvas.width - 6).prefix(2)
    for (offset, line) in prompt.enumerated() { canvas.write(line, row: 2 + offset, column: 3) }
    let top = 3 + prompt.count
    // The name being typed takes the three rows above the footer's blank
    // one, a notice the rows above it (or above the footer).
    let noticeWidth = canvas.width - 6
    let noticeRows = notice.map { Canvas.noticeHeight($0, words: words, width: noticeWidth) } ?? 0
    let height = canvas.height - 2 - top - (naming == nil ? 0 : 3) - noticeRows
    let list = Rect(row: top, column: 3, width: 36, height: height)
    canvas.frame(list, title: words("decks.list"), style: naming == nil ? Theme.key : Theme.frame)
    if entries.isEmpty {
      let lines = TextWidth.wrap(words(state.decks == nil ? "decks.reading" : "decks.none"), width: list.width - 4)
      for (offset, line) in lines.prefix(list.height - 2).enumerated() {
        canvas.write(line, row: list.row + 1 + offset, column: list.column + 2, style: Theme.dim)
      }
    } else {
      let items = entries.map { entry -> String in
        switch entry.deck {
        case .success(let deck): words("decks.item", ["deck": deck.name, "count": String(deck.roles.count)])
        case .failure: words("decks.bad", ["file": DeckEntry.fileName(entry.file)])
        }
      }
      let styles = entries.map { entry -> Style in
        if case .success = entry.deck { return Theme.normal }
        return Theme.dim
      }
      canvas.list(items, selected: naming == nil ? selection : nil, in: list.inset(1), styles: styles)
    }

    // The lit deck: its roles, or what is wrong with its file.
    let right = Rect(row: top, column: 41, width: canvas.width - 44, height: height)
    if entries.indices.contains(selection) {
      let entry = entries[selection]
      var lines: [(String, Style)] = []
      switch entry.deck {
      case .success(let deck):
        let game = deck.game
        let dealt = Words(wording: HouseWording(base: words.wording, game: game, language: state.language.rawValue))
        lines.append((deck.name, Theme.title))
        for role in deck.roles {
          lines.append(("· " + dealt.roleName(role), game.isBad(role) ? Theme.bad : Theme.normal))
        }
      case .failure(let problem):
        lines.append((DeckEntry.fileName(entry.file), Theme.title))
        for line in TextWidth.wrap(DeckWords.problem(problem, wording: words.wording), width: right.width) {
          lines.append((line, Theme.error))
        }
      }
      _ = canvas.paragraphs(lines, in: right, scroll: 0)
    }

    let bottom = canvas.height - 2
    if let naming {
      let box = Rect(row: bottom - 3, column: 3, width: canvas.width - 6, height: 3)
      naming.draw(into: &canvas, in: box, title: words("decks.name"), focused: true)
    }
    if let notice {
      let row = top + height
      canvas.notice(notice, words: words, row: row, in: Rect(row: 0, column: 3, width: noticeWidth, height: 0))
    }
    canvas.footer(commands(in: state, words: words), words: words)
  }

  func back(in context: ScreenContext) -> Outcome { .go(.setup(beneath)) }
}
