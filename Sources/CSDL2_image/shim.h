#ifndef SCROLLKIT_CSDL2_IMAGE_SHIM_H
#define SCROLLKIT_CSDL2_IMAGE_SHIM_H
#include <SDL_image.h>
#endif
