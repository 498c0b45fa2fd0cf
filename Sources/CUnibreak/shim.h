#ifndef SCROLLKIT_CUNIBREAK_SHIM_H
#define SCROLLKIT_CUNIBREAK_SHIM_H
// libunibreak's UAX #14 line breaking (Debian: libunibreak-dev, header in /usr/include, no pkg-config
// needed; Homebrew: libunibreak, found through pkg-config).
#include <linebreak.h>
#endif
