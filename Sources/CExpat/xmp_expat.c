#include "CExpat.h"
#include "expat_guard.h"

#include <stdlib.h>
#include <string.h>

/* Longest element text kept, bytes: GPano values are numbers and short words. */
#define SW_TEXT_LIMIT 256

typedef struct {
    sw_expat_guard guard;
    const char *uri;
    size_t uri_length;
    void *context;
    sw_xmp_property_callback callback;
    /* The GPano element whose text is being collected, depth of nesting inside it. */
    char name[128];
    int collecting;
    char text[SW_TEXT_LIMIT + 1];
    size_t text_length;
} sw_xmp_state;

/* The local name when `qualified` is in the namespace asked for, else NULL. */
static const char *sw_local_name(const sw_xmp_state *state, const char *qualified) {
    const char *separator = strchr(qualified, SW_SEPARATOR);
    if (!separator || (size_t)(separator - qualified) != state->uri_length) return NULL;
    if (strncmp(qualified, state->uri, state->uri_length) != 0) return NULL;
    return separator + 1;
}

static void sw_start(void *data, const XML_Char *element, const XML_Char **attributes) {
    sw_xmp_state *state = data;
    for (int i = 0; attributes[i] && attributes[i + 1]; i += 2) {
        const char *local = sw_local_name(state, attributes[i]);
        if (local) state->callback(state->context, local, attributes[i + 1]);
    }
    if (state->collecting) {
        state->collecting++; /* not a simple element: its text is not a value */
        return;
    }
    const char *local = sw_local_name(state, element);
    if (local && strlen(local) < sizeof state->name) {
        strcpy(state->name, local);
        state->collecting = 1;
        state->text_length = 0;
    }
}

static void sw_end(void *data, const XML_Char *element) {
    sw_xmp_state *state = data;
    (void)element;
    if (!state->collecting) return;
    if (--state->collecting == 0) {
        state->text[state->text_length] = '\0';
        state->callback(state->context, state->name, state->text);
    }
}

static void sw_text(void *data, const XML_Char *text, int length) {
    sw_xmp_state *state = data;
    if (state->collecting != 1) return;
    size_t room = SW_TEXT_LIMIT - state->text_length;
    size_t take = (size_t)length < room ? (size_t)length : room;
    memcpy(state->text + state->text_length, text, take);
    state->text_length += take;
}

int sw_xmp_properties(const char *data, size_t size, const char *uri,
                      void *context, sw_xmp_property_callback callback) {
    sw_xmp_state *state = calloc(1, sizeof *state);
    if (!state) return -1;
    XML_Parser parser = sw_expat_parser(state);
    if (!parser) {
        free(state);
        return -1;
    }
    state->uri = uri;
    state->uri_length = strlen(uri);
    state->context = context;
    state->callback = callback;
    XML_SetElementHandler(parser, sw_start, sw_end);
    XML_SetCharacterDataHandler(parser, sw_text);
    int result = sw_expat_parse(parser, data, size);
    free(state);
    return result;
}
