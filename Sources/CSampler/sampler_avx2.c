#include "sampler_avx2.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

int sw_sampler_has_avx2(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    /* AVX (bit 28) and the operating system saving the wide registers (OSXSAVE, bit 27). */
    if ((ecx & (1u << 27)) == 0 || (ecx & (1u << 28)) == 0) return 0;
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    (void)high;
    if ((low & 6) != 6) return 0; /* XMM and YMM state both saved */
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & (1u << 5)) != 0; /* AVX2 */
}

#define SW_AVX2 __attribute__((target("avx2"), always_inline)) static inline

/* Rays are taken eight at a time: first where each of their taps lands, for all eight at once in
   32-bit lanes, then each ray's texels, read and weighted one ray at a time. */
enum { SW_BATCH = SW_MIN_RAYS };

/* Where the eight rays of a batch sample: per ray, the byte offset of the upper-left texel of
   its tap on its level (`fine`) and on the next (`coarse`), each level's bytes from one row to the
   next, its fractions down and right on each level and its blend towards the coarser level. Offsets,
   not indices, so that nothing is scaled between reading a field and loading what it points to;
   fractions and blend as `sw_weight_pair`s, so that a ray broadcasts each weight straight from
   its field. */
typedef struct {
    int32_t fine[SW_BATCH], coarse[SW_BATCH];
    int32_t fine_row[SW_BATCH], coarse_row[SW_BATCH];
    int32_t fine_down[SW_BATCH], fine_right[SW_BATCH], coarse_down[SW_BATCH], coarse_right[SW_BATCH];
    int32_t blend[SW_BATCH];
} sw_batch;

/* Per level, in 32-bit lanes: the first texel's byte offset and the bytes from one row to the
   next, for 16 levels. */
typedef struct {
    __m256i offsets_low, offsets_high, strides_low, strides_high;
} sw_level_lanes;

/* Each lane's entry of a 16-entry table held as two vectors (entries 0–7 in `low`, 8–15 in
   `high`), for the level in that lane of `level` (0...15). Views seldom sample past level 7
   (a 2048-wide panorama's level 7 is 16 texels round), so the high half is looked at only
   where a lane needs it. */
SW_AVX2 __m256i sw_per_level(__m256i low, __m256i high, __m256i level) {
    __m256i from_low = _mm256_permutevar8x32_epi32(low, level);
    if (__builtin_expect(_mm256_testz_si256(level, _mm256_set1_epi32(~7)), 1)) return from_low;
    __m256i from_high = _mm256_permutevar8x32_epi32(high, level);
    return _mm256_blendv_epi8(from_low, from_high, _mm256_cmpgt_epi32(level, _mm256_set1_epi32(7)));
}

/* The weight (0...255, in 1/256ths) in each lane's low byte as the arithmetic below reads it:
   times 128, in both 16-bit halves of the lane. For texels a and b and weight w,
   a + mulhrs(b − a, 128w) is a + floor(((b − a)·128w + 2^14) / 2^15)
   = floor((a·(256 − w) + b·w + 128) / 256), the portable sampler's rounded blend to the bit, in
   three instructions rather than its five. */
SW_AVX2 __m256i sw_weight_pair(__m256i lanes) {
    const __m256i low_byte_twice = _mm256_setr_epi8(
        0, -1, 0, -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12, -1, 0, -1, 0, -1, 4, -1, 4, -1, 8, -1, 8, -1, 12, -1, 12, -1);
    return _mm256_slli_epi16(_mm256_shuffle_epi8(lanes, low_byte_twice), 7);
}

/* One level's taps for eight rays at level-0 coordinates (texels, 8 fractional bits): the
   upper-left texels' byte offsets, the level's row in bytes, and the fractions down and right as
   `sw_weight_pair`s. */
SW_AVX2 void sw_taps(
    const sw_level_lanes *lanes, __m256i level, __m256i x, __m256i y, int32_t *offset, int32_t *row_bytes,
    int32_t *down, int32_t *right) {
    const __m256i half = _mm256_set1_epi32(128);
    /* Pixel centres sit at half a texel: subtract 0.5 (128 in fixed point). */
    __m256i level_x = _mm256_sub_epi32(_mm256_srav_epi32(x, level), half);
    __m256i level_y = _mm256_sub_epi32(_mm256_srav_epi32(y, level), half);
    __m256i strides = sw_per_level(lanes->strides_low, lanes->strides_high, level);
    __m256i row = _mm256_mullo_epi32(_mm256_srai_epi32(level_y, 8), strides);
    __m256i first = _mm256_add_epi32(sw_per_level(lanes->offsets_low, lanes->offsets_high, level), row);
    /* The whole texels, four bytes each. */
    __m256i column = _mm256_slli_epi32(_mm256_srai_epi32(level_x, 8), 2);
    _mm256_storeu_si256((__m256i *)offset, _mm256_add_epi32(first, column));
    _mm256_storeu_si256((__m256i *)row_bytes, strides);
    _mm256_storeu_si256((__m256i *)down, sw_weight_pair(level_y));
    _mm256_storeu_si256((__m256i *)right, sw_weight_pair(level_x));
}

/* Fills `batch` for rays `i` to `i` + 7. */
SW_AVX2 void sw_locate(const sw_sampler_pass *pass, const sw_level_lanes *lanes, intptr_t i, sw_batch *batch) {
    const __m256i span = _mm256_set1_epi32((int32_t)pass->span);
    __m256i x = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(pass->columns + i)), _mm256_set1_epi32((int32_t)pass->shift));
    /* Onto the sphere, [0, span): a column is at most half a span from the shifted centre, so
       x is in [−span / 2, 3·span / 2) and of x − span, x and x + span exactly one is in [0, span),
       the others, unsigned, above it (span < 2^30: nothing wraps past 2^32). */
    x = _mm256_min_epu32(_mm256_min_epu32(_mm256_sub_epi32(x, span), x), _mm256_add_epi32(x, span));
    __m256i y = _mm256_loadu_si256((const __m256i *)(pass->rows + i));
    __m256i level_blend = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(pass->level_blends + i)));
    __m256i level = _mm256_srli_epi32(level_blend, 8);
    _mm256_storeu_si256((__m256i *)batch->blend, sw_weight_pair(level_blend));
    sw_taps(lanes, level, x, y, batch->fine, batch->fine_row, batch->fine_down, batch->fine_right);
    /* Where none of the eight blends, nothing reads the coarse taps. The last level never
       blends; past it, the coarse lanes are never read. */
    if (_mm256_testz_si256(level_blend, _mm256_set1_epi32(0xFF))) return;
    __m256i coarser = _mm256_add_epi32(level, _mm256_set1_epi32(1));
    sw_taps(lanes, coarser, x, y, batch->coarse, batch->coarse_row, batch->coarse_down, batch->coarse_right);
}

/* From `from` towards `to` by `weight` (`sw_weight_pair`s), each 16-bit lane 0...255. */
SW_AVX2 __m128i sw_towards(__m128i from, __m128i to, __m128i weight) {
    return _mm_add_epi16(from, _mm_mulhrs_epi16(_mm_sub_epi16(to, from), weight));
}

/* `sw_towards` on both halves at once. */
SW_AVX2 __m256i sw_towards_both(__m256i from, __m256i to, __m256i weight) {
    return _mm256_add_epi16(from, _mm256_mulhrs_epi16(_mm256_sub_epi16(to, from), weight));
}

/* The weight pair at `field` in every lane: a broadcast from memory, which takes no shuffle. */
SW_AVX2 __m128i sw_weight(const int32_t *field) {
    return _mm_set1_epi32(*field);
}

/* The weight pair at `finer` in the low half's lanes, at `coarser` in the high half's. */
SW_AVX2 __m256i sw_weights(const int32_t *finer, const int32_t *coarser) {
    return _mm256_blend_epi32(_mm256_set1_epi32(*finer), _mm256_set1_epi32(*coarser), 0xF0);
}

/* The bilinear sample of one level: red, green, blue and the unused byte in the low four 16-bit
   lanes, 0...255. `top` is the upper-left texel, `row` the bytes from one row to the next, `down`
   and `right` the fractions' fields. */
SW_AVX2 __m128i sw_bilinear(const uint8_t *top, intptr_t row, const int32_t *down, const int32_t *right) {
    const uint8_t *bottom = top + row;
    /* The rows two below, which the view's next rows read (see EquirectSampler.bilinear). */
    __builtin_prefetch(bottom + row * 2, 0, 3);
    __m128i upper = _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)top));
    __m128i lower = _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)bottom));
    __m128i vertical = sw_towards(upper, lower, sw_weight(down));
    /* Towards the right-hand texel, its channels moved under the left-hand one's. */
    return sw_towards(vertical, _mm_shuffle_epi32(vertical, 0xEE), sw_weight(right));
}

/* The two texels at `finer` in the low eight bytes, the two at `coarser` in the high eight: two
   loads that do not wait on each other (loading the high half into the low one would). */
SW_AVX2 __m128i sw_side_by_side(const uint8_t *finer, const uint8_t *coarser) {
    __m128i high = _mm_castpd_si128(_mm_loaddup_pd((const double *)coarser));
    return _mm_blend_epi32(_mm_loadl_epi64((const __m128i *)finer), high, 0xC);
}

/* Ray `k` of `batch` blended between its two levels (blend 1...255 towards the coarser): both
   levels' bilinear samples side by side in one register, the finer in the low half. */
SW_AVX2 __m128i sw_trilinear(const uint8_t *texels, const sw_batch *batch, int k) {
    const intptr_t fine_row = batch->fine_row[k], coarse_row = batch->coarse_row[k];
    const uint8_t *fine = texels + batch->fine[k], *coarse = texels + batch->coarse[k];
    __builtin_prefetch(fine + fine_row * 3, 0, 3);
    __builtin_prefetch(coarse + coarse_row * 3, 0, 3);
    __m256i upper = _mm256_cvtepu8_epi16(sw_side_by_side(fine, coarse));
    __m256i lower = _mm256_cvtepu8_epi16(sw_side_by_side(fine + fine_row, coarse + coarse_row));
    __m256i vertical = sw_towards_both(upper, lower, sw_weights(&batch->fine_down[k], &batch->coarse_down[k]));
    __m256i across = sw_weights(&batch->fine_right[k], &batch->coarse_right[k]);
    __m256i levels = sw_towards_both(vertical, _mm256_shuffle_epi32(vertical, 0xEE), across);
    __m128i finer = _mm256_castsi256_si128(levels), coarser = _mm256_extracti128_si256(levels, 1);
    return sw_towards(finer, coarser, sw_weight(&batch->blend[k]));
}

/* Ray `k` of `batch`: its level alone where it does not blend. */
SW_AVX2 __m128i sw_ray(const uint8_t *texels, const sw_batch *batch, int k) {
    if (batch->blend[k] != 0) return sw_trilinear(texels, batch, k);
    return sw_bilinear(texels + batch->fine[k], batch->fine_row[k], &batch->fine_down[k], &batch->fine_right[k]);
}

/* Writes red, green and blue (lanes 0–2) as three bytes, and with `whole` a fourth after them,
   which the next ray overwrites. */
SW_AVX2 void sw_store(__m128i texel, uint8_t *out, int whole) {
    const uint32_t bytes = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(texel, texel));
    if (whole) {
        memcpy(out, &bytes, 4);
    } else {
        memcpy(out, &bytes, 3);
    }
}

__attribute__((target("avx2")))
void sw_sample_full_sphere_avx2(const sw_sampler_pass *pass, intptr_t first, intptr_t end) {
    if (end - first < SW_BATCH || pass->level_count > SW_MAX_LEVELS) __builtin_trap();
    /* A copy of the pass whose address is never taken: the output's bytes may alias anything
       else, and its fields would be read again after every store. */
    const sw_sampler_pass local = *pass;
    const uint8_t *texels = (const uint8_t *)local.texels;
    uint8_t *output = local.output;
    int32_t offsets[SW_MAX_LEVELS] = {0}, strides[SW_MAX_LEVELS] = {0};
    for (intptr_t level = 0; level < pass->level_count; level++) {
        offsets[level] = (int32_t)(pass->levels[level].offset * 4);
        strides[level] = (int32_t)(pass->levels[level].stride * 4);
    }
    const sw_level_lanes lanes = {
        _mm256_loadu_si256((const __m256i *)offsets), _mm256_loadu_si256((const __m256i *)(offsets + 8)),
        _mm256_loadu_si256((const __m256i *)strides), _mm256_loadu_si256((const __m256i *)(strides + 8))};
    /* Each batch is located one batch ahead of its sampling: a ray's fields, read back just after
       the vector stores that wrote them, would wait for those stores to complete. */
    sw_batch batches[2];
    intptr_t start = first;
    sw_locate(&local, &lanes, start, &batches[0]);
    for (int current = 0;; current ^= 1) {
        /* The last batch ends at `end`, going back over rays already drawn if it must: the same
           bytes again, in the same order. */
        const intptr_t next = end - (start + SW_BATCH) >= SW_BATCH ? start + SW_BATCH : end - SW_BATCH;
        const int more = start + SW_BATCH < end;
        if (more) sw_locate(&local, &lanes, next, &batches[current ^ 1]);
        const sw_batch *batch = &batches[current];
        uint8_t *out = output + start * 3;
        for (int k = 0; k < SW_BATCH - 1; k++) sw_store(sw_ray(texels, batch, k), out + k * 3, 1);
        sw_store(sw_ray(texels, batch, SW_BATCH - 1), out + (SW_BATCH - 1) * 3, more);
        if (!more) return;
        start = next;
    }
}

#else

/* Not an x86-64 processor: no AVX2, and the portable sampler does every pass. */
int sw_sampler_has_avx2(void) { return 0; }

void sw_sample_full_sphere_avx2(const sw_sampler_pass *pass, intptr_t first, intptr_t end) {
    (void)pass;
    (void)first;
    (void)end;
    __builtin_trap();
}

#endif
