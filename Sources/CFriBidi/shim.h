#ifndef SCROLLKIT_CFRIBIDI_SHIM_H
#define SCROLLKIT_CFRIBIDI_SHIM_H
// FriBidi: the Unicode bidirectional algorithm (UAX #9) for ScrollKit's TextLayout. Plain C, no I/O
// (Debian: libfribidi-dev, headers in /usr/include/fribidi; Homebrew: fribidi, found through pkg-config).
#include <fribidi/fribidi.h>
#endif
