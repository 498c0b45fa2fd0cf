#ifndef SCROLLKIT_CSDL2_TTF_SHIM_H
#define SCROLLKIT_CSDL2_TTF_SHIM_H
// <SDL2/SDL_ttf.h> where SDL lives in a default include path (Debian, Ubuntu: no pkg-config needed),
// else <SDL_ttf.h> through the include paths pkg-config gives (Homebrew, other prefixes).
#if __has_include(<SDL2/SDL_ttf.h>)
#include <SDL2/SDL_ttf.h>
#else
#include <SDL_ttf.h>
#endif
#endif
