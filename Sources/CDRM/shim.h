// libdrm's headers for CScrollKitKMS: this module only carries their include path (pkg-config "libdrm":
// xf86drm.h includes <drm.h> from /usr/include/libdrm); CScrollKitKMS links the library itself.
#if defined(__linux__) && __has_include(<xf86drmMode.h>)
#include <xf86drm.h>
#include <xf86drmMode.h>
#endif
