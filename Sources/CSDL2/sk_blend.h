#ifndef SCROLLKIT_CSDL2_SK_BLEND_H
#define SCROLLKIT_CSDL2_SK_BLEND_H

// Pixel kernels for SDLCanvas's software fast path (ARGB8888 / XRGB8888 targets).
//
// sk_blend_mask_row blends one row of an 8-bit coverage mask, tinted with a constant colour, into
// `count` pixels. Per pixel, with c the coverage and alpha the colour's alpha (both 0...255):
//     a  = (c * alpha + 127) / 255;  a += a >> 7;      (0...256)
//     out = (src * a + dst * (256 - a)) >> 8            per channel, src alpha = 255
// Zero coverage leaves the pixel as it is; full coverage of an opaque colour stores the colour.
// SSE2 (the x86_64 baseline): four pixels at a time in eight 16-bit lanes, eight clear or eight full
// coverage bytes at a time; the same integer arithmetic, so the pixels are identical to the portable
// loop (x / 255 is computed as (x + (x >> 8) + 1) >> 8, exact for x <= 65152).

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline uint32_t sk_blend_pixel(uint32_t dst, uint32_t c, uint32_t alpha, uint32_t srcRB, uint32_t srcAG) {
    uint32_t a = (c * alpha + 127) / 255;
    a += a >> 7;
    uint32_t ia = 256 - a;
    uint32_t rb = ((srcRB * a + (dst & 0x00FF00FFu) * ia) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((srcAG * a + ((dst >> 8) & 0x00FF00FFu) * ia) >> 8) & 0x00FF00FFu;
    return rb | ag << 8;
}

/// Blends `count` coverage bytes from `mask`, tinted with colour (r, g, b, alpha), into `dst`.
static inline void sk_blend_mask_row(uint32_t *dst, const uint8_t *mask, int count,
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

#endif
