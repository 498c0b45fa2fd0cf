#ifndef SCROLLKIT_SK_X11_RESOURCES_H
#define SCROLLKIT_SK_X11_RESOURCES_H

// The X resource database of a display (the RESOURCE_MANAGER property of its first screen's root window,
// which `xrdb` sets and desktops fill with Xft.dpi, Xft.antialias, …), read on a short connection of its own.

#include <stddef.h>

/// Copies the resource database of `display_name` (NULL: $DISPLAY) into `out` (NUL-terminated, cut at
/// `capacity` - 1 bytes). Returns its length in bytes (0 when the property is absent or empty), or -1
/// without a display or without xcb here.
long sk_x11_resources(const char *display_name, char *out, size_t capacity);

#endif
