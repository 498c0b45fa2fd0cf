#ifndef SCROLLKIT_SK_VT_H
#define SCROLLKIT_SK_VT_H

// The virtual terminal a console program runs on: put in graphics mode (the kernel's text console no longer
// draws over the frames), its keyboard off (keys read from evdev do not also pile up as the shell's input), and
// VT switches by the process (VT_PROCESS): the kernel asks before switching away (SIGUSR1) and says when we are
// back (SIGUSR2); `sk_vt_poll` reports both, `sk_vt_release` and `sk_vt_acquired` answer the kernel. `sk_vt_close`
// (and an exit, through atexit, and SIGINT/SIGTERM through the loop) puts text mode, the keyboard mode and
// VT_AUTO back.
//
// The VT: standard input when it is one, else the active one (/dev/tty0's VT_GETSTATE, opened as /dev/ttyN).

#include <stddef.h>

typedef struct sk_vt sk_vt;

/// Takes the VT (see above). NULL with the reason in `why` when there is none to take (no /dev/tty0, not
/// allowed): the program then runs without VT switching.
sk_vt *sk_vt_open(char *why, size_t why_size);
/// The VT's number (1 for /dev/tty1).
int sk_vt_number(const sk_vt *vt);
/// What the kernel asked since the last call: 0 nothing, 1 release the display (a switch away), 2 the display
/// is ours again (a switch back). A release waits for `sk_vt_release`.
int sk_vt_poll(sk_vt *vt);
/// Lets a switch away happen (after DRM master was dropped).
void sk_vt_release(sk_vt *vt);
/// Acknowledges the switch back.
void sk_vt_acquired(sk_vt *vt);
/// Switches to VT `n` (Ctrl+Alt+Fn: the kernel's keyboard is off, so the program does it).
int sk_vt_activate(sk_vt *vt, int n);
/// Text mode, the keyboard and VT_AUTO back; idempotent for NULL.
void sk_vt_close(sk_vt *vt);

#endif
