// The pixel kernels (sk_pixels.c, sk_scale.c) and the platform calls (sk_platform.c) under AddressSanitizer
// and UndefinedBehaviorSanitizer: random sizes, clips and colours against reference implementations written
// here from the headers' definitions, buffers exactly as large as the contract allows (heap: ASan; the
// discs' targets end at an unmapped page, since the AVX2 kernel is assembly ASan cannot see), and
// hostile arguments (huge or negative rectangles, NaN waits) that must neither crash nor reach undefined
// behaviour. Built and run by scripts/sanitize.sh.
#include "harness.h"
#include "sk_pixels.h"
#include "sk_scale.h"
#include "sk_platform.h"
#include <limits.h>
#include <math.h>

// MARK: - References (from sk_pixels.h and sk_scale.h)

static uint32_t ref_blend(uint32_t dst, uint32_t c, uint32_t alpha, uint8_t r, uint8_t g, uint8_t b) {
    if (c == 0) return dst;
    uint32_t a = (c * alpha + 127) / 255;
    a += a >> 7;
    const uint32_t src[4] = { b, g, r, 255 };
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t d = (dst >> (8 * k)) & 0xFF;
        out |= ((src[k] * a + d * (256 - a)) >> 8) << (8 * k);
    }
    return out;
}

static uint32_t ref_fill_blend(uint32_t dst, uint8_t r, uint8_t g, uint8_t b, uint8_t alpha) {
    const uint32_t src[4] = { b, g, r, 255 };
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t d = (dst >> (8 * k)) & 0xFF;
        out |= (d * (255u - alpha) / 255 + src[k] * alpha / 255) << (8 * k);
    }
    return out;
}

static uint8_t random_coverage(void) {
    switch (random_in(0, 3)) {
    case 0: return 0;
    case 1: return 255;
    default: return (uint8_t)random_in(1, 254);
    }
}

static uint32_t *random_pixels(size_t n) {
    uint32_t *p = malloc(n * 4 + 1);
    for (size_t i = 0; i < n; i++) p[i] = (uint32_t)next_random();
    return p;
}

// MARK: - Rows and rectangles

static void test_mask_rows(void) {
    for (int t = 0; t < 3000; t++) {
        int count = random_in(0, 80);
        uint8_t *mask = malloc((size_t)count + 1);
        for (int i = 0; i < count; i++) mask[i] = random_coverage();
        if (random_in(0, 4) == 0) memset(mask, 0xFF, (size_t)count);
        uint32_t *dst = random_pixels((size_t)count), *expected = malloc((size_t)count * 4 + 1);
        uint8_t r = (uint8_t)next_random(), g = (uint8_t)next_random(), b = (uint8_t)next_random();
        uint8_t alpha = random_in(0, 2) == 0 ? 255 : (uint8_t)next_random();
        for (int i = 0; i < count; i++) expected[i] = alpha ? ref_blend(dst[i], mask[i], alpha, r, g, b) : dst[i];
        sk_blend_mask_row(dst, mask, count, r, g, b, alpha);
        CHECK(memcmp(dst, expected, (size_t)count * 4) == 0, "mask row of %d, alpha %d", count, alpha);
        // The same coverage at full: sk_blend_const_row.
        for (int i = 0; i < count; i++) expected[i] = alpha ? ref_blend(dst[i], 255, alpha, r, g, b) : dst[i];
        sk_blend_const_row(dst, count, r, g, b, alpha);
        CHECK(memcmp(dst, expected, (size_t)count * 4) == 0, "const row of %d, alpha %d", count, alpha);
        free(mask); free(dst); free(expected);
    }
    // Hostile counts write nothing.
    uint32_t one = 7;
    sk_blend_mask_row(&one, (const uint8_t *)"\xff", -5, 1, 2, 3, 255);
    sk_blend_const_row(&one, INT_MIN, 1, 2, 3, 200);
    CHECK(one == 7, "negative counts wrote");
}

/// A `w` × `h` target with rows `pitch` pixels apart, and a rectangle inside it.
typedef struct { int w, h, pitch, x0, y0, x1, y1; } rect_case;
static rect_case random_rect_case(void) {
    rect_case c;
    c.w = random_in(1, 70); c.h = random_in(1, 20); c.pitch = c.w + random_in(0, 9);
    c.x0 = random_in(0, c.w); c.x1 = random_in(c.x0, c.w);
    c.y0 = random_in(0, c.h); c.y1 = random_in(c.y0, c.h);
    if (random_in(0, 6) == 0) { int t = c.x0; c.x0 = c.x1; c.x1 = t; }   // reversed: nothing drawn
    return c;
}

static void test_rects(void) {
    for (int t = 0; t < 2000; t++) {
        rect_case c = random_rect_case();
        size_t n = (size_t)c.pitch * (size_t)(c.h - 1) + (size_t)c.w;   // the last row ends at the buffer's end
        uint32_t *px = random_pixels(n), *expected = malloc(n * 4 + 1);
        uint8_t r = (uint8_t)next_random(), g = (uint8_t)next_random(), b = (uint8_t)next_random();
        uint8_t alpha = (uint8_t)next_random();
        memcpy(expected, px, n * 4);
        for (int y = c.y0; y < c.y1; y++)
            for (int x = c.x0; x < c.x1; x++) expected[y * c.pitch + x] = ref_fill_blend(px[y * c.pitch + x], r, g, b, alpha);
        sk_blend_fill_rect(px, c.pitch, c.x0, c.y0, c.x1, c.y1, r, g, b, alpha);
        CHECK(memcmp(px, expected, n * 4) == 0, "blend fill %dx%d [%d,%d)x[%d,%d) alpha %d", c.w, c.h, c.x0, c.x1, c.y0, c.y1, alpha);

        uint32_t pixel = (uint32_t)next_random();
        for (int y = c.y0; y < c.y1; y++)
            for (int x = c.x0; x < c.x1; x++) expected[y * c.pitch + x] = pixel;
        sk_fill_rect_opaque(px, c.pitch, c.x0, c.y0, c.x1, c.y1, pixel);
        CHECK(memcmp(px, expected, n * 4) == 0, "opaque fill");

        // A coverage block blended as a glyph.
        int mw = c.x1 - c.x0, mh = c.y1 - c.y0;
        if (mw > 0 && mh > 0) {
            int maskPitch = mw + random_in(0, 5);
            size_t maskBytes = (size_t)maskPitch * (size_t)(mh - 1) + (size_t)mw;
            uint8_t *mask = malloc(maskBytes);
            for (size_t i = 0; i < maskBytes; i++) mask[i] = random_coverage();
            for (int y = 0; y < mh; y++)
                for (int x = 0; x < mw; x++) {
                    uint32_t *e = &expected[(c.y0 + y) * c.pitch + c.x0 + x];
                    *e = alpha ? ref_blend(*e, mask[y * maskPitch + x], alpha, r, g, b) : *e;
                }
            sk_blend_mask_rect(px + c.y0 * c.pitch + c.x0, c.pitch, mask, maskPitch, mw, mh, r, g, b, alpha);
            CHECK(memcmp(px, expected, n * 4) == 0, "mask rect %dx%d", mw, mh);
            free(mask);
        }
        free(px); free(expected);
    }
}

static void test_move(void) {
    for (int t = 0; t < 2000; t++) {
        int w = random_in(1, 60), h = random_in(1, 30), pitch = w + random_in(0, 5);
        int dx = random_in(-w, w), dy = random_in(-h, h);
        // A destination whose source (shifted back by dx, dy) is inside the target too.
        int xmin = dx > 0 ? dx : 0, xmax = dx < 0 ? w + dx : w;
        int ymin = dy > 0 ? dy : 0, ymax = dy < 0 ? h + dy : h;
        if (xmax <= xmin || ymax <= ymin) continue;
        int x = random_in(xmin, xmax - 1), y = random_in(ymin, ymax - 1);
        int rw = random_in(0, xmax - x), rh = random_in(0, ymax - y);
        size_t n = (size_t)pitch * (size_t)(h - 1) + (size_t)w;
        uint32_t *px = random_pixels(n), *expected = malloc(n * 4 + 1);
        memcpy(expected, px, n * 4);
        for (int j = 0; j < rh; j++)
            for (int i = 0; i < rw; i++) expected[(y + j) * pitch + x + i] = px[(y + j - dy) * pitch + x + i - dx];
        sk_move_rect(px, pitch, x, y, rw, rh, dx, dy);
        CHECK(memcmp(px, expected, n * 4) == 0, "move %dx%d by (%d, %d)", rw, rh, dx, dy);
        free(px); free(expected);
    }
}

// MARK: - Discs

typedef struct { int size, stride; uint8_t *coverage; sk_span *rows; } disc;

/// A random disc-like mask: each row an edge, a full run and an edge (the spans' contract), zero-padded to
/// `stride` >= size + 7 bytes.
static disc random_disc(int size) {
    disc d = { size, size + 7 + random_in(0, 8), NULL, NULL };
    d.coverage = calloc((size_t)d.stride * (size_t)size, 1);
    d.rows = malloc(sizeof(sk_span) * (size_t)size);
    for (int y = 0; y < size; y++) {
        int v[4];
        for (int k = 0; k < 4; k++) v[k] = random_in(0, size);
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++) if (v[j] < v[i]) { int t = v[i]; v[i] = v[j]; v[j] = t; }
        d.rows[y] = (sk_span){ v[0], v[1], v[2], v[3] };
        uint8_t *row = d.coverage + (size_t)y * (size_t)d.stride;
        for (int x = v[0]; x < v[1]; x++) row[x] = (uint8_t)random_in(1, 254);
        for (int x = v[1]; x < v[2]; x++) row[x] = 255;
        for (int x = v[2]; x < v[3]; x++) row[x] = (uint8_t)random_in(1, 254);
    }
    return d;
}
static void free_disc(disc d) { free(d.coverage); free(d.rows); }

/// A disc command as SDLCanvas.discCommand makes it: at (x, y) on a `w` × `h` target, clipped to it.
static int disc_command(const disc *d, int x, int y, int w, int h, sk_disc_cmd *out) {
    int x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
    int x1 = x + d->size < w ? x + d->size : w, y1 = y + d->size < h ? y + d->size : h;
    if (x1 <= x0 || y1 <= y0) return 0;
    *out = (sk_disc_cmd){ .coverage = d->coverage, .rows = d->rows, .stride = d->stride, .size = d->size,
                          .x = x, .y = y, .r0 = y0 - y, .r1 = y1 - y, .c0 = x0 - x, .c1 = x1 - x, .limit = w - x,
                          .r = (uint8_t)next_random(), .g = (uint8_t)next_random(), .b = (uint8_t)next_random(),
                          .a = random_in(0, 2) == 0 ? 255 : (uint8_t)random_in(1, 255) };
    return 1;
}

static void ref_disc(uint32_t *px, int pitch, const sk_disc_cmd *c, int bandTop, int bandBottom) {
    for (int r = c->r0; r < c->r1; r++) {
        int ty = c->y + r;
        if (ty < bandTop || ty >= bandBottom) continue;
        for (int col = c->c0; col < c->c1; col++) {
            uint32_t *p = &px[ty * pitch + c->x + col];
            *p = ref_blend(*p, c->coverage[r * c->stride + col], c->a, c->r, c->g, c->b);
        }
    }
}

static void test_discs(void) {
    printf("  disc kernel: %s\n", sk_blend_uses_avx2() ? "AVX2" : "portable");
    for (int t = 0; t < 1500; t++) {
        int w = random_in(1, 90), h = random_in(1, 60);
        size_t n = (size_t)w * (size_t)h;
        guarded target = guarded_alloc(n * 4);
        uint32_t *px = (uint32_t *)target.start, *expected = malloc(n * 4), *portable = malloc(n * 4);
        for (size_t i = 0; i < n; i++) px[i] = (uint32_t)next_random();
        memcpy(expected, px, n * 4);
        memcpy(portable, px, n * 4);
        int count = random_in(1, 6);
        disc discs[6];
        sk_disc_cmd cmds[6];
        int made = 0;
        for (int k = 0; k < count; k++) {
            discs[k] = random_disc(random_in(1, 70));
            // Often at the bottom right corner: the rows end at the unmapped page.
            int x = random_in(0, 3) == 0 ? w - random_in(1, discs[k].size) : random_in(-discs[k].size, w);
            int y = random_in(0, 3) == 0 ? h - random_in(1, discs[k].size) : random_in(-discs[k].size, h);
            if (disc_command(&discs[k], x, y, w, h, &cmds[made])) made++;
        }
        for (int k = 0; k < made; k++) ref_disc(expected, w, &cmds[k], INT_MIN, INT_MAX);
        if (random_in(0, 1)) {
            sk_blend_disc_batch(px, w, cmds, made, 0, h);
        } else {   // in two bands
            int split = random_in(0, h);
            sk_blend_disc_batch(px, w, cmds, made, 0, split);
            sk_blend_disc_batch(px, w, cmds, made, split, h);
        }
        CHECK(memcmp(px, expected, n * 4) == 0, "disc batch of %d on %dx%d", made, w, h);
        for (int k = 0; k < made; k++) {
            const sk_disc_cmd *c = &cmds[k];
            sk_blend_disc_portable(portable + c->y * w + c->x, w, c->coverage, c->stride, c->rows, c->r0, c->r1,
                                   c->c0, c->c1, c->r, c->g, c->b, c->a);
        }
        CHECK(memcmp(portable, expected, n * 4) == 0, "portable discs on %dx%d", w, h);

        // Binned: the same pixels as the batch.
        int binHeight = random_in(1, 16), bins = (h + binHeight - 1) / binHeight;
        int32_t *ends = malloc(sizeof(int32_t) * (size_t)bins);
        int total = sk_disc_bins_count(cmds, made, 0, binHeight, bins, ends);
        sk_disc_cmd *binned = malloc(sizeof(sk_disc_cmd) * (size_t)(total > 0 ? total : 1));
        sk_disc_bins_fill(cmds, made, 0, binHeight, bins, ends, binned);
        for (size_t i = 0; i < n; i++) px[i] = portable[i] = (uint32_t)next_random();
        sk_blend_disc_batch(portable, w, cmds, made, 0, h);
        int split = random_in(0, h);
        sk_blend_disc_bins(px, w, binned, ends, 0, binHeight, bins, 0, split);
        sk_blend_disc_bins(px, w, binned, ends, 0, binHeight, bins, split, h);
        CHECK(memcmp(px, portable, n * 4) == 0, "binned discs on %dx%d, bins of %d", w, h, binHeight);
        free(ends); free(binned);
        for (int k = 0; k < count; k++) free_disc(discs[k]);
        guarded_free(target); free(expected); free(portable);
    }
    for (int a = 0; a < 256; a++) {
        int k = sk_disc_alpha_factor((uint8_t)a), exact = 1;
        for (int c = 0; c < 256; c++) exact &= ((c * k + (1 << 14)) >> 15) == (c * a + 127) / 255;
        CHECK(exact, "alpha factor of %d", a);
    }
}

// MARK: - Scaling

static void test_scale(void) {
    for (int t = 0; t < 1500; t++) {
        int sw = random_in(1, 40), sh = random_in(1, 40), srcPitch = sw + random_in(0, 4);
        int w = random_in(1, 64), h = random_in(1, 64);
        int dw = random_in(0, 3) == 0 ? sw : random_in(1, 120), dh = random_in(0, 3) == 0 ? sh : random_in(1, 120);
        int dx = random_in(-dw, w), dy = random_in(-dh, h);
        int cx0 = random_in(0, w), cx1 = random_in(cx0, w), cy0 = random_in(0, h), cy1 = random_in(cy0, h);
        size_t srcN = (size_t)srcPitch * (size_t)(sh - 1) + (size_t)sw, n = (size_t)w * (size_t)h;
        uint32_t *src = random_pixels(srcN), *dst = random_pixels(n), *before = malloc(n * 4);
        memcpy(before, dst, n * 4);
        sk_scale_bilinear_opaque(dst, w, cx0, cy0, cx1, cy1, src, srcPitch, sw, sh, dx, dy, dw, dh);
        int worst = 0, outside = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t got = dst[y * w + x];
                int inside = x >= cx0 && x < cx1 && y >= cy0 && y < cy1 && x >= dx && x < dx + dw && y >= dy && y < dy + dh;
                if (!inside) { outside += got != before[y * w + x]; continue; }
                double u = (x + 0.5 - dx) * sw / dw - 0.5, v = (y + 0.5 - dy) * sh / dh - 0.5;
                if (u < 0) u = 0;
                if (v < 0) v = 0;
                if (u > sw - 1) u = sw - 1;
                if (v > sh - 1) v = sh - 1;
                int i = (int)u, j = (int)v, i1 = i + 1 < sw ? i + 1 : i, j1 = j + 1 < sh ? j + 1 : j;
                double f = u - i, g = v - j;
                if ((got >> 24) != 255) worst = 999;
                for (int k = 0; k < 3; k++) {
                    double a = (src[j * srcPitch + i] >> (8 * k)) & 0xFF, b = (src[j * srcPitch + i1] >> (8 * k)) & 0xFF;
                    double c = (src[j1 * srcPitch + i] >> (8 * k)) & 0xFF, d = (src[j1 * srcPitch + i1] >> (8 * k)) & 0xFF;
                    double exact = (a * (1 - f) + b * f) * (1 - g) + (c * (1 - f) + d * f) * g;
                    int off = (int)fabs((double)((got >> (8 * k)) & 0xFF) - exact + 0.0);
                    if (off > worst) worst = off;
                }
            }
        CHECK(outside == 0, "scaling wrote %d pixels outside its clip", outside);
        CHECK(worst <= 2, "scaled %dx%d to %dx%d at (%d, %d): %d off exact bilinear", sw, sh, dw, dh, dx, dy, worst);
        free(src); free(dst); free(before);
    }
    // Hostile rectangles: huge, far away, at the ends of int. Only the clip (inside the target) is written.
    const int hostile[][4] = {
        { INT_MIN, INT_MIN, INT_MAX, INT_MAX }, { INT_MAX - 5, 0, 100, 10 }, { -5, -5, INT_MAX, INT_MAX },
        { INT_MIN + 1, 0, INT_MAX, 3 }, { 0, INT_MAX, 10, INT_MAX }, { -1000000000, -1000000000, 2000000000, 2000000000 },
        { 3, 3, 1, 1 }, { 0, 0, 0, 5 }, { 0, 0, -7, 5 },
    };
    uint32_t src[16] = { 0 }, dst[64];
    for (size_t k = 0; k < sizeof hostile / sizeof hostile[0]; k++) {
        memset(dst, 0, sizeof dst);
        sk_scale_bilinear_opaque(dst, 8, 0, 0, 8, 8, src, 4, 4, 4, hostile[k][0], hostile[k][1], hostile[k][2], hostile[k][3]);
        sk_scale_bilinear_opaque(dst, 8, 0, 0, 8, 8, src, 4, 4, 4, hostile[k][0], hostile[k][1], 4, 4);
    }
}

// MARK: - Platform

static void test_platform(void) {
    int fds[2];
    CHECK(pipe(fds) == 0, "pipe");
    const double waits[] = { NAN, -INFINITY, -1, 0, 1e-9, 0.002, 1e300, INFINITY };
    for (size_t k = 0; k < sizeof waits / sizeof waits[0]; k++) {
        if (waits[k] > 1) continue;   // a real wait of an hour: skipped (the clamp is the point)
        CHECK(sk_wait_readable(fds[0], waits[k]) == 0, "an empty pipe was readable after waiting %g", waits[k]);
    }
    CHECK(write(fds[1], "x", 1) == 1, "write");
    CHECK(sk_wait_readable(fds[0], 1e300) == 1, "a pipe with a byte was not readable");
    CHECK(sk_wait_readable(fds[0], INFINITY) == 1, "a pipe with a byte was not readable (infinite wait)");
    close(fds[1]);
    close(fds[0]);
    CHECK(sk_wait_readable(fds[0], 0.001) == -1, "a closed descriptor was not an error");
    CHECK(sk_window_event_fd(NULL) == -1, "no window");
    CHECK(sk_window_x11_id(NULL) == 0, "no window");
    void *display = (void *)1, *surface = (void *)1;
    CHECK(sk_window_wayland(NULL, &display, &surface) == 0, "no window");
    int counter = sk_instructions_open();
    if (counter >= 0) {
        long long a = sk_instructions_read(counter), b = sk_instructions_read(counter);
        CHECK(a >= 0 && b >= a, "instructions %lld then %lld", a, b);
        sk_instructions_close(counter);
    }
    CHECK(sk_instructions_read(-1) == -1, "a bad counter read");
    sk_instructions_close(-1);
    CHECK(sk_set_timer_slack_ns(50000) == 0, "timer slack");
}

int main(int argc, char **argv) {
    if (argc > 1) harness_state = strtoull(argv[1], NULL, 0);
    test_mask_rows();
    test_rects();
    test_move();
    test_discs();
    test_scale();
    test_platform();
    return harness_finish("pixels");
}
