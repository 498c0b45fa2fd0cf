#ifndef SCROLLKIT_SK_WAYLAND_H
#define SCROLLKIT_SK_WAYLAND_H

// Frames shown on a Wayland surface of SDL's, paced by the compositor's frame callbacks and stamped by
// its presentation feedback (wp_presentation), on an event queue of ScrollKit's own.
//
// SDL owns the `wl_display` and the window's `wl_surface`. This module makes its own event queue and
// talks through proxy wrappers bound to it (as Mesa's EGL does), so none of its events (buffer releases,
// frame callbacks, presentation feedback) ever reach SDL's queue, and SDL's dispatching never runs its
// handlers. The canvas draws into memory of its own; each frame, `sk_wayland_submit` copies what changed
// into an idle wl_shm buffer (up to three, XRGB8888), attaches it to the surface with the changed
// rectangles as buffer damage, asks for a frame callback and a presentation feedback, and commits.
//
// Times are nanoseconds on CLOCK_MONOTONIC: the compositor's presentation clock (its `clock_id` event)
// is converted when it is another clock.
//
// Where <wayland-client.h> is missing every call fails: `sk_wayland_open` returns NULL with the reason
// "built without wayland-client", and the host keeps SDL's own renderer and its timer.

#include <stddef.h>
#include <stdint.h>

typedef struct sk_wayland sk_wayland;

/// What a Wayland event says.
typedef enum sk_wayland_event_kind {
    /// The frame callback of a commit fired: the compositor used the frame and it is a good time to draw
    /// the next (`callback_ms`: the compositor's time in milliseconds, of undefined base).
    SK_WAYLAND_FRAME_DONE = 1,
    /// A committed frame was shown (`time_ns`, `refresh_ns`, `sequence`, `flags`).
    SK_WAYLAND_PRESENTED = 2,
    /// A committed frame was never shown (replaced first, or the surface was not visible).
    SK_WAYLAND_DISCARDED = 3,
} sk_wayland_event_kind;

typedef struct sk_wayland_event {
    sk_wayland_event_kind kind;
    /// The serial `sk_wayland_submit` returned for the commit this event is about.
    uint32_t serial;
    /// PRESENTED: when the frame turned into light, nanoseconds on CLOCK_MONOTONIC.
    uint64_t time_ns;
    /// PRESENTED: the output's vertical retrace counter at that time (0 when the output has none).
    uint64_t sequence;
    /// PRESENTED: the output's refresh period in nanoseconds (0 when it has no constant rate).
    uint32_t refresh_ns;
    /// PRESENTED: wp_presentation_feedback's kind flags (1 vsync, 2 hw_clock, 4 hw_completion, 8 zero_copy).
    uint32_t flags;
    /// FRAME_DONE: the callback's time in milliseconds.
    uint32_t callback_ms;
} sk_wayland_event;

/// Opens presenting on `surface` (a `struct wl_surface *`) of `display` (a `struct wl_display *`), both
/// SDL's: makes the event queue and binds wl_shm (which must offer XRGB8888) and, when the compositor
/// has it, wp_presentation. Returns NULL with the reason in `error` when that fails.
sk_wayland *sk_wayland_open(void *display, void *surface, char *error, size_t error_size);

/// The display connection's file descriptor: readable when the compositor sent events (for anyone's
/// queue; `sk_wayland_poll` reads them and leaves SDL's in SDL's queue).
int sk_wayland_fd(const sk_wayland *p);

/// Whether the compositor offers wp_presentation (1) or only frame callbacks (0).
int sk_wayland_has_presentation(const sk_wayland *p);

/// The compositor's presentation clock (a `clockid_t`), -1 before it said.
int sk_wayland_clock_id(const sk_wayland *p);

/// Copies the rectangles `rects` (x, y, w, h in pixels, `rect_count` of them; 0 or NULL: the whole
/// frame) of the `width` × `height` frame at `pixels` (B, G, R, X bytes, `stride` bytes a row) into an
/// idle buffer, together with whatever that buffer missed since it was last shown, and commits it with
/// those rectangles as damage, a frame callback (unless one is still pending) and a presentation
/// feedback. Returns 1 with `*serial` set; 2 when no rectangle lies inside the frame (nothing sent);
/// 0 when every buffer is still held by the compositor (poll, then try again); -1 on an error.
int sk_wayland_submit(sk_wayland *p, const void *pixels, int stride, int width, int height,
                      const int32_t *rects, int rect_count, uint32_t *serial);

/// Reads what has arrived without blocking and dispatches ScrollKit's queue: up to `max` events into
/// `out` (buffer releases are applied, not reported); events past `max` wait for the next call (none is
/// ever dropped: the queue grows as needed, and every commit gets a feedback of its own). Returns how
/// many, or -1 when the connection failed or memory ran out (`sk_wayland_error` says why).
int sk_wayland_poll(sk_wayland *p, sk_wayland_event *out, int max);

/// Whether a frame callback is pending (asked for by a commit, not yet fired).
int sk_wayland_frame_pending(const sk_wayland *p);

/// How many buffers the compositor still holds.
int sk_wayland_busy_buffers(const sk_wayland *p);

/// The last error, or "".
const char *sk_wayland_error(const sk_wayland *p);

/// Detaches ScrollKit's buffer from the surface, frees the buffers, feedbacks, globals and the queue.
/// Must run before SDL closes the display. NULL does nothing.
void sk_wayland_close(sk_wayland *p);

/// CLOCK_MONOTONIC now, in nanoseconds.
uint64_t sk_wayland_monotonic_ns(void);

#endif
