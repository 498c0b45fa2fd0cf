// X Present (sk_present.c) and the X resource database (sk_x11_resources.c) under AddressSanitizer and
// UndefinedBehaviorSanitizer, against the X server in $DISPLAY (scripts/sanitize.sh starts a private Xvfb).
// sk_present.c is included whole, so that the harness can send requests the server refuses on its
// connection: an X error must end only the request it answers, never the presenter.
#define _GNU_SOURCE   // before any header, as the included source defines it
#include "harness.h"
#include "../../Sources/CScrollKitX11/sk_present.c"
#include "../../Sources/CScrollKitX11/sk_x11_resources.c"
#include <limits.h>
#include <poll.h>

/// Every event read so far, in order (an event is looked for in it before polling for more).
static sk_present_event seen[4096];
static int seen_count = 0;

/// Waits up to two seconds for an event of `kind` with `serial` (one read before included); returns 1
/// when it came, 0 on a timeout, -1 when sk_present_poll failed.
static int await_event(sk_present *p, sk_present_event_kind kind, uint32_t serial, sk_present_event *found) {
    uint64_t until = sk_monotonic_us() + 2000000;
    int from = 0;
    while (1) {
        for (; from < seen_count; from++) {
            if (seen[from].kind == kind && seen[from].serial == serial) {
                if (found) *found = seen[from];
                return 1;
            }
        }
        if (sk_monotonic_us() >= until) return 0;
        struct pollfd fd = { .fd = sk_present_fd(p), .events = POLLIN };
        poll(&fd, 1, 20);
        int room = (int)(sizeof seen / sizeof seen[0]) - seen_count;
        int n = sk_present_poll(p, seen + seen_count, room < 4 ? room : 4);
        if (n < 0) return -1;
        seen_count += n;
    }
}

/// How many FAILED events were read from `from` on.
static int failures_since(int from) {
    int n = 0;
    for (int i = from; i < seen_count; i++) n += seen[i].kind == SK_PRESENT_FAILED;
    return n;
}

static xcb_window_t make_window(xcb_connection_t *c, int width, int height) {
    xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(c)).data;
    xcb_window_t w = xcb_generate_id(c);
    xcb_create_window(c, XCB_COPY_FROM_PARENT, w, screen->root, 0, 0, (uint16_t)width, (uint16_t)height, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, 0, NULL);
    xcb_map_window(c, w);
    xcb_flush(c);
    return w;
}

static void test_open_refusals(void) {
    char error[64];
    CHECK(sk_present_open(NULL, 0, error, sizeof error) == NULL && strcmp(error, "no X window") == 0, "window 0: %s", error);
    CHECK(sk_present_open(NULL, 0x7ffffff, error, sizeof error) == NULL && error[0], "a window that does not exist");
    CHECK(sk_present_open(NULL, 0, error, 1) == NULL && error[0] == 0, "a one-byte error buffer");
    CHECK(sk_present_open(NULL, 0, NULL, 0) == NULL, "no error buffer");
    CHECK(sk_present_open(":99999", 1, error, sizeof error) == NULL, "a display that does not exist");
    CHECK(sk_present_fd(NULL) == -1 && sk_present_poll(NULL, NULL, 0) == -1 && !sk_present_canvas_busy(NULL),
          "calls on no presenter");
    CHECK(sk_present_canvas(NULL, 1, 1, NULL) == NULL && sk_present_canvas_switch(NULL) == NULL, "no presenter");
    sk_present_close(NULL);
}

static void test_present(xcb_connection_t *own) {
    xcb_window_t window = make_window(own, 96, 64);
    char error[256];
    sk_present *p = sk_present_open(NULL, window, error, sizeof error);
    CHECK(p != NULL, "sk_present_open: %s", error);
    if (!p) return;

    // Canvas sizes: hostile ones are refused and leave the canvas as it was.
    int stride = 0;
    uint8_t *memory = sk_present_canvas(p, 96, 64, &stride);
    CHECK(memory && stride == 96 * 4, "a 96x64 canvas");
    const int bad[][2] = { { 0, 1 }, { 1, 0 }, { -1, 5 }, { 32768, 1 }, { 1, INT_MAX }, { INT_MIN, INT_MIN } };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        CHECK(sk_present_canvas(p, bad[k][0], bad[k][1], NULL) == NULL, "canvas %dx%d", bad[k][0], bad[k][1]);
    }
    CHECK(sk_present_canvas(p, 96, 64, &stride) == memory, "the canvas moved after refused sizes");
    memset(memory, 0x40, (size_t)stride * 64);

    // A frame, whole; then with hostile rectangles (ends past INT_MAX, negative, too many).
    uint32_t serial = 0;
    CHECK(sk_present_canvas_submit(p, NULL, 0, 0, &serial) == 1, "submit: %s", sk_present_error(p));
    sk_present_event e;
    CHECK(await_event(p, SK_PRESENT_COMPLETE, serial, &e) == 1 && e.is_frame, "the frame's CompleteNotify");
    CHECK(await_event(p, SK_PRESENT_IDLE, serial, NULL) == 1 && !sk_present_canvas_busy(p), "the frame's IdleNotify");
    const int32_t hostile[] = { INT_MAX, INT_MAX, INT_MAX, INT_MAX, -5, -5, INT_MAX, INT_MAX, 10, 10, -20, 5,
                                INT_MIN, 0, INT_MAX, 1, 90, 60, 100, 100 };
    int result = sk_present_canvas_submit(p, hostile, 5, 0, &serial);
    CHECK(result == 1, "hostile rectangles (some inside the canvas): %d", result);
    if (result == 1) CHECK(await_event(p, SK_PRESENT_IDLE, serial, NULL) == 1, "idle after hostile rectangles");
    CHECK(sk_present_canvas_submit(p, hostile, 1, 0, &serial) == 2, "a rectangle outside the canvas sends nothing");
    int32_t many[4 * 200];
    for (int i = 0; i < 200; i++) { many[4 * i] = i % 96; many[4 * i + 1] = i % 64; many[4 * i + 2] = 1; many[4 * i + 3] = 1; }
    CHECK(sk_present_canvas_submit(p, many, 200, 0, &serial) == 1, "too many rectangles: the whole canvas");
    CHECK(await_event(p, SK_PRESENT_IDLE, serial, NULL) == 1, "idle after many rectangles");

    // A request the server refuses (a NotifyMSC for a window that does not exist), between a frame and a
    // notify: the error ends only that request. The frame and the notify still complete.
    uint32_t frame = 0, notify = 0;
    CHECK(sk_present_canvas_submit(p, NULL, 0, 0, &frame) == 1, "submit before the refused request");
    xcb_present_notify_msc(p->connection, 0x7ffffff, 77, 0, 0, 0);
    CHECK(sk_present_notify_msc(p, 0, &notify) == 1, "notify after the refused request");
    int before = seen_count;
    int got = await_event(p, SK_PRESENT_COMPLETE, frame, NULL);
    CHECK(got == 1, "a refused request ended the presenter (poll %d: %s)", got, sk_present_error(p));
    if (got == 1) CHECK(await_event(p, SK_PRESENT_COMPLETE, notify, NULL) == 1, "the notify after the error");
    int failed = failures_since(before);
    CHECK(failed == 1, "the refused request was reported %d times, not once", failed);

    // A present the server refuses (for a window that does not exist): a FAILED event for its serial,
    // the canvas idle again (the server reads nothing), and the next frame presents as usual.
    if (got == 1) {
        xcb_window_t real = p->window;
        p->window = 0x7ffffff;
        uint32_t refused = 0;
        CHECK(sk_present_canvas_submit(p, NULL, 0, 0, &refused) == 1, "submit for the bad window");
        p->window = real;
        CHECK(sk_present_canvas_busy(p), "a submitted canvas is busy");
        CHECK(await_event(p, SK_PRESENT_FAILED, refused, &e) == 1 && e.is_frame && e.error_code == 3,
              "no FAILED event (BadWindow) for the refused present");
        CHECK(!sk_present_canvas_busy(p), "the canvas stayed busy after its present was refused");
        CHECK(sk_present_canvas_submit(p, NULL, 0, 0, &serial) == 1, "submit after the refused present");
        CHECK(await_event(p, SK_PRESENT_COMPLETE, serial, NULL) == 1, "a frame after the refused present");
    }

    // The spare pixmap: while the canvas is busy, switching copies its pixels into the other one.
    CHECK(sk_present_canvas_submit(p, NULL, 0, 0, &serial) == 1, "submit before the switch");
    if (sk_present_canvas_busy(p)) {
        uint8_t *spare = sk_present_canvas_switch(p);
        CHECK(spare && spare != memory, "the switch gave no other memory");
        if (spare) CHECK(spare[0] == 0x40 && spare[(size_t)stride * 64 - 1] == 0x40, "the switch did not copy the pixels");
    }
    await_event(p, SK_PRESENT_IDLE, serial, NULL);

    // Resizes: the new size in a new pixmap, pixels readable and writable to the last byte.
    const int sizes[][2] = { { 1, 1 }, { 300, 2 }, { 5, 400 }, { 96, 64 } };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint8_t *m = sk_present_canvas(p, sizes[k][0], sizes[k][1], &stride);
        CHECK(m && stride == sizes[k][0] * 4, "a %dx%d canvas", sizes[k][0], sizes[k][1]);
        if (m) memset(m, 0x11, (size_t)stride * (size_t)sizes[k][1]);
        if (m) CHECK(sk_present_canvas_submit(p, NULL, 0, 0, &serial) == 1, "submit at %dx%d", sizes[k][0], sizes[k][1]);
    }
    await_event(p, SK_PRESENT_COMPLETE, serial, NULL);
    double hz = sk_present_mode_refresh(p);
    CHECK(hz >= 0 && hz < 1000, "mode refresh %g", hz);
    CHECK(sk_present_notify_msc(p, UINT64_MAX, &serial) == 1, "a notify for the last vblank there is");
    sk_present_close(p);
    xcb_destroy_window(own, window);
    xcb_flush(own);
}

static void test_resources(void) {
    char small[2] = { 'x', 'x' };
    long n = sk_x11_resources(NULL, small, 1);
    CHECK(n == 0 && small[0] == 0, "a one-byte buffer: %ld", n);
    CHECK(sk_x11_resources(NULL, NULL, 10) == -1 && sk_x11_resources(NULL, small, 0) == -1, "no buffer");
    CHECK(sk_x11_resources(":99999", small, 2) == -1, "a display that does not exist");
    char big[1 << 16];
    n = sk_x11_resources(NULL, big, sizeof big);
    CHECK(n >= 0 && (size_t)n == strlen(big), "the database's length %ld", n);
}

int main(void) {
    xcb_connection_t *own = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(own)) { fprintf(stderr, "present: no X server in $DISPLAY\n"); return 2; }
    test_open_refusals();
    test_present(own);
    test_resources();
    xcb_disconnect(own);
    return harness_finish("present");
}
