#include "CExpat.h"
#include "expat_guard.h"

#include <stdlib.h>
#include <string.h>

/* Longest attribute or time text kept, bytes: numbers and ISO 8601 times are short. */
#define SW_FIELD_LIMIT 64

typedef struct {
    sw_expat_guard guard;
    void *context;
    sw_gpx_point_callback callback;
    /* Depth inside the current trkpt (0: outside one); 2 inside its time element. */
    int depth;
    int in_time;
    char lat[SW_FIELD_LIMIT + 1];
    char lon[SW_FIELD_LIMIT + 1];
    char time[SW_FIELD_LIMIT + 1];
    size_t time_length;
} sw_gpx_state;

static void sw_copy(char *field, const char *value) {
    size_t length = strlen(value);
    if (length > SW_FIELD_LIMIT) length = SW_FIELD_LIMIT;
    memcpy(field, value, length);
    field[length] = '\0';
}

static void sw_gpx_start(void *data, const XML_Char *element, const XML_Char **attributes) {
    sw_gpx_state *state = data;
    const char *local = sw_expat_local(element);
    if (state->depth > 0) {
        state->depth++;
        state->in_time = state->depth == 2 && strcmp(local, "time") == 0;
        return;
    }
    if (strcmp(local, "trkpt") != 0) return;
    state->depth = 1;
    state->lat[0] = state->lon[0] = state->time[0] = '\0';
    state->time_length = 0;
    for (int i = 0; attributes[i] && attributes[i + 1]; i += 2) {
        if (strcmp(attributes[i], "lat") == 0) sw_copy(state->lat, attributes[i + 1]);
        if (strcmp(attributes[i], "lon") == 0) sw_copy(state->lon, attributes[i + 1]);
    }
}

static void sw_gpx_end(void *data, const XML_Char *element) {
    sw_gpx_state *state = data;
    (void)element;
    if (state->depth == 0) return;
    state->in_time = 0;
    if (--state->depth == 0) {
        state->time[state->time_length] = '\0';
        state->callback(state->context, state->lat, state->lon, state->time);
    }
}

static void sw_gpx_text(void *data, const XML_Char *text, int length) {
    sw_gpx_state *state = data;
    if (!state->in_time) return;
    size_t room = SW_FIELD_LIMIT - state->time_length;
    size_t take = (size_t)length < room ? (size_t)length : room;
    memcpy(state->time + state->time_length, text, take);
    state->time_length += take;
}

int sw_gpx_points(const char *data, size_t size, void *context, sw_gpx_point_callback callback) {
    sw_gpx_state *state = calloc(1, sizeof *state);
    if (!state) return -1;
    XML_Parser parser = sw_expat_parser(state);
    if (!parser) {
        free(state);
        return -1;
    }
    state->context = context;
    state->callback = callback;
    XML_SetElementHandler(parser, sw_gpx_start, sw_gpx_end);
    XML_SetCharacterDataHandler(parser, sw_gpx_text);
    int result = sw_expat_parse(parser, data, size);
    free(state);
    return result;
}
