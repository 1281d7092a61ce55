#include "CNcursesw.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>

static int sw_is_present(const char *capability) {
    return capability != NULL && capability != (const char *)-1;
}

sw_term_check sw_check_terminal(const char *term, int fd) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm((char *)term, fd, &error) != OK) {
        set_curterm(saved);
        return error == -1 ? SW_TERM_NO_DATABASE : SW_TERM_UNKNOWN;
    }
    int usable = sw_is_present(tigetstr("cup"));
    TERMINAL *probe = set_curterm(saved);
    del_curterm(probe);
    return usable ? SW_TERM_USABLE : SW_TERM_NO_CURSOR_ADDRESSING;
}

SCREEN *sw_open_screen(const char *term) {
    use_env(FALSE);   /* ignore stale LINES and COLUMNS ... */
    use_tioctl(TRUE); /* ... and ask the kernel for the size instead */
    return newterm(term, stdout, stdin);
}

WINDOW *sw_stdscr(void) { return stdscr; }

void sw_window_size(WINDOW *window, int *row_count, int *column_count) {
    int y, x;
    getmaxyx(window, y, x);
    *row_count = y;
    *column_count = x;
}

int sw_terminfo_colour_support(const char *term, int *colors, int *truecolor) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm((char *)term, -1, &error) != OK) {
        set_curterm(saved);
        return -1;
    }
    *colors = tigetnum("colors");
    *truecolor = tigetflag("RGB") > 0 || tigetflag("Tc") > 0;
    TERMINAL *probe = set_curterm(saved);
    del_curterm(probe);
    return 0;
}


static size_t sw_append(char *buffer, size_t size, size_t used, const char *capability) {
    if (!sw_is_present(capability)) return used;
    size_t length = strlen(capability);
    if (used + length >= size) return used;
    memcpy(buffer + used, capability, length);
    return used + length;
}

size_t sw_restore_sequence(char *buffer, size_t size) {
    size_t used = 0;
    used = sw_append(buffer, size, used, tigetstr("sgr0"));
    used = sw_append(buffer, size, used, tigetstr("rmkx"));
    used = sw_append(buffer, size, used, tigetstr("rmcup"));
    used = sw_append(buffer, size, used, tigetstr("cnorm"));
    if (size > 0) buffer[used < size ? used : size - 1] = '\0';
    return used;
}


int sw_mouse_enable(void) {
    mmask_t wanted = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED
        | REPORT_MOUSE_POSITION;
    return mousemask(wanted, NULL) != 0;
}

int sw_disable_flow_control(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    if (tcsetattr(fd, TCSANOW, &modes) != 0) return -1;
    def_prog_mode();
    return 0;
}
