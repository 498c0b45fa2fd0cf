// ATK's headers (and GLib's, through them) for CScrollKitA11y: this module only carries their include paths
// (pkg-config "atk": no flag SwiftPM refuses); CScrollKitA11y links the libraries itself.
#if defined(__linux__) && __has_include(<atk/atk.h>)
#include <atk/atk.h>
#endif
