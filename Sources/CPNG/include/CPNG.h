#ifndef SIDEWALK_CPNG_H
#define SIDEWALK_CPNG_H
/* libpng behind a setjmp-free interface: errors come back as codes and a message; libpng never
   prints. */
#include <stddef.h>

typedef enum {
    SW_PNG_OK = 0,
    SW_PNG_CORRUPT = 1,   /* not a PNG, truncated, or malformed */
    SW_PNG_TOO_LARGE = 2, /* dimensions over the caller's cap */
    SW_PNG_NO_MEMORY = 3
} sw_png_status;

typedef struct {
    unsigned char *pixels; /* width * height * 3 bytes, RGB; free with sw_png_free */
    int width;
    int height;
} sw_png_image;

/* Decodes any PNG (palette, grey, 16-bit, alpha, interlaced) to 8-bit RGB; transparent pixels
   are composited onto black. With scale_denom 2, 4 or 8 the image is averaged down by that
   factor as its rows arrive (width / denom x height / denom, remainders dropped), so memory is
   the output and one row. Interlaced PNGs are decoded whole (scale_denom is ignored) and only up
   to max_full_interlaced_pixels. */
sw_png_status sw_png_decode(const unsigned char *data, size_t size, long max_pixels, int max_dimension,
                            int scale_denom, long max_full_interlaced_pixels,
                            sw_png_image *out, char *message, size_t message_size);

/* Encodes 8-bit RGB pixels as a PNG in memory; free *png with sw_png_free_bytes. */
sw_png_status sw_png_encode_rgb(const unsigned char *pixels, int width, int height,
                                unsigned char **png, size_t *png_size, char *message, size_t message_size);

/* zlib's checksums, for PNG and zlib streams Sidewalk writes itself: Adler-32 (initial value 1)
   and CRC-32 (initial value 0) of a buffer, each continued from `start`, and the checksum of two
   buffers one after the other from the checksums of each and the second's length. */
unsigned long sw_adler32(unsigned long start, const unsigned char *bytes, size_t count);
unsigned long sw_adler32_combine(unsigned long first, unsigned long second, size_t second_count);
unsigned long sw_crc32(unsigned long start, const unsigned char *bytes, size_t count);
unsigned long sw_crc32_combine(unsigned long first, unsigned long second, size_t second_count);

/* zlib's compress2 at `level` (1 fastest ... 9 smallest) into `out` of capacity *out_size, which
   becomes the size written; 0 on success. sw_zlib_bound gives a capacity that always suffices. */
int sw_zlib_compress(unsigned char *out, size_t *out_size, const unsigned char *bytes, size_t count, int level);
size_t sw_zlib_bound(size_t count);

void sw_png_free(sw_png_image *image);
void sw_png_free_bytes(unsigned char *bytes);

#endif
