#define _GNU_SOURCE
#include "CTerminalSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int sw_caught[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCONT, SIGWINCH };
enum { SW_CAUGHT_COUNT = sizeof sw_caught / sizeof sw_caught[0] };
static struct sigaction sw_previous[SW_CAUGHT_COUNT];
static struct sigaction sw_previous_pipe;
static int sw_pipe[2] = { -1, -1 };

static void sw_on_signal(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    ssize_t ignored = write(sw_pipe[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

int sw_signals_install(void) {
    if (pipe2(sw_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sw_on_signal;
    sigemptyset(&action.sa_mask);
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int i = 0; i < SW_CAUGHT_COUNT; i++) {
        sigaction(sw_caught[i], &action, &sw_previous[i]);
        sigaddset(&unblock, sw_caught[i]);
    }
    /* A launcher may have left these blocked (a blocked mask survives exec): unblock them, or
       Ctrl-C and kill would not reach the loop. */
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &sw_previous_pipe);
    return sw_pipe[0];
}

int sw_signals_next(void) {
    unsigned char byte = 0;
    if (sw_pipe[0] < 0) return 0;
    ssize_t n;
    do { n = read(sw_pipe[0], &byte, 1); } while (n < 0 && errno == EINTR);
    return n == 1 ? byte : 0;
}

void sw_signals_uninstall(void) {
    for (int i = 0; i < SW_CAUGHT_COUNT; i++) sigaction(sw_caught[i], &sw_previous[i], NULL);
    sigaction(SIGPIPE, &sw_previous_pipe, NULL);
    if (sw_pipe[0] >= 0) close(sw_pipe[0]);
    if (sw_pipe[1] >= 0) close(sw_pipe[1]);
    sw_pipe[0] = sw_pipe[1] = -1;
}

static const int sw_fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
enum { SW_FATAL_COUNT = sizeof sw_fatal / sizeof sw_fatal[0] };
static struct sigaction sw_fatal_previous[SW_FATAL_COUNT];
static struct termios sw_saved_modes;
static int sw_tty_fd = -1;
static char sw_restore[256];
static size_t sw_restore_length;
static volatile sig_atomic_t sw_guard_active;

static void sw_on_fatal(int signal_number) {
    if (sw_guard_active) {
        sw_guard_active = 0;
        tcsetattr(sw_tty_fd, TCSANOW, &sw_saved_modes);
        ssize_t ignored = write(sw_tty_fd, sw_restore, sw_restore_length);
        (void)ignored;
    }
    for (int i = 0; i < SW_FATAL_COUNT; i++) {
        if (sw_fatal[i] == signal_number) sigaction(signal_number, &sw_fatal_previous[i], NULL);
    }
    /* A fault re-executes the faulting instruction on return and so reaches the previous handler;
       a signal sent by kill or abort has to be sent again. */
    if (signal_number == SIGABRT || signal_number == SIGTRAP) raise(signal_number);
}

int sw_crash_guard_save_modes(int tty_fd) {
    if (tcgetattr(tty_fd, &sw_saved_modes) != 0) return -1;
    sw_tty_fd = tty_fd;
    return 0;
}

void sw_crash_guard_arm(const char *restore, size_t len) {
    if (sw_tty_fd < 0) return;
    /* A fatal signal while the bytes change would write half of them: held off meanwhile. */
    sigset_t fatal, before;
    sigemptyset(&fatal);
    for (int i = 0; i < SW_FATAL_COUNT; i++) sigaddset(&fatal, sw_fatal[i]);
    pthread_sigmask(SIG_BLOCK, &fatal, &before);
    sw_restore_length = len < sizeof sw_restore ? len : sizeof sw_restore;
    memcpy(sw_restore, restore, sw_restore_length);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    /* Armed again (new bytes to write): the handlers to restore stay the ones found the first
       time, never our own, which would re-raise for ever. */
    if (sw_guard_active) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sw_on_fatal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK;
    for (int i = 0; i < SW_FATAL_COUNT; i++) sigaction(sw_fatal[i], &action, &sw_fatal_previous[i]);
    sw_guard_active = 1;
}

void sw_crash_guard_remove(void) {
    if (!sw_guard_active) return;
    sw_guard_active = 0;
    for (int i = 0; i < SW_FATAL_COUNT; i++) sigaction(sw_fatal[i], &sw_fatal_previous[i], NULL);
    sw_tty_fd = -1;
}

int sw_crash_guard_restore_now(int milliseconds) {
    if (!sw_guard_active) return -1;
    int fd = sw_tty_fd;
    tcflush(fd, TCOFLUSH);
    tcsetattr(fd, TCSANOW, &sw_saved_modes);
    /* A descriptor of our own, so O_NONBLOCK never touches the one the shell shares. */
    int written_all = -1;
    const char *name = ttyname(fd);
    int own = name ? open(name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) : -1;
    if (own >= 0) {
        size_t done = 0;
        int waited = 0;
        while (done < sw_restore_length && waited <= milliseconds) {
            ssize_t n = write(own, sw_restore + done, sw_restore_length - done);
            if (n > 0) { done += (size_t)n; continue; }
            if (n < 0 && errno != EAGAIN && errno != EINTR) break;
            struct pollfd ready = { .fd = own, .events = POLLOUT, .revents = 0 };
            poll(&ready, 1, 10);
            waited += 10;
        }
        if (done == sw_restore_length) written_all = 0;
        close(own);
    }
    sw_crash_guard_remove();
    return written_all;
}

static struct sigaction sw_stop_previous;
static int sw_stop_ignored;

void sw_stop_signal_ignore(void) {
    if (sw_stop_ignored) return;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    if (sigaction(SIGTSTP, &ignore, &sw_stop_previous) == 0) sw_stop_ignored = 1;
}

void sw_stop_signal_restore(void) {
    if (!sw_stop_ignored) return;
    sigaction(SIGTSTP, &sw_stop_previous, NULL);
    sw_stop_ignored = 0;
}
