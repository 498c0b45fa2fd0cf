#ifndef SCROLLKIT_SK_KMS_H
#define SCROLLKIT_SK_KMS_H

// Frames on a bare Linux console through KMS (libdrm), with no X server and no compositor.
//
// `sk_kms_open` opens a DRM card (a path, $SCROLLKIT_DRM_DEVICE, or the first /dev/dri/card* with a connected
// connector), becomes its DRM master, takes the connector's preferred mode (or the size asked for), and makes
// two or three dumb buffers (XRGB8888, mapped here). The canvas draws straight into the buffer
// `sk_kms_back` returns (one neither on screen nor waiting to be); `sk_kms_flip` shows it at the next vblank
// with the rectangles that changed as damage (the plane's FB_DAMAGE_CLIPS in an atomic commit where the driver
// has atomic modesetting, else a legacy page flip and DIRTYFB) and asks for the flip's event. `sk_kms_poll`
// reads those events without blocking: each flip's time (CLOCK_MONOTONIC) and vblank sequence. A driver
// without vblank interrupts (bochs, virtio-gpu) completes a flip at once with sequence 0 (`sk_kms_has_vblank`
// says 0): the host then paces frames by its timer.
//
// `sk_kms_close` puts back the mode and framebuffer the console had and gives DRM master back. SIGINT and
// SIGTERM (after `sk_kms_watch_signals`) only set a flag (`sk_kms_signalled`), so the loop ends and closes
// normally. The input half (`sk_kms_input_*`) reads the console's evdev devices directly.
//
// Where libdrm's headers are missing (not Linux) every call fails: `sk_kms_open` returns NULL with a reason.

#include <stddef.h>
#include <stdint.h>

#include "sk_keymap.h"

typedef struct sk_kms sk_kms;

typedef struct sk_kms_flip_event {
    /// The serial `sk_kms_flip` returned.
    uint32_t serial;
    /// The vblank sequence the flip completed at (0 on drivers without vblank).
    uint64_t sequence;
    /// When it completed, nanoseconds on CLOCK_MONOTONIC.
    uint64_t time_ns;
} sk_kms_flip_event;

/// Whether this machine could show frames through KMS at all: $SCROLLKIT_DRM_DEVICE is set, or some
/// /dev/dri/card* exists. Cheap: opens nothing.
int sk_kms_available(void);

/// Opens `path` (NULL: $SCROLLKIT_DRM_DEVICE, else the first card with a connected connector) with a mode of
/// `width` × `height` (0, 0: the connector's preferred mode; else the mode of that size, or the preferred
/// mode with a `width` × `height` canvas in its top-left corner), `buffers` dumb buffers (2 or 3). Returns NULL
/// with one line in `error` (e.g. "/dev/dri/card0 is in use: another program is its DRM master").
sk_kms *sk_kms_open(const char *path, int width, int height, int buffers, char *error, size_t error_size);

/// The card's descriptor: readable when a flip event arrived.
int sk_kms_fd(const sk_kms *k);
/// The path of the card, the driver's name ("bochs-drm", "vc4", "i915", ...), the connector's name ("Virtual-1").
const char *sk_kms_path(const sk_kms *k);
const char *sk_kms_driver(const sk_kms *k);
const char *sk_kms_connector(const sk_kms *k);
/// The canvas's size in pixels (the mode's, or the one asked for) and the mode's refresh in millihertz.
void sk_kms_size(const sk_kms *k, int *width, int *height);
int sk_kms_refresh_mhz(const sk_kms *k);
/// Whether the driver reports vblanks (DRM_IOCTL_CRTC_GET_SEQUENCE works), and whether flips are atomic.
int sk_kms_has_vblank(const sk_kms *k);
int sk_kms_is_atomic(const sk_kms *k);
/// How many dumb buffers were made.
int sk_kms_buffer_count(const sk_kms *k);

/// The buffer to draw the next frame into: neither on screen nor waiting for a flip. Its pixels, its stride
/// in bytes (`*stride`), its index (`*index`), and how many flips ago it was on screen in `*age` (0: never drawn,
/// its pixels are zero; 1: it holds the frame on screen, ... ). NULL while every other buffer waits for a flip.
void *sk_kms_back(sk_kms *k, int *stride, int *index, int *age);
/// Pixels of buffer `index` (for copying a region of the frame on screen), NULL when out of range.
const void *sk_kms_pixels(const sk_kms *k, int index);
/// Copies `rects` (x, y, w, h quadruples, clipped; NULL: all of it) of the buffer on screen into buffer `index`,
/// so that a buffer shown two or three flips ago holds the frame on screen where the next frame will not draw:
/// the canvas keeps its pixels between frames (it draws only what changed). Nothing before the first frame.
void sk_kms_repair(sk_kms *k, int index, const int32_t *rects, int count);
/// Index of the buffer on screen, -1 before the first frame.
int sk_kms_front(const sk_kms *k);

/// Shows the back buffer: the first call sets the CRTC (a modeset); later ones queue a page flip with the
/// damage `rects` (x, y, w, h quadruples, clipped to the canvas; NULL or 0: all of it) and ask for its event.
/// Returns 1 (queued; `*serial` set), 0 (a flip is still pending: try after its event), -1 on an error
/// (`sk_kms_error` says which).
int sk_kms_flip(sk_kms *k, const int32_t *rects, int count, uint32_t *serial);
/// Whether a flip waits for its event.
int sk_kms_flip_pending(const sk_kms *k);
/// Reads the flip events that have arrived (never blocks) into `events`; returns how many, -1 on an error.
int sk_kms_poll(sk_kms *k, sk_kms_flip_event *events, int capacity);
/// The last error, "" when none.
const char *sk_kms_error(const sk_kms *k);

/// Gives DRM master up (a VT switch away) and takes it back (0 on success).
int sk_kms_drop_master(sk_kms *k);
int sk_kms_take_master(sk_kms *k);
/// Whether this process holds DRM master on the card now.
int sk_kms_is_master(const sk_kms *k);

/// Restores the CRTC the console had, frees the buffers, gives master back, closes the card. Idempotent for NULL.
void sk_kms_close(sk_kms *k);

/// SIGINT and SIGTERM set a flag instead of ending the process (the loop then closes the card); idempotent.
void sk_kms_watch_signals(void);
/// The signal received (SIGINT, SIGTERM), 0 when none.
int sk_kms_signalled(void);

/// Waits up to `seconds` until one of `fds` (count `n`, -1 entries skipped) is readable; 1 readable, 0 timed
/// out, -1 on an error. A signal ends the wait early (returns 0).
int sk_kms_wait(const int *fds, int n, double seconds);

// MARK: - Input: the console's evdev devices

typedef struct sk_kms_input sk_kms_input;

typedef enum sk_kms_input_kind {
    /// A key (`code`: a Linux KEY_* code; `value`: 1 pressed, 0 released, 2 repeated while held: our own timer's
    /// repeats, at the keyboard's delay and rate, for keys the keymap says repeat; the kernel's are dropped).
    SK_KMS_KEY = 1,
    /// The pointer moved to (`x`, `y`), 0...1 of the screen (an absolute device) or by (`x`, `y`) pixels
    /// (`relative` 1: a mouse).
    SK_KMS_POINTER_MOTION = 2,
    /// A pointer button (`code`: BTN_LEFT ...; `value` 1 pressed, 0 released).
    SK_KMS_POINTER_BUTTON = 3,
    /// A wheel or rotary encoder turned: `x`, `y` in detents (y > 0: away from the user).
    SK_KMS_WHEEL = 4,
    /// A touch (`slot`: the contact's slot; `value` 1 down, 2 moved, 0 up) at (`x`, `y`), 0...1 of the screen.
    SK_KMS_TOUCH = 5,
} sk_kms_input_kind;

typedef struct sk_kms_input_event {
    sk_kms_input_kind kind;
    int code, value, slot, relative, device;
    double x, y;
    /// The kernel's time of the event, nanoseconds on CLOCK_MONOTONIC.
    uint64_t time_ns;
} sk_kms_input_event;

/// Opens every /dev/input/event* that is a keyboard, mouse, tablet, touchscreen or rotary encoder
/// (non-blocking, CLOCK_MONOTONIC stamps). NULL with the reason when there is none or none can be read.
sk_kms_input *sk_kms_input_open(char *error, size_t error_size);
/// How many descriptors there are (the devices' and the key-repeat timer's), and those (up to `capacity`).
int sk_kms_input_fds(const sk_kms_input *in, int *fds, int capacity);
/// Reads what arrived (never blocks) into `events`; returns how many (events of a frame come at its SYN_REPORT).
int sk_kms_input_poll(sk_kms_input *in, sk_kms_input_event *events, int capacity);
void sk_kms_input_close(sk_kms_input *in);
/// Which keys repeat: those `keymap` says (it must outlive the input; NULL: every key but the modifiers).
void sk_kms_input_set_keymap(sk_kms_input *in, const sk_keymap *keymap);
/// Key repeat: `delay_ms` before the first repeat, then one every `period_ms` (0: none). The default is the
/// keyboard's own (EVIOCGREP, what `kbdrate` set for the console), else 600 ms and 40 ms.
void sk_kms_input_set_repeat(sk_kms_input *in, int delay_ms, int period_ms);
void sk_kms_input_repeat(const sk_kms_input *in, int *delay_ms, int *period_ms);

#endif
