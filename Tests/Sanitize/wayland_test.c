// The Wayland presenter (sk_wayland.c) under AddressSanitizer and UndefinedBehaviorSanitizer: its event
// queue on its own (no compositor needed: sk_wayland.c is included whole), then frames on an SDL window's
// surface on the compositor in $WAYLAND_DISPLAY when there is one (scripts/sanitize.sh starts weston
// nested on a private Xvfb).
#define _GNU_SOURCE   // before any header, as the included source defines it
#include "harness.h"
#include "../../Sources/CScrollKitWayland/sk_wayland.c"
#include "sk_platform.h"
#include <SDL2/SDL.h>
#include <limits.h>

/// Events dispatched faster than they are taken are all kept, in order (none dropped past a fixed count).
static void test_queue(void) {
    sk_wayland *p = calloc(1, sizeof *p);
    const int count = 5000;
    for (int i = 1; i <= count; i++) push_event(p, (sk_wayland_event){ .kind = SK_WAYLAND_PRESENTED, .serial = (uint32_t)i });
    CHECK(p->event_count == count, "%d of %d events kept", p->event_count, count);
    sk_wayland_event out[32];
    uint32_t expected = 1;
    int taken = 0, n;
    while ((n = take_events(p, out, 32)) > 0) {
        for (int i = 0; i < n; i++) {
            CHECK(out[i].serial == expected, "event %u came as %u", expected, out[i].serial);
            expected++;
        }
        taken += n;
    }
    CHECK(taken == count, "%d events taken", taken);
    CHECK(take_events(p, out, 0) == 0 && take_events(p, out, -3) == 0, "taking none");
    free(p->events);
    free(p);
}

static int await_events(sk_wayland *p, int kind, uint32_t serial) {
    Uint32 until = SDL_GetTicks() + 3000;
    while (SDL_GetTicks() < until) {
        sk_wayland_event events[8];
        int n = sk_wayland_poll(p, events, 8);
        if (n < 0) return -1;
        for (int i = 0; i < n; i++) if ((int)events[i].kind == kind && events[i].serial >= serial) return 1;
        SDL_PumpEvents();
        sk_wait_readable(sk_wayland_fd(p), 0.01);
    }
    return 0;
}

static void test_compositor(void) {
    CHECK(sk_wayland_open(NULL, NULL, NULL, 0) == NULL, "no display");
    char error[256];
    CHECK(sk_wayland_open(NULL, (void *)1, error, 1) == NULL && error[0] == 0, "a one-byte error buffer");
    CHECK(sk_wayland_poll(NULL, NULL, 0) == -1 && sk_wayland_fd(NULL) == -1 && sk_wayland_busy_buffers(NULL) == 0,
          "calls on no presenter");
    sk_wayland_close(NULL);
    if (!getenv("WAYLAND_DISPLAY")) { printf("  no WAYLAND_DISPLAY: the compositor part is skipped\n"); return; }
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "wayland");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { CHECK(0, "SDL_Init on wayland: %s", SDL_GetError()); return; }
    SDL_Window *window = SDL_CreateWindow("sanitize", 0, 0, 160, 120, SDL_WINDOW_SHOWN);
    CHECK(window != NULL, "SDL_CreateWindow: %s", SDL_GetError());
    void *display = NULL, *surface = NULL;
    if (window && sk_window_wayland(window, &display, &surface)) {
        sk_wayland *p = sk_wayland_open(display, surface, error, sizeof error);
        CHECK(p != NULL, "sk_wayland_open: %s", error);
        if (p) {
            const int w = 160, h = 120, stride = w * 4 + 12;
            uint8_t *pixels = malloc((size_t)stride * (size_t)(h - 1) + (size_t)w * 4);   // the last row ends the buffer
            memset(pixels, 0x7f, (size_t)stride * (size_t)(h - 1) + (size_t)w * 4);
            uint32_t serial = 0;
            CHECK(sk_wayland_submit(p, pixels, stride, w, h, NULL, 0, &serial) == 1, "submit: %s", sk_wayland_error(p));
            CHECK(await_events(p, SK_WAYLAND_FRAME_DONE, serial) == 1, "the first frame's callback");
            // Hostile rectangles and frames.
            const int32_t hostile[] = { INT_MAX, INT_MAX, INT_MAX, INT_MAX, -5, -5, INT_MAX, INT_MAX,
                                        INT_MIN, 0, INT_MAX, 1, 150, 110, 100, 100 };
            int sent = 0;
            for (int k = 0; k < 40; k++) {
                int r = sk_wayland_submit(p, pixels, stride, w, h, hostile, 4, &serial);
                CHECK(r >= 0, "hostile rectangles: %s", sk_wayland_error(p));
                sent += r == 1;
                sk_wayland_event events[8];
                sk_wayland_poll(p, events, 8);
                sk_wait_readable(sk_wayland_fd(p), 0.005);
            }
            CHECK(sent > 0, "no frame with hostile rectangles was sent");
            CHECK(sk_wayland_submit(p, pixels, stride, w, h, hostile, 1, &serial) == 2, "a rectangle outside the frame");
            CHECK(sk_wayland_submit(p, pixels, w * 4 - 1, w, h, NULL, 0, &serial) == -1, "a stride below the width");
            CHECK(sk_wayland_submit(p, pixels, INT_MAX, 40000, h, NULL, 0, &serial) == -1, "a frame past 32767");
            CHECK(sk_wayland_submit(p, NULL, stride, w, h, NULL, 0, &serial) == -1, "no pixels");
            // Smaller frames from the same memory: the buffers are remade.
            for (int k = 0; k < 10; k++) {
                int fw = 1 + (k * 37) % w, fh = 1 + (k * 23) % h;
                if (sk_wayland_submit(p, pixels, stride, fw, fh, NULL, 0, &serial) < 0) CHECK(0, "submit %dx%d", fw, fh);
                sk_wayland_event events[8];
                sk_wayland_poll(p, events, 8);
                sk_wait_readable(sk_wayland_fd(p), 0.005);
            }
            sk_wayland_close(p);
            free(pixels);
        }
    } else if (window) {
        CHECK(0, "the SDL window has no Wayland surface");
    }
    if (window) SDL_DestroyWindow(window);
    // No SDL_Quit: it unloads the libraries SDL opened (libwayland-client, libdecor), and LeakSanitizer
    // could then not tell their caches from leaks of ours.
}

int main(void) {
    test_queue();
    test_compositor();
    return harness_finish("wayland");
}
