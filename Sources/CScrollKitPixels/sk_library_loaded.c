// One load-time constructor: tells ScrollKitSDL (when it is linked: a weak reference) that the library was loaded,
// so it can register its font measurer as ScrollKit's default before main runs.
#include <stddef.h>

extern void scrollkit_sdl_library_loaded(void) __attribute__((weak));

__attribute__((constructor)) static void sk_library_loaded(void) {
    if (scrollkit_sdl_library_loaded != NULL) scrollkit_sdl_library_loaded();
}
