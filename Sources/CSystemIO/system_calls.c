#define _GNU_SOURCE
#include "CSystemIO.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

int sw_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

int sw_accept_cloexec_nonblocking(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int sw_tty_size(int fd, int *row_count, int *column_count) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *row_count = size.ws_row;
    *column_count = size.ws_col;
    return 0;
}

int sw_name_this_thread(const char *name) {
    char short_name[16];
    strncpy(short_name, name, sizeof short_name - 1);
    short_name[sizeof short_name - 1] = 0;
    return pthread_setname_np(pthread_self(), short_name);
}

int sw_this_thread_name(char *name, unsigned long size) {
    return pthread_getname_np(pthread_self(), name, size);
}

int sw_block_signals_in_this_thread(void) {
    sigset_t blocked;
    sigfillset(&blocked);
    const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT };
    for (unsigned i = 0; i < sizeof faults / sizeof faults[0]; i++) sigdelset(&blocked, faults[i]);
    return pthread_sigmask(SIG_BLOCK, &blocked, NULL);
}
