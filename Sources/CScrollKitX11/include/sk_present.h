#ifndef SCROLLKIT_SK_PRESENT_H
#define SCROLLKIT_SK_PRESENT_H

// Frames shown through the X Present extension, on a display connection of ScrollKit's own.
//
// The canvas draws straight into a MIT-SHM pixmap (`sk_present_canvas`); each frame presents it on the
// window at a target vblank (MSC) with the rectangles that changed as the update region (the server copies
// only them, in copy mode: the window keeps its other pixels). The server answers with CompleteNotify
// events carrying the vblank's UST (microseconds, CLOCK_MONOTONIC) and MSC, and with an IdleNotify once it
// has copied the pixmap: the canvas is not drawn into before (`sk_present_canvas_busy`). One pixmap is
// enough as a rule: a frame starts after the vblank that showed the one before, when the server is done
// with it. A frame presented late is still pending then: the next one is drawn into a second pixmap, a copy
// of the first (`sk_present_canvas_switch`), so that it can replace the late one at the same vblank. All
// events arrive on this connection (never on SDL's), read without blocking by `sk_present_poll` when its
// descriptor is readable.
//
// Where the headers are missing (not Linux, no xcb-present) every call fails: `sk_present_open` returns
// NULL with a reason, and the host keeps its timer.

#include <stddef.h>
#include <stdint.h>

#include "sk_x11_resources.h"   // the X resource database (the desktop scale, Xft.dpi)

typedef struct sk_present sk_present;

/// What a present event says.
typedef enum sk_present_event_kind {
    /// A presented frame (or a `sk_present_notify_msc` request) completed at a vblank.
    SK_PRESENT_COMPLETE = 1,
    /// The server no longer reads the canvas (`sk_present_canvas_busy` follows it).
    SK_PRESENT_IDLE = 2,
    /// The window changed size (`width`, `height` in pixels).
    SK_PRESENT_CONFIGURE = 3,
    /// The server refused a request (`error_code`, an X error): a present (`is_frame` 1, its `serial`; the
    /// frame was not shown and the canvas is idle again), a notify-MSC (`is_frame` 0, its `serial`), or a
    /// request of no serial (`serial` 0: a region, a pixmap). Only that request ends: the connection and
    /// the other requests go on.
    SK_PRESENT_FAILED = 4,
} sk_present_event_kind;

typedef struct sk_present_event {
    sk_present_event_kind kind;
    /// The serial `sk_present_canvas_submit` or `sk_present_notify_msc` returned.
    uint32_t serial;
    /// COMPLETE: the vblank's time in microseconds on CLOCK_MONOTONIC.
    uint64_t ust;
    /// COMPLETE: the vblank counter at which the frame was shown.
    uint64_t msc;
    /// COMPLETE: 1 for a presented pixmap, 0 for a notify-MSC request.
    int is_frame;
    /// COMPLETE: 0 copied, 1 flipped, 2 skipped (a later frame replaced it first), 3 suboptimal copy.
    int mode;
    /// CONFIGURE: the window's new size in pixels.
    int width, height;
    /// FAILED: the X error code (BadWindow 3, BadPixmap 4, BadMatch 8, BadAlloc 11, …).
    int error_code;
} sk_present_event;

/// Opens a connection to `display_name` (NULL: $DISPLAY) for the X window `window` (an XID, e.g. from
/// SDL_GetWindowWMInfo) and checks what presenting needs: Present 1.0+, MIT-SHM (a local server),
/// XFixes 2.0+, a 24- or 32-bit window with an XRGB visual. Returns NULL when any is missing, with the reason in `error`.
sk_present *sk_present_open(const char *display_name, uint32_t window, char *error, size_t error_size);

/// The connection's file descriptor: readable when events arrive (for poll/ppoll).
int sk_present_fd(const sk_present *p);

/// The canvas: a `width` × `height` shared-memory pixmap to draw into (B, G, R, X bytes:
/// SDL_PIXELFORMAT_XRGB8888, `*stride` bytes a row). Made by the first call and remade when the size changes
/// (its pixels are then undefined: draw the whole frame; the old memory stays mapped, as the spare, until the
/// next switch or resize); the same memory otherwise, holding the last frame drawn. Returns NULL on an error (`sk_present_error` says which); the canvas and its memory are then as
/// they were.
void *sk_present_canvas(sk_present *p, int width, int height, int *stride);

/// Whether the server may still read the canvas (presented, no IdleNotify yet): pixels drawn now could be
/// shown with the frame before.
int sk_present_canvas_busy(const sk_present *p);

/// Makes the spare pixmap the canvas when the server still reads the current one, with the current one's
/// pixels copied into it, and returns the canvas's memory (the same size and stride); NULL when both are
/// busy or on an error (wait for an IdleNotify). The current canvas's memory when it is idle.
void *sk_present_canvas_switch(sk_present *p);

/// Presents the canvas at vblank `target_msc` (0: the next one), updating only the rectangles `rects` of
/// the window (x, y, w, h in pixels; `rect_count` of them; 0 means the whole canvas). Returns 1 with
/// `*serial` set; 2 when no rectangle lies inside the canvas (nothing sent); -1 on an error
/// (`sk_present_error` says which; the connection should be closed).
int sk_present_canvas_submit(sk_present *p, const int32_t *rects, int rect_count, uint64_t target_msc,
                             uint32_t *serial);

/// Asks for a COMPLETE event at vblank `target_msc` (0: the next one) without presenting anything:
/// learns the display's timing while nothing is drawn. Returns 1 with `*serial` set, -1 on an error.
int sk_present_notify_msc(sk_present *p, uint64_t target_msc, uint32_t *serial);

/// Reads the events that have arrived, without blocking: up to `max` into `out` (IDLE and FAILED events
/// are also applied to the canvas). An error the server answers a request with is a FAILED event for that
/// request, not a failure of the connection. Returns how many were written, or -1 when the connection
/// failed (`sk_present_error` says why).
int sk_present_poll(sk_present *p, sk_present_event *out, int max);

/// The last error, or "" (valid until the next call).
const char *sk_present_error(const sk_present *p);

/// Frees the pixmaps and shared memory and closes the connection. NULL does nothing.
void sk_present_close(sk_present *p);

/// CLOCK_MONOTONIC now, in microseconds (the clock of UST).
uint64_t sk_monotonic_us(void);

/// The refresh rate of the mode driving the window's CRTC from RandR's timings (dot clock / (htotal ×
/// vtotal)), in hertz; 0 when unknown (no RandR, a virtual mode with no timings, as under Xvfb).
double sk_present_mode_refresh(sk_present *p);

#endif
