#ifndef SCROLLKIT_SK_PLATFORM_H
#define SCROLLKIT_SK_PLATFORM_H

// Not pixel kernels: the few system calls the frame clock needs that Swift cannot make directly
// (variadic, or behind SDL's platform headers).

/// The file descriptor of the display connection behind an SDL window (`SDL_Window *`), which becomes
/// readable when input or another event arrives: X11's socket. -1 where there is none to wait on
/// (other video drivers, SDL headers without X11, an unknown window).
int sk_window_event_fd(void *window);

/// The X11 window (an XID) behind an SDL window, for a connection of ScrollKit's own to present on;
/// 0 for other video drivers, SDL headers without X11 or an unknown window.
unsigned long sk_window_x11_id(void *window);

/// The Wayland display and surface (`struct wl_display *`, `struct wl_surface *`) behind an SDL window,
/// for presenting on it through an event queue of ScrollKit's own. Returns 1 with both set; 0 for other
/// video drivers, SDL headers without Wayland or an unknown window.
int sk_window_wayland(void *window, void **display, void **surface);

/// Sleeps until `fd` is readable or `seconds` have passed (nanosecond resolution; a signal ends the
/// wait early). Returns 1 when `fd` is readable, 0 when the time ran out or a signal came, -1 on error
/// (a bad descriptor: the caller stops using it).
int sk_wait_readable(int fd, double seconds);

/// Opens a counter of the instructions the calling thread retires in user space (Linux perf_event_open),
/// counting from now. Returns its descriptor, or -1 where the kernel or the machine offers none (another
/// system, perf_event_paranoid above 2, a virtual machine without a PMU).
int sk_instructions_open(void);

/// The instructions counted so far by `fd` (from `sk_instructions_open`), or -1 on error.
long long sk_instructions_read(int fd);

/// Closes a counter from `sk_instructions_open`.
void sk_instructions_close(int fd);

#endif
