#ifndef SIDEWALK_CSAMPLER_H
#define SIDEWALK_CSAMPLER_H
/* The sampler's loop for a full sphere written for AVX2, which Swift cannot ask for in one
   function only: the two mip levels a pixel blends are filtered side by side in one 256-bit
   register. The same bytes as PanoCore's `EquirectSampler`, to the bit, by arithmetic proved equal
   to its own (docs/decisions.md, 2026-12-05); used only where the processor has AVX2
   (`sw_sampler_has_avx2`). */

#include <stdint.h>

/* One mip level's layout as the sampler reads it. */
typedef struct sw_sampler_level {
    /* Index of the level's first texel. */
    intptr_t offset;
    /* Texels from one row to the next. */
    intptr_t stride;
    /* The last column and row, in texels with 8 fractional bits. */
    intptr_t max_x;
    intptr_t max_y;
} sw_sampler_level;

/* What one pass of the sampler reads and writes; see `EquirectSampler` for each field's units. */
typedef struct sw_sampler_pass {
    /* The pyramid's texels: red, green, blue and an unused byte, each level framed by copies of
       its edges, so that every neighbour a tap reads round a full sphere is there. */
    const uint32_t *texels;
    /* Every level, 1...SW_MAX_LEVELS of them; the texels' byte offsets must fit in 31 bits (at
       most 2^29 texels). */
    const sw_sampler_level *levels;
    intptr_t level_count;
    /* Per ray: column on the sphere (level-0 texels, 8 fractional bits, before `shift`), row,
       and the level in the high byte with the blend towards the next level (0...255) in the low. */
    const int32_t *columns;
    const int32_t *rows;
    const uint16_t *level_blends;
    /* Added to every column, [0, span); the full sphere's width in the columns' units. */
    intptr_t shift;
    intptr_t span;
    /* Three bytes a ray: red, green, blue. */
    uint8_t *output;
} sw_sampler_pass;

/* The most levels `sw_sample_full_sphere_avx2` takes (a 2:1 panorama 65,536 texels wide has 16). */
#define SW_MAX_LEVELS 16

/* The fewest rays `sw_sample_full_sphere_avx2` takes at once. */
#define SW_MIN_RAYS 8

/* 1 when this processor and its operating system run AVX2 instructions, else 0. */
int sw_sampler_has_avx2(void);

/* Samples rays `first` to `end` − 1 of a full sphere's `pass` into its output, as
   `EquirectSampler` does, the same bytes. Call it only where `sw_sampler_has_avx2()` is 1, with
   at least SW_MIN_RAYS rays and at most SW_MAX_LEVELS levels. The byte after the last ray's three
   is left as it was; the byte after every other ray's is overwritten. */
void sw_sample_full_sphere_avx2(const sw_sampler_pass *pass, intptr_t first, intptr_t end);

#endif
