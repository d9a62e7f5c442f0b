/*
 * The floor of Parea's benchmark: the least any ncursesw program pays.
 *
 * Draws one screen about the size of Parea's home (24 lines: a block-letter
 * banner, a menu with a few Greek words, a footer), then waits for keys. Each
 * key but q draws the other of two screens (the home and a "settings" page),
 * so the key-to-redraw round trip can be measured the same way as Parea's.
 * Set up like Parea: locale, raw, noecho, keypad, ESCDELAY 25 ms, colors.
 *
 *   cc -O2 -o floor bench/floor.c -lncursesw
 */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncurses.h>
#include <string.h>

static const char *home[] = {
    " PAREA  ·  Choose a game                                        Αρχική · Home",
    "",
    "",
    "                            █▀▀▄ ▄▀▀▄ █▀▀▄ █▀▀▀ ▄▀▀▄",
    "                            █▀▀  █▀▀█ █▀▀▄ █▀▀  █▀▀█",
    "                            ▀    ▀  ▀ ▀  ▀ ▀▀▀▀ ▀  ▀",
    "               Party games for one laptop · Παιχνίδια για παρέα",
    "",
    "    ▸ 1  Palermo     Thieves strike by night; the town votes (Παλέρμο)",
    "      2  Spy         Everyone knows the place but the spy (Κατάσκοπος)",
    "      3  Killer      One wink kills; catch the killer (Δολοφόνος)",
    "",
    "      Settings · Ρυθμίσεις",
    "      Quit · Έξοδος",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    " ↑↓ move   Enter play   i rules   s settings   q quit   floor: the last line",
};

static const char *other[] = {
    " PAREA  ·  Settings                                              Ρυθμίσεις",
    "",
    "",
    "",
    "      Language · Γλώσσα          English   Ελληνικά",
    "",
    "      second screen: every key but q goes back and forth",
};

/* Draws `lines`; rows bold_from…bold_to in bold yellow (the banner), row
 * `selected` in reverse video across the menu's width (the highlight). */
static void draw(const char **lines, int count, int bold_from, int bold_to, int selected) {
  erase();
  for (int row = 0; row < count; row++) {
    attr_t attributes = A_NORMAL;
    if (row >= bold_from && row <= bold_to) attributes = A_BOLD | COLOR_PAIR(1);
    if (row == selected) {
      attributes = A_REVERSE;
      attron(attributes);
      mvhline(row, 3, ' ', COLS - 6);
    }
    attron(attributes);
    mvaddstr(row, 0, lines[row]);
    attroff(attributes);
  }
  refresh();
}

int main(void) {
  setlocale(LC_ALL, "");
  initscr();
  raw();
  noecho();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(1, COLOR_YELLOW, -1);
  }
  int showing_home = 1;
  draw(home, (int)(sizeof home / sizeof *home), 3, 5, 8);
  for (;;) {
    wint_t key;
    int status = get_wch(&key);
    if (status == ERR) break;
    if (status == OK && key == 'q') break;
    showing_home = !showing_home;
    if (showing_home)
      draw(home, (int)(sizeof home / sizeof *home), 3, 5, 8);
    else
      draw(other, (int)(sizeof other / sizeof *other), -1, -1, 4);
  }
  endwin();
  return 0;
}
