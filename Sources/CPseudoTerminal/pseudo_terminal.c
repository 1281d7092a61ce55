#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int sw_pty_resize(int controller, unsigned short rows, unsigned short columns) {
    struct winsize size = {.ws_row = rows, .ws_col = columns};
    return ioctl(controller, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}

int sw_pty_spawn(const char *path, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
                 int extra_fd, int *controller, pid_t *pid) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return errno;
    char name[128];
    int error = 0;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, sizeof name) != 0) error = errno;
    if (!error) error = sw_pty_resize(fd, rows, columns);
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (!error) error = posix_spawn_file_actions_init(&actions);
    if (error) {
        close(fd);
        return error;
    }
    posix_spawnattr_init(&attributes);
    /* A new session first; then opening the terminal makes it the controlling one. */
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    if (extra_fd >= 0) posix_spawn_file_actions_adddup2(&actions, extra_fd, 3);
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    error = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error) {
        close(fd);
        return error;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    *controller = fd;
    return 0;
}
