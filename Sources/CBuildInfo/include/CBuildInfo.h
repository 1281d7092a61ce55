#ifndef SIDEWALK_CBUILDINFO_H
#define SIDEWALK_CBUILDINFO_H
/* What a build was made from, set by scripts/package through the C compiler's command line
   (-Xcc -DSIDEWALK_COMMIT=<hex> -Xcc -DSIDEWALK_COMMIT_TIME=<seconds>), the one way SwiftPM
   lets a build carry a value. Both are "" in a build that was not given them. */

/* The commit's abbreviated hash, hex digits only; "" when not recorded. */
const char *sw_build_commit(void);

/* The commit's time in seconds since 1970, decimal digits; "" when not recorded. */
const char *sw_build_commit_time(void);

#endif
