// Frames on a bare console through KMS: see sk_kms.h.

#define _GNU_SOURCE
#include "sk_kms.h"

#include "sk_keymap.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__) && __has_include(<xf86drmMode.h>)
#define SK_HAVE_KMS 1
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <drm_fourcc.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#endif

static volatile sig_atomic_t sk_signal = 0;
static void sk_on_signal(int sig) { sk_signal = sig; }

void sk_kms_watch_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sk_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int sk_kms_signalled(void) { return sk_signal; }

static void sk_set(char *out, size_t size, const char *fmt, const char *a, const char *b) {
    if (out && size) snprintf(out, size, fmt, a ? a : "", b ? b : "");
}

#if SK_HAVE_KMS

#define SK_MAX_BUFFERS 3

typedef struct sk_kms_buffer {
    uint32_t handle, fb_id, pitch;
    uint64_t size;
    uint8_t *map;
    uint64_t drawn_at;   // the flip count when it was last put on screen (0: never drawn)
} sk_kms_buffer;

struct sk_kms {
    int fd;
    char path[64], driver[64], connector_name[64];
    uint32_t connector_id, crtc_id, plane_id;
    int crtc_index;
    drmModeModeInfo mode;
    int width, height;          // the canvas
    int has_vblank, atomic;
    uint32_t prop_fb_id, prop_damage;
    drmModeCrtc *saved;         // the console's CRTC, put back at close
    sk_kms_buffer buffers[SK_MAX_BUFFERS];
    int count;
    int front, pending;         // buffer indices, -1 none
    int modeset;                // the CRTC was set
    uint32_t serial;
    uint64_t flips;             // flips shown (a buffer's age is flips - drawn_at + 1)
    sk_kms_flip_event events[8];
    int nevents;
    char error[256];
};


int sk_kms_available(void) {
    const char *env = getenv("SCROLLKIT_DRM_DEVICE");
    if (env && *env) return 1;   // asked for by name: a missing card is sk_kms_open's clear error, not "no display"
    DIR *d = opendir("/dev/dri");
    if (!d) return 0;
    struct dirent *e;
    int found = 0;
    while ((e = readdir(d))) if (strncmp(e->d_name, "card", 4) == 0) { found = 1; break; }
    closedir(d);
    return found;
}

// The first connected connector of `fd` with a mode, and a CRTC it can use.
static int sk_pick_output(sk_kms *k, char *why, size_t why_size) {
    drmModeRes *res = drmModeGetResources(k->fd);
    if (!res) { sk_set(why, why_size, "%s has no KMS resources (not a display card)%s", k->path, ""); return -1; }
    int ok = -1;
    for (int i = 0; i < res->count_connectors && ok < 0; i++) {
        drmModeConnector *c = drmModeGetConnector(k->fd, res->connectors[i]);
        if (!c) continue;
        if (c->connection == DRM_MODE_CONNECTED && c->count_modes > 0) {
            // The CRTC: the encoder's current one, else the first its encoders can drive.
            uint32_t crtc = 0; int index = -1;
            for (int e = 0; e < c->count_encoders && !crtc; e++) {
                drmModeEncoder *enc = drmModeGetEncoder(k->fd, c->encoders[e]);
                if (!enc) continue;
                for (int j = 0; j < res->count_crtcs; j++) {
                    if (enc->crtc_id == res->crtcs[j] || (!enc->crtc_id && (enc->possible_crtcs & (1u << j)))) {
                        crtc = res->crtcs[j]; index = j; break;
                    }
                }
                drmModeFreeEncoder(enc);
            }
            if (crtc) {
                k->connector_id = c->connector_id;
                k->crtc_id = crtc;
                k->crtc_index = index;
                // The preferred mode, else the first.
                k->mode = c->modes[0];
                for (int m = 0; m < c->count_modes; m++)
                    if (c->modes[m].type & DRM_MODE_TYPE_PREFERRED) { k->mode = c->modes[m]; break; }
                if (k->width > 0 && k->height > 0) {
                    for (int m = 0; m < c->count_modes; m++)
                        if (c->modes[m].hdisplay == k->width && c->modes[m].vdisplay == k->height) { k->mode = c->modes[m]; break; }
                }
                const char *type = drmModeGetConnectorTypeName(c->connector_type);
                snprintf(k->connector_name, sizeof k->connector_name, "%s-%u", type ? type : "Unknown", c->connector_type_id);
                ok = 0;
            }
        }
        drmModeFreeConnector(c);
    }
    drmModeFreeResources(res);
    if (ok < 0) sk_set(why, why_size, "%s has no connected output with a mode%s", k->path, "");
    return ok;
}

static uint32_t sk_prop(int fd, uint32_t object, uint32_t type, const char *name, uint64_t *value) {
    drmModeObjectProperties *props = drmModeObjectGetProperties(fd, object, type);
    if (!props) return 0;
    uint32_t id = 0;
    for (uint32_t i = 0; i < props->count_props && !id; i++) {
        drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
        if (!p) continue;
        if (strcmp(p->name, name) == 0) { id = p->prop_id; if (value) *value = props->prop_values[i]; }
        drmModeFreeProperty(p);
    }
    drmModeFreeObjectProperties(props);
    return id;
}

// Atomic where the driver has it: the primary plane of our CRTC and its FB_ID (and FB_DAMAGE_CLIPS) properties.
static void sk_pick_atomic(sk_kms *k) {
    if (getenv("SCROLLKIT_KMS_LEGACY")) return;
    if (drmSetClientCap(k->fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1) != 0) return;
    if (drmSetClientCap(k->fd, DRM_CLIENT_CAP_ATOMIC, 1) != 0) return;
    drmModePlaneRes *planes = drmModeGetPlaneResources(k->fd);
    if (!planes) return;
    for (uint32_t i = 0; i < planes->count_planes && !k->plane_id; i++) {
        drmModePlane *p = drmModeGetPlane(k->fd, planes->planes[i]);
        if (!p) continue;
        uint64_t type = 0;
        if ((p->possible_crtcs & (1u << k->crtc_index)) && sk_prop(k->fd, p->plane_id, DRM_MODE_OBJECT_PLANE, "type", &type)
            && type == DRM_PLANE_TYPE_PRIMARY) {
            k->plane_id = p->plane_id;
            k->prop_fb_id = sk_prop(k->fd, p->plane_id, DRM_MODE_OBJECT_PLANE, "FB_ID", NULL);
            k->prop_damage = sk_prop(k->fd, p->plane_id, DRM_MODE_OBJECT_PLANE, "FB_DAMAGE_CLIPS", NULL);
        }
        drmModeFreePlane(p);
    }
    drmModeFreePlaneResources(planes);
    k->atomic = k->plane_id && k->prop_fb_id;
}

static void sk_free_buffers(sk_kms *k) {
    for (int i = 0; i < k->count; i++) {
        sk_kms_buffer *b = &k->buffers[i];
        if (b->map && b->map != MAP_FAILED) munmap(b->map, b->size);
        if (b->fb_id) drmModeRmFB(k->fd, b->fb_id);
        if (b->handle) {
            struct drm_mode_destroy_dumb d = { .handle = b->handle };
            drmIoctl(k->fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d);
        }
        memset(b, 0, sizeof *b);
    }
    k->count = 0;
}

static int sk_make_buffers(sk_kms *k, int n, char *why, size_t why_size) {
    for (int i = 0; i < n; i++) {
        sk_kms_buffer *b = &k->buffers[i];
        struct drm_mode_create_dumb c = { .width = k->mode.hdisplay, .height = k->mode.vdisplay, .bpp = 32 };
        if (drmIoctl(k->fd, DRM_IOCTL_MODE_CREATE_DUMB, &c) != 0) {
            sk_set(why, why_size, "%s: cannot make a dumb buffer (%s)", k->path, strerror(errno)); return -1;
        }
        b->handle = c.handle; b->pitch = c.pitch; b->size = c.size;
        k->count = i + 1;
        uint32_t handles[4] = { c.handle }, pitches[4] = { c.pitch }, offsets[4] = { 0 };
        if (drmModeAddFB2(k->fd, k->mode.hdisplay, k->mode.vdisplay, DRM_FORMAT_XRGB8888, handles, pitches, offsets, &b->fb_id, 0) != 0) {
            sk_set(why, why_size, "%s: cannot make a framebuffer (%s)", k->path, strerror(errno)); return -1;
        }
        struct drm_mode_map_dumb m = { .handle = c.handle };
        if (drmIoctl(k->fd, DRM_IOCTL_MODE_MAP_DUMB, &m) != 0) {
            sk_set(why, why_size, "%s: cannot map a dumb buffer (%s)", k->path, strerror(errno)); return -1;
        }
        b->map = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, k->fd, m.offset);
        if (b->map == MAP_FAILED) { b->map = NULL; sk_set(why, why_size, "%s: cannot map a dumb buffer (%s)", k->path, strerror(errno)); return -1; }
        memset(b->map, 0, c.size);
    }
    return 0;
}

static sk_kms *sk_open_one(const char *path, int width, int height, int buffers, char *why, size_t why_size, int quiet_unconnected) {
    sk_kms *k = calloc(1, sizeof *k);
    if (!k) { sk_set(why, why_size, "out of memory%s%s", "", ""); return NULL; }
    snprintf(k->path, sizeof k->path, "%s", path);
    k->front = k->pending = -1;
    k->width = width; k->height = height;
    k->fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (k->fd < 0) {
        char e[96]; snprintf(e, sizeof e, "%s", strerror(errno));
        sk_set(why, why_size, "cannot open %s (%s)", path, e); free(k); return NULL;
    }
    drmVersion *v = drmGetVersion(k->fd);
    snprintf(k->driver, sizeof k->driver, "%s", v && v->name ? v->name : "unknown");
    if (v) drmFreeVersion(v);
    uint64_t dumb = 0;
    if (drmGetCap(k->fd, DRM_CAP_DUMB_BUFFER, &dumb) != 0 || !dumb) {
        sk_set(why, why_size, "%s (%s) has no dumb buffers", path, k->driver); close(k->fd); free(k); return NULL;
    }
    if (sk_pick_output(k, why, why_size) != 0) { (void)quiet_unconnected; close(k->fd); free(k); return NULL; }
    // DRM master: the first opener has it; else ask (a VT switch may have dropped it). Another program's master
    // is a clear error, not a silent black screen.
    if (!drmIsMaster(k->fd) && drmSetMaster(k->fd) != 0) {
        sk_set(why, why_size, "%s is in use: another program is its DRM master (a compositor, or a second instance)%s", path, "");
        close(k->fd); free(k); return NULL;
    }
    if (k->width <= 0 || k->height <= 0 || k->width > k->mode.hdisplay || k->height > k->mode.vdisplay) {
        k->width = k->mode.hdisplay; k->height = k->mode.vdisplay;
    }
    uint64_t seq = 0, ns = 0;
    k->has_vblank = drmCrtcGetSequence(k->fd, k->crtc_id, &seq, &ns) == 0 && !getenv("SCROLLKIT_KMS_NO_VBLANK");
    sk_pick_atomic(k);
    k->saved = drmModeGetCrtc(k->fd, k->crtc_id);
    if (buffers < 2) buffers = 2;
    if (buffers > SK_MAX_BUFFERS) buffers = SK_MAX_BUFFERS;
    if (sk_make_buffers(k, buffers, why, why_size) != 0) { sk_kms_close(k); return NULL; }
    return k;
}

sk_kms *sk_kms_open(const char *path, int width, int height, int buffers, char *error, size_t error_size) {
    if (!path || !*path) path = getenv("SCROLLKIT_DRM_DEVICE");
    if (path && *path) return sk_open_one(path, width, height, buffers, error, error_size, 0);
    char first[256] = "";
    for (int i = 0; i < 16; i++) {
        char p[32]; snprintf(p, sizeof p, "/dev/dri/card%d", i);
        if (access(p, F_OK) != 0) continue;
        char why[256] = "";
        sk_kms *k = sk_open_one(p, width, height, buffers, why, sizeof why, 1);
        if (k) return k;
        if (!first[0]) snprintf(first, sizeof first, "%s", why);
    }
    sk_set(error, error_size, "%s%s", first[0] ? first : "no DRM card (/dev/dri/card*)", "");
    return NULL;
}

int sk_kms_fd(const sk_kms *k) { return k ? k->fd : -1; }
const char *sk_kms_path(const sk_kms *k) { return k ? k->path : ""; }
const char *sk_kms_driver(const sk_kms *k) { return k ? k->driver : ""; }
const char *sk_kms_connector(const sk_kms *k) { return k ? k->connector_name : ""; }
void sk_kms_size(const sk_kms *k, int *w, int *h) { if (w) *w = k ? k->width : 0; if (h) *h = k ? k->height : 0; }
int sk_kms_refresh_mhz(const sk_kms *k) {
    if (!k || !k->mode.htotal || !k->mode.vtotal) return 0;
    return (int)((uint64_t)k->mode.clock * 1000000ull / ((uint64_t)k->mode.htotal * k->mode.vtotal));
}
int sk_kms_has_vblank(const sk_kms *k) { return k ? k->has_vblank : 0; }
int sk_kms_is_atomic(const sk_kms *k) { return k ? k->atomic : 0; }
int sk_kms_buffer_count(const sk_kms *k) { return k ? k->count : 0; }
const char *sk_kms_error(const sk_kms *k) { return k ? k->error : "no card"; }
int sk_kms_front(const sk_kms *k) { return k ? k->front : -1; }
int sk_kms_flip_pending(const sk_kms *k) { return k && k->pending >= 0; }

const void *sk_kms_pixels(const sk_kms *k, int index) {
    return k && index >= 0 && index < k->count ? k->buffers[index].map : NULL;
}

void *sk_kms_back(sk_kms *k, int *stride, int *index, int *age) {
    if (!k) return NULL;
    // The least recently shown buffer that is neither on screen nor pending (the oldest contents: a triple
    // buffer never waits on the one just queued).
    int best = -1;
    for (int i = 0; i < k->count; i++) {
        if (i == k->front || i == k->pending) continue;
        if (best < 0 || k->buffers[i].drawn_at < k->buffers[best].drawn_at) best = i;
    }
    if (best < 0) return NULL;
    sk_kms_buffer *b = &k->buffers[best];
    if (stride) *stride = (int)b->pitch;
    if (index) *index = best;
    if (age) *age = b->drawn_at ? (int)(k->flips - b->drawn_at + 1) : 0;
    return b->map;
}

void sk_kms_repair(sk_kms *k, int index, const int32_t *rects, int count) {
    if (!k || index < 0 || index >= k->count || k->front < 0 || k->front == index) return;
    const sk_kms_buffer *from = &k->buffers[k->front];
    sk_kms_buffer *to = &k->buffers[index];
    int all[4] = { 0, 0, k->width, k->height };
    if (!rects) { rects = all; count = 1; }
    for (int i = 0; i < count; i++) {
        int x = rects[4 * i], y = rects[4 * i + 1], x2 = x + rects[4 * i + 2], y2 = y + rects[4 * i + 3];
        if (x < 0) x = 0;
        if (y < 0) y = 0;
        if (x2 > k->width) x2 = k->width;
        if (y2 > k->height) y2 = k->height;
        if (x2 <= x || y2 <= y) continue;
        for (int row = y; row < y2; row++)
            memcpy(to->map + (size_t)row * to->pitch + (size_t)x * 4, from->map + (size_t)row * from->pitch + (size_t)x * 4, (size_t)(x2 - x) * 4);
    }
}

static void sk_flip_done(int fd, unsigned int sequence, unsigned int sec, unsigned int usec, unsigned int crtc, void *data) {
    (void)fd; (void)crtc;
    sk_kms *k = data;
    if (k->pending >= 0) { k->front = k->pending; k->pending = -1; }
    if (k->nevents < (int)(sizeof k->events / sizeof k->events[0])) {
        k->events[k->nevents++] = (sk_kms_flip_event){ .serial = k->serial, .sequence = sequence,
                                                        .time_ns = (uint64_t)sec * 1000000000ull + (uint64_t)usec * 1000ull };
    }
}

int sk_kms_flip(sk_kms *k, const int32_t *rects, int count, uint32_t *serial) {
    if (!k) return -1;
    if (k->pending >= 0) return 0;
    int index = -1;
    if (!sk_kms_back(k, NULL, &index, NULL)) return 0;
    sk_kms_buffer *b = &k->buffers[index];
    k->error[0] = 0;
    // The damage, clipped to the canvas (FB_DAMAGE_CLIPS and DIRTYFB take x1, y1, x2, y2 boxes).
    drmModeClip clips[64];
    int nclips = 0;
    for (int i = 0; rects && i < count && nclips < 64; i++) {
        int x = rects[4 * i], y = rects[4 * i + 1], w = rects[4 * i + 2], h = rects[4 * i + 3];
        int x2 = x + w, y2 = y + h;
        if (x < 0) x = 0;
        if (y < 0) y = 0;
        if (x2 > k->width) x2 = k->width;
        if (y2 > k->height) y2 = k->height;
        if (x2 <= x || y2 <= y) continue;
        clips[nclips++] = (drmModeClip){ (uint16_t)x, (uint16_t)y, (uint16_t)x2, (uint16_t)y2 };
    }
    if (rects && count > 64) nclips = 0;   // too many: all of it
    if (!k->modeset) {
        uint32_t conn = k->connector_id;
        if (drmModeSetCrtc(k->fd, k->crtc_id, b->fb_id, 0, 0, &conn, 1, &k->mode) != 0) {
            snprintf(k->error, sizeof k->error, "cannot set the mode on %s (%s)", k->path, strerror(errno));
            return -1;
        }
        k->modeset = 1;
        k->front = index;
        k->flips++;
        b->drawn_at = k->flips;
        k->serial++;
        if (serial) *serial = k->serial;
        // A modeset has no flip event: report it shown now.
        struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
        uint64_t seq = 0, ns = 0;
        if (k->has_vblank && drmCrtcGetSequence(k->fd, k->crtc_id, &seq, &ns) == 0) {}
        else { seq = 0; ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec; }
        if (k->nevents < 8) k->events[k->nevents++] = (sk_kms_flip_event){ k->serial, seq, ns };
        return 1;
    }
    int rc;
    if (k->atomic) {
        drmModeAtomicReq *req = drmModeAtomicAlloc();
        uint32_t blob = 0;
        drmModeAtomicAddProperty(req, k->plane_id, k->prop_fb_id, b->fb_id);
        if (k->prop_damage && nclips > 0 && drmModeCreatePropertyBlob(k->fd, clips, sizeof(drmModeClip) * (size_t)nclips, &blob) == 0)
            drmModeAtomicAddProperty(req, k->plane_id, k->prop_damage, blob);
        rc = drmModeAtomicCommit(k->fd, req, DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK, k);
        drmModeAtomicFree(req);
        if (blob) drmModeDestroyPropertyBlob(k->fd, blob);
    } else {
        if (nclips > 0) drmModeDirtyFB(k->fd, b->fb_id, clips, (uint32_t)nclips);   // ENOSYS where the driver needs none
        rc = drmModePageFlip(k->fd, k->crtc_id, b->fb_id, DRM_MODE_PAGE_FLIP_EVENT, k);
    }
    if (rc != 0) {
        if (errno == EBUSY) return 0;
        snprintf(k->error, sizeof k->error, "page flip on %s failed (%s)", k->path, strerror(errno));
        return -1;
    }
    k->pending = index;
    k->flips++;
    b->drawn_at = k->flips;
    k->serial++;
    if (serial) *serial = k->serial;
    return 1;
}

int sk_kms_poll(sk_kms *k, sk_kms_flip_event *events, int capacity) {
    if (!k) return -1;
    struct pollfd p = { .fd = k->fd, .events = POLLIN };
    while (k->nevents < 8 && poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
        drmEventContext ctx = { .version = 3, .page_flip_handler2 = sk_flip_done };
        int before = k->nevents;
        if (drmHandleEvent(k->fd, &ctx) != 0) {
            if (errno == EAGAIN) break;
            snprintf(k->error, sizeof k->error, "reading %s's events failed (%s)", k->path, strerror(errno));
            return -1;
        }
        if (k->nevents == before) break;
    }
    int n = k->nevents < capacity ? k->nevents : capacity;
    if (events && n > 0) memcpy(events, k->events, sizeof events[0] * (size_t)n);
    memmove(k->events, k->events + n, sizeof k->events[0] * (size_t)(k->nevents - n));
    k->nevents -= n;
    return n;
}

int sk_kms_drop_master(sk_kms *k) { return k ? drmDropMaster(k->fd) : -1; }
int sk_kms_take_master(sk_kms *k) {
    if (!k || drmSetMaster(k->fd) != 0) return -1;
    // The other program (the text console, a compositor) set its own mode: ours again, with the frame on screen
    // when we left (its buffer still holds it), else on the next frame.
    k->modeset = 0;
    if (k->pending >= 0) { k->front = k->pending; k->pending = -1; }   // its event may never come now
    if (k->front >= 0) {
        uint32_t conn = k->connector_id;
        if (drmModeSetCrtc(k->fd, k->crtc_id, k->buffers[k->front].fb_id, 0, 0, &conn, 1, &k->mode) == 0) k->modeset = 1;
    }
    return 0;
}
int sk_kms_is_master(const sk_kms *k) { return k ? drmIsMaster(k->fd) : 0; }

void sk_kms_close(sk_kms *k) {
    if (!k) return;
    if (k->pending >= 0) {   // let the last flip land before its buffer goes
        struct pollfd p = { .fd = k->fd, .events = POLLIN };
        if (poll(&p, 1, 100) > 0) sk_kms_poll(k, NULL, 0);
    }
    if (k->saved && drmIsMaster(k->fd)) {
        uint32_t conn = k->connector_id;
        if (k->saved->buffer_id && k->saved->mode_valid)
            drmModeSetCrtc(k->fd, k->saved->crtc_id, k->saved->buffer_id, k->saved->x, k->saved->y, &conn, 1, &k->saved->mode);
        else
            drmModeSetCrtc(k->fd, k->crtc_id, 0, 0, 0, NULL, 0, NULL);
    }
    if (k->saved) drmModeFreeCrtc(k->saved);
    sk_free_buffers(k);
    if (drmIsMaster(k->fd)) drmDropMaster(k->fd);
    close(k->fd);
    free(k);
}

int sk_kms_wait(const int *fds, int n, double seconds) {
    struct pollfd p[32];
    int m = 0;
    for (int i = 0; i < n && m < 32; i++) if (fds[i] >= 0) p[m++] = (struct pollfd){ .fd = fds[i], .events = POLLIN };
    if (!(seconds > 0)) seconds = 0;
    if (seconds > 10) seconds = 10;
    struct timespec ts = { (time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9) };
    int r = ppoll(p, (nfds_t)m, &ts, NULL);
    if (r < 0) return errno == EINTR ? 0 : -1;
    return r > 0;
}

// MARK: - Input

#define SK_MAX_DEVICES 16
#define SK_MAX_SLOTS 10

typedef struct sk_input_device {
    int fd, absolute, touch, mt;
    struct input_absinfo ax, ay;
    double x, y;
    int moved, slot;
    struct { int id, changed; double x, y; } slots[SK_MAX_SLOTS];
    int touch_down, touch_changed;
} sk_input_device;

struct sk_kms_input {
    sk_input_device devices[SK_MAX_DEVICES];
    int count;
    sk_kms_input_event queue[64];
    int queued;
    // Key repeat: a timer of our own (the kernel's repeats, evdev value 2, are dropped), armed while the last
    // key pressed that repeats is held; the delay and rate are the keyboard's (EVIOCGREP: what kbdrate set for
    // the console), else 600 ms and 25 a second.
    int timer_fd;
    int repeat_code, repeat_device;   // -1: none held
    int delay_ms, period_ms;
    const sk_keymap *keymap;           // which keys repeat (NULL: all but the modifiers)
};

#define SK_BIT(array, bit) ((array)[(bit) / (8 * sizeof(long))] & (1ul << ((bit) % (8 * sizeof(long)))))

sk_kms_input *sk_kms_input_open(char *error, size_t error_size) {
    sk_kms_input *in = calloc(1, sizeof *in);
    if (!in) return NULL;
    DIR *d = opendir("/dev/input");
    if (!d) { sk_set(error, error_size, "no /dev/input%s%s", "", ""); free(in); return NULL; }
    struct dirent *e;
    while ((e = readdir(d)) && in->count < SK_MAX_DEVICES) {
        if (strncmp(e->d_name, "event", 5) != 0) continue;
        char path[300]; snprintf(path, sizeof path, "/dev/input/%s", e->d_name);
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) continue;
        unsigned long ev[1] = {0}, keys[KEY_MAX / (8 * sizeof(long)) + 1] = {0}, abs[ABS_MAX / (8 * sizeof(long)) + 1] = {0},
                      rel[REL_MAX / (8 * sizeof(long)) + 1] = {0};
        ioctl(fd, EVIOCGBIT(0, sizeof ev), ev);
        ioctl(fd, EVIOCGBIT(EV_KEY, sizeof keys), keys);
        ioctl(fd, EVIOCGBIT(EV_ABS, sizeof abs), abs);
        ioctl(fd, EVIOCGBIT(EV_REL, sizeof rel), rel);
        int keyboard = SK_BIT(ev, EV_KEY) && (SK_BIT(keys, KEY_A) || SK_BIT(keys, KEY_DOWN) || SK_BIT(keys, KEY_ENTER));
        int pointer = SK_BIT(ev, EV_REL) && (SK_BIT(rel, REL_X) || SK_BIT(rel, REL_WHEEL) || SK_BIT(rel, REL_DIAL));
        int absolute = SK_BIT(ev, EV_ABS) && ((SK_BIT(abs, ABS_X) && SK_BIT(abs, ABS_Y)) || SK_BIT(abs, ABS_MT_POSITION_X));
        if (!keyboard && !pointer && !absolute) { close(fd); continue; }
        int clock = CLOCK_MONOTONIC;
        ioctl(fd, EVIOCSCLOCKID, &clock);
        sk_input_device *dev = &in->devices[in->count++];
        memset(dev, 0, sizeof *dev);
        dev->fd = fd;
        if (absolute) {
            dev->absolute = 1;
            dev->mt = SK_BIT(abs, ABS_MT_POSITION_X) ? 1 : 0;
            ioctl(fd, EVIOCGABS(dev->mt ? ABS_MT_POSITION_X : ABS_X), &dev->ax);
            ioctl(fd, EVIOCGABS(dev->mt ? ABS_MT_POSITION_Y : ABS_Y), &dev->ay);
            dev->touch = SK_BIT(keys, BTN_TOUCH) && !SK_BIT(keys, BTN_LEFT);
            for (int s = 0; s < SK_MAX_SLOTS; s++) dev->slots[s].id = -1;
        }
    }
    closedir(d);
    if (in->count == 0) { sk_set(error, error_size, "no keyboard, mouse or touchscreen in /dev/input%s%s", "", ""); free(in); return NULL; }
    in->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    in->repeat_code = in->repeat_device = -1;
    in->delay_ms = 600; in->period_ms = 40;
    for (int i = 0; i < in->count; i++) {
        unsigned int rep[2] = { 0, 0 };
        if (ioctl(in->devices[i].fd, EVIOCGREP, rep) == 0 && rep[0] > 0) {
            in->delay_ms = (int)rep[0]; in->period_ms = (int)rep[1];   // period 0: no repeat
            break;
        }
    }
    return in;
}

void sk_kms_input_set_keymap(sk_kms_input *in, const sk_keymap *keymap) { if (in) in->keymap = keymap; }

void sk_kms_input_set_repeat(sk_kms_input *in, int delay_ms, int period_ms) {
    if (!in) return;
    in->delay_ms = delay_ms > 0 ? delay_ms : 1;
    in->period_ms = period_ms > 0 ? period_ms : 0;
}

void sk_kms_input_repeat(const sk_kms_input *in, int *delay_ms, int *period_ms) {
    if (delay_ms) *delay_ms = in ? in->delay_ms : 0;
    if (period_ms) *period_ms = in ? in->period_ms : 0;
}

static int sk_is_modifier(int code) {
    switch (code) {
    case KEY_LEFTSHIFT: case KEY_RIGHTSHIFT: case KEY_LEFTCTRL: case KEY_RIGHTCTRL: case KEY_LEFTALT: case KEY_RIGHTALT:
    case KEY_LEFTMETA: case KEY_RIGHTMETA: case KEY_CAPSLOCK: case KEY_NUMLOCK: case KEY_SCROLLLOCK: return 1;
    default: return 0;
    }
}

static void sk_arm_repeat(sk_kms_input *in, int code, int device, int pressed) {
    if (in->timer_fd < 0) return;
    if (pressed) {
        int repeats = in->keymap ? sk_keymap_repeats(in->keymap, code) : !sk_is_modifier(code);
        if (!repeats || in->period_ms <= 0) return;   // a modifier pressed keeps the held key repeating
        in->repeat_code = code; in->repeat_device = device;
        struct itimerspec t = { .it_interval = { in->period_ms / 1000, (long)(in->period_ms % 1000) * 1000000L },
                                .it_value = { in->delay_ms / 1000, (long)(in->delay_ms % 1000) * 1000000L } };
        timerfd_settime(in->timer_fd, 0, &t, NULL);
    } else if (code == in->repeat_code) {
        in->repeat_code = in->repeat_device = -1;
        struct itimerspec off = { { 0, 0 }, { 0, 0 } };
        timerfd_settime(in->timer_fd, 0, &off, NULL);
    }
}

int sk_kms_input_fds(const sk_kms_input *in, int *fds, int capacity) {
    if (!in) return 0;
    int n = 0;
    for (int i = 0; i < in->count && n < capacity; i++) fds[n++] = in->devices[i].fd;
    if (in->timer_fd >= 0 && n < capacity) fds[n++] = in->timer_fd;
    return in->count + (in->timer_fd >= 0);
}

static double sk_norm(const struct input_absinfo *a, int v) {
    double span = (double)a->maximum - (double)a->minimum;
    if (span <= 0) return 0;
    double t = ((double)v - (double)a->minimum) / span;
    return t < 0 ? 0 : (t > 1 ? 1 : t);
}

static void sk_push(sk_kms_input *in, sk_kms_input_event e) {
    if (in->queued < 64) in->queue[in->queued++] = e;
}

static void sk_sync(sk_kms_input *in, sk_input_device *dev, int device, uint64_t t) {
    if (dev->mt) {
        for (int s = 0; s < SK_MAX_SLOTS; s++) {
            if (!dev->slots[s].changed) continue;
            int phase = dev->slots[s].changed == 3 ? 0 : dev->slots[s].changed;   // 1 down, 2 moved, 3 up
            sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_TOUCH, .slot = s, .value = phase, .device = device,
                                              .x = sk_norm(&dev->ax, (int)dev->slots[s].x), .y = sk_norm(&dev->ay, (int)dev->slots[s].y), .time_ns = t });
            dev->slots[s].changed = 0;
            if (phase == 0) dev->slots[s].id = -1;
        }
    } else if (dev->touch) {
        if (dev->touch_changed || (dev->moved && dev->touch_down)) {
            int phase = dev->touch_changed == 1 ? 1 : (dev->touch_changed == 3 ? 0 : 2);
            sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_TOUCH, .slot = 0, .value = phase, .device = device,
                                              .x = sk_norm(&dev->ax, (int)dev->x), .y = sk_norm(&dev->ay, (int)dev->y), .time_ns = t });
        }
        dev->touch_changed = 0;
    } else if (dev->moved) {
        if (dev->absolute)
            sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_POINTER_MOTION, .device = device,
                                              .x = sk_norm(&dev->ax, (int)dev->x), .y = sk_norm(&dev->ay, (int)dev->y), .time_ns = t });
        else
            sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_POINTER_MOTION, .relative = 1, .device = device,
                                              .x = dev->x, .y = dev->y, .time_ns = t });
    }
    if (!dev->absolute) { dev->x = dev->y = 0; }
    dev->moved = 0;
}

int sk_kms_input_poll(sk_kms_input *in, sk_kms_input_event *events, int capacity) {
    if (!in) return 0;
    struct input_event raw[64];
    for (int i = 0; i < in->count && in->queued < 48; i++) {
        sk_input_device *dev = &in->devices[i];
        for (;;) {
            ssize_t got = read(dev->fd, raw, sizeof raw);
            if (got <= 0) break;
            int n = (int)(got / (ssize_t)sizeof raw[0]);
            for (int j = 0; j < n; j++) {
                const struct input_event *r = &raw[j];
                uint64_t t = (uint64_t)r->input_event_sec * 1000000000ull + (uint64_t)r->input_event_usec * 1000ull;
                switch (r->type) {
                case EV_KEY:
                    if (r->code == BTN_TOUCH && dev->touch) { dev->touch_down = r->value != 0; dev->touch_changed = r->value ? 1 : 3; }
                    else if (r->code >= BTN_MOUSE && r->code < BTN_JOYSTICK) {
                        sk_sync(in, dev, i, t);   // the position first, then the button at it
                        sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_POINTER_BUTTON, .code = r->code, .value = r->value, .device = i, .time_ns = t });
                    } else if ((r->code < BTN_MISC || r->code >= KEY_OK) && r->value != 2) {   // repeats are ours
                        sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_KEY, .code = r->code, .value = r->value, .device = i, .time_ns = t });
                        sk_arm_repeat(in, r->code, i, r->value);
                    }
                    break;
                case EV_REL:
                    if (r->code == REL_X) { dev->x += r->value; dev->moved = 1; }
                    else if (r->code == REL_Y) { dev->y += r->value; dev->moved = 1; }
                    else if (r->code == REL_WHEEL || r->code == REL_DIAL)   // a rotary encoder turns like a wheel
                        sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_WHEEL, .y = r->code == REL_DIAL ? -r->value : r->value, .device = i, .time_ns = t });
                    else if (r->code == REL_HWHEEL)
                        sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_WHEEL, .x = r->value, .device = i, .time_ns = t });
                    break;
                case EV_ABS:
                    if (dev->mt) {
                        if (r->code == ABS_MT_SLOT) dev->slot = r->value >= 0 && r->value < SK_MAX_SLOTS ? r->value : SK_MAX_SLOTS - 1;
                        else if (r->code == ABS_MT_TRACKING_ID) {
                            if (r->value >= 0) { dev->slots[dev->slot].id = r->value; dev->slots[dev->slot].changed = 1; }
                            else dev->slots[dev->slot].changed = 3;
                        } else if (r->code == ABS_MT_POSITION_X || r->code == ABS_MT_POSITION_Y) {
                            if (r->code == ABS_MT_POSITION_X) dev->slots[dev->slot].x = r->value; else dev->slots[dev->slot].y = r->value;
                            if (!dev->slots[dev->slot].changed) dev->slots[dev->slot].changed = 2;
                        }
                    } else if (r->code == ABS_X) { dev->x = r->value; dev->moved = 1; }
                    else if (r->code == ABS_Y) { dev->y = r->value; dev->moved = 1; }
                    break;
                case EV_SYN:
                    if (r->code == SYN_REPORT) sk_sync(in, dev, i, t);
                    break;
                default: break;
                }
            }
            if (n < 64) break;
        }
    }
    uint64_t expirations = 0;
    if (in->timer_fd >= 0 && read(in->timer_fd, &expirations, sizeof expirations) == (ssize_t)sizeof expirations
        && in->repeat_code >= 0) {
        struct timespec now; clock_gettime(CLOCK_MONOTONIC, &now);
        uint64_t t = (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
        for (uint64_t k = 0; k < expirations && k < 8 && in->queued < 64; k++)   // a late wake-up types at most 8
            sk_push(in, (sk_kms_input_event){ .kind = SK_KMS_KEY, .code = in->repeat_code, .value = 2, .device = in->repeat_device, .time_ns = t });
    }
    int n = in->queued < capacity ? in->queued : capacity;
    if (events && n > 0) memcpy(events, in->queue, sizeof events[0] * (size_t)n);
    memmove(in->queue, in->queue + n, sizeof in->queue[0] * (size_t)(in->queued - n));
    in->queued -= n;
    return n;
}

void sk_kms_input_close(sk_kms_input *in) {
    if (!in) return;
    for (int i = 0; i < in->count; i++) close(in->devices[i].fd);
    if (in->timer_fd >= 0) close(in->timer_fd);
    free(in);
}

#else   // no libdrm headers: every call fails

int sk_kms_available(void) { return 0; }
sk_kms *sk_kms_open(const char *path, int width, int height, int buffers, char *error, size_t error_size) {
    (void)path; (void)width; (void)height; (void)buffers;
    sk_set(error, error_size, "built without libdrm%s%s", "", "");
    return NULL;
}
int sk_kms_fd(const sk_kms *k) { (void)k; return -1; }
const char *sk_kms_path(const sk_kms *k) { (void)k; return ""; }
const char *sk_kms_driver(const sk_kms *k) { (void)k; return ""; }
const char *sk_kms_connector(const sk_kms *k) { (void)k; return ""; }
void sk_kms_size(const sk_kms *k, int *w, int *h) { (void)k; if (w) *w = 0; if (h) *h = 0; }
int sk_kms_refresh_mhz(const sk_kms *k) { (void)k; return 0; }
int sk_kms_has_vblank(const sk_kms *k) { (void)k; return 0; }
int sk_kms_is_atomic(const sk_kms *k) { (void)k; return 0; }
int sk_kms_buffer_count(const sk_kms *k) { (void)k; return 0; }
void *sk_kms_back(sk_kms *k, int *s, int *i, int *a) { (void)k; (void)s; (void)i; (void)a; return NULL; }
const void *sk_kms_pixels(const sk_kms *k, int index) { (void)k; (void)index; return NULL; }
void sk_kms_repair(sk_kms *k, int index, const int32_t *rects, int count) { (void)k; (void)index; (void)rects; (void)count; }
int sk_kms_front(const sk_kms *k) { (void)k; return -1; }
int sk_kms_flip(sk_kms *k, const int32_t *r, int c, uint32_t *s) { (void)k; (void)r; (void)c; (void)s; return -1; }
int sk_kms_flip_pending(const sk_kms *k) { (void)k; return 0; }
int sk_kms_poll(sk_kms *k, sk_kms_flip_event *e, int c) { (void)k; (void)e; (void)c; return -1; }
const char *sk_kms_error(const sk_kms *k) { (void)k; return "built without libdrm"; }
int sk_kms_drop_master(sk_kms *k) { (void)k; return -1; }
int sk_kms_take_master(sk_kms *k) { (void)k; return -1; }
int sk_kms_is_master(const sk_kms *k) { (void)k; return 0; }
void sk_kms_close(sk_kms *k) { (void)k; }
int sk_kms_wait(const int *fds, int n, double seconds) { (void)fds; (void)n; (void)seconds; return -1; }
sk_kms_input *sk_kms_input_open(char *error, size_t error_size) { sk_set(error, error_size, "built without libdrm%s%s", "", ""); return NULL; }
int sk_kms_input_fds(const sk_kms_input *in, int *fds, int capacity) { (void)in; (void)fds; (void)capacity; return 0; }
int sk_kms_input_poll(sk_kms_input *in, sk_kms_input_event *e, int c) { (void)in; (void)e; (void)c; return 0; }
void sk_kms_input_close(sk_kms_input *in) { (void)in; }
void sk_kms_input_set_keymap(sk_kms_input *in, const sk_keymap *keymap) { (void)in; (void)keymap; }
void sk_kms_input_set_repeat(sk_kms_input *in, int delay_ms, int period_ms) { (void)in; (void)delay_ms; (void)period_ms; }
void sk_kms_input_repeat(const sk_kms_input *in, int *delay_ms, int *period_ms) { (void)in; if (delay_ms) *delay_ms = 0; if (period_ms) *period_ms = 0; }

#endif
