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
int sw_terminfo_truecolor(void);
int sw_terminfo_colors(void);

/* Asks the kernel for the size of the terminal on fd; returns 0, or -1 with errno set. */
int sw_tty_size(int fd, int *row_count, int *column_count);

/* The terminfo strings that undo the program's modes (exit alternate screen, normal cursor,
   default attributes, keypad off), concatenated into buffer; returns their length. */
size_t sw_restore_sequence(char *buffer, size_t size);

/* Mouse reports Sidewalk asks ncurses for: button 1 press and release, the wheel, and motion
   (which the terminal sends only while a button is held, once Sidewalk turns on mode 1002). */
typedef enum {
    SW_MOUSE_NONE = 0,
    SW_MOUSE_PRESS = 1,
    SW_MOUSE_RELEASE = 2,
    SW_MOUSE_MOTION = 3,
    SW_MOUSE_WHEEL_UP = 4,
    SW_MOUSE_WHEEL_DOWN = 5
} sw_mouse_kind;

/* Turns mouse reports on (non-zero when the terminal has a mouse) with no click-resolution delay. */
int sw_mouse_enable(void);

/* Takes one report from ncurses' mouse queue after wget_wch returned KEY_MOUSE: its kind
   (SW_MOUSE_NONE for reports Sidewalk does not use) and the cell it names (0-based column and
   row). Returns 0, or -1 when the queue is empty. Reports that arrived together are queued and
   come out newest first. */
int sw_mouse_next(sw_mouse_kind *kind, int *column, int *row);

/* Turns off XON/XOFF flow control (IXON) on fd, as raw mode would, so Ctrl-S cannot stop the
   output and leave the explorer unable to quit; then tells ncurses this is its program mode, so
   it is kept after Ctrl-Z and fg. The shell's modes, saved by newterm, are put back by endwin.
   Returns 0, or -1 with errno set. */
int sw_disable_flow_control(int fd);

#endif
