// The X resource database (RESOURCE_MANAGER on the root window), read with xcb. See sk_x11_resources.h.
#include "sk_x11_resources.h"

#if defined(__linux__) && __has_include(<xcb/xcb.h>)
#include <stdlib.h>
#include <string.h>
#include <xcb/xcb.h>

long sk_x11_resources(const char *display_name, char *out, size_t capacity) {
    if (!out || capacity == 0) return -1;
    out[0] = 0;
    int screen = 0;
    xcb_connection_t *c = xcb_connect(display_name, &screen);
    if (!c || xcb_connection_has_error(c)) { if (c) xcb_disconnect(c); return -1; }
    xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(c));
    for (int i = 0; i < screen && it.rem; i++) xcb_screen_next(&it);
    long length = 0;
    if (it.rem) {
        xcb_get_property_reply_t *p = xcb_get_property_reply(c,
            xcb_get_property(c, 0, it.data->root, XCB_ATOM_RESOURCE_MANAGER, XCB_ATOM_STRING, 0, 1 << 16), NULL);
        if (p) {
            int n = xcb_get_property_value_length(p);
            if (n > 0) {
                size_t copy = (size_t)n < capacity - 1 ? (size_t)n : capacity - 1;
                memcpy(out, xcb_get_property_value(p), copy);
                out[copy] = 0;
                length = (long)copy;
            }
            free(p);
        }
    }
    xcb_disconnect(c);
    return length;
}
#else
long sk_x11_resources(const char *display_name, char *out, size_t capacity) {
    (void)display_name;
    if (out && capacity) out[0] = 0;
    return -1;
}
#endif
