#ifndef SCROLLKIT_SK_DISPLAY_LOST_H
#define SCROLLKIT_SK_DISPLAY_LOST_H

// A lost display connection (the X server or the Wayland compositor went away), told apart from a quit.
// libX11 and libwayland-client are found in the process (SDL loads them), never linked.

/// Replaces Xlib's I/O error handling (after SDL installed its own): a lost X connection writes
/// `fallback_line` (e.g. "error: lost the display") + " (X server :N closed the connection)" on stderr and
/// exits with status 2, instead of Xlib's own text and status 1. It cannot return: Xlib exits when an I/O
/// handler returns, and with XSetIOErrorExitHandler (libX11 1.8) the process goes on, but SDL's teardown on
/// the dead connection then spins for ever (SDL_DestroyWindow waits in XIfEvent for an UnmapNotify).
/// Returns 1 when installed, 0 for other video drivers or without libX11.
int sk_display_watch_x11(void *window, const char *fallback_line);

/// Asks the X server behind `window` for a round trip (XSync), so a connection that is gone is noticed now.
void sk_display_probe_x11(void *window);

/// 1 once the X connection watched by ``sk_display_watch_x11`` was lost, or the Wayland display behind
/// `window` has a fatal error (wl_display_get_error: the compositor closed the socket); else 0. `name`
/// (capacity `name_size`) gets the X display's name (":99") or the Wayland socket's, when lost.
int sk_display_lost(void *window, char *name, int name_size);

#endif
