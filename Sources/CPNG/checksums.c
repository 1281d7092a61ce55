#include "CPNG.h"

#include <zlib.h>

/* zlib takes lengths as uInt; larger buffers go through `checksum` in pieces. */
#define SW_PIECE ((size_t)1 << 30)

static unsigned long in_pieces(uLong (*checksum)(uLong, const Bytef *, uInt), unsigned long start,
                               const unsigned char *bytes, size_t count) {
    while (count > 0) {
        size_t piece = count < SW_PIECE ? count : SW_PIECE;
        start = checksum(start, bytes, (uInt)piece);
        bytes += piece;
        count -= piece;
    }
    return start;
}

unsigned long sw_adler32(unsigned long start, const unsigned char *bytes, size_t count) {
    return in_pieces(adler32, start, bytes, count);
}

unsigned long sw_adler32_combine(unsigned long first, unsigned long second, size_t second_count) {
    return adler32_combine(first, second, (z_off_t)second_count);
}

unsigned long sw_crc32(unsigned long start, const unsigned char *bytes, size_t count) {
    return in_pieces(crc32, start, bytes, count);
}

unsigned long sw_crc32_combine(unsigned long first, unsigned long second, size_t second_count) {
    return crc32_combine(first, second, (z_off_t)second_count);
}

int sw_zlib_compress(unsigned char *out, size_t *out_size, const unsigned char *bytes, size_t count, int level) {
    uLongf size = (uLongf)*out_size;
    int status = compress2(out, &size, bytes, (uLong)count, level);
    *out_size = (size_t)size;
    return status == Z_OK ? 0 : 1;
}

size_t sw_zlib_bound(size_t count) {
    return (size_t)compressBound((uLong)count);
}
