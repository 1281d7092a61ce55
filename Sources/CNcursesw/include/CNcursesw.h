#ifndef SIDEWALK_CNCURSESW_H
#define SIDEWALK_CNCURSESW_H
/* ncursesw for Swift. SwiftPM drops pkg-config's -D flags, so the wide-character API is enabled
   here before the header is read. Globals that Swift 6 rejects (stdscr, LINES, COLS) and macros
   that do not import (getmaxyx) are reached through these functions. */
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <stddef.h>

typedef enum {
    SW_TERM_USABLE = 0,
    SW_TERM_UNKNOWN = 1,        /* no terminfo entry for this name */
    SW_TERM_NO_DATABASE = 2,    /* no terminfo database found */
    SW_TERM_NO_CURSOR_ADDRESSING = 3 /* e.g. TERM=dumb */
} sw_term_check;

/* Looks the terminal type up in terminfo without touching the screen. */
sw_term_check sw_check_terminal(const char *term, int fd);

/* newterm on stdin/stdout, size from the kernel (stale LINES/COLUMNS ignored); NULL on failure. */
SCREEN *sw_open_screen(const char *term);

/* The standard screen of the current SCREEN. */
WINDOW *sw_stdscr(void);

/* Size of a window in rows and columns. */
void sw_window_size(WINDOW *window, int *row_count, int *column_count);

/* What terminfo says of the current terminal's colours: non-zero when it declares 24-bit colour
   (the RGB or Tc flag), and how many colours it has (-1 when unknown). */
/* Reads TERM's terminfo entry without taking the terminal: its colour count and whether it
   has the RGB or Tc flag. Returns 0, or -1 when the entry cannot be read. */
int sw_terminfo_colour_support(const char *term, int *colors, int *truecolor);


/* The terminfo strings that undo the program's modes (exit alternate screen, normal cursor,
   default attributes, keypad off), concatenated into buffer; returns their length. */
size_t sw_restore_sequence(char *buffer, size_t size);

/* Mouse reports Sidewalk asks ncurses for: button 1 press and release, the wheel, and motion
   (which the terminal sends only while a button is held, once Sidewalk turns on mode 1002). */
/* Turns mouse reports on through ncurses (non-zero when the terminal has a mouse), so that
   ncurses also turns them off and on around a suspend. The reports are read by Sidewalk, not
   by ncurses. */
int sw_mouse_enable(void);

/* Turns off XON/XOFF flow control (IXON) on fd, as raw mode would, so Ctrl-S cannot stop the
   output and leave the explorer unable to quit; then tells ncurses this is its program mode, so
   it is kept after Ctrl-Z and fg. The shell's modes, saved by newterm, are put back by endwin.
   Returns 0, or -1 with errno set. */
int sw_disable_flow_control(int fd);

#endif
