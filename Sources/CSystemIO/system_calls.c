#define _GNU_SOURCE
#include "CSystemIO.h"

#include <fcntl.h>
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
