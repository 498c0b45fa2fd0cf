#ifndef SK_SCALE_H
#define SK_SCALE_H

#include <stdint.h>

// Scaling an opaque image into a 32-bit target (sk_scale.c). No SDL here.

/// Draws the `sw` x `sh` pixels of `src` (rows `srcPitch` pixels apart) scaled to the pixel rectangle
/// (dx, dy, dw, dh) of `dst` (rows `dstPitch` pixels apart), writing only the pixels of that rectangle inside
/// [cx0, cx1) x [cy0, cy1). Bilinear: each target pixel's centre maps to the source point
/// ((x + 0.5 - dx) * sw / dw - 0.5, likewise y), clamped to the source's edge pixels, weighted in 1/256ths
/// per axis and rounded (within 2 per channel of exact bilinear filtering). The source is taken as opaque: the written pixels get alpha 255. Pixels are ARGB/XRGB8888.
/// At its own size (dw == sw, dh == sh) it copies (alpha set to 255). Cost: O(written pixels); no allocation (column weights live on the stack,
/// in strips of 1024 columns).
void sk_scale_bilinear_opaque(uint32_t *dst, int dstPitch, int cx0, int cy0, int cx1, int cy1,
                              const uint32_t *src, int srcPitch, int sw, int sh,
                              int dx, int dy, int dw, int dh);

#endif
