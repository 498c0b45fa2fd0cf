// See include/sk_present.h.
#define _GNU_SOURCE
#include "sk_present.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t sk_monotonic_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

#if defined(__linux__) && __has_include(<xcb/present.h>) && __has_include(<xcb/shm.h>) \
    && __has_include(<xcb/xfixes.h>) && __has_include(<xcb/randr.h>)
#include <xcb/xcb.h>
#include <xcb/present.h>
#include <xcb/shm.h>
#include <xcb/xfixes.h>
#include <xcb/randr.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#define SK_MAX_RECTS 128
#define SK_REQUESTS 64

/// A present or notify-MSC sent and not yet completed: an X error answering it (found by the request's
/// sequence number) ends that request alone.
typedef struct sk_request {
    uint32_t sequence;       // the request's sequence number on the connection (its low 32 bits)
    uint32_t serial;         // 0: slot free
    xcb_pixmap_t pixmap;     // the pixmap presented; 0 for a notify-MSC
} sk_request;

typedef struct sk_buffer {
    xcb_pixmap_t pixmap;     // 0: not made
    xcb_shm_seg_t segment;
    uint8_t *memory;
    int width, height;
    int busy;                // the server may still read it (presented, no IdleNotify yet)
} sk_buffer;

struct sk_present {
    xcb_connection_t *connection;
    xcb_window_t window;
    uint8_t depth;
    uint32_t event_id;
    xcb_xfixes_region_t region;
    uint32_t serial;
    sk_buffer canvas[2];     // the pixmaps the caller draws into and presents: `current`, and a spare
    int current;
    sk_request requests[SK_REQUESTS];   // a ring: the oldest is overwritten (its error then has no serial)
    int next_request;
    char error[256];
};

static void note_request(sk_present *p, xcb_void_cookie_t cookie, uint32_t serial, xcb_pixmap_t pixmap) {
    p->requests[p->next_request] = (sk_request){ cookie.sequence, serial, pixmap };
    p->next_request = (p->next_request + 1) % SK_REQUESTS;
}

static void forget_request(sk_present *p, uint32_t serial) {
    for (int i = 0; i < SK_REQUESTS; i++) {
        if (p->requests[i].serial == serial) p->requests[i].serial = 0;
    }
}

static void set_error(char *out, size_t size, const char *text) {
    if (out && size) snprintf(out, size, "%s", text);
}

static void release_buffer(sk_present *p, sk_buffer *b) {
    if (b->pixmap) {
        xcb_free_pixmap(p->connection, b->pixmap);
        xcb_shm_detach(p->connection, b->segment);
    }
    if (b->memory) shmdt(b->memory);
    memset(b, 0, sizeof *b);
}

/// Makes `b` a `width` × `height` shared-memory pixmap. 0 on success.
static int make_buffer(sk_present *p, sk_buffer *b, int width, int height) {
    release_buffer(p, b);
    size_t bytes = (size_t)width * (size_t)height * 4;
    int id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
    if (id < 0) { snprintf(p->error, sizeof p->error, "shmget of %zu bytes failed", bytes); return -1; }
    void *memory = shmat(id, NULL, 0);
    if (memory == (void *)-1) {
        shmctl(id, IPC_RMID, NULL);
        snprintf(p->error, sizeof p->error, "shmat failed");
        return -1;
    }
    b->segment = xcb_generate_id(p->connection);
    xcb_generic_error_t *e = xcb_request_check(p->connection,
        xcb_shm_attach_checked(p->connection, b->segment, (uint32_t)id, 0));
    shmctl(id, IPC_RMID, NULL);   // freed once both sides detach
    if (e) {
        free(e);
        shmdt(memory);
        b->segment = 0;
        snprintf(p->error, sizeof p->error, "the X server cannot attach shared memory (a remote display?)");
        return -1;
    }
    b->memory = memory;
    b->pixmap = xcb_generate_id(p->connection);
    xcb_shm_create_pixmap(p->connection, b->pixmap, p->window, (uint16_t)width, (uint16_t)height,
                          p->depth, b->segment, 0);
    b->width = width;
    b->height = height;
    b->busy = 0;
    return 0;
}

/// Whether `window`'s visual is TrueColor or DirectColor (SDL 2 picks DirectColor where there is one, for
/// gamma ramps) with 8-bit red, green and blue at bits 16, 8 and 0: the layout of SDL_PIXELFORMAT_XRGB8888,
/// which the canvas draws.
static int is_xrgb_visual(xcb_connection_t *c, xcb_window_t window) {
    xcb_get_window_attributes_reply_t *a =
        xcb_get_window_attributes_reply(c, xcb_get_window_attributes(c, window), NULL);
    if (!a) return 0;
    xcb_visualid_t visual = a->visual;
    free(a);
    for (xcb_screen_iterator_t s = xcb_setup_roots_iterator(xcb_get_setup(c)); s.rem; xcb_screen_next(&s)) {
        for (xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(s.data); d.rem; xcb_depth_next(&d)) {
            for (xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data); v.rem; xcb_visualtype_next(&v)) {
                if (v.data->visual_id != visual) continue;
                return (v.data->_class == XCB_VISUAL_CLASS_TRUE_COLOR || v.data->_class == XCB_VISUAL_CLASS_DIRECT_COLOR)
                    && v.data->red_mask == 0xff0000
                    && v.data->green_mask == 0xff00 && v.data->blue_mask == 0xff;
            }
        }
    }
    return 0;
}

sk_present *sk_present_open(const char *display_name, uint32_t window, char *error, size_t error_size) {
    set_error(error, error_size, "");
    if (!window) { set_error(error, error_size, "no X window"); return NULL; }
    xcb_connection_t *c = xcb_connect(display_name, NULL);
    if (!c || xcb_connection_has_error(c)) {
        if (c) xcb_disconnect(c);
        set_error(error, error_size, "cannot open a connection to the X server");
        return NULL;
    }
    const char *missing = NULL;
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c, &xcb_present_id);
    if (!ext || !ext->present) missing = "the X server has no Present extension";
    if (!missing) {
        ext = xcb_get_extension_data(c, &xcb_shm_id);
        if (!ext || !ext->present) missing = "the X server has no MIT-SHM extension";
    }
    if (!missing) {
        ext = xcb_get_extension_data(c, &xcb_xfixes_id);
        if (!ext || !ext->present) missing = "the X server has no XFixes extension";
    }
    if (!missing) {
        xcb_present_query_version_reply_t *v =
            xcb_present_query_version_reply(c, xcb_present_query_version(c, 1, 2), NULL);
        if (!v || v->major_version < 1) missing = "the X server's Present is older than 1.0";
        free(v);
    }
    if (!missing) {
        xcb_xfixes_query_version_reply_t *v =
            xcb_xfixes_query_version_reply(c, xcb_xfixes_query_version(c, 5, 0), NULL);
        if (!v || v->major_version < 2) missing = "the X server's XFixes is older than 2.0";
        free(v);
    }
    uint8_t depth = 0;
    if (!missing) {
        xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(c, xcb_get_geometry(c, window), NULL);
        if (!g) missing = "the window does not exist on this display";
        else if (g->depth != 24 && g->depth != 32) missing = "the window is not 24 or 32 bits deep";
        else depth = g->depth;
        free(g);
    }
    if (!missing && !is_xrgb_visual(c, window)) missing = "the window's pixels are not 32-bit XRGB";
    if (missing) {
        set_error(error, error_size, missing);
        xcb_disconnect(c);
        return NULL;
    }
    sk_present *p = calloc(1, sizeof *p);
    if (!p) { xcb_disconnect(c); set_error(error, error_size, "out of memory"); return NULL; }
    p->connection = c;
    p->window = window;
    p->depth = depth;
    p->event_id = xcb_generate_id(c);
    xcb_generic_error_t *e = xcb_request_check(c, xcb_present_select_input_checked(c, p->event_id, window,
        XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY | XCB_PRESENT_EVENT_MASK_IDLE_NOTIFY
        | XCB_PRESENT_EVENT_MASK_CONFIGURE_NOTIFY));
    if (e) {
        free(e);
        set_error(error, error_size, "cannot select Present events on the window");
        xcb_disconnect(c);
        free(p);
        return NULL;
    }
    p->region = xcb_generate_id(c);
    xcb_xfixes_create_region(c, p->region, 0, NULL);
    // The canvas now, so that a server that refuses shared memory is found at once, not mid-run.
    if (make_buffer(p, &p->canvas[0], 1, 1) != 0) {
        set_error(error, error_size, p->error);
        sk_present_close(p);
        return NULL;
    }
    xcb_flush(c);
    return p;
}

int sk_present_fd(const sk_present *p) {
    return p ? xcb_get_file_descriptor(p->connection) : -1;
}

const char *sk_present_error(const sk_present *p) {
    return p ? p->error : "no connection";
}

void *sk_present_canvas(sk_present *p, int width, int height, int *stride) {
    if (!p || width <= 0 || height <= 0 || width > 32767 || height > 32767) {
        if (p) snprintf(p->error, sizeof p->error, "bad canvas size %dx%d", width, height);
        return NULL;
    }
    sk_buffer *b = &p->canvas[p->current];
    if (!b->pixmap || b->width != width || b->height != height) {
        // The new size in the spare's place, so that on an error the current canvas (whose memory the caller
        // draws into) stays as it was. A pixmap the server still reads may be freed: the server holds it
        // until its present is done, and the shared memory until it detaches too.
        // The old canvas stays mapped as the spare (of its old size: a switch makes it again at this one),
        // so that the caller may draw into it until it has moved to the new memory.
        sk_buffer *spare = &p->canvas[1 - p->current];
        if (make_buffer(p, spare, width, height) != 0) return NULL;
        p->current = 1 - p->current;
        b = spare;
    }
    if (stride) *stride = b->width * 4;
    return b->memory;
}

int sk_present_canvas_busy(const sk_present *p) {
    return p && p->canvas[p->current].pixmap && p->canvas[p->current].busy;
}

void *sk_present_canvas_switch(sk_present *p) {
    if (!p) return NULL;
    sk_buffer *from = &p->canvas[p->current], *to = &p->canvas[1 - p->current];
    if (!from->pixmap || !from->busy) return from->memory;
    const int same_size = to->width == from->width && to->height == from->height;
    if (to->pixmap && to->busy && same_size) return NULL;
    if (!to->pixmap || !same_size) {   // (a pixmap of the old size may be freed while the server reads it)
        if (make_buffer(p, to, from->width, from->height) != 0) return NULL;
    }
    // The server only reads `from`: its pixels are the last frame, which the next one is drawn over.
    memcpy(to->memory, from->memory, (size_t)from->width * (size_t)from->height * 4);
    p->current = 1 - p->current;
    return to->memory;
}

int sk_present_canvas_submit(sk_present *p, const int32_t *rects, int rect_count, uint64_t target_msc,
                             uint32_t *serial) {
    if (!p || !p->canvas[p->current].pixmap) {
        if (p) snprintf(p->error, sizeof p->error, "no canvas to present");
        return -1;
    }
    sk_buffer *b = &p->canvas[p->current];
    int width = b->width, height = b->height;
    // The rectangles, clipped to the canvas; too many (or none) become the whole canvas. The window keeps
    // its pixels outside them (copy mode), so the server copies only them.
    xcb_rectangle_t clipped[SK_MAX_RECTS];
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
            clipped[n++] = (xcb_rectangle_t){ (int16_t)x0, (int16_t)y0, (uint16_t)(x1 - x0), (uint16_t)(y1 - y0) };
        }
        if (n == 0) return 2;   // nothing visible changed: nothing to show, nothing sent
    } else {
        clipped[n++] = (xcb_rectangle_t){ 0, 0, (uint16_t)width, (uint16_t)height };
    }
    xcb_xfixes_set_region(p->connection, p->region, (uint32_t)n, clipped);
    uint32_t s = ++p->serial;
    if (s == 0) s = ++p->serial;
    xcb_void_cookie_t cookie = xcb_present_pixmap(p->connection, p->window, b->pixmap, s,
                       0,            // valid: the whole pixmap
                       p->region,    // update: the changed rectangles only
                       0, 0,         // offset
                       0,            // target CRTC: the server's choice
                       0, 0,         // no wait or idle fences
                       XCB_PRESENT_OPTION_COPY,   // never flip: the window keeps pixels outside the region
                       target_msc, 0, 0, 0, NULL);
    note_request(p, cookie, s, b->pixmap);
    b->busy = 1;
    if (xcb_flush(p->connection) <= 0) {
        snprintf(p->error, sizeof p->error, "the connection to the X server failed");
        return -1;
    }
    if (serial) *serial = s;
    return 1;
}

int sk_present_notify_msc(sk_present *p, uint64_t target_msc, uint32_t *serial) {
    if (!p) return -1;
    uint32_t s = ++p->serial;
    if (s == 0) s = ++p->serial;
    note_request(p, xcb_present_notify_msc(p->connection, p->window, s, target_msc, 0, 0), s, 0);
    if (xcb_flush(p->connection) <= 0) {
        snprintf(p->error, sizeof p->error, "the connection to the X server failed");
        return -1;
    }
    if (serial) *serial = s;
    return 1;
}

int sk_present_poll(sk_present *p, sk_present_event *out, int max) {
    if (!p) return -1;
    int n = 0;
    xcb_generic_event_t *event;
    while (n < max && (event = xcb_poll_for_event(p->connection)) != NULL) {
        uint8_t type = event->response_type & 0x7f;
        if (type == 0) {
            // An error ends the request it answers, nothing else: a present's frame is not shown (and its
            // pixmap is not read), a notify never completes, a request of no serial is only reported.
            xcb_generic_error_t *e = (xcb_generic_error_t *)event;
            snprintf(p->error, sizeof p->error, "the X server refused a request (error %u, major %u, minor %u)",
                     e->error_code, e->major_code, e->minor_code);
            sk_present_event failed = { .kind = SK_PRESENT_FAILED, .error_code = e->error_code };
            for (int i = 0; i < SK_REQUESTS; i++) {
                sk_request *r = &p->requests[i];
                if (!r->serial || r->sequence != e->full_sequence) continue;
                failed.serial = r->serial;
                failed.is_frame = r->pixmap != 0;
                for (int k = 0; k < 2; k++) {
                    if (r->pixmap && p->canvas[k].pixmap == r->pixmap) p->canvas[k].busy = 0;
                }
                r->serial = 0;
                break;
            }
            out[n++] = failed;
        } else if (type == XCB_GE_GENERIC) {
            xcb_present_generic_event_t *g = (xcb_present_generic_event_t *)event;
            if (g->event == p->event_id) {
                if (g->evtype == XCB_PRESENT_EVENT_COMPLETE_NOTIFY) {
                    xcb_present_complete_notify_event_t *c = (xcb_present_complete_notify_event_t *)event;
                    forget_request(p, c->serial);
                    out[n++] = (sk_present_event){
                        .kind = SK_PRESENT_COMPLETE, .serial = c->serial, .ust = c->ust, .msc = c->msc,
                        .is_frame = c->kind == XCB_PRESENT_COMPLETE_KIND_PIXMAP, .mode = c->mode };
                } else if (g->evtype == XCB_PRESENT_EVENT_IDLE_NOTIFY) {
                    xcb_present_idle_notify_event_t *i = (xcb_present_idle_notify_event_t *)event;
                    for (int k = 0; k < 2; k++) {   // not a pixmap remade since
                        if (p->canvas[k].pixmap == i->pixmap) p->canvas[k].busy = 0;
                    }
                    out[n++] = (sk_present_event){ .kind = SK_PRESENT_IDLE, .serial = i->serial };
                } else if (g->evtype == XCB_PRESENT_EVENT_CONFIGURE_NOTIFY) {
                    xcb_present_configure_notify_event_t *c = (xcb_present_configure_notify_event_t *)event;
                    out[n++] = (sk_present_event){ .kind = SK_PRESENT_CONFIGURE, .width = c->width, .height = c->height };
                }
            }
        }
        free(event);
    }
    if (xcb_connection_has_error(p->connection)) {
        snprintf(p->error, sizeof p->error, "the connection to the X server failed");
        return -1;
    }
    return n;
}

double sk_present_mode_refresh(sk_present *p) {
    if (!p) return 0;
    xcb_connection_t *c = p->connection;
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c, &xcb_randr_id);
    if (!ext || !ext->present) return 0;
    xcb_randr_query_version_reply_t *v = xcb_randr_query_version_reply(c, xcb_randr_query_version(c, 1, 3), NULL);
    int ok = v && (v->major_version > 1 || v->minor_version >= 3);
    free(v);
    if (!ok) return 0;
    // The window's centre decides which CRTC drives it.
    xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(c, xcb_get_geometry(c, p->window), NULL);
    if (!g) return 0;
    xcb_window_t root = g->root;
    int16_t cx = (int16_t)(g->width / 2), cy = (int16_t)(g->height / 2);
    free(g);
    xcb_translate_coordinates_reply_t *t =
        xcb_translate_coordinates_reply(c, xcb_translate_coordinates(c, p->window, root, cx, cy), NULL);
    if (t) { cx = t->dst_x; cy = t->dst_y; free(t); }
    xcb_randr_get_screen_resources_current_reply_t *res = xcb_randr_get_screen_resources_current_reply(
        c, xcb_randr_get_screen_resources_current(c, root), NULL);
    if (!res) return 0;
    double best = 0;
    xcb_randr_crtc_t *crtcs = xcb_randr_get_screen_resources_current_crtcs(res);
    xcb_randr_mode_info_t *modes = xcb_randr_get_screen_resources_current_modes(res);
    int mode_count = xcb_randr_get_screen_resources_current_modes_length(res);
    for (int i = 0; i < xcb_randr_get_screen_resources_current_crtcs_length(res); i++) {
        xcb_randr_get_crtc_info_reply_t *info = xcb_randr_get_crtc_info_reply(
            c, xcb_randr_get_crtc_info(c, crtcs[i], res->config_timestamp), NULL);
        if (!info) continue;
        int inside = info->mode && cx >= info->x && cy >= info->y
            && cx < info->x + info->width && cy < info->y + info->height;
        if (inside) {
            for (int m = 0; m < mode_count; m++) {
                if (modes[m].id != info->mode) continue;
                double dots = (double)modes[m].htotal * (double)modes[m].vtotal;
                if (modes[m].mode_flags & XCB_RANDR_MODE_FLAG_DOUBLE_SCAN) dots *= 2;
                if (modes[m].mode_flags & XCB_RANDR_MODE_FLAG_INTERLACE) dots /= 2;
                if (dots > 0 && modes[m].dot_clock > 0) best = (double)modes[m].dot_clock / dots;
            }
        }
        free(info);
        if (best > 0) break;
    }
    free(res);
    return best;
}

void sk_present_close(sk_present *p) {
    if (!p) return;
    release_buffer(p, &p->canvas[0]);
    release_buffer(p, &p->canvas[1]);
    if (p->region) xcb_xfixes_destroy_region(p->connection, p->region);
    xcb_flush(p->connection);
    xcb_disconnect(p->connection);
    free(p);
}

#else   // no X11 Present here

struct sk_present { int unused; };

sk_present *sk_present_open(const char *display_name, uint32_t window, char *error, size_t error_size) {
    (void)display_name; (void)window;
    if (error && error_size) snprintf(error, error_size, "built without xcb-present");
    return NULL;
}
int sk_present_fd(const sk_present *p) { (void)p; return -1; }
void *sk_present_canvas(sk_present *p, int width, int height, int *stride) {
    (void)p; (void)width; (void)height; (void)stride; return NULL;
}
int sk_present_canvas_busy(const sk_present *p) { (void)p; return 0; }
void *sk_present_canvas_switch(sk_present *p) { (void)p; return NULL; }
int sk_present_canvas_submit(sk_present *p, const int32_t *rects, int rect_count, uint64_t target_msc,
                             uint32_t *serial) {
    (void)p; (void)rects; (void)rect_count; (void)target_msc; (void)serial; return -1;
}
int sk_present_notify_msc(sk_present *p, uint64_t target_msc, uint32_t *serial) {
    (void)p; (void)target_msc; (void)serial; return -1;
}
int sk_present_poll(sk_present *p, sk_present_event *out, int max) { (void)p; (void)out; (void)max; return -1; }
const char *sk_present_error(const sk_present *p) { (void)p; return "built without xcb-present"; }
void sk_present_close(sk_present *p) { (void)p; }
double sk_present_mode_refresh(sk_present *p) { (void)p; return 0; }

#endif
