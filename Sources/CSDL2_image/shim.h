#ifndef SCROLLKIT_CSDL2_IMAGE_SHIM_H
#define SCROLLKIT_CSDL2_IMAGE_SHIM_H
// <SDL2/SDL_image.h> where SDL lives in a default include path (Debian, Ubuntu: no pkg-config needed),
// else <SDL_image.h> through the include paths pkg-config gives (Homebrew, other prefixes).
#if __has_include(<SDL2/SDL_image.h>)
#include <SDL2/SDL_image.h>
#else
#include <SDL_image.h>
#endif
#endif
