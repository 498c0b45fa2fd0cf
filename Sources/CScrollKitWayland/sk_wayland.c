// See include/sk_wayland.h: wl_shm buffers, frame callbacks and presentation feedback on SDL's surface,
// through an event queue of ScrollKit's own.
#define _GNU_SOURCE
#include "sk_wayland.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t sk_wayland_monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

#if defined(__linux__) && __has_include(<wayland-client.h>)
#include <wayland-client.h>
#include "protocol/presentation-time-client-protocol.h"
#include "protocol/presentation-time-protocol-code.h"
#include <errno.h>
#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#define SK_BUFFERS 3
#define SK_MAX_RECTS 128
#define SK_PENDING 64

typedef struct sk_wl_buffer {
    struct wl_buffer *buffer;   // NULL: not made
    uint8_t *memory;
    size_t bytes;
    int width, height;
    int busy;                   // attached and not yet released by the compositor
    int whole;                  // every pixel is stale
    int pending_count;          // rectangles changed since this buffer was last filled
    int32_t pending[SK_PENDING][4];
} sk_wl_buffer;

/// A commit's presentation feedback, until it says presented or discarded (one for every commit: a list,
/// never a fixed number of slots).
typedef struct sk_feedback {
    sk_wayland *owner;
    struct wp_presentation_feedback *feedback;
    uint32_t serial;
    struct sk_feedback *next;
} sk_feedback;

struct sk_wayland {
    struct wl_display *display;
    struct wl_surface *surface;          // SDL's
    struct wl_event_queue *queue;
    struct wl_display *display_wrapper;  // on our queue
    struct wl_surface *surface_wrapper;  // on our queue: frame callbacks land here
    struct wl_registry *registry;
    struct wl_shm *shm;
    struct wp_presentation *presentation;
    int clock_id;
    int has_xrgb;
    struct wl_callback *frame;
    uint32_t frame_serial;
    uint32_t serial;
    sk_wl_buffer buffers[SK_BUFFERS];
    sk_feedback *feedbacks;              // outstanding, newest first
    // The events dispatched and not yet taken by sk_wayland_poll: a queue that grows as needed (an event
    // is never dropped; memory running out is an error of the connection).
    sk_wayland_event *events;
    int event_count, event_capacity;
    int out_of_memory;
    char error[256];
};

static void push_event(sk_wayland *p, sk_wayland_event e) {
    if (p->event_count == p->event_capacity) {
        int capacity = p->event_capacity ? 2 * p->event_capacity : 64;
        sk_wayland_event *grown = capacity > p->event_capacity
            ? realloc(p->events, sizeof *grown * (size_t)capacity) : NULL;
        if (!grown) { p->out_of_memory = 1; return; }
        p->events = grown;
        p->event_capacity = capacity;
    }
    p->events[p->event_count++] = e;
}

/// Moves up to `max` of the oldest events into `out`; returns how many.
static int take_events(sk_wayland *p, sk_wayland_event *out, int max) {
    int n = p->event_count < max ? p->event_count : max;
    if (n <= 0) return 0;
    memcpy(out, p->events, sizeof *out * (size_t)n);
    memmove(p->events, p->events + n, sizeof *out * (size_t)(p->event_count - n));
    p->event_count -= n;
    return n;
}

static void unlink_feedback(sk_feedback *slot) {
    for (sk_feedback **at = &slot->owner->feedbacks; *at; at = &(*at)->next) {
        if (*at == slot) { *at = slot->next; break; }
    }
    free(slot);
}

// MARK: - Globals

static void shm_format(void *data, struct wl_shm *shm, uint32_t format) {
    (void)shm;
    if (format == WL_SHM_FORMAT_XRGB8888) ((sk_wayland *)data)->has_xrgb = 1;
}
static const struct wl_shm_listener shm_listener = { shm_format };

static void presentation_clock(void *data, struct wp_presentation *presentation, uint32_t clk_id) {
    (void)presentation;
    ((sk_wayland *)data)->clock_id = (int)clk_id;
}
static const struct wp_presentation_listener presentation_listener = { presentation_clock };

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    sk_wayland *p = data;
    (void)version;
    if (strcmp(interface, wl_shm_interface.name) == 0 && !p->shm) {
        p->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
        wl_shm_add_listener(p->shm, &shm_listener, p);
    } else if (strcmp(interface, wp_presentation_interface.name) == 0 && !p->presentation) {
        p->presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
        wp_presentation_add_listener(p->presentation, &presentation_listener, p);
    }
}
static void registry_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}
static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

// MARK: - Buffers

static void buffer_release(void *data, struct wl_buffer *buffer) {
    (void)buffer;
    ((sk_wl_buffer *)data)->busy = 0;
}
static const struct wl_buffer_listener buffer_listener = { buffer_release };

static void release_buffer(sk_wl_buffer *b) {
    if (b->buffer) wl_buffer_destroy(b->buffer);
    if (b->memory) munmap(b->memory, b->bytes);
    memset(b, 0, sizeof *b);
}

/// Makes `b` a `width` × `height` XRGB8888 buffer in a memfd of its own. 0 on success.
static int make_buffer(sk_wayland *p, sk_wl_buffer *b, int width, int height) {
    release_buffer(b);
    size_t bytes = (size_t)width * (size_t)height * 4;
    int fd = memfd_create("scrollkit-frame", MFD_CLOEXEC);
    if (fd < 0) { snprintf(p->error, sizeof p->error, "memfd_create failed"); return -1; }
    if (ftruncate(fd, (off_t)bytes) != 0) {
        close(fd);
        snprintf(p->error, sizeof p->error, "cannot size a %zu-byte buffer", bytes);
        return -1;
    }
    void *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (memory == MAP_FAILED) {
        close(fd);
        snprintf(p->error, sizeof p->error, "mmap of %zu bytes failed", bytes);
        return -1;
    }
    struct wl_shm_pool *pool = wl_shm_create_pool(p->shm, fd, (int32_t)bytes);
    b->buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);   // the buffer keeps the memory
    close(fd);
    wl_buffer_add_listener(b->buffer, &buffer_listener, b);
    b->memory = memory;
    b->bytes = bytes;
    b->width = width;
    b->height = height;
    b->whole = 1;
    return 0;
}

/// An idle buffer of the frame's size, made or remade if needed; NULL when all are busy or on error.
static sk_wl_buffer *idle_buffer(sk_wayland *p, int width, int height, int *failed) {
    sk_wl_buffer *same = NULL, *other = NULL, *empty = NULL;
    for (int i = 0; i < SK_BUFFERS; i++) {
        sk_wl_buffer *b = &p->buffers[i];
        if (!b->buffer) { if (!empty) empty = b; continue; }
        if (b->busy) continue;
        if (b->width == width && b->height == height) { if (!same) same = b; }
        else if (!other) other = b;
    }
    if (same) return same;
    // A third buffer only when two are held (the compositor keeps the one shown and may hold the next).
    sk_wl_buffer *b = other ? other : empty;
    if (!b) return NULL;
    if (make_buffer(p, b, width, height) != 0) { *failed = 1; return NULL; }
    return b;
}

// MARK: - Frame callbacks and feedback

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    sk_wayland *p = data;
    wl_callback_destroy(callback);
    if (p->frame == callback) p->frame = NULL;
    push_event(p, (sk_wayland_event){ .kind = SK_WAYLAND_FRAME_DONE, .serial = p->frame_serial, .callback_ms = time });
}
static const struct wl_callback_listener frame_listener = { frame_done };

static void feedback_sync_output(void *data, struct wp_presentation_feedback *f, struct wl_output *output) {
    (void)data; (void)f; (void)output;
}

static uint64_t to_monotonic(const sk_wayland *p, uint64_t ns) {
    if (p->clock_id < 0 || p->clock_id == CLOCK_MONOTONIC) return ns;
    struct timespec t;
    if (clock_gettime((clockid_t)p->clock_id, &t) != 0) return ns;
    uint64_t theirs = (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
    return ns - theirs + sk_wayland_monotonic_ns();
}

static void feedback_presented(void *data, struct wp_presentation_feedback *f, uint32_t tv_sec_hi,
                               uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi,
                               uint32_t seq_lo, uint32_t flags) {
    sk_feedback *slot = data;
    sk_wayland *p = slot->owner;
    uint64_t ns = (((uint64_t)tv_sec_hi << 32) | tv_sec_lo) * 1000000000u + tv_nsec;
    push_event(p, (sk_wayland_event){
        .kind = SK_WAYLAND_PRESENTED, .serial = slot->serial, .time_ns = to_monotonic(p, ns),
        .sequence = ((uint64_t)seq_hi << 32) | seq_lo, .refresh_ns = refresh, .flags = flags });
    wp_presentation_feedback_destroy(f);
    unlink_feedback(slot);
}

static void feedback_discarded(void *data, struct wp_presentation_feedback *f) {
    sk_feedback *slot = data;
    push_event(slot->owner, (sk_wayland_event){ .kind = SK_WAYLAND_DISCARDED, .serial = slot->serial });
    wp_presentation_feedback_destroy(f);
    unlink_feedback(slot);
}
static const struct wp_presentation_feedback_listener feedback_listener = {
    feedback_sync_output, feedback_presented, feedback_discarded };

// MARK: - Opening

sk_wayland *sk_wayland_open(void *display, void *surface, char *error, size_t error_size) {
    if (error && error_size) error[0] = 0;
    if (!display || !surface) {
        if (error && error_size) snprintf(error, error_size, "no Wayland display or surface");
        return NULL;
    }
    sk_wayland *p = calloc(1, sizeof *p);
    if (!p) { if (error && error_size) snprintf(error, error_size, "out of memory"); return NULL; }
    p->display = display;
    p->surface = surface;
    p->clock_id = -1;
    p->queue = wl_display_create_queue(p->display);
    p->display_wrapper = wl_proxy_create_wrapper(p->display);
    p->surface_wrapper = wl_proxy_create_wrapper(p->surface);
    if (!p->queue || !p->display_wrapper || !p->surface_wrapper) {
        if (error && error_size) snprintf(error, error_size, "cannot make an event queue");
        sk_wayland_close(p);
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)p->display_wrapper, p->queue);
    wl_proxy_set_queue((struct wl_proxy *)p->surface_wrapper, p->queue);
    p->registry = wl_display_get_registry(p->display_wrapper);
    wl_registry_add_listener(p->registry, &registry_listener, p);
    // Two round trips on our queue only (SDL's queue keeps its events): the globals, then their first
    // events (wl_shm's formats, wp_presentation's clock).
    const char *missing = NULL;
    if (wl_display_roundtrip_queue(p->display, p->queue) < 0 || wl_display_roundtrip_queue(p->display, p->queue) < 0) {
        missing = "the connection to the compositor failed";
    } else if (!p->shm) {
        missing = "the compositor has no wl_shm";
    } else if (!p->has_xrgb) {
        missing = "the compositor's wl_shm has no XRGB8888";
    }
    if (missing) {
        if (error && error_size) snprintf(error, error_size, "%s", missing);
        sk_wayland_close(p);
        return NULL;
    }
    return p;
}

int sk_wayland_fd(const sk_wayland *p) { return p ? wl_display_get_fd(p->display) : -1; }
int sk_wayland_has_presentation(const sk_wayland *p) { return p && p->presentation ? 1 : 0; }
int sk_wayland_clock_id(const sk_wayland *p) { return p ? p->clock_id : -1; }
int sk_wayland_frame_pending(const sk_wayland *p) { return p && p->frame ? 1 : 0; }
const char *sk_wayland_error(const sk_wayland *p) { return p ? p->error : "no connection"; }

int sk_wayland_busy_buffers(const sk_wayland *p) {
    if (!p) return 0;
    int n = 0;
    for (int i = 0; i < SK_BUFFERS; i++) n += p->buffers[i].buffer && p->buffers[i].busy;
    return n;
}

// MARK: - Submitting

/// Adds the rectangles to what `b` misses (all of it when too many).
static void note_stale(sk_wl_buffer *b, const int32_t (*rects)[4], int n) {
    if (b->whole) return;
    if (b->pending_count + n > SK_PENDING) { b->whole = 1; b->pending_count = 0; return; }
    memcpy(b->pending[b->pending_count], rects, sizeof(int32_t[4]) * (size_t)n);
    b->pending_count += n;
}

static void copy_rect(sk_wl_buffer *b, const uint8_t *src, int stride, const int32_t r[4]) {
    size_t bytes = (size_t)r[2] * 4;
    for (int y = r[1]; y < r[1] + r[3]; y++) {
        memcpy(b->memory + ((size_t)y * (size_t)b->width + (size_t)r[0]) * 4,
               src + (size_t)y * (size_t)stride + (size_t)r[0] * 4, bytes);
    }
}

int sk_wayland_submit(sk_wayland *p, const void *pixels, int stride, int width, int height,
                      const int32_t *rects, int rect_count, uint32_t *serial) {
    if (!p || !pixels || width <= 0 || height <= 0 || width > 32767 || height > 32767 || stride < width * 4) {
        if (p) snprintf(p->error, sizeof p->error, "bad frame (%dx%d, stride %d)", width, height, stride);
        return -1;
    }
    int32_t clipped[SK_MAX_RECTS][4];
    int n = 0;
    if (rects && rect_count > 0 && rect_count <= SK_MAX_RECTS) {
        for (int i = 0; i < rect_count; i++) {
            // In 64 bits: a rectangle's far edge may lie past INT_MAX.
            int64_t x0 = rects[4 * i], y0 = rects[4 * i + 1];
            int64_t x1 = x0 + rects[4 * i + 2], y1 = y0 + rects[4 * i + 3];
            if (x0 < 0) x0 = 0;
            if (y0 < 0) y0 = 0;
            if (x1 > width) x1 = width;
            if (y1 > height) y1 = height;
            if (x1 <= x0 || y1 <= y0) continue;
            clipped[n][0] = (int32_t)x0; clipped[n][1] = (int32_t)y0;
            clipped[n][2] = (int32_t)(x1 - x0); clipped[n][3] = (int32_t)(y1 - y0);
            n++;
        }
        if (n == 0) return 2;
    } else {
        clipped[0][0] = 0; clipped[0][1] = 0; clipped[0][2] = width; clipped[0][3] = height;
        n = 1;
    }
    int failed = 0;
    sk_wl_buffer *b = idle_buffer(p, width, height, &failed);
    if (failed) return -1;
    if (!b) return 0;
    // Every buffer misses this frame's changes; the chosen one gets them, and what it missed before.
    for (int i = 0; i < SK_BUFFERS; i++) {
        if (p->buffers[i].buffer) note_stale(&p->buffers[i], (const int32_t (*)[4])clipped, n);
    }
    if (b->whole) {
        const int32_t all[4] = { 0, 0, width, height };
        copy_rect(b, pixels, stride, all);
    } else {
        for (int i = 0; i < b->pending_count; i++) copy_rect(b, pixels, stride, b->pending[i]);
    }
    b->whole = 0;
    b->pending_count = 0;

    uint32_t s = ++p->serial;
    if (s == 0) s = ++p->serial;
    wl_surface_attach(p->surface, b->buffer, 0, 0);
    if (wl_proxy_get_version((struct wl_proxy *)p->surface) >= 4) {
        for (int i = 0; i < n; i++) wl_surface_damage_buffer(p->surface, clipped[i][0], clipped[i][1], clipped[i][2], clipped[i][3]);
    } else {
        wl_surface_damage(p->surface, 0, 0, INT32_MAX, INT32_MAX);   // surface coordinates: all of it
    }
    if (!p->frame) {
        p->frame = wl_surface_frame(p->surface_wrapper);
        wl_callback_add_listener(p->frame, &frame_listener, p);
        p->frame_serial = s;
    }
    if (p->presentation) {
        sk_feedback *slot = calloc(1, sizeof *slot);
        if (!slot) {
            snprintf(p->error, sizeof p->error, "out of memory for a presentation feedback");
            return -1;
        }
        slot->owner = p;
        slot->serial = s;
        slot->feedback = wp_presentation_feedback(p->presentation, p->surface);
        wp_presentation_feedback_add_listener(slot->feedback, &feedback_listener, slot);
        slot->next = p->feedbacks;
        p->feedbacks = slot;
    }
    wl_surface_commit(p->surface);
    b->busy = 1;
    if (wl_display_flush(p->display) < 0 && errno != EAGAIN) {
        snprintf(p->error, sizeof p->error, "the connection to the compositor failed");
        return -1;
    }
    if (serial) *serial = s;
    return 1;
}

// MARK: - Reading

int sk_wayland_poll(sk_wayland *p, sk_wayland_event *out, int max) {
    if (!p) return -1;
    if (wl_display_get_error(p->display)) {
        snprintf(p->error, sizeof p->error, "the connection to the compositor failed (error %d)",
                 wl_display_get_error(p->display));
        return -1;
    }
    wl_display_flush(p->display);
    // Reads what the socket holds (events for SDL's queue stay there for SDL), then runs our handlers.
    while (wl_display_prepare_read_queue(p->display, p->queue) != 0) {
        if (wl_display_dispatch_queue_pending(p->display, p->queue) < 0) goto failed;
    }
    struct pollfd fd = { .fd = wl_display_get_fd(p->display), .events = POLLIN };
    if (poll(&fd, 1, 0) > 0) {
        if (wl_display_read_events(p->display) < 0) goto failed;
    } else {
        wl_display_cancel_read(p->display);
    }
    if (wl_display_dispatch_queue_pending(p->display, p->queue) < 0) goto failed;
    if (p->out_of_memory) {
        snprintf(p->error, sizeof p->error, "out of memory for the compositor's events");
        return -1;
    }
    return take_events(p, out, max);
failed:
    snprintf(p->error, sizeof p->error, "the connection to the compositor failed");
    return -1;
}

// MARK: - Closing

void sk_wayland_close(sk_wayland *p) {
    if (!p) return;
    int attached = 0;
    for (int i = 0; i < SK_BUFFERS; i++) attached |= p->buffers[i].buffer != NULL;
    if (attached && !wl_display_get_error(p->display)) {
        wl_surface_attach(p->surface, NULL, 0, 0);
        wl_surface_commit(p->surface);
    }
    for (int i = 0; i < SK_BUFFERS; i++) release_buffer(&p->buffers[i]);
    while (p->feedbacks) {
        sk_feedback *next = p->feedbacks->next;
        wp_presentation_feedback_destroy(p->feedbacks->feedback);
        free(p->feedbacks);
        p->feedbacks = next;
    }
    if (p->frame) wl_callback_destroy(p->frame);
    if (p->presentation) wp_presentation_destroy(p->presentation);
    if (p->shm) wl_shm_destroy(p->shm);
    if (p->registry) wl_registry_destroy(p->registry);
    if (p->surface_wrapper) wl_proxy_wrapper_destroy(p->surface_wrapper);
    if (p->display_wrapper) wl_proxy_wrapper_destroy(p->display_wrapper);
    if (!wl_display_get_error(p->display)) wl_display_flush(p->display);
    if (p->queue) wl_event_queue_destroy(p->queue);
    free(p->events);
    free(p);
}

#else   // no wayland-client here

struct sk_wayland { int unused; };

sk_wayland *sk_wayland_open(void *display, void *surface, char *error, size_t error_size) {
    (void)display; (void)surface;
    if (error && error_size) snprintf(error, error_size, "built without wayland-client");
    return NULL;
}
int sk_wayland_fd(const sk_wayland *p) { (void)p; return -1; }
int sk_wayland_has_presentation(const sk_wayland *p) { (void)p; return 0; }
int sk_wayland_clock_id(const sk_wayland *p) { (void)p; return -1; }
int sk_wayland_submit(sk_wayland *p, const void *pixels, int stride, int width, int height,
                      const int32_t *rects, int rect_count, uint32_t *serial) {
    (void)p; (void)pixels; (void)stride; (void)width; (void)height; (void)rects; (void)rect_count; (void)serial;
    return -1;
}
int sk_wayland_poll(sk_wayland *p, sk_wayland_event *out, int max) { (void)p; (void)out; (void)max; return -1; }
int sk_wayland_frame_pending(const sk_wayland *p) { (void)p; return 0; }
int sk_wayland_busy_buffers(const sk_wayland *p) { (void)p; return 0; }
const char *sk_wayland_error(const sk_wayland *p) { (void)p; return "built without wayland-client"; }
void sk_wayland_close(sk_wayland *p) { (void)p; }

#endif
