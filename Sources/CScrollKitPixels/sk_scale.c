#include "sk_scale.h"
#include <string.h>

enum { SK_SCALE_STRIP = 1024 };

/// (p + 0.5 - d) * s / e - 0.5 in 1/65536ths, for d <= p < d + e (so at most s * 65536, below 2^47 - 1).
static int64_t sk_scale_position(int p, int d, int s, int e) {
    __int128 twice = 2 * ((__int128)p - d) + 1;
    return (int64_t)((twice * s * 65536) / (2 * (__int128)e)) - 32768;
}

// One horizontal strip [x0, x1) of at most SK_SCALE_STRIP columns.
static void scale_strip(uint32_t *dst, int dstPitch, int x0, int x1, int cy0, int cy1,
                        const uint32_t *src, int srcPitch, int sw, int sh, int dx, int dy, int dw, int dh) {
    int col[SK_SCALE_STRIP];
    uint32_t wx[SK_SCALE_STRIP];
    // Source positions in 1/65536ths: u(x) = (x + 0.5 - dx) * sw / dw - 0.5 (in 128 bits: any int
    // rectangle, however far or large, stays defined).
    for (int x = x0; x < x1; x++) {
        int64_t u = sk_scale_position(x, dx, sw, dw);
        int i = 0; uint32_t f = 0;
        if (u > 0) {
            i = (int)(u >> 16);
            f = (uint32_t)((u >> 8) & 0xFF);
            if (i >= sw - 1) { i = sw - 1; f = 0; }
        }
        col[x - x0] = i;
        wx[x - x0] = f;
    }
    for (int y = cy0; y < cy1; y++) {
        int64_t v = sk_scale_position(y, dy, sh, dh);
        int j = 0; uint32_t g = 0;
        if (v > 0) {
            j = (int)(v >> 16);
            g = (uint32_t)((v >> 8) & 0xFF);
            if (j >= sh - 1) { j = sh - 1; g = 0; }
        }
        const uint32_t *r0 = src + (int64_t)j * srcPitch;
        const uint32_t *r1 = (j + 1 < sh) ? r0 + srcPitch : r0;
        uint32_t *out = dst + (int64_t)y * dstPitch + x0;
        const uint32_t g1 = g, g0 = 256 - g;
        for (int k = 0; k < x1 - x0; k++) {
            const int i = col[k];
            const int i1 = (i + 1 < sw) ? i + 1 : i;
            const uint32_t f1 = wx[k], f0 = 256 - f1;
            const uint32_t a = r0[i], b = r0[i1], c = r1[i], d = r1[i1];
            // Red and blue together, then green: 8-bit channels times weights summing to 256, rounded at each step.
            uint32_t rbTop = ((a & 0xFF00FF) * f0 + (b & 0xFF00FF) * f1 + 0x800080) >> 8;
            uint32_t rbBot = ((c & 0xFF00FF) * f0 + (d & 0xFF00FF) * f1 + 0x800080) >> 8;
            uint32_t gTop = ((a & 0x00FF00) * f0 + (b & 0x00FF00) * f1 + 0x8000) >> 8;
            uint32_t gBot = ((c & 0x00FF00) * f0 + (d & 0x00FF00) * f1 + 0x8000) >> 8;
            uint32_t rb = (((rbTop & 0xFF00FF) * g0 + (rbBot & 0xFF00FF) * g1 + 0x800080) >> 8) & 0xFF00FF;
            uint32_t gg = (((gTop & 0x00FF00) * g0 + (gBot & 0x00FF00) * g1 + 0x8000) >> 8) & 0x00FF00;
            out[k] = 0xFF000000u | rb | gg;
        }
    }
}

void sk_scale_bilinear_opaque(uint32_t *dst, int dstPitch, int cx0, int cy0, int cx1, int cy1,
                              const uint32_t *src, int srcPitch, int sw, int sh,
                              int dx, int dy, int dw, int dh) {
    if (!dst || !src || sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0) return;
    // The rectangle's far edges in 64 bits (dx + dw may pass INT_MAX); clipped, they fit an int again.
    const int64_t ex = (int64_t)dx + dw, ey = (int64_t)dy + dh;
    int x0 = cx0 > dx ? cx0 : dx, y0 = cy0 > dy ? cy0 : dy;
    int x1 = cx1 < ex ? cx1 : (int)ex, y1 = cy1 < ey ? cy1 : (int)ey;
    if (x1 <= x0 || y1 <= y0) return;
    if (sw == dw && sh == dh) {
        // Drawn at its own size (a level shown 1:1): bilinear weights are all 0, so the pixels are copied.
        for (int y = y0; y < y1; y++) {
            const uint32_t *in = src + ((int64_t)y - dy) * srcPitch + ((int64_t)x0 - dx);
            uint32_t *out = dst + (int64_t)y * dstPitch + x0;
            for (int k = 0; k < x1 - x0; k++) out[k] = in[k] | 0xFF000000u;
        }
        return;
    }
    for (int s = x0; s < x1; s += SK_SCALE_STRIP) {
        int e = s + SK_SCALE_STRIP < x1 ? s + SK_SCALE_STRIP : x1;
        scale_strip(dst, dstPitch, s, e, y0, y1, src, srcPitch, sw, sh, dx, dy, dw, dh);
    }
}
