// SQLite from Debian (libsqlite3-dev), for MBTiles basemaps (an SQLite database of tiles).
#include <sqlite3.h>
#include <time.h>

// A deadline for a connection's statements: a database is untrusted input, and a view can run
// for ever (a recursive CTE that never ends). SQLite calls the progress handler every 1,000
// virtual machine steps; past `*deadline` it interrupts the statement (SQLITE_INTERRUPT).
static inline int sw_sqlite_past_deadline(void *context) {
    const struct timespec *deadline = context;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec || (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec);
}

// Statements on `database` are interrupted once `*deadline` (set by `sw_sqlite_start`) has
// passed; `deadline` must live as long as the connection.
static inline void sw_sqlite_install_deadline(sqlite3 *database, struct timespec *deadline) {
    sqlite3_progress_handler(database, 1000, sw_sqlite_past_deadline, deadline);
}

// The statements run from now have `milliseconds` to finish.
static inline void sw_sqlite_start(struct timespec *deadline, long milliseconds) {
    clock_gettime(CLOCK_MONOTONIC, deadline);
    deadline->tv_sec += milliseconds / 1000;
    deadline->tv_nsec += (milliseconds % 1000) * 1000000L;
    if (deadline->tv_nsec >= 1000000000L) {
        deadline->tv_sec += 1;
        deadline->tv_nsec -= 1000000000L;
    }
}
