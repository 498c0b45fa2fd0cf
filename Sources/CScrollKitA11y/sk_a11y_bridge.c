// The bridge: ATK's utility class pointed at ScrollKit's application object, atk-bridge started on the AT-SPI
// bus, GLib's main context served from the host's loop (without blocking, or in the host's idle sleep), and the
// events Swift reports. Without ATK's headers it compiles to stubs that say "not wanted".
#include "sk_a11y_private.h"

#ifdef SK_A11Y_HAS_ATK
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#if __has_include(<dbus/dbus.h>)
#include <dbus/dbus.h>
#define SK_A11Y_HAS_DBUS 1
#endif

int atk_bridge_adaptor_init(int *argc, char **argv[]);   // <atk-bridge.h>, whose pkg-config flags SwiftPM refuses
#ifdef SK_A11Y_HAS_DBUS
#include <dlfcn.h>
#endif

static int started;
static sk_a11y_callbacks callbacks;
static GHashTable *listeners;   // listener id -> (signal id << 32 | hook id)
static guint next_listener = 1;

// MARK: - AtkUtil

static AtkObject *sk_util_get_root(void) { return sk_application; }
static const gchar *sk_util_toolkit_name(void) { return "ScrollKit"; }
static const gchar *sk_util_toolkit_version(void) { return "1.0"; }

/// atk-bridge asks for events as "Toolkit:AtkType:signal" (or "window:signal"): an emission hook on that signal.
static guint sk_util_add_listener(GSignalEmissionHook listener, const gchar *event_type) {
    gchar **parts = g_strsplit(event_type, ":", 3);
    guint id = 0;
    GType type = 0;
    const char *signal = NULL;
    if (parts[0] && parts[1] && !parts[2] && strcmp(parts[0], "window") == 0) {
        type = ATK_TYPE_WINDOW;
        signal = parts[1];
    } else if (parts[0] && parts[1] && parts[2]) {
        type = g_type_from_name(parts[1]);
        signal = parts[2];
    }
    if (type && signal) {
        if (G_TYPE_IS_INTERFACE(type)) g_type_default_interface_unref(g_type_default_interface_ref(type));
        guint signal_id = g_signal_lookup(signal, type);
        if (signal_id) {
            gulong hook = g_signal_add_emission_hook(signal_id, 0, listener, g_strdup(event_type), g_free);
            if (!listeners) listeners = g_hash_table_new(g_direct_hash, g_direct_equal);
            id = next_listener++;
            g_hash_table_insert(listeners, GUINT_TO_POINTER(id),
                                GSIZE_TO_POINTER(((gsize)signal_id << 32) | (gsize)hook));
        }
    }
    g_strfreev(parts);
    return id;
}

static void sk_util_remove_listener(guint id) {
    if (!listeners) return;
    gpointer value;
    if (!g_hash_table_lookup_extended(listeners, GUINT_TO_POINTER(id), NULL, &value)) return;
    gsize packed = GPOINTER_TO_SIZE(value);
    g_signal_remove_emission_hook((guint)(packed >> 32), (gulong)(packed & 0xffffffffu));
    g_hash_table_remove(listeners, GUINT_TO_POINTER(id));
}

static guint sk_util_add_key_listener(AtkKeySnoopFunc listener, gpointer data) {
    (void)listener; (void)data;
    return 0;
}
static void sk_util_remove_key_listener(guint id) { (void)id; }

// MARK: - The guard

#ifdef SK_A11Y_HAS_DBUS
/// Requests atk-bridge itself does not survive, refused (an InvalidArgs error) before it sees them. Text's
/// GetStringAtOffset with a negative offset gets NULL from ATK, and atk-bridge's fallback then asserts on a
/// granularity past ATK's last (g_assert_not_reached: the process aborts).
static DBusHandlerResult sk_guard(DBusConnection *bus, DBusMessage *message, void *data) {
    (void)data;
    if (!dbus_message_is_method_call(message, "org.a11y.atspi.Text", "GetStringAtOffset"))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    dbus_int32_t offset = 0;
    dbus_uint32_t granularity = 0;
    DBusError error;
    dbus_error_init(&error);
    int read = dbus_message_get_args(message, &error, DBUS_TYPE_INT32, &offset, DBUS_TYPE_UINT32, &granularity,
                                     DBUS_TYPE_INVALID);
    dbus_error_free(&error);
    if (!read || granularity <= ATK_TEXT_GRANULARITY_PARAGRAPH) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessage *reply = dbus_message_new_error(message, DBUS_ERROR_INVALID_ARGS, "granularity out of range");
    if (reply) {
        dbus_connection_send(bus, reply, NULL);
        dbus_message_unref(reply);
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

/// Puts the guard on atk-bridge's connection (libatspi's a11y bus, looked up at run time: atk-bridge links it).
static void sk_install_guard(void) {
    DBusConnection *(*a11y_bus)(void) = (DBusConnection *(*)(void))dlsym(RTLD_DEFAULT, "atspi_get_a11y_bus");
    DBusConnection *bus = a11y_bus ? a11y_bus() : NULL;
    if (bus) dbus_connection_add_filter(bus, sk_guard, NULL, NULL);
}
#else
static void sk_install_guard(void) {}
#endif

// MARK: - Starting

int sk_a11y_wanted(void) {
    const char *forced = getenv("SCROLLKIT_ACCESSIBILITY");
    if (forced && *forced) return strcmp(forced, "0") != 0;
    const char *none = getenv("NO_AT_BRIDGE");
    if (none && strcmp(none, "1") == 0) return 0;
    if (getenv("AT_SPI_BUS_ADDRESS")) return 1;
#ifdef SK_A11Y_HAS_DBUS
    if (!getenv("DBUS_SESSION_BUS_ADDRESS")) return 0;
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) { dbus_error_free(&error); return 0; }
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    int wanted = 0;
    const char *names[] = {"IsEnabled", "ScreenReaderEnabled"};
    for (int i = 0; i < 2 && !wanted; i++) {
        DBusMessage *ask = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus",
                                                        "org.freedesktop.DBus.Properties", "Get");
        const char *interface = "org.a11y.Status";
        dbus_message_append_args(ask, DBUS_TYPE_STRING, &interface, DBUS_TYPE_STRING, &names[i], DBUS_TYPE_INVALID);
        dbus_message_set_auto_start(ask, FALSE);   // never start a bus that is not there
        DBusMessage *reply = dbus_connection_send_with_reply_and_block(bus, ask, 250, &error);
        dbus_message_unref(ask);
        if (!reply) { dbus_error_free(&error); break; }
        DBusMessageIter it, variant;
        dbus_bool_t on = FALSE;
        if (dbus_message_iter_init(reply, &it) && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_VARIANT) {
            dbus_message_iter_recurse(&it, &variant);
            if (dbus_message_iter_get_arg_type(&variant) == DBUS_TYPE_BOOLEAN) dbus_message_iter_get_basic(&variant, &on);
        }
        dbus_message_unref(reply);
        wanted = on ? 1 : 0;
    }
    dbus_connection_close(bus);
    dbus_connection_unref(bus);
    return wanted;
#else
    return 0;
#endif
}

int sk_a11y_start(const sk_a11y_callbacks *given, const char *app_name, sk_a11y_id root) {
    if (started) return started > 0;
    started = -1;
    if (!given || !root) return 0;
    callbacks = *given;
    sk_callbacks = &callbacks;
    sk_root_id = root;
    g_set_prgname(app_name);
    g_set_application_name(app_name);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = sk_util_get_root;
    util->get_toolkit_name = sk_util_toolkit_name;
    util->get_toolkit_version = sk_util_toolkit_version;
    util->add_global_event_listener = sk_util_add_listener;
    util->remove_global_event_listener = sk_util_remove_listener;
    util->add_key_event_listener = sk_util_add_key_listener;
    util->remove_key_event_listener = sk_util_remove_key_listener;
    g_type_class_unref(g_type_class_ref(ATK_TYPE_OBJECT));
    sk_register_types();
    sk_application = sk_application_new(app_name);
    if (atk_bridge_adaptor_init(NULL, NULL) != 0) return 0;
    sk_install_guard();
    started = 1;
    AtkObject *window = sk_object_for(root);
    if (window) {
        g_signal_emit_by_name(window, "create");
        g_signal_emit_by_name(window, "activate");
    }
    sk_a11y_dispatch();
    return 1;
}

// MARK: - The loop

void sk_a11y_dispatch(void) {
    if (started <= 0) return;
    for (int i = 0; i < 64 && g_main_context_iteration(NULL, FALSE); i++) {}
}

int sk_a11y_wait(int fd, int timeout_ms) {
    struct pollfd mine = {.fd = fd, .events = POLLIN};
    if (started <= 0) return fd >= 0 && poll(&mine, 1, timeout_ms) > 0;
    GMainContext *context = g_main_context_default();
    if (!g_main_context_acquire(context)) return fd >= 0 && poll(&mine, 1, timeout_ms) > 0;
    gint priority = 0, glib_timeout = -1;
    if (g_main_context_prepare(context, &priority)) glib_timeout = 0;
    GPollFD fixed[16];
    GPollFD *fds = fixed;
    gint capacity = 16, timeout_out = -1;
    gint count = g_main_context_query(context, priority, &timeout_out, fds, capacity);
    // A larger array when GLib has more descriptors than fit; a query may still say more than it filled (a source
    // added meanwhile): only the `capacity` filled are ever read.
    for (int tries = 0; count > capacity && tries < 4; tries++) {
        if (fds != fixed) g_free(fds);
        capacity = count + 8;
        fds = g_new(GPollFD, capacity);
        count = g_main_context_query(context, priority, &timeout_out, fds, capacity);
    }
    if (count > capacity) count = capacity;
    if (count < 0) count = 0;
    if (glib_timeout != 0) glib_timeout = timeout_out;
    struct pollfd *all = g_new(struct pollfd, count + 1);
    for (gint i = 0; i < count; i++) all[i] = (struct pollfd){.fd = fds[i].fd, .events = (short)fds[i].events};
    all[count] = mine;
    int timeout = timeout_ms;
    if (glib_timeout >= 0 && (timeout < 0 || glib_timeout < timeout)) timeout = glib_timeout;
    int ready = poll(all, (nfds_t)(fd >= 0 ? count + 1 : count), timeout);
    for (gint i = 0; i < count; i++) fds[i].revents = ready > 0 ? (gushort)all[i].revents : 0;
    int readable = fd >= 0 && ready > 0 && (all[count].revents & (POLLIN | POLLHUP | POLLERR));
    if (g_main_context_check(context, priority, fds, count)) g_main_context_dispatch(context);
    g_main_context_release(context);
    g_free(all);
    if (fds != fixed) g_free(fds);
    return readable;
}

void sk_a11y_wakeup(void) {
    if (started > 0) g_main_context_wakeup(NULL);
}

// MARK: - Events

int sk_a11y_known(sk_a11y_id id) { return started > 0 && sk_object_if_known(id) != NULL; }

void sk_a11y_notify_focus(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_for(id) : NULL;
    if (!obj) return;
    atk_object_notify_state_change(obj, ATK_STATE_FOCUSED, TRUE);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    atk_focus_tracker_notify(obj);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

void sk_a11y_notify_state(sk_a11y_id id, uint32_t state, int on) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (!obj) return;
    AtkStateType type = ATK_STATE_INVALID;
    switch (state) {
    case SK_STATE_FOCUSED: type = ATK_STATE_FOCUSED; break;
    case SK_STATE_SELECTED: type = ATK_STATE_SELECTED; break;
    case SK_STATE_CHECKED: type = ATK_STATE_CHECKED; break;
    case SK_STATE_ENABLED: type = ATK_STATE_ENABLED; break;
    case SK_STATE_SENSITIVE: type = ATK_STATE_SENSITIVE; break;
    case SK_STATE_SHOWING: type = ATK_STATE_SHOWING; break;
    case SK_STATE_VISIBLE: type = ATK_STATE_VISIBLE; break;
    case SK_STATE_PRESSED: type = ATK_STATE_PRESSED; break;
    case SK_STATE_EDITABLE: type = ATK_STATE_EDITABLE; break;
    default: return;
    }
    atk_object_notify_state_change(obj, type, on ? TRUE : FALSE);
}

void sk_a11y_notify_name(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj) g_object_notify(G_OBJECT(obj), "accessible-name");
}

void sk_a11y_notify_value(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (!obj || !ATK_IS_VALUE(obj)) return;
    gdouble value = 0;
    gchar *text = NULL;
    atk_value_get_value_and_text(ATK_VALUE(obj), &value, &text);
    g_signal_emit_by_name(obj, "value-changed", value, text ? text : "");
    g_free(text);
    g_object_notify(G_OBJECT(obj), "accessible-value");
}

void sk_a11y_notify_children(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj) g_signal_emit_by_name(obj, "visible-data-changed");
}

void sk_a11y_notify_bounds(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (!obj || !ATK_IS_COMPONENT(obj)) return;
    AtkRectangle rect;
    atk_component_get_extents(ATK_COMPONENT(obj), &rect.x, &rect.y, &rect.width, &rect.height, ATK_XY_SCREEN);
    g_signal_emit_by_name(obj, "bounds-changed", &rect);
}

void sk_a11y_notify_selection(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj && ATK_IS_SELECTION(obj)) g_signal_emit_by_name(obj, "selection-changed");
}

void sk_a11y_notify_text_removed(sk_a11y_id id, int position, int length, const char *text) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj && ATK_IS_TEXT(obj)) g_signal_emit_by_name(obj, "text-remove", position, length, text ? text : "");
}

void sk_a11y_notify_text_inserted(sk_a11y_id id, int position, int length, const char *text) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj && ATK_IS_TEXT(obj)) g_signal_emit_by_name(obj, "text-insert", position, length, text ? text : "");
}

void sk_a11y_notify_caret(sk_a11y_id id, int offset) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj && ATK_IS_TEXT(obj)) g_signal_emit_by_name(obj, "text-caret-moved", offset);
}

void sk_a11y_notify_text_selection(sk_a11y_id id) {
    AtkObject *obj = started > 0 ? sk_object_if_known(id) : NULL;
    if (obj && ATK_IS_TEXT(obj)) g_signal_emit_by_name(obj, "text-selection-changed");
}

void sk_a11y_forget(sk_a11y_id id) {
    if (started > 0) sk_object_forget(id);
}

#else   // no ATK: nothing is wanted, nothing runs

int sk_a11y_wanted(void) { return 0; }
int sk_a11y_start(const sk_a11y_callbacks *c, const char *n, sk_a11y_id r) { (void)c; (void)n; (void)r; return 0; }
void sk_a11y_dispatch(void) {}
int sk_a11y_wait(int fd, int timeout_ms) { (void)fd; (void)timeout_ms; return 0; }
void sk_a11y_wakeup(void) {}
int sk_a11y_known(sk_a11y_id id) { (void)id; return 0; }
void sk_a11y_notify_focus(sk_a11y_id id) { (void)id; }
void sk_a11y_notify_state(sk_a11y_id id, uint32_t s, int on) { (void)id; (void)s; (void)on; }
void sk_a11y_notify_name(sk_a11y_id id) { (void)id; }
void sk_a11y_notify_value(sk_a11y_id id) { (void)id; }
void sk_a11y_notify_children(sk_a11y_id id) { (void)id; }
void sk_a11y_notify_bounds(sk_a11y_id id) { (void)id; }
void sk_a11y_notify_selection(sk_a11y_id id) { (void)id; }
void sk_a11y_notify_text_removed(sk_a11y_id id, int p, int n, const char *t) { (void)id; (void)p; (void)n; (void)t; }
void sk_a11y_notify_text_inserted(sk_a11y_id id, int p, int n, const char *t) { (void)id; (void)p; (void)n; (void)t; }
void sk_a11y_notify_caret(sk_a11y_id id, int offset) { (void)id; (void)offset; }
void sk_a11y_notify_text_selection(sk_a11y_id id) { (void)id; }
void sk_a11y_forget(sk_a11y_id id) { (void)id; }
#endif
