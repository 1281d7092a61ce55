#ifndef SIDEWALK_CTERMINALSIGNALS_H
#define SIDEWALK_CTERMINALSIGNALS_H
/* Async-signal-safe plumbing that Swift cannot express: a self-pipe for the signals the frame
   loop handles, and a crash guard that restores the terminal before a fatal signal goes on to
   its previous handler (the Swift backtracer). */
#include <stddef.h>

/* Catches SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCONT and SIGWINCH into a pipe, ignores SIGPIPE.
   Returns the pipe's read end (non-blocking) for poll(), or -1 with errno set. Call it before
   ncurses starts, so ncurses installs no SIGWINCH handler of its own. */
int sw_signals_install(void);

/* The next caught signal number, or 0 when none is pending. */
int sw_signals_next(void);

/* Puts back the previous handlers and closes the pipe. */
void sw_signals_uninstall(void);

/* Remembers the terminal modes of tty_fd as they are now (call before changing them).
   Returns 0, or -1 with errno set. */
int sw_crash_guard_save_modes(int tty_fd);

/* From now on SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT first put back the saved
   modes and write `restore` (len bytes, copied) to the tty, then reach their previous handler.
   Arming again only replaces the bytes: the handlers found at the first arming stay the ones
   restored. */
void sw_crash_guard_arm(const char *restore, size_t len);

/* Puts back the previous handlers of the fatal signals. */
void sw_crash_guard_remove(void);

/* For a terminal that stopped reading (a stalled link): discards the output queued for it, puts
   back the saved modes at once (never waiting for output to drain), and writes the restore
   bytes through a non-blocking descriptor of its own, giving up after `milliseconds`. Removes
   the guard. Returns 0 when the restore bytes were all written, -1 otherwise. */
int sw_crash_guard_restore_now(int milliseconds);

/* Ctrl-Z ignored (SIGTSTP set to SIG_IGN, so ncurses installs no handler of its own) where it
   could not stop the process anyway; restore puts the previous disposition back. */
void sw_stop_signal_ignore(void);
void sw_stop_signal_restore(void);

#endif
