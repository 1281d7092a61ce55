#ifndef SIDEWALK_CPSEUDOTERMINAL_H
#define SIDEWALK_CPSEUDOTERMINAL_H
/* A program started on a new pseudo-terminal, as a terminal emulator starts a shell: in its own
   session, with the terminal as its controlling terminal and its standard input, output and
   error. No fork in the caller (posix_spawn), so it is safe in a threaded process. */
#include <sys/types.h>

/* Opens a pseudo-terminal of `rows` x `columns` cells and starts `path` with `argv` and `envp`
   on it. `extra_fd`, when not -1, is given to the program as descriptor 3. On success returns 0
   and sets the terminal's controlling side (non-blocking) and the process id; else an errno. */
int sw_pty_spawn(const char *path, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
                 int extra_fd, int *controller, pid_t *pid);

/* Sets the terminal's size, which sends the program SIGWINCH. Returns 0 or an errno. */
int sw_pty_resize(int controller, unsigned short rows, unsigned short columns);

#endif
