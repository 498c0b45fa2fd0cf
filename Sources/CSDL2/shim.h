#ifndef SCROLLKIT_CSDL2_SHIM_H
#define SCROLLKIT_CSDL2_SHIM_H

// <SDL2/SDL.h> where SDL lives in a default include path (Debian, Ubuntu: no pkg-config needed),
// else <SDL.h> through the include paths pkg-config gives (Homebrew, other prefixes).
#if __has_include(<SDL2/SDL.h>)
#include <SDL2/SDL.h>
#else
#include <SDL.h>
#endif

// Wrappers for the SDL macros Swift cannot import.

static inline int sk_SDL_WINDOWPOS_CENTERED(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int sk_SDL_WINDOWPOS_UNDEFINED(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 sk_SDL_TOUCH_MOUSEID(void) { return (Uint32)SDL_TOUCH_MOUSEID; }
static inline Uint32 sk_SDL_BUTTON_LMASK(void) { return (Uint32)SDL_BUTTON_LMASK; }
static inline SDL_Surface *sk_SDL_LoadBMP(const char *file) { return SDL_LoadBMP(file); }
static inline int sk_SDL_SaveBMP(SDL_Surface *surface, const char *file) { return SDL_SaveBMP(surface, file); }
static inline int sk_SDL_MUSTLOCK(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? 1 : 0; }

#endif
