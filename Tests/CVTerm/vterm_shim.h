#ifndef SIDEWALK_VTERM_SHIM_H
#define SIDEWALK_VTERM_SHIM_H
/* libvterm (Debian's libvterm-dev), the terminal model of neovim and others, as the tests'
   independent oracle: a screen fed bytes, read back cell by cell with its colours in RGB. */
#include <stdint.h>
#include <stddef.h>
#include <vterm.h>

/* One cell: its first character (0 for none), its width (2 for a wide one, and the cell after
   it is its right half), and each colour as RGB, or flagged as the terminal's default, with its
   index in the 256 when it was given as one (-1 otherwise). */
typedef struct {
    uint32_t glyph;
    int width;
    int foreground_default, background_default;
    int foreground_index, background_index;
    uint8_t foreground[3], background[3];
} sw_vterm_cell;

/* A terminal of rows x columns, UTF-8, its screen reset, with the alternate screen enabled. */
static inline VTerm *sw_vterm_open(int rows, int columns) {
    VTerm *terminal = vterm_new(rows, columns);
    vterm_set_utf8(terminal, 1);
    VTermScreen *screen = vterm_obtain_screen(terminal);
    vterm_screen_enable_altscreen(screen, 1);
    vterm_screen_reset(screen, 1);
    return terminal;
}

/* Sets one of the 16 colours (0...15), as a user's terminal configures them. */
static inline void sw_vterm_set_palette(VTerm *terminal, int index, uint8_t red, uint8_t green, uint8_t blue) {
    VTermColor colour;
    vterm_color_rgb(&colour, red, green, blue);
    vterm_state_set_palette_color(vterm_obtain_state(terminal), index, &colour);
}

static inline void sw_vterm_write(VTerm *terminal, const char *bytes, size_t length) {
    vterm_input_write(terminal, bytes, length);
}

/* The cell at row, column (0-based); 0 when outside the screen. */
static inline int sw_vterm_cell_at(VTerm *terminal, int row, int column, sw_vterm_cell *out) {
    VTermScreen *screen = vterm_obtain_screen(terminal);
    VTermScreenCell cell;
    VTermPos position = {.row = row, .col = column};
    if (!vterm_screen_get_cell(screen, position, &cell)) return 0;
    out->glyph = cell.chars[0];
    out->width = cell.width;
    out->foreground_default = VTERM_COLOR_IS_DEFAULT_FG(&cell.fg);
    out->background_default = VTERM_COLOR_IS_DEFAULT_BG(&cell.bg);
    out->foreground_index = VTERM_COLOR_IS_INDEXED(&cell.fg) ? cell.fg.indexed.idx : -1;
    out->background_index = VTERM_COLOR_IS_INDEXED(&cell.bg) ? cell.bg.indexed.idx : -1;
    vterm_screen_convert_color_to_rgb(screen, &cell.fg);
    vterm_screen_convert_color_to_rgb(screen, &cell.bg);
    out->foreground[0] = cell.fg.rgb.red;
    out->foreground[1] = cell.fg.rgb.green;
    out->foreground[2] = cell.fg.rgb.blue;
    out->background[0] = cell.bg.rgb.red;
    out->background[1] = cell.bg.rgb.green;
    out->background[2] = cell.bg.rgb.blue;
    return 1;
}

/* The terminal resized to rows x columns, as a window resized; lines are not reflowed. */
static inline void sw_vterm_resize(VTerm *terminal, int rows, int columns) { vterm_set_size(terminal, rows, columns); }

static inline void sw_vterm_close(VTerm *terminal) { vterm_free(terminal); }
#endif
