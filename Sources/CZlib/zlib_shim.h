// zlib from Debian (zlib1g-dev), for gzip-compressed map tiles and PMTiles directories.
#include <zlib.h>
