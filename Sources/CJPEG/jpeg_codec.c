#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    sw_jpeg_status status;
    char *message;
    size_t message_size;
} sw_error_mgr;

typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
} sw_progress_mgr;

static void sw_fail(j_common_ptr cinfo, sw_jpeg_status status, const char *text) {
    sw_error_mgr *err = (sw_error_mgr *)cinfo->err;
    err->status = status;
    if (err->message && err->message_size > 0) {
        snprintf(err->message, err->message_size, "%s", text);
    }
    longjmp(err->jump, 1);
}

static void sw_error_exit(j_common_ptr cinfo) {
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    sw_fail(cinfo, SW_JPEG_CORRUPT, text);
}

/* libjpeg would print warnings to stderr; a corrupt-data warning is still an error for us. */
static void sw_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        sw_fail(cinfo, SW_JPEG_CORRUPT, text);
    }
}

static void sw_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void sw_progress(j_common_ptr cinfo) {
    sw_progress_mgr *progress = (sw_progress_mgr *)cinfo->progress;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > progress->max_scans) {
        sw_fail(cinfo, SW_JPEG_TOO_MANY_SCANS, "too many progressive scans");
    }
}

static void sw_install_errors(struct jpeg_decompress_struct *cinfo, sw_error_mgr *err,
                              char *message, size_t message_size) {
    cinfo->err = jpeg_std_error(&err->base);
    err->base.error_exit = sw_error_exit;
    err->base.emit_message = sw_emit_message;
    err->base.output_message = sw_output_message;
    err->status = SW_JPEG_OK;
    err->message = message;
    err->message_size = message_size;
    if (message && message_size > 0) message[0] = '\0';
}

sw_jpeg_status sw_jpeg_read_size(const unsigned char *data, size_t size, int *width, int *height,
                                 char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    sw_error_mgr err;
    sw_install_errors(&cinfo, &err, message, message_size);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return SW_JPEG_OK;
}

/* Adobe writes CMYK JPEGs inverted (0 = full ink); libjpeg hands them back as stored. */
static void sw_cmyk_row_to_rgb(const unsigned char *cmyk, unsigned char *rgb, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[3 * x] = (unsigned char)((c * k + 127) / 255);
        rgb[3 * x + 1] = (unsigned char)((m * k + 127) / 255);
        rgb[3 * x + 2] = (unsigned char)((y * k + 127) / 255);
    }
}

sw_jpeg_status sw_jpeg_decode(const unsigned char *data, size_t size, sw_jpeg_limits limits,
                              sw_jpeg_image *out, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    sw_error_mgr err;
    sw_progress_mgr progress;
    /* volatile: these change between setjmp and a possible longjmp. */
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile cmyk_row = NULL;

    out->pixels = NULL;
    out->width = 0;
    out->height = 0;
    sw_install_errors(&cinfo, &err, message, message_size);
    if (setjmp(err.jump)) {
        free(pixels);
        free(cmyk_row);
        jpeg_destroy_decompress(&cinfo);
        return err.status;
    }
    jpeg_create_decompress(&cinfo);
    progress.base.progress_monitor = sw_progress;
    progress.max_scans = limits.max_scans > 0 ? limits.max_scans : 1;
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    if ((int)cinfo.image_width > limits.max_dimension || (int)cinfo.image_height > limits.max_dimension) {
        char text[160];
        snprintf(text, sizeof text, "%ux%u pixels is larger than the %d-pixel limit",
                 cinfo.image_width, cinfo.image_height, limits.max_dimension);
        sw_fail((j_common_ptr)&cinfo, SW_JPEG_TOO_LARGE, text);
    }
    int denom = limits.scale_denom;
    if (denom != 2 && denom != 4 && denom != 8) denom = 1;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)denom;
    int is_cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = is_cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_calc_output_dimensions(&cinfo);
    long pixel_count = (long)cinfo.output_width * (long)cinfo.output_height;
    if (pixel_count > limits.max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "%ux%u pixels is more than the %ld-pixel limit",
                 cinfo.output_width, cinfo.output_height, limits.max_pixels);
        sw_fail((j_common_ptr)&cinfo, SW_JPEG_TOO_LARGE, text);
    }
    pixels = malloc((size_t)pixel_count * 3);
    if (is_cmyk) cmyk_row = malloc((size_t)cinfo.output_width * 4);
    if (!pixels || (is_cmyk && !cmyk_row)) {
        sw_fail((j_common_ptr)&cinfo, SW_JPEG_NO_MEMORY, "out of memory");
    }
    /* Adobe's APP14 marker means inverted CMYK, which is what nearly every CMYK JPEG is. */
    int inverted = cinfo.saw_Adobe_marker;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 3;
    while (cinfo.output_scanline < cinfo.output_height) {
        unsigned char *row = pixels + (size_t)cinfo.output_scanline * stride;
        if (is_cmyk) {
            JSAMPROW rows[1] = { cmyk_row };
            jpeg_read_scanlines(&cinfo, rows, 1);
            sw_cmyk_row_to_rgb(cmyk_row, row, (int)cinfo.output_width, inverted);
        } else {
            JSAMPROW rows[1] = { row };
            jpeg_read_scanlines(&cinfo, rows, 1);
        }
    }
    jpeg_finish_decompress(&cinfo);
    out->pixels = pixels;
    out->width = (int)cinfo.output_width;
    out->height = (int)cinfo.output_height;
    free(cmyk_row);
    jpeg_destroy_decompress(&cinfo);
    return SW_JPEG_OK;
}

void sw_jpeg_free(sw_jpeg_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

sw_jpeg_status sw_jpeg_encode_rgb(const unsigned char *pixels, int width, int height,
                                  sw_jpeg_encode_options options, unsigned char **jpeg,
                                  size_t *jpeg_size, char *message, size_t message_size) {
    struct jpeg_compress_struct cinfo;
    sw_error_mgr err;
    /* volatile: these change between setjmp and a possible longjmp. */
    unsigned char *volatile buffer = NULL;
    unsigned char *volatile grey_row = NULL; /* a converted row: grey or CMYK */
    unsigned long size = 0;

    *jpeg = NULL;
    *jpeg_size = 0;
    cinfo.err = jpeg_std_error(&err.base);
    err.base.error_exit = sw_error_exit;
    err.base.emit_message = sw_emit_message;
    err.base.output_message = sw_output_message;
    err.status = SW_JPEG_OK;
    err.message = message;
    err.message_size = message_size;
    if (message && message_size > 0) message[0] = '\0';
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        free(grey_row);
        return err.status;
    }
    jpeg_create_compress(&cinfo);
    unsigned char *out = NULL;
    jpeg_mem_dest(&cinfo, &out, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = options.grayscale ? 1 : options.cmyk ? 4 : 3;
    cinfo.in_color_space = options.grayscale ? JCS_GRAYSCALE : options.cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    /* CMYK is written with an Adobe marker, meaning inverted values (255 = no ink). */
    if (options.cmyk) jpeg_set_colorspace(&cinfo, options.cmyk == 2 ? JCS_YCCK : JCS_CMYK);
    jpeg_set_quality(&cinfo, options.quality, TRUE);
    if (options.full_chroma && cinfo.num_components == 3) {
        cinfo.comp_info[0].h_samp_factor = 1;
        cinfo.comp_info[0].v_samp_factor = 1;
    }
    if (options.progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (options.grayscale || options.cmyk) grey_row = malloc((size_t)width * 4);
    while (cinfo.next_scanline < cinfo.image_height) {
        const unsigned char *row = pixels + (size_t)cinfo.next_scanline * (size_t)width * 3;
        JSAMPROW rows[1];
        if (options.cmyk) {
            /* Inverted CMYK with no black: the inverted inks are the RGB values themselves. */
            for (int x = 0; x < width; x++) {
                grey_row[4 * x] = row[3 * x];
                grey_row[4 * x + 1] = row[3 * x + 1];
                grey_row[4 * x + 2] = row[3 * x + 2];
                grey_row[4 * x + 3] = 255;
            }
            rows[0] = grey_row;
        } else if (options.grayscale) {
            for (int x = 0; x < width; x++) {
                grey_row[x] = (unsigned char)((299 * row[3 * x] + 587 * row[3 * x + 1] + 114 * row[3 * x + 2] + 500) / 1000);
            }
            rows[0] = grey_row;
        } else {
            rows[0] = (JSAMPROW)row;
        }
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    buffer = out;
    jpeg_destroy_compress(&cinfo);
    free(grey_row);
    *jpeg = buffer;
    *jpeg_size = size;
    return SW_JPEG_OK;
}

void sw_jpeg_free_bytes(unsigned char *bytes) { free(bytes); }
