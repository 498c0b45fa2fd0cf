// libxkbcommon's header for CScrollKitKMS (the console's keymaps): this module only carries its include path
// (pkg-config "xkbcommon"); CScrollKitKMS links the library itself. Debian: libxkbcommon-dev (xkb-data has the
// layouts).
#if defined(__linux__) && __has_include(<xkbcommon/xkbcommon.h>)
#include <xkbcommon/xkbcommon.h>
#endif
