// The parts of ncursesw that Swift can use directly, plus `static inline`
// wrappers for what it cannot import (attribute macros, function-like macros)
// or what Swift 6 rejects (mutable C globals such as `stdscr` and `COLS`).
// See PITFALLS.md, "What Swift cannot import".
#ifndef PAREA_CNCURSESW_SHIM_H
#define PAREA_CNCURSESW_SHIM_H

// Without these the wide-character API (get_wch, cchar_t, setcchar…) is not
// declared, and Greek would be drawn as bytes.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncurses.h>

// Glibc's module does not expose these to Swift.
int wcwidth(wchar_t c);

// MARK: Attributes (macros built from NCURSES_BITS, invisible to Swift)

static inline attr_t parea_attr_bold(void) { return A_BOLD; }
static inline attr_t parea_attr_reverse(void) { return A_REVERSE; }
static inline attr_t parea_attr_dim(void) { return A_DIM; }
static inline attr_t parea_attr_normal(void) { return A_NORMAL; }

// MARK: Mutable globals (Swift 6 rejects every direct use)

static inline WINDOW *parea_stdscr(void) { return stdscr; }
static inline int parea_colors(void) { return COLORS; }
static inline int parea_color_pairs(void) { return COLOR_PAIRS; }

/// Width and height of a window (the `getmaxyx` macro).
static inline void parea_getmaxyx(WINDOW *window, int *height, int *width) {
  int y = 0, x = 0;
  getmaxyx(window, y, x);
  *height = y;
  *width = x;
}

/// How long ncurses waits after a lone ESC byte for the rest of a sequence.
static inline int parea_set_escdelay(int milliseconds) { return set_escdelay(milliseconds); }

/// Columns a wide character takes on screen (-1 for a non-printable one).
static inline int parea_wcwidth(wchar_t c) { return wcwidth(c); }

/// Opens the terminal named by $TERM on stdout/stdin without letting ncurses
/// exit the process when the terminal type is unknown (initscr would).
/// Returns NULL on failure.
static inline SCREEN *parea_newterm(void) { return newterm(NULL, stdout, stdin); }

/// True when the C locale's character set is UTF-8.
static inline int parea_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// The program's locale from the environment, falling back to C.UTF-8 for
/// characters when the environment names a locale this machine lacks (or a
/// non-UTF-8 one): ncursesw needs a UTF-8 LC_CTYPE to draw Greek.
/// Returns 1 when the result is UTF-8.
static inline int parea_setup_locale(void) {
  const char *result = setlocale(LC_ALL, "");
  if (result == NULL || !parea_locale_is_utf8()) {
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "C.utf8");
  }
  return parea_locale_is_utf8();
}

// term.h last: it defines a macro for every terminfo capability name
// (`lines`, `columns`, `bell`…), which would clash with code above.
#include <term.h>

/// Checks $TERM against the terminfo database without exiting the process.
/// Returns 1 when found, 0 when the type is unknown, -1 when no database.
static inline int parea_check_terminal_type(void) {
  int found = -2;
  if (setupterm(NULL, 1, &found) == OK) {
    del_curterm(cur_term);
    return 1;
  }
  return found;
}

#endif
