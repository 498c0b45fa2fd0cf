// An independent X client that watches another client's Present traffic on a window, for the tests.
//
//   cc present-observer.c -o present-observer -lxcb -lxcb-present
//   present-observer NAME SECONDS
//
// Finds the first window whose WM_NAME contains NAME (waiting up to 10 s for it to appear), selects
// Present CompleteNotify events on it with an event id of its own (the X server sends every client that
// asked a copy of its own), and for SECONDS prints one line per event:
//     complete pixmap|notify SERIAL MSC UST
// after a first line "window 0xXID". Exit status 2 without a display, Present or such a window.
// It shares no code with ScrollKit: the tests' oracle is the X server itself.
#include <xcb/xcb.h>
#include <xcb/present.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static xcb_window_t find(xcb_connection_t *c, xcb_window_t window, const char *name) {
    xcb_get_property_reply_t *p = xcb_get_property_reply(c,
        xcb_get_property(c, 0, window, XCB_ATOM_WM_NAME, XCB_ATOM_ANY, 0, 256), NULL);
    if (p) {
        int length = xcb_get_property_value_length(p);
        char text[1025];
        if (length > 1024) length = 1024;
        memcpy(text, xcb_get_property_value(p), (size_t)length);
        text[length] = 0;
        free(p);
        if (strstr(text, name)) return window;
    }
    xcb_query_tree_reply_t *tree = xcb_query_tree_reply(c, xcb_query_tree(c, window), NULL);
    if (!tree) return 0;
    xcb_window_t *children = xcb_query_tree_children(tree);
    xcb_window_t found = 0;
    for (int i = 0; i < xcb_query_tree_children_length(tree) && !found; i++) found = find(c, children[i], name);
    free(tree);
    return found;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: present-observer NAME SECONDS\n"); return 2; }
    xcb_connection_t *c = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(c)) { fprintf(stderr, "error: no X server\n"); return 2; }
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c, &xcb_present_id);
    if (!ext || !ext->present) { fprintf(stderr, "error: no Present extension\n"); return 2; }
    free(xcb_present_query_version_reply(c, xcb_present_query_version(c, 1, 2), NULL));
    xcb_window_t root = xcb_setup_roots_iterator(xcb_get_setup(c)).data->root;
    xcb_window_t window = 0;
    double give_up = now() + 10;
    while (!window && now() < give_up) {
        window = find(c, root, argv[1]);
        if (!window) { struct timespec t = { 0, 50000000 }; nanosleep(&t, NULL); }
    }
    if (!window) { fprintf(stderr, "error: no window named like %s\n", argv[1]); return 2; }
    printf("window %#x\n", window);
    fflush(stdout);
    uint32_t eid = xcb_generate_id(c);
    xcb_present_select_input(c, eid, window, XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY);
    xcb_flush(c);
    double end = now() + atof(argv[2]);
    while (now() < end) {
        struct pollfd p = { xcb_get_file_descriptor(c), POLLIN, 0 };
        poll(&p, 1, 10);
        xcb_generic_event_t *e;
        while ((e = xcb_poll_for_event(c))) {
            if ((e->response_type & 0x7f) == XCB_GE_GENERIC
                && ((xcb_present_generic_event_t *)e)->evtype == XCB_PRESENT_EVENT_COMPLETE_NOTIFY) {
                xcb_present_complete_notify_event_t *n = (xcb_present_complete_notify_event_t *)e;
                printf("complete %s %u %llu %llu\n", n->kind == XCB_PRESENT_COMPLETE_KIND_PIXMAP ? "pixmap" : "notify",
                       n->serial, (unsigned long long)n->msc, (unsigned long long)n->ust);
                fflush(stdout);
            }
            free(e);
        }
        if (xcb_connection_has_error(c)) break;
    }
    xcb_disconnect(c);
    return 0;
}
