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

void sw_png_free(sw_png_image *image);
void sw_png_free_bytes(unsigned char *bytes);

#endif
