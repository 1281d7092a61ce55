#ifndef SIDEWALK_EXPAT_GUARD_H
#define SIDEWALK_EXPAT_GUARD_H
/* What every parse here shares: a namespace-aware expat parser that refuses a document type
   declaration (so no entity can be declared, and none expanded) and never reads external
   parameter entities. A parse's state struct starts with an `sw_expat_guard`. */
#include <expat.h>
#include <stddef.h>

/* expat joins a namespaced name as URI, separator, local name. */
#define SW_SEPARATOR '\x01'

typedef struct {
    XML_Parser parser;
    int refused;
} sw_expat_guard;

/* A parser whose user data is `state` (a struct starting with an sw_expat_guard), or NULL. */
XML_Parser sw_expat_parser(void *state);

/* Parses all of `data`, frees the parser; 0 when well-formed and not refused, else -1. */
int sw_expat_parse(XML_Parser parser, const char *data, size_t size);

/* The local part of an expat name (after the namespace, if any). */
const char *sw_expat_local(const char *qualified);

#endif
