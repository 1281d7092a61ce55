// SQLite from Debian (libsqlite3-dev), for MBTiles basemaps (an SQLite database of tiles).
#include <sqlite3.h>
