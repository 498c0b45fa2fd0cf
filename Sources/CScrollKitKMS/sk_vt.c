// The console's virtual terminal: see sk_vt.h.

#define _GNU_SOURCE
#include "sk_vt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

struct sk_vt {
    int fd, number, kb_mode, closed;
};

static volatile sig_atomic_t sk_vt_release_asked = 0, sk_vt_acquire_seen = 0;
static void sk_on_release(int sig) { (void)sig; sk_vt_release_asked = 1; }
static void sk_on_acquire(int sig) { (void)sig; sk_vt_acquire_seen = 1; }

// The one VT taken (an exit without sk_vt_close still restores it).
static sk_vt *sk_current = NULL;

static void sk_restore(sk_vt *vt) {
    if (!vt || vt->closed) return;
    struct vt_mode mode = { .mode = VT_AUTO };
    ioctl(vt->fd, VT_SETMODE, &mode);
    ioctl(vt->fd, KDSETMODE, KD_TEXT);
    ioctl(vt->fd, KDSKBMODE, vt->kb_mode);
    vt->closed = 1;
}

static void sk_restore_at_exit(void) { sk_restore(sk_current); }

static int sk_is_vt(int fd) {
    struct stat st;
    // Major 4, minors 1...63: /dev/tty1 ... /dev/tty63 (0 is /dev/tty0, the "current" alias).
    return fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == 4 && minor(st.st_rdev) >= 1 && minor(st.st_rdev) < 64;
}

sk_vt *sk_vt_open(char *why, size_t why_size) {
    int fd = -1, number = 0;
    if (sk_is_vt(STDIN_FILENO)) {
        struct stat st; fstat(STDIN_FILENO, &st);
        number = (int)minor(st.st_rdev);
        fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
    } else {
        int tty0 = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY);
        if (tty0 < 0) {
            if (why && why_size) snprintf(why, why_size, "no VT (/dev/tty0: %s)", strerror(errno));
            return NULL;
        }
        struct vt_stat state;
        if (ioctl(tty0, VT_GETSTATE, &state) != 0) {
            if (why && why_size) snprintf(why, why_size, "no VT (VT_GETSTATE: %s)", strerror(errno));
            close(tty0);
            return NULL;
        }
        close(tty0);
        number = state.v_active;
        char path[32]; snprintf(path, sizeof path, "/dev/tty%d", number);
        fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY);
        if (fd < 0 && why && why_size) snprintf(why, why_size, "no VT (%s: %s)", path, strerror(errno));
    }
    if (fd < 0) return NULL;
    sk_vt *vt = calloc(1, sizeof *vt);
    if (!vt) { close(fd); return NULL; }
    vt->fd = fd; vt->number = number; vt->kb_mode = K_UNICODE;
    ioctl(fd, KDGKBMODE, &vt->kb_mode);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = sk_on_release; sigaction(SIGUSR1, &sa, NULL);
    sa.sa_handler = sk_on_acquire; sigaction(SIGUSR2, &sa, NULL);
    struct vt_mode mode = { .mode = VT_PROCESS, .relsig = SIGUSR1, .acqsig = SIGUSR2 };
    if (ioctl(fd, VT_SETMODE, &mode) != 0) {
        if (why && why_size) snprintf(why, why_size, "VT %d refuses VT_PROCESS (%s)", number, strerror(errno));
        close(fd); free(vt);
        return NULL;
    }
    ioctl(fd, KDSETMODE, KD_GRAPHICS);
    ioctl(fd, KDSKBMODE, K_OFF);
    if (!sk_current) { sk_current = vt; atexit(sk_restore_at_exit); }
    else sk_current = vt;
    return vt;
}

int sk_vt_number(const sk_vt *vt) { return vt ? vt->number : 0; }

int sk_vt_poll(sk_vt *vt) {
    if (!vt) return 0;
    if (sk_vt_release_asked) { sk_vt_release_asked = 0; return 1; }
    if (sk_vt_acquire_seen) { sk_vt_acquire_seen = 0; return 2; }
    return 0;
}

void sk_vt_release(sk_vt *vt) { if (vt) ioctl(vt->fd, VT_RELDISP, 1); }
void sk_vt_acquired(sk_vt *vt) { if (vt) ioctl(vt->fd, VT_RELDISP, VT_ACKACQ); }
int sk_vt_activate(sk_vt *vt, int n) { return vt && n > 0 && n != vt->number ? ioctl(vt->fd, VT_ACTIVATE, n) : -1; }

void sk_vt_close(sk_vt *vt) {
    if (!vt) return;
    sk_restore(vt);
    close(vt->fd);
    if (sk_current == vt) sk_current = NULL;
    free(vt);
}

#else

sk_vt *sk_vt_open(char *why, size_t why_size) { if (why && why_size) snprintf(why, why_size, "no VTs here"); return NULL; }
int sk_vt_number(const sk_vt *vt) { (void)vt; return 0; }
int sk_vt_poll(sk_vt *vt) { (void)vt; return 0; }
void sk_vt_release(sk_vt *vt) { (void)vt; }
void sk_vt_acquired(sk_vt *vt) { (void)vt; }
int sk_vt_activate(sk_vt *vt, int n) { (void)vt; (void)n; return -1; }
void sk_vt_close(sk_vt *vt) { (void)vt; }

#endif
