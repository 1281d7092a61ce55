#include "CBuildInfo.h"

#ifndef SIDEWALK_COMMIT
#define SIDEWALK_COMMIT
#endif
#ifndef SIDEWALK_COMMIT_TIME
#define SIDEWALK_COMMIT_TIME
#endif

/* A macro's value as a string literal: the value is a bare token (hex or decimal digits), so
   no quoting has to survive the shell and SwiftPM on its way here. */
#define SW_TEXT(value) #value
#define SW_STRING(value) SW_TEXT(value)

const char *sw_build_commit(void) { return SW_STRING(SIDEWALK_COMMIT); }

const char *sw_build_commit_time(void) { return SW_STRING(SIDEWALK_COMMIT_TIME); }
