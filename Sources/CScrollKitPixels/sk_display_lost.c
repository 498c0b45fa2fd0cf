// See include/sk_display_lost.h.
#define _GNU_SOURCE
#include "sk_display_lost.h"
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__) && __has_include(<SDL2/SDL_syswm.h>)
#include <SDL2/SDL_syswm.h>
#define SK_HAS_SYSWM 1
#endif

static volatile sig_atomic_t x11_lost = 0;
static char x11_name[128];
static char x11_fallback[256];

#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_X11)
typedef int (*sk_io_handler)(Display *);

static void *x11_symbol(const char *name) {
    void *lib = dlopen("libX11.so.6", RTLD_LAZY | RTLD_NOLOAD);
    return lib ? dlsym(lib, name) : NULL;
}

// Never returns: Xlib exits when an I/O handler returns, and where it would not (XSetIOErrorExitHandler),
// tearing SDL down on the dead connection spins for ever in XIfEvent (SDL_DestroyWindow waits for an
// UnmapNotify). Says why, and ends with the command line's status for errors.
static int on_io_error(Display *display) {
    (void)display;
    x11_lost = 1;
    size_t n = strlen(x11_fallback);
    if (n > 0 && write(STDERR_FILENO, x11_fallback, n) < 0) { /* nothing more to do */ }
    _exit(2);
}

static Display *x11_display(void *window) {
    if (!window) return NULL;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_X11) return NULL;
    return info.info.x11.display;
}
#endif

int sk_display_watch_x11(void *window, const char *fallback_line) {
#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_X11)
    Display *display = x11_display(window);
    if (!display) return 0;
    sk_io_handler (*set_io)(sk_io_handler) = (sk_io_handler (*)(sk_io_handler))x11_symbol("XSetIOErrorHandler");
    char *(*display_string)(Display *) = (char *(*)(Display *))x11_symbol("XDisplayString");
    if (!set_io) return 0;
    const char *name = display_string ? display_string(display) : NULL;
    snprintf(x11_name, sizeof x11_name, "%s", name && *name ? name : "?");
    snprintf(x11_fallback, sizeof x11_fallback, "%s (X server %s closed the connection)\n",
             fallback_line ? fallback_line : "error: lost the display", x11_name);
    set_io(on_io_error);
    return 1;
#else
    (void)window; (void)fallback_line;
    return 0;
#endif
}

void sk_display_probe_x11(void *window) {
#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_X11)
    Display *display = x11_display(window);
    int (*sync)(Display *, int) = (int (*)(Display *, int))x11_symbol("XSync");
    if (display && sync && !x11_lost) sync(display, 0);
#else
    (void)window;
#endif
}

int sk_display_lost(void *window, char *name, int name_size) {
    if (x11_lost) {
        if (name && name_size > 0) snprintf(name, (size_t)name_size, "%s", x11_name);
        return 1;
    }
#if defined(SK_HAS_SYSWM) && defined(SDL_VIDEO_DRIVER_WAYLAND)
    if (!window) return 0;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info) || info.subsystem != SDL_SYSWM_WAYLAND
        || !info.info.wl.display) return 0;
    int (*get_error)(struct wl_display *) = (int (*)(struct wl_display *))dlsym(RTLD_DEFAULT, "wl_display_get_error");
    if (!get_error || get_error(info.info.wl.display) == 0) return 0;
    if (name && name_size > 0) {
        const char *socket = getenv("WAYLAND_DISPLAY");
        snprintf(name, (size_t)name_size, "%s", socket && *socket ? socket : "wayland-0");
    }
    return 1;
#else
    (void)window; (void)name; (void)name_size;
    return 0;
#endif
}
