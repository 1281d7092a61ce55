#include "CPNG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

typedef struct {
    jmp_buf jump;
    sw_png_status status;
    char *message;
    size_t message_size;
    const unsigned char *data;
    size_t size;
    size_t offset;
} sw_png_reader;

static void sw_png_fail(png_structp png, sw_png_status status, const char *text) {
    sw_png_reader *reader = (sw_png_reader *)png_get_error_ptr(png);
    reader->status = status;
    if (reader->message && reader->message_size > 0) {
        snprintf(reader->message, reader->message_size, "%s", text);
    }
    longjmp(reader->jump, 1);
}

static void sw_png_error(png_structp png, png_const_charp text) {
    sw_png_fail(png, SW_PNG_CORRUPT, text);
}

static void sw_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void sw_png_read(png_structp png, png_bytep out, png_size_t length) {
    sw_png_reader *reader = (sw_png_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        sw_png_fail(png, SW_PNG_CORRUPT, "the file ends too early (truncated)");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

/* Composites one RGBA row onto black into RGB, adding it into `sums` (width / denom boxes). */
static void sw_png_accumulate(const unsigned char *rgba, png_uint_32 width, int denom, unsigned *sums) {
    png_uint_32 boxes = width / (png_uint_32)denom;
    for (png_uint_32 box = 0; box < boxes; box++) {
        for (int k = 0; k < denom; k++) {
            const unsigned char *p = rgba + 4 * ((size_t)box * denom + k);
            unsigned alpha = p[3];
            for (int c = 0; c < 3; c++) sums[3 * box + c] += (p[c] * alpha + 127) / 255;
        }
    }
}

sw_png_status sw_png_decode(const unsigned char *data, size_t size, long max_pixels, int max_dimension,
                            int scale_denom, long max_full_interlaced_pixels,
                            sw_png_image *out, char *message, size_t message_size) {
    sw_png_reader reader = { .status = SW_PNG_OK, .message = message, .message_size = message_size,
                             .data = data, .size = size, .offset = 0 };
    png_structp png = NULL;
    png_infop info = NULL;
    unsigned char *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    unsigned *volatile sums = NULL;
    unsigned char *volatile rgb = NULL;

    out->pixels = NULL;
    out->width = 0;
    out->height = 0;
    if (message && message_size > 0) message[0] = '\0';
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) scale_denom = 1;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(message, message_size, "not a PNG (bad signature)");
        return SW_PNG_CORRUPT;
    }
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, sw_png_error, sw_png_warning);
    if (!png) {
        snprintf(message, message_size, "out of memory");
        return SW_PNG_NO_MEMORY;
    }
    info = png_create_info_struct(png);
    if (setjmp(reader.jump)) {
        free(rgba);
        free(rows);
        free(sums);
        free(rgb);
        png_destroy_read_struct(&png, &info, NULL);
        return reader.status;
    }
    if (!info) sw_png_fail(png, SW_PNG_NO_MEMORY, "out of memory");
    png_set_read_fn(png, &reader, sw_png_read);
    /* libpng's own limits would fail as a generic error; dimensions are checked below instead. */
    png_set_user_limits(png, 0x7fffffffU, 0x7fffffffU);
    png_set_chunk_malloc_max(png, 8 * 1024 * 1024);
    png_read_info(png, info);

    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (width > (png_uint_32)max_dimension || height > (png_uint_32)max_dimension) {
        char text[160];
        snprintf(text, sizeof text, "%ux%u pixels is larger than the %d-pixel limit", width, height, max_dimension);
        sw_png_fail(png, SW_PNG_TOO_LARGE, text);
    }
    if ((long)width * (long)height > max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "%ux%u pixels is more than the %ld-pixel limit", width, height, max_pixels);
        sw_png_fail(png, SW_PNG_TOO_LARGE, text);
    }
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    /* Interlaced rows arrive in seven passes over the whole image, so it is decoded whole. */
    if (interlaced) {
        scale_denom = 1;
        if ((long)width * (long)height > max_full_interlaced_pixels) {
            char text[200];
            snprintf(text, sizeof text, "an interlaced PNG of %ux%u pixels is more than the %ld pixels decoded whole "
                     "(save it without interlacing)", width, height, max_full_interlaced_pixels);
            sw_png_fail(png, SW_PNG_TOO_LARGE, text);
        }
    }
    png_set_expand(png);          /* palette -> RGB, grey < 8 bits -> 8, tRNS -> alpha */
    png_set_strip_16(png);        /* 16-bit samples -> 8 (the high byte, no gamma change) */
    png_set_gray_to_rgb(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER); /* always RGBA, opaque when there is no alpha */
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        sw_png_fail(png, SW_PNG_CORRUPT, "unexpected row layout");
    }
    png_uint_32 out_width = width / (png_uint_32)scale_denom;
    png_uint_32 out_height = height / (png_uint_32)scale_denom;
    if (out_width == 0 || out_height == 0) sw_png_fail(png, SW_PNG_CORRUPT, "the image is too small to scale down");
    rgb = malloc((size_t)out_width * out_height * 3);
    if (!rgb) sw_png_fail(png, SW_PNG_NO_MEMORY, "out of memory");
    if (interlaced) {
        rgba = malloc((size_t)width * height * 4);
        rows = malloc(sizeof(png_bytep) * height);
        if (!rgba || !rows) sw_png_fail(png, SW_PNG_NO_MEMORY, "out of memory");
        for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
        (void)passes;
        png_read_image(png, rows);
        sums = calloc((size_t)width * 3, sizeof(unsigned));
        if (!sums) sw_png_fail(png, SW_PNG_NO_MEMORY, "out of memory");
        for (png_uint_32 y = 0; y < height; y++) {
            memset(sums, 0, (size_t)width * 3 * sizeof(unsigned));
            sw_png_accumulate(rows[y], width, 1, sums);
            for (size_t i = 0; i < (size_t)width * 3; i++) rgb[(size_t)y * width * 3 + i] = (unsigned char)sums[i];
        }
    } else {
        /* One row at a time, averaged into denom x denom boxes: memory is the output and a row. */
        rgba = malloc((size_t)width * 4);
        sums = calloc((size_t)out_width * 3, sizeof(unsigned));
        if (!rgba || !sums) sw_png_fail(png, SW_PNG_NO_MEMORY, "out of memory");
        unsigned area = (unsigned)(scale_denom * scale_denom);
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, rgba, NULL);
            png_uint_32 out_y = y / (png_uint_32)scale_denom;
            if (out_y >= out_height) continue;
            sw_png_accumulate(rgba, width, scale_denom, sums);
            if ((y + 1) % (png_uint_32)scale_denom == 0) {
                unsigned char *row = rgb + (size_t)out_y * out_width * 3;
                for (size_t i = 0; i < (size_t)out_width * 3; i++) row[i] = (unsigned char)((sums[i] + area / 2) / area);
                memset(sums, 0, (size_t)out_width * 3 * sizeof(unsigned));
            }
        }
    }
    free(rgba);
    free(rows);
    free(sums);
    png_destroy_read_struct(&png, &info, NULL);
    out->pixels = rgb;
    out->width = (int)out_width;
    out->height = (int)out_height;
    return SW_PNG_OK;
}

sw_png_status sw_png_encode_rgb(const unsigned char *pixels, int width, int height,
                                unsigned char **png, size_t *png_size, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGB;
    *png = NULL;
    *png_size = 0;
    /* One pass into a buffer of the largest size the PNG can have, rather than a pass to size it first. */
    png_alloc_size_t needed = PNG_IMAGE_PNG_SIZE_MAX(image);
    unsigned char *buffer = malloc(needed);
    if (!buffer) {
        snprintf(message, message_size, "out of memory");
        return SW_PNG_NO_MEMORY;
    }
    if (!png_image_write_to_memory(&image, buffer, &needed, 0, pixels, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        free(buffer);
        png_image_free(&image);
        return SW_PNG_CORRUPT;
    }
    *png = buffer;
    *png_size = needed;
    return SW_PNG_OK;
}

void sw_png_free(sw_png_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

void sw_png_free_bytes(unsigned char *bytes) { free(bytes); }
