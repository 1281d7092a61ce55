#ifndef SIDEWALK_CJPEG_H
#define SIDEWALK_CJPEG_H
/* libjpeg-turbo behind a setjmp-free interface: errors come back as codes and a message,
   libjpeg never prints and never exits. */
#include <stddef.h>

typedef enum {
    SW_JPEG_OK = 0,
    SW_JPEG_CORRUPT = 1,       /* not a JPEG, truncated, or malformed */
    SW_JPEG_TOO_LARGE = 2,     /* dimensions over the caller's cap */
    SW_JPEG_TOO_MANY_SCANS = 3,/* progressive file with more scans than the cap */
    SW_JPEG_NO_MEMORY = 4
} sw_jpeg_status;

typedef struct {
    long max_pixels;   /* width * height of the decoded (scaled) image must not exceed this */
    int max_dimension; /* neither source dimension may exceed this */
    int max_scans;     /* progressive scans allowed */
    int scale_denom;   /* 1, 2, 4 or 8: decode at 1/scale_denom size (DCT scaling) */
} sw_jpeg_limits;

typedef struct {
    unsigned char *pixels; /* width * height * 3 bytes, RGB; free with sw_jpeg_free */
    int width;
    int height;
} sw_jpeg_image;

/* Reads only the header: source width and height. */
sw_jpeg_status sw_jpeg_read_size(const unsigned char *data, size_t size, int *width, int *height,
                                 char *message, size_t message_size);

/* Decodes to 8-bit RGB (grayscale, YCbCr, CMYK and YCCK are converted). On failure *out is left
   empty and message holds one line saying what is wrong. */
sw_jpeg_status sw_jpeg_decode(const unsigned char *data, size_t size, sw_jpeg_limits limits,
                              sw_jpeg_image *out, char *message, size_t message_size);

void sw_jpeg_free(sw_jpeg_image *image);

typedef struct {
    int quality;      /* 1...100 */
    int progressive;  /* non-zero for a progressive JPEG */
    int grayscale;    /* non-zero to store one grey channel */
    int cmyk;         /* 1: store as Adobe (inverted) CMYK; 2: as YCCK, as print workflows do */
    int full_chroma;  /* non-zero to keep colour at every pixel (4:4:4), not one per 2x2 (4:2:0) */
} sw_jpeg_encode_options;

/* Encodes 8-bit RGB pixels as a JPEG in memory; free *jpeg with sw_jpeg_free_bytes. */
sw_jpeg_status sw_jpeg_encode_rgb(const unsigned char *pixels, int width, int height,
                                  sw_jpeg_encode_options options, unsigned char **jpeg,
                                  size_t *jpeg_size, char *message, size_t message_size);

void sw_jpeg_free_bytes(unsigned char *bytes);

#endif
