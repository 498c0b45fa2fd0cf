#ifndef SCROLLKIT_PIXELS_H
#define SCROLLKIT_PIXELS_H

// Pixel kernels for SDLCanvas's software fast path (ARGB8888 / XRGB8888 targets), compiled once in
// sk_pixels.c. They depend on nothing but the C library: no SDL here.
//
// sk_blend_mask_row blends one row of an 8-bit coverage mask, tinted with a constant colour, into
// `count` pixels, with SDL's blend arithmetic (see sk_pixels.c). Zero coverage leaves a pixel as it
// is; full coverage of an opaque colour stores the colour.
//
// sk_blend_disc / sk_blend_disc_batch draw cached discs row by row from their spans (edges from the
// mask, the covered run with one constant); with AVX2, chosen once at run time, eight pixels at a
// time (inline assembly, as fast in a debug build as in a release one). Every path gives the same
// pixels.

#include <stdint.h>
#include <stddef.h>

/// One row of a disc's coverage: columns where it is non-zero [edgeStart, edgeEnd) and where it is
/// 255 [fullStart, fullEnd) (edgeStart <= fullStart <= fullEnd <= edgeEnd).
typedef struct sk_span {
    int32_t edgeStart;
    int32_t fullStart;
    int32_t fullEnd;
    int32_t edgeEnd;
} sk_span;

/// One disc of a batch: its cached mask (`size` x `size` pixels), where mask (0, 0) lands on the target, the visible mask
/// rows [r0, r1) and columns [c0, c1) (already clipped to the target and the clip), the column
/// (relative to x) from which nothing may be written, and the colour.
typedef struct sk_disc_cmd {
    const uint8_t *coverage;
    const sk_span *rows;
    int32_t stride;
    int32_t size;
    int32_t x, y;
    int32_t r0, r1, c0, c1;
    int32_t limit;
    uint8_t r, g, b, a;
} sk_disc_cmd;

/// Blends `count` coverage bytes from `mask`, tinted with colour (r, g, b, alpha), into `dst`.
void sk_blend_mask_row(uint32_t *dst, const uint8_t *mask, int count,
                       uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

/// Blends colour (r, g, b) at `alpha` over the pixel rectangle [x0, x1) × [y0, y1) of a target whose rows
/// are `pitch` pixels apart, with SDL's arithmetic for a blended fill (SDL_BLENDMODE_BLEND): per
/// channel, alpha included, out = dst · (255 − alpha) / 255 + src · alpha / 255 (each quotient rounded
/// down). The caller clips the rectangle to the target.
void sk_blend_fill_rect(uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1,
                        uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

/// Stores `pixel` in every pixel of [x0, x1) × [y0, y1) (rows `pitch` pixels apart): an opaque fill or a
/// clear, with ordinary stores (SDL_FillRect's SSE path stores around the cache, so the blends drawn
/// over the fill next read it back from memory). One wmemset per row: fast in debug builds too.
void sk_fill_rect_opaque(uint32_t *pixels, int pitch, int x0, int y0, int x1, int y1, uint32_t pixel);

/// Moves pixels within one target (rows `pitch` pixels apart): the destination [x, x + w) × [y, y + h)
/// receives what was at [x − dx, x − dx + w) × [y − dy, y − dy + h), as if read whole before any write
/// (source and destination may overlap): one memmove a row, the rows in the order that reads each
/// before it is overwritten. (One memmove of contiguous rows is no faster, and its `rep movsb` makes
/// valgrind's instruction counts count bytes.)
void sk_move_rect(uint32_t *pixels, int pitch, int x, int y, int w, int h, int dx, int dy);

/// sk_blend_mask_row for `height` rows: a `width`-pixel wide block of coverage (rows `maskPitch` bytes
/// apart) blended into `dst` (rows `dstPitch` pixels apart), as a glyph from an atlas.
void sk_blend_mask_rect(uint32_t *dst, int dstPitch, const uint8_t *mask, int maskPitch, int width, int height,
                        uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

/// `count` pixels blended with one colour at full coverage (alpha 1...254), or stored (alpha 255).
void sk_blend_const_row(uint32_t *dst, int count, uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

/// Blends rows [r0, r1) and mask columns [c0, c1) of a `size`-pixel disc (coverage rows `stride` bytes
/// apart, zero-padded to at least size + 7 bytes; `rows` its spans) tinted with (r, g, b, alpha). `origin` is
/// the target pixel under mask (0, 0), `pitch` the target's row length in pixels; columns from
/// `limit` on (relative to `origin`) must not be written (the target's or the clip's right edge,
/// which may lie beyond the disc). The caller clips rows and columns to the target. Uses the kernel
/// chosen for this CPU (AVX2 where available).
void sk_blend_disc(uint32_t *origin, int pitch, const uint8_t *coverage, int stride, const sk_span *rows, int size,
                   int r0, int r1, int c0, int c1, int limit,
                   uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

/// sk_blend_disc without AVX2 (SSE2 where the target has it, else portable C): the reference the
/// AVX2 kernel is tested against. Never writes past a row's last covered pixel.
void sk_blend_disc_portable(uint32_t *origin, int pitch, const uint8_t *coverage, int stride,
                            const sk_span *rows, int r0, int r1, int c0, int c1,
                            uint8_t r, uint8_t g, uint8_t b, uint8_t alpha);

/// The rounding factor K of `alpha` in the disc kernels: (c · K + 2^14) >> 15 equals
/// (c · alpha + 127) / 255 for every coverage c in 0...255 (one vpmulhrsw per eight pixels).
int sk_disc_alpha_factor(uint8_t alpha);

/// Whether sk_blend_disc runs the AVX2 kernel on this CPU (else SSE2 / portable C; same pixels).
int sk_blend_uses_avx2(void);

/// Blends `count` discs in order (later ones on top), only their rows inside the target rows
/// [bandTop, bandBottom). Two threads may draw the same batch into disjoint bands at once: every
/// pixel still sees the discs in order, so the result equals drawing the batch on one thread.
void sk_blend_disc_batch(uint32_t *pixels, int pitch, const sk_disc_cmd *cmds, int count,
                         int bandTop, int bandBottom);

/// Sorts a batch's discs into `bins` bins of `binHeight` target rows from row `top` (bin b holds the
/// discs with a visible row in [top + b·binHeight, top + (b + 1)·binHeight), each cut to those rows),
/// in batch order. Two passes: sk_disc_bins_count writes each bin's first entry to `ends` (`bins`
/// values) and returns how many entries the bins hold; sk_disc_bins_fill (with that `ends`, and room
/// for that many commands in `binned`) writes the bins' commands, leaving each bin's end in `ends`
/// (bin b is binned[b == 0 ? 0 : ends[b - 1] ..< ends[b]]). Rows outside [top, top + bins·binHeight)
/// fall in no bin. The bins hold copies, so a bin's discs are read in order from one block of memory.
int sk_disc_bins_count(const sk_disc_cmd *cmds, int count, int top, int binHeight, int bins, int32_t *ends);
void sk_disc_bins_fill(const sk_disc_cmd *cmds, int count, int top, int binHeight, int bins, int32_t *ends,
                       sk_disc_cmd *binned);

/// Blends the binned batch's rows [rowTop, rowBottom): bin after bin, each bin's discs in batch order
/// (so the pixels equal sk_blend_disc_batch's for the same rows), while the bin's rows stay in the
/// cache. Two threads may draw disjoint row ranges of the same bins at once.
void sk_blend_disc_bins(uint32_t *pixels, int pitch, const sk_disc_cmd *binned, const int32_t *ends,
                        int top, int binHeight, int bins, int rowTop, int rowBottom);

/// Linux: sets the calling thread's timer slack (how late the kernel may wake its sleeps, 50 µs by
/// default) to `ns` nanoseconds; returns 0 on success, -1 elsewhere or on failure. (Not a pixel
/// kernel: prctl is variadic, which Swift cannot call.)
int sk_set_timer_slack_ns(unsigned long ns);

// The frame clock's waits on a display connection (sk_platform.h), here too so that a build made before
// that header existed rebuilds this module.
#include "sk_platform.h"
#include "sk_display_lost.h"

#endif
