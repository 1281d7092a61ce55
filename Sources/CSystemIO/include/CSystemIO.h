#ifndef SIDEWALK_CSYSTEMIO_H
#define SIDEWALK_CSYSTEMIO_H

/* System calls Swift's Glibc module does not show (they need _GNU_SOURCE, or are variadic), for
   SystemIO alone. */

/* pipe2(ends, O_CLOEXEC): a pipe whose ends are closed on exec from the start, so a program
   started at the same moment on another thread never holds them. Returns 0 or -1 with errno. */
int sw_pipe_cloexec(int ends[2]);

/* accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK): the next connection on a listening
   socket, close-on-exec and non-blocking from the start. Returns it, or -1 with errno. */
int sw_accept_cloexec_nonblocking(int fd);

/* ioctl(fd, TIOCGWINSZ): the size of the terminal on fd (ioctl is variadic, so Swift cannot
   call it). Returns 0, or -1 with errno set. */
int sw_tty_size(int fd, int *row_count, int *column_count);

/* pthread_setname_np(pthread_self(), name): names the calling thread, as ps -L and debuggers show
   it; `name` is cut to its first 15 bytes. Returns 0 or an error number. */
int sw_name_this_thread(const char *name);

/* pthread_getname_np(pthread_self(), ...): the calling thread's name into `name` (`size` bytes,
   16 hold any), NUL-terminated. Returns 0 or an error number. */
int sw_this_thread_name(char *name, unsigned long size);

/* Blocks every signal in the calling thread but those a fault raises in it (SIGSEGV, SIGBUS,
   SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT), as Dispatch does in its threads: a signal meant for
   the process (Ctrl-C, a resize) then goes to a thread that waits for it, and never interrupts a
   fetch. Returns 0 or an error number. */
int sw_block_signals_in_this_thread(void);

#endif
