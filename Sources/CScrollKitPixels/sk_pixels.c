// ScrollKit's pixel kernels: see include/sk_pixels.h for what each computes.
//
// Arithmetic (SDL's own blend, reproduced exactly): per pixel, with c the coverage and alpha the
// colour's alpha (both 0...255):
//     a  = (c * alpha + 127) / 255;  a += a >> 7;      (0...256)
//     out = (src * a + dst * (256 - a)) >> 8            per channel, src alpha = 255
// SSE2 (the x86_64 baseline) works four pixels at a time in eight 16-bit lanes, eight clear or full
// coverage bytes at a time (x / 255 as (x + (x >> 8) + 1) >> 8, exact for x <= 65152); the AVX2 disc
// kernel, chosen at run time, eight at a time (the division as one rounding multiply, the blend as
// d + (s - d) · a modulo 2^16), written as inline assembly so that debug builds (this file at -O0) run
// it at full speed too. Every path gives the same pixels
// (Tests/ScrollKitSDLTests/CanvasBatchTests.swift checks it).

#include "sk_pixels.h"

// The per-pixel helpers are forced inline: debug builds compile this file at -O0, where plain `inline`
// functions stay calls (with every argument spilled), and these run once per pixel or per 8 pixels.
#define SK_INLINE static inline __attribute__((always_inline))

#include <pthread.h>
#include <string.h>
#include <wchar.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#endif

SK_INLINE uint32_t sk_blend_pixel(uint32_t dst, uint32_t c, uint32_t alpha, uint32_t srcRB, uint32_t srcAG) {
    uint32_t a = (c * alpha + 127) / 255;
    a += a >> 7;
    uint32_t ia = 256 - a;
    uint32_t rb = ((srcRB * a + (dst & 0x00FF00FFu) * ia) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((srcAG * a + ((dst >> 8) & 0x00FF00FFu) * ia) >> 8) & 0x00FF00FFu;
    return rb | ag << 8;
}

/// Blends `count` coverage bytes from `mask`, tinted with colour (r, g, b, alpha), into `dst`.
// The row kernel, inlined into the rect loop (a glyph's rows are short: the per-call setup and its
// constants, hoisted there, cost as much as the blending).
static inline __attribute__((always_inline))
void blend_mask_row(uint32_t *dst, const uint8_t *mask, int count,
                    uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    if (alpha == 0 || count <= 0) return;
    const uint32_t al = alpha;
    const uint32_t srcRB = (uint32_t)r << 16 | b, srcAG = 255u << 16 | g;
    const uint32_t solid = 0xFF000000u | (uint32_t)r << 16 | (uint32_t)g << 8 | b;
    int i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i mask00ff = _mm_set1_epi16(0x00FF), maskff00 = _mm_set1_epi16((short)0xFF00);
    const __m128i k127 = _mm_set1_epi16(127), one = _mm_set1_epi16(1), k256 = _mm_set1_epi16(256);
    const __m128i alpha16 = _mm_set1_epi16((short)al);
    const __m128i srcLo = _mm_set_epi16(r, b, r, b, r, b, r, b);
    const __m128i srcHi = _mm_set_epi16(255, g, 255, g, 255, g, 255, g);
    // Full coverage: a = alpha (+1 when alpha >= 128), constant per call.
    const uint32_t fa = al + (al >> 7);
    const __m128i fullA = _mm_set1_epi16((short)fa), fullIA = _mm_set1_epi16((short)(256 - fa));
    const __m128i fullLo = _mm_mullo_epi16(srcLo, fullA), fullHi = _mm_mullo_epi16(srcHi, fullA);
    const __m128i solid4 = _mm_set1_epi32((int)solid);
#define SK_BLEND4(p, m4) do { \
        __m128i d = _mm_loadu_si128((const __m128i *)(p)); \
        __m128i c = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)(m4)), zero);   /* c0 c1 c2 c3 (16-bit) */ \
        c = _mm_unpacklo_epi16(c, c);                                         /* c0 c0 c1 c1 c2 c2 c3 c3 */ \
        __m128i a = _mm_add_epi16(_mm_mullo_epi16(c, alpha16), k127); \
        a = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(a, _mm_srli_epi16(a, 8)), one), 8); \
        a = _mm_add_epi16(a, _mm_srli_epi16(a, 7)); \
        __m128i ia = _mm_sub_epi16(k256, a); \
        __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, mask00ff), ia), \
                                                  _mm_mullo_epi16(srcLo, a)), 8); \
        __m128i hi = _mm_and_si128(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), ia), \
                                                 _mm_mullo_epi16(srcHi, a)), maskff00); \
        _mm_storeu_si128((__m128i *)(p), _mm_or_si128(lo, hi)); \
    } while (0)
    while (i + 4 <= count) {
        if (i + 8 <= count) {
            uint64_t m8;
            memcpy(&m8, mask + i, 8);
            if (m8 == 0) { i += 8; continue; }
            if (m8 == UINT64_MAX) {
                if (alpha == 255) {
                    _mm_storeu_si128((__m128i *)(dst + i), solid4);
                    _mm_storeu_si128((__m128i *)(dst + i + 4), solid4);
                } else {
                    for (int k = 0; k < 8; k += 4) {
                        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i + k));
                        __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, mask00ff), fullIA), fullLo), 8);
                        __m128i hi = _mm_and_si128(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), fullIA), fullHi), maskff00);
                        _mm_storeu_si128((__m128i *)(dst + i + k), _mm_or_si128(lo, hi));
                    }
                }
                i += 8;
                continue;
            }
        }
        uint32_t m4;
        memcpy(&m4, mask + i, 4);
        if (m4 != 0) SK_BLEND4(dst + i, m4);
        i += 4;
    }
#undef SK_BLEND4
#endif
    for (; i < count; i++) {
        uint32_t c = mask[i];
        if (c == 0) continue;
        dst[i] = (c == 255 && alpha == 255) ? solid : sk_blend_pixel(dst[i], c, al, srcRB, srcAG);
    }
}

void sk_blend_mask_row(uint32_t *dst, const uint8_t *mask, int count,
                       uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    blend_mask_row(dst, mask, count, r, g, b, alpha);
}


// ---------------------------------------------------------------------------------------------
// Discs: rows of a cached coverage mask described by spans (edge, full run, edge).
//
// sk_blend_disc blends rows [r0, r1) of a `size`-pixel disc whose mask column 0 / row 0 lands on
// `origin` (pixel (left, top) of the target), restricted to mask columns [c0, c1). Each row is a left
// edge blended per pixel from the mask, a fully covered run blended with one constant (no mask
// reads; a plain store when opaque) and a right edge. Same arithmetic as sk_blend_mask_row, so the
// pixels are identical to blending the whole row through it. On x86_64 CPUs with AVX2 (checked once
// at run time) eight pixels at a time, otherwise SSE2 / portable C.



/// `count` pixels blended with one colour at full coverage (alpha 1...254), or stored (alpha 255).
void sk_blend_const_row(uint32_t *dst, int count, uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    if (alpha == 0 || count <= 0) return;
    const uint32_t solid = 0xFF000000u | (uint32_t)r << 16 | (uint32_t)g << 8 | b;
    int i = 0;
    if (alpha == 255) {
        for (; i < count; i++) dst[i] = solid;
        return;
    }
    const uint32_t fa = (uint32_t)alpha + (alpha >> 7), fia = 256 - fa;
#if defined(__SSE2__)
    const __m128i mask00ff = _mm_set1_epi16(0x00FF), maskff00 = _mm_set1_epi16((short)0xFF00);
    const __m128i fullIA = _mm_set1_epi16((short)fia);
    const __m128i fullLo = _mm_set_epi16(r * fa, b * fa, r * fa, b * fa, r * fa, b * fa, r * fa, b * fa);
    const __m128i fullHi = _mm_set_epi16(255 * fa, g * fa, 255 * fa, g * fa, 255 * fa, g * fa, 255 * fa, g * fa);
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, mask00ff), fullIA), fullLo), 8);
        __m128i hi = _mm_and_si128(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), fullIA), fullHi), maskff00);
        _mm_storeu_si128((__m128i *)(dst + i), _mm_or_si128(lo, hi));
    }
#endif
    const uint32_t srcRB = ((uint32_t)r << 16 | b) * fa, srcAG = (255u << 16 | g) * fa;
    for (; i < count; i++) {
        uint32_t d = dst[i];
        uint32_t rb = ((srcRB + (d & 0x00FF00FFu) * fia) >> 8) & 0x00FF00FFu;
        uint32_t ag = ((srcAG + ((d >> 8) & 0x00FF00FFu) * fia) >> 8) & 0x00FF00FFu;
        dst[i] = rb | ag << 8;
    }
}

void sk_blend_mask_rect(uint32_t *dst, int dstPitch, const uint8_t *mask, int maskPitch, int width, int height,
                        uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    for (int y = 0; y < height; y++) {
        blend_mask_row(dst + (ptrdiff_t)y * dstPitch, mask + (ptrdiff_t)y * maskPitch, width, r, g, b, alpha);
    }
}

void sk_fill_rect_opaque(uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1, uint32_t pixel) {
    if (x1 <= x0 || y1 <= y0) return;
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset stores 32-bit pixels");
    for (int y = y0; y < y1; y++) {
        wmemset((wchar_t *)(pixels + (ptrdiff_t)y * pitch + x0), (wchar_t)pixel, (size_t)(x1 - x0));
    }
}

void sk_move_rect(uint32_t *pixels, int pitch, int x, int y, int w, int h, int dx, int dy) {
    if (w <= 0 || h <= 0 || (dx == 0 && dy == 0)) return;
    uint32_t *dst = pixels + (ptrdiff_t)y * pitch + x;
    const uint32_t *src = pixels + (ptrdiff_t)(y - dy) * pitch + (x - dx);
    const size_t bytes = (size_t)w * sizeof(uint32_t);
    if (dy > 0) {   // moving down: the bottom row first, so no source row is overwritten before it is read
        for (int n = h - 1; n >= 0; n--) memmove(dst + (ptrdiff_t)n * pitch, src + (ptrdiff_t)n * pitch, bytes);
    } else {
        for (int n = 0; n < h; n++) memmove(dst + (ptrdiff_t)n * pitch, src + (ptrdiff_t)n * pitch, bytes);
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
static int sk_blend_fill_rect_avx2(uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1,
                                   uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);
#endif

void sk_blend_fill_rect(uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1,
                        uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    if (x1 <= x0 || y1 <= y0) return;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    // Rows of at least eight pixels: eight at a time on a CPU with AVX2 (the same arithmetic).
    if (x1 - x0 >= 8 && sk_blend_uses_avx2() && sk_blend_fill_rect_avx2(pixels, pitch, x0, y0, x1, y1, r, g, b, alpha)) return;
#endif
    const uint32_t inv = 255u - alpha;
    const uint32_t pb = (uint32_t)b * alpha / 255, pg = (uint32_t)g * alpha / 255;
    const uint32_t pr = (uint32_t)r * alpha / 255, pa = alpha;
#if defined(__SSE2__)
    // Four pixels at a time: the even bytes (b, r) and the odd bytes (g, a) in 16-bit lanes;
    // x / 255 as (x + (x >> 8) + 1) >> 8, exact for x <= 65152 (here x <= 255 · 255).
    const __m128i inv16 = _mm_set1_epi16((short)inv), one = _mm_set1_epi16(1);
    const __m128i mask00ff = _mm_set1_epi16(0x00FF);
    const __m128i low = _mm_set_epi16((short)pr, (short)pb, (short)pr, (short)pb, (short)pr, (short)pb, (short)pr, (short)pb);
    const __m128i high = _mm_set_epi16((short)pa, (short)pg, (short)pa, (short)pg, (short)pa, (short)pg, (short)pa, (short)pg);
#endif
    for (int y = y0; y < y1; y++) {
        uint32_t *row = pixels + (ptrdiff_t)y * pitch;
        int x = x0;
#if defined(__SSE2__)
        for (; x + 4 <= x1; x += 4) {
            __m128i v = _mm_loadu_si128((const __m128i *)(row + x));
            __m128i lx = _mm_mullo_epi16(_mm_and_si128(v, mask00ff), inv16);
            __m128i hx = _mm_mullo_epi16(_mm_srli_epi16(v, 8), inv16);
            __m128i l = _mm_add_epi16(_mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(lx, _mm_srli_epi16(lx, 8)), one), 8), low);
            __m128i h = _mm_add_epi16(_mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(hx, _mm_srli_epi16(hx, 8)), one), 8), high);
            _mm_storeu_si128((__m128i *)(row + x), _mm_or_si128(l, _mm_slli_epi16(h, 8)));
        }
#endif
        for (; x < x1; x++) {
            const uint32_t d = row[x];
            const uint32_t ob = (d & 0xFF) * inv / 255 + pb;
            const uint32_t og = ((d >> 8) & 0xFF) * inv / 255 + pg;
            const uint32_t or_ = ((d >> 16) & 0xFF) * inv / 255 + pr;
            const uint32_t oa = (d >> 24) * inv / 255 + pa;
            row[x] = oa << 24 | or_ << 16 | og << 8 | ob;
        }
    }
}

/// q = (c · alpha + 127) / 255 for every coverage c (0...255) as one rounding multiply: q = (c · K + 2^14) >> 15
/// with K = sk_alpha_rounding_factor[alpha] (vpmulhrsw). K is round(alpha · 32768 / 255) (at most 32767)
/// or, for 22 alphas, the nearest value that is exact for every c; found by an exhaustive search and
/// checked again by Tests/ScrollKitSDLTests/CanvasBatchTests.swift, so the kernels that use it blend
/// exactly as sk_blend_pixel does.
static const int16_t sk_alpha_rounding_factor[256] = {
    0, 129, 257, 386, 514, 643, 771, 900, 1028, 1157, 1285, 1413,
    1542, 1671, 1799, 1928, 2056, 2185, 2313, 2441, 2570, 2699, 2827, 2955,
    3084, 3213, 3341, 3470, 3598, 3726, 3855, 3984, 4112, 4241, 4369, 4498,
    4626, 4755, 4883, 5012, 5140, 5268, 5397, 5525, 5654, 5783, 5911, 6039,
    6168, 6297, 6425, 6554, 6682, 6811, 6939, 7068, 7196, 7325, 7453, 7581,
    7710, 7838, 7967, 8096, 8224, 8353, 8481, 8609, 8738, 8867, 8995, 9124,
    9252, 9381, 9509, 9638, 9766, 9895, 10023, 10152, 10280, 10409, 10537, 10666,
    10794, 10923, 11051, 11180, 11308, 11437, 11565, 11694, 11822, 11951, 12079, 12208,
    12336, 12465, 12593, 12722, 12850, 12979, 13107, 13235, 13364, 13493, 13621, 13750,
    13878, 14007, 14135, 14264, 14392, 14521, 14649, 14778, 14906, 15035, 15163, 15292,
    15420, 15549, 15677, 15806, 15934, 16063, 16191, 16320, 16448, 16577, 16705, 16834,
    16962, 17091, 17219, 17348, 17476, 17605, 17733, 17862, 17990, 18119, 18247, 18376,
    18504, 18633, 18761, 18890, 19018, 19147, 19275, 19404, 19533, 19661, 19789, 19918,
    20046, 20175, 20303, 20432, 20560, 20689, 20817, 20946, 21074, 21203, 21331, 21460,
    21588, 21717, 21845, 21974, 22102, 22231, 22359, 22488, 22616, 22745, 22873, 23002,
    23130, 23259, 23387, 23516, 23644, 23773, 23901, 24030, 24159, 24287, 24415, 24544,
    24672, 24801, 24930, 25058, 25187, 25315, 25443, 25572, 25700, 25829, 25957, 26086,
    26214, 26343, 26471, 26600, 26729, 26857, 26985, 27114, 27243, 27371, 27500, 27628,
    27756, 27885, 28013, 28142, 28270, 28399, 28527, 28656, 28784, 28913, 29042, 29170,
    29298, 29427, 29555, 29684, 29813, 29941, 30069, 30198, 30327, 30455, 30583, 30712,
    30840, 30969, 31097, 31226, 31355, 31483, 31611, 31740, 31868, 31997, 32125, 32254,
    32382, 32511, 32639, 32767,
};

int sk_disc_alpha_factor(uint8_t alpha) { return sk_alpha_rounding_factor[alpha]; }

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SK_HAVE_AVX2_PATH 1

// The AVX2 disc kernel is inline assembly: the compiler emits it as written, so a debug build (this
// file at -O0, where every intrinsic's result would go through the stack) runs the same instructions
// as a release build. No `target("avx2")` is needed: the assembler takes the instructions as they
// are, and sk_select_kernels only picks this kernel on a CPU with AVX2.
//
// Arithmetic, exactly sk_blend_pixel's, eight pixels at a time in 16-bit lanes (each pixel's lanes
// hold (b, r) and (g, a)):
//     q = (c · alpha + 127) / 255      one vpmulhrsw by the alpha's rounding factor (see above)
//     a = q + (q >> 7)                 0...256
//     out = (d · 256 + (s − d) · a) >> 8   per channel; the same value as (s · a + d · (256 − a)) >> 8,
//                                       computed modulo 2^16 (the true value is below 2^16), which
//                                       needs two multiplies per eight pixels instead of four.

/// The kernel's constant tables: the shuffle that spreads eight coverage bytes to one 16-bit pair
/// per pixel (bytes 0-3 in the low 128-bit lane, 4-7 in the high one), eight -1 then eight 0 (the
/// lane mask of a row's last 1...7 pixels is the eight from index 8 - n), and the 16-bit constants.
static const struct {
    int8_t spread[32];
    int32_t tail[16];
    uint16_t m00ff, mff00;
} sk_avx2_tables __attribute__((aligned(32))) = {
    .spread = { 0, -1, 0, -1, 1, -1, 1, -1, 2, -1, 2, -1, 3, -1, 3, -1,
                4, -1, 4, -1, 5, -1, 5, -1, 6, -1, 6, -1, 7, -1, 7, -1 },
    .tail = { -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0 },
    .m00ff = 0x00FF, .mff00 = 0xFF00,
};

// Eight per-pixel alphas from the coverage bytes broadcast in ymm0 (ymm5: the spread shuffle, ymm6:
// the alpha's rounding factor). Out: ymm0 = a (0...256) in both 16-bit halves of each pixel's lane;
// ymm1 spent.
#define SK_ASM_ALPHA8 \
    "vpshufb %%ymm5, %%ymm0, %%ymm0\n\t" \
    "vpmulhrsw %%ymm6, %%ymm0, %%ymm0\n\t" \
    "vpsrlw $7, %%ymm0, %%ymm1\n\t" \
    "vpaddw %%ymm1, %%ymm0, %%ymm0\n\t"

// Eight pixels in ymm2 blended with the colour at the alphas ymm0 (from SK_ASM_ALPHA8): per 16-bit
// lane, lo = ((d & 0x00FF) << 8 + ((r, b) − (d & 0x00FF)) · a) >> 8 and
// hi = ((d & 0xFF00) + ((255, g) − (d >> 8)) · a) & 0xFF00 (ymm10 0x00FF, ymm11 0xFF00, ymm12 (r, b),
// ymm13 (255, g)). Out: ymm2; ymm1, ymm3 spent.
#define SK_ASM_BLEND8 \
    "vpsllw $8, %%ymm2, %%ymm1\n\t" \
    "vpand %%ymm10, %%ymm2, %%ymm3\n\t" \
    "vpsubw %%ymm3, %%ymm12, %%ymm3\n\t" \
    "vpmullw %%ymm0, %%ymm3, %%ymm3\n\t" \
    "vpaddw %%ymm1, %%ymm3, %%ymm3\n\t" \
    "vpsrlw $8, %%ymm3, %%ymm3\n\t" \
    "vpsrlw $8, %%ymm2, %%ymm1\n\t" \
    "vpand %%ymm11, %%ymm2, %%ymm2\n\t" \
    "vpsubw %%ymm1, %%ymm13, %%ymm1\n\t" \
    "vpmullw %%ymm0, %%ymm1, %%ymm1\n\t" \
    "vpaddw %%ymm1, %%ymm2, %%ymm2\n\t" \
    "vpand %%ymm11, %%ymm2, %%ymm2\n\t" \
    "vpor %%ymm3, %%ymm2, %%ymm2\n\t"

// The eight pixels at column rax of the row rdi blended at full coverage: ((d & 0x00FF) · (256 − fa) + (r, b) · fa)
// >> 8 and ((d >> 8) · (256 − fa) + (255, g) · fa) & 0xFF00 with ymm14 = 256 − fa, ymm15 / ymm4 the colour
// times fa (SK_ASM_BLEND8's result for coverage 255, with no coverage read). ymm2, ymm3 spent.
#define SK_ASM_FULL8 \
    "vmovdqu (%%rdi,%%rax,4), %%ymm2\n\t" \
    "vpand %%ymm10, %%ymm2, %%ymm3\n\t" \
    "vpmullw %%ymm14, %%ymm3, %%ymm3\n\t" \
    "vpaddw %%ymm15, %%ymm3, %%ymm3\n\t" \
    "vpsrlw $8, %%ymm3, %%ymm3\n\t" \
    "vpsrlw $8, %%ymm2, %%ymm2\n\t" \
    "vpmullw %%ymm14, %%ymm2, %%ymm2\n\t" \
    "vpaddw %%ymm4, %%ymm2, %%ymm2\n\t" \
    "vpand %%ymm11, %%ymm2, %%ymm2\n\t" \
    "vpor %%ymm3, %%ymm2, %%ymm2\n\t" \
    "vmovdqu %%ymm2, (%%rdi,%%rax,4)\n\t"

// The eight pixels at column rax of the row rdi blended through their coverage (row rsi). ymm0-3 spent.
#define SK_ASM_PARTIAL8 \
    "vpbroadcastq (%%rsi,%%rax), %%ymm0\n\t" \
    SK_ASM_ALPHA8 \
    "vmovdqu (%%rdi,%%rax,4), %%ymm2\n\t" \
    SK_ASM_BLEND8 \
    "vmovdqu %%ymm2, (%%rdi,%%rax,4)\n\t"

/// What the assembly reads: one struct, reached through one register (memory operands of their own
/// would each need a register for their address in a sanitizer's build, more than x86_64 has).
typedef struct sk_avx2_disc_args {
    uint32_t *line;                 // the first row's pixels (at mask column 0)
    const uint8_t *mask;            // its coverage
    const sk_span *span;            // its span
    int64_t count, pitchBytes, strideBytes;
    int64_t first, last, right;     // c0, c1, limit
    uint32_t srcLo, srcHi, fullLo, fullHi, solid;
    int32_t opaque;
    uint16_t factor, fullIA;
} sk_avx2_disc_args;

/// The operands every block below shares.
#define SK_ASM_DISC_OPERANDS \
    : [args] "r"(&args), \
      [line] "i"(offsetof(sk_avx2_disc_args, line)), [mask] "i"(offsetof(sk_avx2_disc_args, mask)), \
      [span] "i"(offsetof(sk_avx2_disc_args, span)), [count] "i"(offsetof(sk_avx2_disc_args, count)), \
      [pitchBytes] "i"(offsetof(sk_avx2_disc_args, pitchBytes)), \
      [strideBytes] "i"(offsetof(sk_avx2_disc_args, strideBytes)), \
      [first] "i"(offsetof(sk_avx2_disc_args, first)), [last] "i"(offsetof(sk_avx2_disc_args, last)), \
      [right] "i"(offsetof(sk_avx2_disc_args, right)), \
      [factor] "i"(offsetof(sk_avx2_disc_args, factor)), [fullIA] "i"(offsetof(sk_avx2_disc_args, fullIA)), \
      [srcLo] "i"(offsetof(sk_avx2_disc_args, srcLo)), [srcHi] "i"(offsetof(sk_avx2_disc_args, srcHi)), \
      [fullLo] "i"(offsetof(sk_avx2_disc_args, fullLo)), [fullHi] "i"(offsetof(sk_avx2_disc_args, fullHi)), \
      [solid] "i"(offsetof(sk_avx2_disc_args, solid)), [opaque] "i"(offsetof(sk_avx2_disc_args, opaque)), \
      [spread] "m"(sk_avx2_tables.spread), [tail] "m"(sk_avx2_tables.tail), \
      [m00ff] "m"(sk_avx2_tables.m00ff), [mff00] "m"(sk_avx2_tables.mff00) \
    : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", \
      "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", \
      "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", \
      "cc", "memory"

// Loads the registers both blocks share: rdi the row's pixels, rsi its coverage, r8 its span, r9 rows
// left; ymm5 the spread, ymm6 the rounding factor, ymm10 / ymm11 0x00FF / 0xFF00, ymm12 / ymm13 the
// colour's (r, b) and (255, g).
#define SK_ASM_DISC_SETUP \
    "mov %c[line](%[args]), %%rdi\n\t" \
    "mov %c[mask](%[args]), %%rsi\n\t" \
    "mov %c[span](%[args]), %%r8\n\t" \
    "mov %c[count](%[args]), %%r9\n\t" \
    "vmovdqu %[spread], %%ymm5\n\t" \
    "vpbroadcastw %c[factor](%[args]), %%ymm6\n\t" \
    "vpbroadcastw %[m00ff], %%ymm10\n\t" \
    "vpbroadcastw %[mff00], %%ymm11\n\t" \
    "vpbroadcastd %c[srcLo](%[args]), %%ymm12\n\t" \
    "vpbroadcastd %c[srcHi](%[args]), %%ymm13\n\t"

static void sk_avx2_disc_args_make(sk_avx2_disc_args *args, uint32_t *origin, int pitch, const uint8_t *coverage,
                                   int stride, const sk_span *rows, int r0, int r1, int c0, int c1, int limit,
                                   uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    const uint32_t fa = (uint32_t)alpha + (alpha >> 7);
    *args = (sk_avx2_disc_args){
        .line = origin + (ptrdiff_t)r0 * pitch,
        .mask = coverage + (ptrdiff_t)r0 * stride,
        .span = rows + r0,
        .count = r1 - r0, .pitchBytes = (int64_t)pitch * 4, .strideBytes = stride,
        .first = c0, .last = c1, .right = limit,
        .srcLo = (uint32_t)r << 16 | b, .srcHi = 255u << 16 | g,
        .fullLo = ((uint32_t)r * fa) << 16 | (b * fa), .fullHi = (255u * fa) << 16 | (g * fa),
        .solid = 0xFF000000u | (uint32_t)r << 16 | (uint32_t)g << 8 | b,
        .opaque = alpha == 255,
        .factor = (uint16_t)sk_alpha_rounding_factor[alpha], .fullIA = (uint16_t)(256 - fa),
    };
}

/// A disc whose columns are all visible (c0 = 0, c1 = size) and whose rows may run on seven pixels
/// past their end inside the target (limit >= size + 7). Each row is three runs of eight-pixel chunks
/// from its first covered pixel: chunks through the coverage while they start before the row's full
/// run, chunks blended with one constant while they lie inside it (no coverage read; 9 vector
/// operations per 8 pixels against 17), then chunks through the coverage to the row's end (the last
/// one may overhang it by up to seven zero-coverage pixels, left exactly as they are). No branch per
/// chunk: the runs' lengths change slowly from row to row, so their loops are predicted.
static void sk_blend_disc_avx2_whole(uint32_t *origin, int pitch, const uint8_t *coverage, int stride,
                                     const sk_span *rows, int r0, int r1, int size, int limit,
                                     uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    sk_avx2_disc_args args;
    sk_avx2_disc_args_make(&args, origin, pitch, coverage, stride, rows, r0, r1, 0, size, limit, r, g, b, alpha);
    __asm__ volatile(
        SK_ASM_DISC_SETUP
        "vpbroadcastw %c[fullIA](%[args]), %%ymm14\n\t"
        "vpbroadcastd %c[fullLo](%[args]), %%ymm15\n\t"
        "vpbroadcastd %c[fullHi](%[args]), %%ymm4\n\t"
        "1:\n\t"
        "movslq (%%r8), %%rax\n\t"
        "movslq 4(%%r8), %%rcx\n\t"
        "movslq 8(%%r8), %%r10\n\t"
        "movslq 12(%%r8), %%rdx\n\t"
        "sub $8, %%r10\n\t"
        // left edge: partial chunks while i < fullStart
        "2:\n\t"
        "cmp %%rcx, %%rax\n\t"
        "jge 4f\n\t"
        SK_ASM_PARTIAL8
        "add $8, %%rax\n\t"
        "jmp 2b\n\t"
        // full chunks while i + 8 <= fullEnd
        "4:\n\t"
        "cmp %%r10, %%rax\n\t"
        "jg 5f\n\t"
        SK_ASM_FULL8
        "add $8, %%rax\n\t"
        "jmp 4b\n\t"
        // right edge: partial chunks while i < edgeEnd
        "5:\n\t"
        "cmp %%rdx, %%rax\n\t"
        "jge 7f\n\t"
        SK_ASM_PARTIAL8
        "add $8, %%rax\n\t"
        "jmp 5b\n\t"
        "7:\n\t"
        "add %c[pitchBytes](%[args]), %%rdi\n\t"
        "add %c[strideBytes](%[args]), %%rsi\n\t"
        "add $16, %%r8\n\t"
        "dec %%r9\n\t"
        "jnz 1b\n\t"
        "vzeroupper\n\t"
        :
        SK_ASM_DISC_OPERANDS);
}

/// The disc rows with AVX2, any clipping: whole eight-pixel chunks from each row's first visible
/// covered pixel to past its last one. Pixels of a chunk outside the disc have zero coverage (mask
/// rows are padded with zeros to `stride` >= size + 7 bytes), and blending zero coverage leaves a
/// pixel exactly as it is, so a chunk may overhang the disc as long as it stays inside the target
/// (`limit`). Chunks all clear are skipped, all covered ones blended with one constant (stored when
/// opaque). A row whose last chunk would overhang `limit` (or its visible columns, when c1 cuts it)
/// ends with one chunk of its last 1...7 pixels, loaded and stored through a lane mask (vpmaskmovd:
/// the lanes past the row are neither read nor written). The same arithmetic as every other path, so
/// the same pixels.
static void sk_blend_disc_avx2_clipped(uint32_t *origin, int pitch, const uint8_t *coverage, int stride,
                                       const sk_span *rows, int r0, int r1, int c0, int c1, int limit,
                                       uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    sk_avx2_disc_args args;
    sk_avx2_disc_args_make(&args, origin, pitch, coverage, stride, rows, r0, r1, c0, c1, limit, r, g, b, alpha);
    // Registers (besides SK_ASM_DISC_SETUP's): rax the column i, rdx the row's end, r10 the last
    // column a whole chunk may start at, rcx the coverage bytes; ymm14 the opaque colour (opaque) or
    // 256 - full alpha, ymm15 and ymm4 the colour times full alpha (r, b and 255, g); ymm0-3 the
    // chunk (ymm4 the lane mask in a row's tail).
    __asm__ volatile(
        SK_ASM_DISC_SETUP
        "vpbroadcastw %c[fullIA](%[args]), %%ymm14\n\t"
        "vpbroadcastd %c[fullLo](%[args]), %%ymm15\n\t"
        "vpbroadcastd %c[fullHi](%[args]), %%ymm4\n\t"
        "cmpl $0, %c[opaque](%[args])\n\t"
        "je 1f\n\t"
        "vpbroadcastd %c[solid](%[args]), %%ymm14\n\t"
        // Each row: i = max(edgeStart, c0), end = min(edgeEnd, c1); chunks may run on to `limit`
        // unless c1 cuts the row (then to its end).
        "1:\n\t"
        "movslq (%%r8), %%rax\n\t"
        "movslq 12(%%r8), %%rdx\n\t"
        "mov %c[right](%[args]), %%r10\n\t"
        "cmp %c[first](%[args]), %%rax\n\t"
        "cmovl %c[first](%[args]), %%rax\n\t"
        "cmp %c[last](%[args]), %%rdx\n\t"
        "jle 2f\n\t"
        "mov %c[last](%[args]), %%rdx\n\t"
        "mov %%rdx, %%r10\n\t"
        "2:\n\t"
        "sub $8, %%r10\n\t"
        // Whole chunks while i < end and i + 8 <= the row's limit.
        "3:\n\t"
        "cmp %%rdx, %%rax\n\t"
        "jge 7f\n\t"
        "cmp %%r10, %%rax\n\t"
        "jg 6f\n\t"
        "mov (%%rsi,%%rax), %%rcx\n\t"
        "test %%rcx, %%rcx\n\t"
        "jz 5f\n\t"                                 // all clear: unchanged
        "cmp $-1, %%rcx\n\t"
        "je 4f\n\t"                                 // all covered
        "vmovq %%rcx, %%xmm0\n\t"
        "vpbroadcastq %%xmm0, %%ymm0\n\t"
        SK_ASM_ALPHA8
        "vmovdqu (%%rdi,%%rax,4), %%ymm2\n\t"
        SK_ASM_BLEND8
        "vmovdqu %%ymm2, (%%rdi,%%rax,4)\n\t"
        "jmp 5f\n\t"
        "4:\n\t"
        "cmpl $0, %c[opaque](%[args])\n\t"
        "je 8f\n\t"
        "vmovdqu %%ymm14, (%%rdi,%%rax,4)\n\t"
        "jmp 5f\n\t"
        "8:\n\t"
        SK_ASM_FULL8
        "5:\n\t"
        "add $8, %%rax\n\t"
        "jmp 3b\n\t"
        // The row's last n = end - i pixels (1...7) through the lane mask tail[8 - n ..< 16 - n]. The
        // eight coverage bytes at i are inside the padded mask row (i < end <= size, stride >= size + 7).
        "6:\n\t"
        "lea %[tail], %%r11\n\t"
        "mov $8, %%rcx\n\t"
        "sub %%rdx, %%rcx\n\t"
        "add %%rax, %%rcx\n\t"
        "vmovdqu (%%r11,%%rcx,4), %%ymm4\n\t"
        "vpbroadcastq (%%rsi,%%rax), %%ymm0\n\t"
        SK_ASM_ALPHA8
        "vpmaskmovd (%%rdi,%%rax,4), %%ymm4, %%ymm2\n\t"
        SK_ASM_BLEND8
        "vpmaskmovd %%ymm2, %%ymm4, (%%rdi,%%rax,4)\n\t"
        "vpbroadcastd %c[fullHi](%[args]), %%ymm4\n\t"
        // Next row.
        "7:\n\t"
        "add %c[pitchBytes](%[args]), %%rdi\n\t"
        "add %c[strideBytes](%[args]), %%rsi\n\t"
        "add $16, %%r8\n\t"
        "dec %%r9\n\t"
        "jnz 1b\n\t"
        "vzeroupper\n\t"
        :
        SK_ASM_DISC_OPERANDS);
}

/// sk_blend_disc with AVX2: the whole-disc kernel when every column is visible and its chunks fit in
/// the target, else the clipped one.
static void sk_blend_disc_avx2(uint32_t *origin, int pitch, const uint8_t *coverage, int stride, const sk_span *rows,
                               int size, int r0, int r1, int c0, int c1, int limit,
                               uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    if (r1 <= r0) return;
    if (c0 == 0 && c1 == size && size + 7 <= limit) {
        sk_blend_disc_avx2_whole(origin, pitch, coverage, stride, rows, r0, r1, size, limit, r, g, b, alpha);
    } else {
        sk_blend_disc_avx2_clipped(origin, pitch, coverage, stride, rows, r0, r1, c0, c1, limit, r, g, b, alpha);
    }
}

#undef SK_ASM_ALPHA8
#undef SK_ASM_BLEND8
#undef SK_ASM_FULL8
#undef SK_ASM_PARTIAL8
#undef SK_ASM_DISC_SETUP
#undef SK_ASM_DISC_OPERANDS
#endif

/// sk_blend_disc without AVX2 (SSE2 where the target has it, else portable C): the reference the
/// AVX2 kernel is tested against. Never writes past a row's last covered pixel.
void sk_blend_disc_portable(uint32_t *origin, int pitch, const uint8_t *coverage, int stride,
                                          const sk_span *rows, int r0, int r1, int c0, int c1,
                                          uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    for (int y = r0; y < r1; y++) {
        const sk_span s = rows[y];
        int start = s.edgeStart > c0 ? s.edgeStart : c0, end = s.edgeEnd < c1 ? s.edgeEnd : c1;
        if (end <= start) continue;
        int fs = s.fullStart < start ? start : (s.fullStart > end ? end : s.fullStart);
        int fe = s.fullEnd < fs ? fs : (s.fullEnd > end ? end : s.fullEnd);
        uint32_t *line = origin + (ptrdiff_t)y * pitch;
        const uint8_t *m = coverage + (size_t)y * (size_t)stride;
        sk_blend_mask_row(line + start, m + start, fs - start, r, g, b, alpha);
        sk_blend_const_row(line + fs, fe - fs, r, g, b, alpha);
        sk_blend_mask_row(line + fe, m + fe, end - fe, r, g, b, alpha);
    }
}

// ---------------------------------------------------------------------------------------------
// CPU-feature dispatch, in one place and resolved once: the disc kernel is chosen the first time any
// kernel asks for it (pthread_once, so two raster threads may race to it safely) and never again.

typedef void (*sk_disc_kernel)(uint32_t *origin, int pitch, const uint8_t *coverage, int stride, const sk_span *rows,
                               int size, int r0, int r1, int c0, int c1, int limit,
                               uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

static void sk_blend_disc_portable_kernel(uint32_t *origin, int pitch, const uint8_t *coverage, int stride,
                                          const sk_span *rows, int size, int r0, int r1, int c0, int c1, int limit,
                                          uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    (void)size;
    (void)limit;
    sk_blend_disc_portable(origin, pitch, coverage, stride, rows, r0, r1, c0, c1, r, g, b, alpha);
}

static sk_disc_kernel sk_selected_disc_kernel = sk_blend_disc_portable_kernel;
static int sk_selected_avx2 = 0;
static pthread_once_t sk_dispatch_once = PTHREAD_ONCE_INIT;

static void sk_select_kernels(void) {
#if defined(SK_HAVE_AVX2_PATH)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        sk_selected_disc_kernel = sk_blend_disc_avx2;
        sk_selected_avx2 = 1;
    }
#endif
}

static inline sk_disc_kernel sk_disc_kernel_for_cpu(void) {
    pthread_once(&sk_dispatch_once, sk_select_kernels);
    return sk_selected_disc_kernel;
}

void sk_blend_disc(uint32_t *origin, int pitch, const uint8_t *coverage, int stride, const sk_span *rows, int size,
                   int r0, int r1, int c0, int c1, int limit,
                   uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    if (alpha == 0) return;
    sk_disc_kernel_for_cpu()(origin, pitch, coverage, stride, rows, size, r0, r1, c0, c1, limit, r, g, b, alpha);
}

int sk_blend_uses_avx2(void) {
    sk_disc_kernel_for_cpu();
    return sk_selected_avx2;
}



/// Blends `count` discs in order (later ones on top), only their rows inside the target rows
/// [bandTop, bandBottom). Two threads may draw the same batch into disjoint bands at once: every
/// pixel still sees the discs in order, so the result equals drawing the batch on one thread.
void sk_blend_disc_batch(uint32_t *pixels, int pitch, const sk_disc_cmd *cmds, int count,
                                       int bandTop, int bandBottom) {
    const sk_disc_kernel kernel = sk_disc_kernel_for_cpu();
    for (int k = 0; k < count; k++) {
        const sk_disc_cmd *c = cmds + k;
        int r0 = c->r0, r1 = c->r1;
        if (c->y + r0 < bandTop) r0 = bandTop - c->y;
        if (c->y + r1 > bandBottom) r1 = bandBottom - c->y;
        if (r1 <= r0) continue;
        if (c->a == 0) continue;
        kernel(pixels + (ptrdiff_t)c->y * pitch + c->x, pitch, c->coverage, c->stride, c->rows, c->size,
               r0, r1, c->c0, c->c1, c->limit, c->r, c->g, c->b, c->a);
    }
}

// ---------------------------------------------------------------------------------------------
// Binned batches: the batch's discs sorted (stably) into horizontal bins of `binHeight` target rows,
// so that a bin's rows stay in the cache while every disc crossing them is blended (a frame of
// 10,000 discs touches its 1.9 MB target ~17 times over; drawn disc after disc, each disc's rows were
// loaded from L3 or memory, and the kernel waited on them). Each bin lists its discs in batch order,
// so every pixel still sees the discs in order: the pixels equal sk_blend_disc_batch's.

int sk_disc_bins_count(const sk_disc_cmd *cmds, int count, int top, int binHeight, int bins, int32_t *ends) {
    for (int b = 0; b < bins; b++) ends[b] = 0;
    int total = 0;
    for (int k = 0; k < count; k++) {
        const sk_disc_cmd *c = cmds + k;
        if (c->r1 <= c->r0 || c->a == 0) continue;
        int first = (c->y + c->r0 - top) / binHeight, last = (c->y + c->r1 - 1 - top) / binHeight;
        if (first < 0) first = 0;
        if (last >= bins) last = bins - 1;
        for (int b = first; b <= last; b++) ends[b]++;
        if (last >= first) total += last - first + 1;
    }
    int sum = 0;
    for (int b = 0; b < bins; b++) { int n = ends[b]; ends[b] = sum; sum += n; }
    return total;
}

void sk_disc_bins_fill(const sk_disc_cmd *cmds, int count, int top, int binHeight, int bins, int32_t *ends,
                       sk_disc_cmd *binned) {
    for (int k = 0; k < count; k++) {
        const sk_disc_cmd *c = cmds + k;
        if (c->r1 <= c->r0 || c->a == 0) continue;
        int first = (c->y + c->r0 - top) / binHeight, last = (c->y + c->r1 - 1 - top) / binHeight;
        if (first < 0) first = 0;
        if (last >= bins) last = bins - 1;
        for (int b = first; b <= last; b++) {
            sk_disc_cmd *e = binned + ends[b]++;
            *e = *c;
            const int binTop = top + b * binHeight, binBottom = binTop + binHeight;
            if (c->y + e->r0 < binTop) e->r0 = binTop - c->y;
            if (c->y + e->r1 > binBottom) e->r1 = binBottom - c->y;
        }
    }
}

void sk_blend_disc_bins(uint32_t *pixels, int pitch, const sk_disc_cmd *binned, const int32_t *ends,
                        int top, int binHeight, int bins, int rowTop, int rowBottom) {
    if (rowBottom <= rowTop) return;
    int firstBin = (rowTop - top) / binHeight, lastBin = (rowBottom - 1 - top) / binHeight;
    if (firstBin < 0) firstBin = 0;
    if (lastBin >= bins) lastBin = bins - 1;
    for (int b = firstBin; b <= lastBin; b++) {
        const int start = b == 0 ? 0 : ends[b - 1];
        int binTop = top + b * binHeight, binBottom = binTop + binHeight;
        if (binTop < rowTop) binTop = rowTop;
        if (binBottom > rowBottom) binBottom = rowBottom;
        sk_blend_disc_batch(pixels, pitch, binned + start, ends[b] - start, binTop, binBottom);
    }
}

int sk_set_timer_slack_ns(unsigned long ns) {
#if defined(__linux__) && defined(PR_SET_TIMERSLACK)
    return prctl(PR_SET_TIMERSLACK, ns, 0, 0, 0) == 0 ? 0 : -1;
#else
    (void)ns;
    return -1;
#endif
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/// sk_blend_fill_rect eight pixels at a time (the same exact arithmetic, in 256-bit lanes); the last
/// 1...7 pixels of a row by the SSE2 and scalar code. Only called on a CPU with AVX2. Returns 1.
__attribute__((target("avx2")))
static int sk_blend_fill_rect_avx2(uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1,
                                   uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    const uint32_t inv = 255u - alpha;
    const uint32_t pb = (uint32_t)b * alpha / 255, pg = (uint32_t)g * alpha / 255;
    const uint32_t pr = (uint32_t)r * alpha / 255, pa = alpha;
    const __m256i inv16 = _mm256_set1_epi16((short)inv), one = _mm256_set1_epi16(1);
    const __m256i mask00ff = _mm256_set1_epi16(0x00FF);
    const __m256i low = _mm256_set1_epi32((int)(pr << 16 | pb)), high = _mm256_set1_epi32((int)(pa << 16 | pg));
    const int tail = x0 + ((x1 - x0) & ~7);
    for (int y = y0; y < y1; y++) {
        uint32_t *row = pixels + (ptrdiff_t)y * pitch;
        for (int x = x0; x < tail; x += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(row + x));
            __m256i lx = _mm256_mullo_epi16(_mm256_and_si256(v, mask00ff), inv16);
            __m256i hx = _mm256_mullo_epi16(_mm256_srli_epi16(v, 8), inv16);
            __m256i l = _mm256_add_epi16(_mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(lx, _mm256_srli_epi16(lx, 8)), one), 8), low);
            __m256i h = _mm256_add_epi16(_mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(hx, _mm256_srli_epi16(hx, 8)), one), 8), high);
            _mm256_storeu_si256((__m256i *)(row + x), _mm256_or_si256(l, _mm256_slli_epi16(h, 8)));
        }
    }
    if (tail < x1) sk_blend_fill_rect(pixels, pitch, tail, y0, x1, y1, r, g, b, alpha);
    return 1;
}
#endif
