import CNcursesw
import PareaCanvas

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// Why one file of this length: every ncurses call Parea makes is here, so
// that the terminal's state (started, restored, the alternate screen, the
// colours, the scroll-back wipes) has one owner and its restore paths (an
// exit, a signal, an error) can be checked against each other in one read.

/// The full-screen terminal, through ncursesw: start and restore it, read keys,
/// draw a `Canvas`. Only this type (and the executable) sees ncurses.
///
/// Use it from one thread (the run loop's).
///
/// Why one file of some 550 lines: every part (start and stop, input,
/// output, colours) reads and writes the same private ncurses state (the
/// window, the colour pairs made so far, what the terminal can do), and only
/// this file may touch it; split, that state would have to be opened to the
/// whole module.
public final class Terminal {
  /// True between a successful `start()` and `stop()`.
  public private(set) var isRunning = false
  /// True when cells are drawn with colors (the terminal has them and
  /// `NO_COLOR` is unset or empty).
  public private(set) var usesColor = false

  private var screen: OpaquePointer?
  /// The canvas on the screen now; nil forces a full repaint.
  private var drawn: Canvas?
  private var defaultColorsAvailable = false
  /// Allocated color pairs, a slot per foreground and background (`colorPair`);
  /// -1 where none is allocated yet.
  private var colorPairs = [Int16](repeating: -1, count: 81)
  private var nextColorPair: Int16 = 0
  private var cursorShown: Bool?
  /// Room for one row's run of complex characters (`RunWriter`).
  private var runBuffer: [cchar_t] = []

  /// Creates a terminal; nothing happens to the screen until `start()`.
  public init() {}

  deinit { stop() }

  // MARK: Start and stop

  /// Takes over the terminal: signal handlers, locale, ncurses in raw mode on
  /// the alternate screen, colors. Throws (without touching the screen) when
  /// standard input/output is not a terminal or `TERM` is unknown.
  public func start() throws(TerminalError) {
    guard !isRunning else { return }
    TerminationSignals.install()
    _ = parea_setup_locale()

    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    let type = Self.environment("TERM") ?? ""
    guard !type.isEmpty else { throw .terminalTypeMissing }
    var modesBefore = termios()
    let haveModes = tcgetattr(STDIN_FILENO, &modesBefore) == 0
    // newterm (unlike initscr, which prints "Error opening terminal" and exits
    // the process) returns nil on an unknown type and writes nothing; only
    // then is the terminal database asked why, so start-up reads it once.
    guard let screen = parea_newterm() else {
      switch parea_check_terminal_type() {
      case 0: throw .unknownTerminalType(type)
      case 1: throw .cannotOpenTerminal(type)
      default: throw .noTerminalDatabase
      }
    }
    self.screen = screen
    // A terminal that cannot move the cursor (TERM=dumb, a printing
    // terminal) would show one line and then nothing: refuse it as clearly
    // as an unknown type.
    guard Self.capability("cup") != nil else {
      endwin()
      delscreen(screen)
      self.screen = nil
      throw .cannotAddressCursor(type)
    }
    if haveModes {
      CrashGuard.arm(modes: modesBefore, leaveSequences: Self.leaveSequences())
    }
    ExitGuard.register()
    cursesActive.store(true, ordering: .relaxed)

    let window = parea_stdscr()
    raw()  // Ctrl-C arrives as byte 3, Ctrl-Z and Ctrl-\ as bytes too
    noecho()
    keypad(window, true)
    // The modes to put back after the process was stopped and continued
    // (the shell took the terminal meanwhile): see `resume()`.
    def_prog_mode()
    _ = parea_set_escdelay(25)
    setColorsUp()
    isRunning = true
    drawn = nil
    cursorShown = nil
    setCursor(visible: false)
  }

  /// Restores the terminal (cooked mode, echo, the normal screen, the cursor).
  /// Safe to call more than once, and after a signal.
  public func stop() {
    guard isRunning else { return }
    isRunning = false
    CrashGuard.disarm()
    cursesActive.store(false, ordering: .relaxed)
    endwin()
    if let screen {
      delscreen(screen)
      self.screen = nil
    }
    drawn = nil
  }

  /// The terminal's size in columns and rows (0×0 when not running).
  public var size: (width: Int, height: Int) {
    guard isRunning else { return (0, 0) }
    var height: Int32 = 0
    var width: Int32 = 0
    parea_getmaxyx(parea_stdscr(), &height, &width)
    return (Int(width), Int(height))
  }

  // MARK: Input

  /// Waits up to `timeoutMilliseconds` for the next event. Returns nil when
  /// nothing happened in time (or a code with no meaning arrived).
  /// A pending termination signal comes first.
  public func nextEvent(timeoutMilliseconds: Int, alsoWatching other: Int32? = nil) -> TerminalEvent? {
    if let number = TerminationSignals.take() { return .signal(number) }
    guard isRunning else { return nil }
    if ContinueSignal.take() { return resume() }
    let window = parea_stdscr()
    var timeout = timeoutMilliseconds
    if let other {
      // Something else may wake the loop too (the phones' server): a key
      // already read by ncurses comes first; otherwise wait on both, and
      // return nil at once when only the other is ready.
      wtimeout(window, 0)
      var code: wint_t = 0
      switch wget_wch(window, &code) {
      case KEY_CODE_YES: return event(for: KeyDecoding.functionKey(Int32(bitPattern: code)))
      case OK: return event(for: KeyDecoding.character(code))
      default: break
      }
      var descriptors = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: other, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&descriptors, 2, Int32(clamping: max(0, timeoutMilliseconds)))
      if descriptors[0].revents == 0 { return nil }
      timeout = 10
    }
    wtimeout(window, Int32(clamping: max(0, timeout)))
    var code: wint_t = 0
    switch wget_wch(window, &code) {
    case KEY_CODE_YES:
      return event(for: KeyDecoding.functionKey(Int32(bitPattern: code)))
    case OK:
      return event(for: KeyDecoding.character(code))
    default:
      if let number = TerminationSignals.take() { return .signal(number) }
      if ContinueSignal.take() { return resume() }
      return inputHungUp() ? .signal(SIGHUP) : nil
    }
  }

  /// Back from SIGSTOP/SIGTSTP: the shell had the terminal meanwhile (its
  /// modes, its "Stopped" line, other jobs' output). Puts the program's
  /// modes, keypad and cursor back and asks for a whole repaint.
  private func resume() -> TerminalEvent {
    reset_prog_mode()
    keypad(parea_stdscr(), true)
    cursorShown = nil
    drawn = nil
    return .repaint
  }

  private func event(for input: DecodedInput) -> TerminalEvent? {
    switch input {
    case .key(let key): return .key(key)
    case .interrupt: return .interrupt
    case .repaint:
      drawn = nil
      return .repaint
    case .resize:
      // ncurses has resized stdscr already; what was drawn is gone.
      drawn = nil
      let size = self.size
      return .resize(width: size.width, height: size.height)
    case .escape: return escapeOrSequence()
    case .ignored: return nil
    }
  }

  /// ncurses hands back a lone ESC after `ESCDELAY` when it is Escape, or at
  /// once when more bytes follow that it did not recognise as a key. Escape
  /// followed by an ordinary key (Alt-x, or Esc and a key typed quickly) is
  /// reported as Escape and the key is put back, so no key press is lost; an
  /// unrecognised CSI/SS3 sequence (ESC [ … or ESC O x) is swallowed whole so
  /// its bytes do not turn into typed text.
  private func escapeOrSequence() -> TerminalEvent? {
    let window = parea_stdscr()
    wtimeout(window, 0)
    var next: wint_t = 0
    let status = wget_wch(window, &next)
    if status == KEY_CODE_YES {
      ungetch(Int32(bitPattern: next))
      return .key(.escape)
    }
    guard status == OK else { return .key(.escape) }
    switch next {
    case 0x5B:  // "[": CSI, parameters then one final byte in 0x40…0x7E
      for _ in 0..<32 {
        var byte: wint_t = 0
        guard wget_wch(window, &byte) == OK else { break }
        if (0x40...0x7E).contains(byte) { break }
      }
      return nil
    case 0x4F:  // "O": SS3, one more byte
      var byte: wint_t = 0
      _ = wget_wch(window, &byte)
      return nil
    default:
      unget_wch(wchar_t(bitPattern: next))
      return .key(.escape)
    }
  }

  /// True when the terminal is gone (the pane or window closed without a SIGHUP
  /// reaching us): reads would fail at once forever, so the loop must end.
  private func inputHungUp() -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) >= 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  // MARK: Output

  /// Draws `canvas`, sending only the cells that changed since the last draw.
  /// With `force`, clears the physical screen and repaints every cell (used
  /// when hiding a secret: nothing of it may survive anywhere on the screen).
  ///
  /// Each run of changed cells goes to ncurses in one call (`wadd_wchnstr`,
  /// which places wide characters itself), not a move and a write per cell.
  public func draw(_ canvas: Canvas, force: Bool = false) {
    guard isRunning else { return }
    let window = parea_stdscr()
    let (screenWidth, screenHeight) = size
    let full = force || drawn == nil || drawn?.width != canvas.width || drawn?.height != canvas.height
    if full {
      werase(window)
      clearok(window, true)
    }
    let rows = min(canvas.height, screenHeight)
    let columns = min(canvas.width, screenWidth)
    // The cells read through pointers: this visits every cell of the screen.
    let previous = full ? [] : drawn?.cells ?? []
    if runBuffer.count < columns + 1 { runBuffer = [cchar_t](repeating: cchar_t(), count: columns + 1) }
    let blank = Cell.blank
    canvas.cells.withUnsafeBufferPointer { cells in
      previous.withUnsafeBufferPointer { before in
        runBuffer.withUnsafeMutableBufferPointer { buffer in
          var run = RunWriter(window: window, terminal: self, buffer: buffer)
          for row in 0..<rows {
            let start = row * canvas.width
            for column in 0..<columns {
              let cell = cells[start + column]
              let changed = before.isEmpty ? cell != blank : before[start + column] != cell
              guard changed else {
                run.flush()
                continue
              }
              if cell.isCovered {
                // The right half of a wide grapheme changed (its style): the
                // grapheme is written again from its first cell, unless the run
                // has it already (ncurses fills the right half itself).
                if column > 0, !run.ends(at: column - 1, row: row) {
                  run.flush()
                  run.append(cells[start + column - 1], row: row, column: column - 1, limit: columns)
                }
                continue
              }
              run.append(cell, row: row, column: column, limit: columns)
            }
            run.flush()
          }
        }
      }
    }
    if let cursor = canvas.cursor, cursor.row >= 0, cursor.row < rows, cursor.column >= 0,
      cursor.column < columns
    {
      setCursor(visible: true)
      wmove(window, Int32(cursor.row), Int32(cursor.column))
    } else {
      setCursor(visible: false)
    }
    wrefresh(window)
    drawn = canvas
  }

  /// The complex character for a cell's style with a space in it, made by
  /// ncurses (its attributes and colour pair); a cell copies it and puts its
  /// own scalars in.
  fileprivate func template(for bits: UInt16) -> cchar_t {
    var attributes = parea_attr_normal()
    if bits & Style.boldBit != 0 { attributes |= parea_attr_bold() }
    if bits & Style.reverseBit != 0 { attributes |= parea_attr_reverse() }
    if bits & Style.dimBit != 0 { attributes |= parea_attr_dim() }
    var complex = cchar_t()
    setcchar(&complex, [0x20, 0], attributes, colorPair(bits: bits), nil)
    return complex
  }

  /// Erases the terminal's scroll-back (`E3`, `ESC [ 3 J`), where lines
  /// pushed off the screen are kept: without an alternate screen (TERM=vt100
  /// or linux, tmux with `alternate-screen off`) a full repaint moves the
  /// screen there. Terminals that do not know the sequence ignore it (an
  /// erase with an unknown parameter). The screen itself is left as it is.
  public func clearScrollBack() {
    guard isRunning else { return }
    let sequence = Self.eraseScrollBack
    _ = sequence.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }

  /// Takes the terminal back after something else may have written to it
  /// (a process of the narrator's voice that opened the terminal's device by
  /// its path and left the alternate screen, changed the modes or hid the
  /// keypad): puts the program's modes back, enters the alternate screen and
  /// the keypad mode again, and rewrites every cell of the screen as it was
  /// drawn, without clearing it first (no flash where nothing was touched).
  /// Entering the alternate screen while on it changes nothing visible.
  public func reclaim() {
    guard isRunning else { return }
    reset_prog_mode()
    var bytes: [UInt8] = []
    for name in ["smcup", "smkx"] {
      if let value = Self.capability(name) { bytes += Array(value.utf8) }
    }
    _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    let window = parea_stdscr()
    // Every line counts as damaged: the next refresh writes each cell again.
    wredrawln(window, 0, Int32(size.height))
    wrefresh(window)
    if let shown = cursorShown {
      cursorShown = nil
      setCursor(visible: shown)
    }
  }

  /// Blanks the whole screen and then the scroll-back, before a way out
  /// that would leave them as they are (no alternate screen to go back from).
  public func wipe() {
    guard isRunning else { return }
    let window = parea_stdscr()
    werase(window)
    clearok(window, true)
    wrefresh(window)
    drawn = nil
    clearScrollBack()
  }

  /// `E3` from terminfo, or the standard sequence where the entry lacks it
  /// (vt100's does, though tmux and most emulators running as one know it).
  private static var eraseScrollBack: [UInt8] {
    Array((capability("E3") ?? "\u{1B}[3J").utf8)
  }

  /// A string capability of the current terminal, nil when it has none;
  /// without its padding (`$<50>`), which only `tputs` understands: these
  /// strings are written as they are.
  private static func capability(_ name: String) -> String? {
    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
    var text = ""
    var rest = Substring(String(cString: value))
    while let dollar = rest.firstIndex(of: "$") {
      text += rest[..<dollar]
      let after = rest.index(after: dollar)
      if after < rest.endIndex, rest[after] == "<", let end = rest[after...].firstIndex(of: ">") {
        rest = rest[rest.index(after: end)...]
      } else {
        text.append("$")
        rest = rest[after...]
      }
    }
    return text + rest
  }

  /// Rings the terminal's bell (or flashes the screen where it has no bell).
  public func bell() {
    guard isRunning else { return }
    beep()
  }

  private func setCursor(visible: Bool) {
    guard cursorShown != visible else { return }
    cursorShown = visible
    curs_set(visible ? 1 : 0)
  }

  // MARK: Colors

  private func setColorsUp() {
    colorPairs = [Int16](repeating: -1, count: 81)
    nextColorPair = 0
    usesColor = false
    let noColor = Self.environment("NO_COLOR") ?? ""
    guard noColor.isEmpty, has_colors(), start_color() == OK else { return }
    defaultColorsAvailable = use_default_colors() == OK
    usesColor = parea_colors() >= 8 && parea_color_pairs() > 1
  }

  /// The color pair for a foreground color on a background (the terminal's
  /// own when nil), allocated the first time it is used. Looked up for every
  /// drawn cell, so the pairs live in a flat array with a slot per
  /// combination (nine backgrounds: the eight colors and the terminal's).
  private func colorPair(bits: UInt16) -> Int16 {
    let foreground = Int(bits & 0xF)  // 0: the terminal's; else a color's raw value + 1 (`Style.bits`)
    let background = Int(bits >> 4 & 0xF)
    guard usesColor, foreground != 0 || background != 0 else { return 0 }
    let slot = background * 9 + foreground
    if colorPairs[slot] >= 0 { return colorPairs[slot] }
    nextColorPair += 1
    var pair = nextColorPair
    let fore = foreground != 0 ? Int16(foreground - 1) : (defaultColorsAvailable ? -1 : Int16(COLOR_WHITE))
    let back = background != 0 ? Int16(background - 1) : (defaultColorsAvailable ? -1 : Int16(COLOR_BLACK))
    if Int(pair) >= parea_color_pairs() || init_pair(pair, fore, back) != OK {
      pair = 0  // out of pairs: the default colors, remembered so we stop asking
    }
    colorPairs[slot] = pair
    return pair
  }

  /// The terminfo strings that undo full-screen mode after a crash:
  /// attributes off, the screen and the scroll-back erased (a role may be on
  /// them), cursor shown, keypad transmit off, back from the alternate screen.
  private static func leaveSequences() -> [UInt8] {
    var bytes: [UInt8] = []
    for name in ["sgr0", "clear"] {
      if let value = capability(name) { bytes += Array(value.utf8) }
    }
    bytes += eraseScrollBack
    for name in ["cnorm", "rmkx", "rmcup"] {
      if let value = capability(name) { bytes += Array(value.utf8) }
    }
    return bytes
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

/// A run of changed cells of one row, gathered as complex characters and
/// written by ncurses in one call when a cell that did not change (or the
/// row's end) closes it.
private struct RunWriter {
  let window: UnsafeMutablePointer<WINDOW>?
  let terminal: Terminal
  /// Room for a row's run (its width and one more).
  let buffer: UnsafeMutableBufferPointer<cchar_t>
  private var count = 0
  private var row = -1
  private var first = -1
  /// The column after the last cell in the run.
  private var next = -1
  /// The last style's complex character (`Terminal.template(for:)`): a
  /// frame has a few dozen runs of one style each.
  private var templateBits = UInt16.max
  private var template = cchar_t()

  init(window: UnsafeMutablePointer<WINDOW>?, terminal: Terminal, buffer: UnsafeMutableBufferPointer<cchar_t>) {
    self.window = window
    self.terminal = terminal
    self.buffer = buffer
  }

  /// True when the run's last cell is (`row`, `column`) or covers it.
  func ends(at column: Int, row: Int) -> Bool {
    count > 0 && self.row == row && column < next && column >= first
  }

  /// Adds a cell (not a covered one): the whole grapheme cluster (base and
  /// combining scalars) as one complex character.
  mutating func append(_ cell: Cell, row: Int, column: Int, limit: Int) {
    if count == 0 {
      self.row = row
      first = column
    }
    if cell.styleBits != templateBits {
      templateBits = cell.styleBits
      template = terminal.template(for: templateBits)
    }
    var complex = template
    var firstScalar: UInt32 = 0x20
    if let scalar = cell.scalar {
      complex.chars.0 = wchar_t(bitPattern: scalar)
      firstScalar = scalar
    } else if let character = cell.character {
      // A cchar_t holds one spacing character and up to CCHARW_MAX-1
      // combining ones; longer clusters (rare emoji sequences) keep their
      // first scalars.
      withUnsafeMutableBytes(of: &complex.chars) { raw in
        let wide = raw.bindMemory(to: wchar_t.self)
        var count = 0
        for scalar in character.unicodeScalars {
          if count == Int(CCHARW_MAX) { break }
          wide[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
      }
      firstScalar = character.unicodeScalars.first?.value ?? 0x20
    }
    buffer[count] = complex
    count += 1
    // What the C library thinks of the width decides where ncurses puts the
    // next character (no scalar below U+1100 is wide to either: a test in
    // TextWidthTests holds both).
    let measured = firstScalar < 0x1100 ? 1 : Int(parea_wcwidth(wchar_t(bitPattern: firstScalar)))
    if cell.isWide {
      next = column + 2
      if measured < 2, column + 1 < limit {
        // The canvas thinks this grapheme is wide but the C library measures
        // it narrow: a blank in the second cell, so nothing stale shows.
        // (A keycap such as "1️⃣" starts with an ASCII digit and is wide too.)
        var blank = complex
        blank.chars = (0x20, 0, 0, 0, 0)
        buffer[count] = blank
        count += 1
      }
    } else {
      next = column + 1
      // Narrow to the canvas but wide to the C library: ncurses would put
      // what follows a column late, so the next cell starts a run of its own.
      if measured > 1 { flush() }
    }
  }

  /// Writes the run and starts a new one.
  mutating func flush() {
    guard count > 0 else { return }
    wmove(window, Int32(row), Int32(first))
    _ = wadd_wchnstr(window, buffer.baseAddress, Int32(count))
    count = 0
  }
}
