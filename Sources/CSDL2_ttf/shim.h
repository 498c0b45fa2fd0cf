#ifndef SCROLLKIT_CSDL2_TTF_SHIM_H
#define SCROLLKIT_CSDL2_TTF_SHIM_H
#include <SDL_ttf.h>
#endif
