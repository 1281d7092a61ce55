#include "expat_guard.h"

#include <string.h>

static void sw_refuse_doctype(void *data, const XML_Char *name, const XML_Char *system, const XML_Char *public_id, int internal) {
    sw_expat_guard *guard = data;
    (void)name; (void)system; (void)public_id; (void)internal;
    guard->refused = 1;
    XML_StopParser(guard->parser, XML_FALSE);
}

XML_Parser sw_expat_parser(void *state) {
    XML_Parser parser = XML_ParserCreateNS(NULL, SW_SEPARATOR);
    if (!parser) return NULL;
    sw_expat_guard *guard = state;
    guard->parser = parser;
    guard->refused = 0;
    XML_SetUserData(parser, state);
    XML_SetStartDoctypeDeclHandler(parser, sw_refuse_doctype);
    XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER);
    return parser;
}

int sw_expat_parse(XML_Parser parser, const char *data, size_t size) {
    sw_expat_guard *guard = XML_GetUserData(parser);
    int result = -1;
    if (size <= (size_t)0x7fffffff) {
        enum XML_Status status = XML_Parse(parser, data, (int)size, XML_TRUE);
        result = (status == XML_STATUS_OK && !guard->refused) ? 0 : -1;
    }
    XML_ParserFree(parser);
    return result;
}

const char *sw_expat_local(const char *qualified) {
    const char *separator = strchr(qualified, SW_SEPARATOR);
    return separator ? separator + 1 : qualified;
}
