// See include/sk_platform.h.
#define _GNU_SOURCE
#include "sk_platform.h"
#include <errno.h>
#include <poll.h>
#include <time.h>

#if defined(__linux__) && __has_include(<SDL2/SDL_syswm.h>)
#include <SDL2/SDL_syswm.h>
#define SK_HAS_SYSWM 1
#endif

int sk_window_event_fd(void *window) {
#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_X11)
    if (!window) return -1;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info)) return -1;
    if (info.subsystem != SDL_SYSWM_X11 || !info.info.x11.display) return -1;
    return ConnectionNumber(info.info.x11.display);   // a field of the Display: no libX11 call
#else
    (void)window;
    return -1;
#endif
}

unsigned long sk_window_x11_id(void *window) {
#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_X11)
    if (!window) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info)) return 0;
    if (info.subsystem != SDL_SYSWM_X11) return 0;
    return (unsigned long)info.info.x11.window;
#else
    (void)window;
    return 0;
#endif
}

int sk_window_wayland(void *window, void **display, void **surface) {
#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_WAYLAND)
    if (!window || !display || !surface) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info)) return 0;
    if (info.subsystem != SDL_SYSWM_WAYLAND || !info.info.wl.display || !info.info.wl.surface) return 0;
    *display = info.info.wl.display;
    *surface = info.info.wl.surface;
    return 1;
#else
    (void)window; (void)display; (void)surface;
    return 0;
#endif
}

int sk_wait_readable(int fd, double seconds) {
    if (!(seconds > 0)) seconds = 0;
    if (seconds > 3600) seconds = 3600;
    struct timespec timeout;
    timeout.tv_sec = (time_t)seconds;
    timeout.tv_nsec = (long)((seconds - (double)timeout.tv_sec) * 1e9);
    if (timeout.tv_nsec > 999999999L) timeout.tv_nsec = 999999999L;
    struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
    int n = ppoll(&p, 1, &timeout, NULL);
    if (n < 0) return errno == EINTR ? 0 : -1;
    if (n == 0) return 0;
    if (p.revents & (POLLERR | POLLNVAL | POLLHUP)) return -1;   // would be "ready" forever
    return 1;
}

#if defined(__linux__)
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int sk_instructions_open(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_INSTRUCTIONS;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);   // this thread, any CPU
    if (fd < 0) return -1;
    long long probe = 0;
    if (read((int)fd, &probe, sizeof probe) != (ssize_t)sizeof probe) { close((int)fd); return -1; }
    return (int)fd;
}

long long sk_instructions_read(int fd) {
    long long count = 0;
    if (fd < 0 || read(fd, &count, sizeof count) != (ssize_t)sizeof count) return -1;
    return count;
}

void sk_instructions_close(int fd) {
    if (fd >= 0) close(fd);
}
#else
int sk_instructions_open(void) { return -1; }
long long sk_instructions_read(int fd) { (void)fd; return -1; }
void sk_instructions_close(int fd) { (void)fd; }
#endif
