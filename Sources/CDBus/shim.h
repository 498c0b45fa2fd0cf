// libdbus's headers for CScrollKitA11y (whether a screen reader wants the application: one question to the
// session bus before anything starts); this module only carries their include paths (pkg-config "dbus-1").
#if defined(__linux__) && __has_include(<dbus/dbus.h>)
#include <dbus/dbus.h>
#endif
