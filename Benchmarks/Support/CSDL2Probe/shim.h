// SDL2's C API for gpu-probe, which drives SDL's accelerated renderer directly (ScrollKit exports no C
// module: SDL stays inside ScrollKitSDL). <SDL2/SDL.h> where SDL lives in a default include path (Debian,
// Ubuntu), else <SDL.h> through the include paths pkg-config gives (Homebrew, other prefixes).
#pragma once
#if __has_include(<SDL2/SDL.h>)
#include <SDL2/SDL.h>
#else
#include <SDL.h>
#endif
