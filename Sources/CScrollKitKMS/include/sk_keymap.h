#ifndef SCROLLKIT_SK_KEYMAP_H
#define SCROLLKIT_SK_KEYMAP_H

// The console's keyboard layout through xkbcommon: Linux keycodes (evdev's KEY_*) to keysyms and typed text,
// with the modifiers' state (Shift, Caps Lock, AltGr as ISO_Level3_Shift, Control, Alt) kept across keys.
// `sk_keymap_new` compiles the keymap from RMLVO names (xkb-data's rules); it needs no display and no device.
// Where libxkbcommon's header is missing every call fails: `sk_keymap_new` returns NULL with a reason.

#include <stddef.h>
#include <stdint.h>

typedef struct sk_keymap sk_keymap;

/// The modifiers in effect (`sk_keymap_mods`).
enum {
    SK_MOD_SHIFT = 1 << 0,
    SK_MOD_CONTROL = 1 << 1,
    SK_MOD_ALT = 1 << 2,
    SK_MOD_CAPS = 1 << 3,
    /// AltGr: ISO_Level3_Shift (Mod5 in the evdev rules).
    SK_MOD_ALTGR = 1 << 4,
};

/// Compiles the keymap of `layout` (e.g. "de", "us,ru"), `variant` ("nodeadkeys", "" none), `model` ("pc105",
/// "" the rules' default) and `options` ("ctrl:nocaps", "" none). NULL with one line in `error` when xkb-data
/// has no such layout (or no data at all).
sk_keymap *sk_keymap_new(const char *layout, const char *variant, const char *model, const char *options,
                         char *error, size_t error_size);
void sk_keymap_free(sk_keymap *km);

/// Key `code` (a Linux KEY_* code) went down (`direction` 1), up (0) or repeated (2). Fills `*keysym` with the
/// key's keysym in the state before this key changed it (0: none) and `text` with the UTF-8 it types (NUL
/// terminated, "" for none or for a release; control characters included: the caller decides), then updates
/// the state. Returns the modifiers in effect after the key (SK_MOD_*).
int sk_keymap_key(sk_keymap *km, int code, int direction, uint32_t *keysym, char *text, size_t text_size);
/// The modifiers in effect now.
int sk_keymap_mods(const sk_keymap *km);
/// Whether key `code` repeats while held (the keymap says; modifiers do not).
int sk_keymap_repeats(const sk_keymap *km, int code);
/// The keysym's lower-case form (for shortcuts by the letter a layout puts on a key).
uint32_t sk_keymap_lower(uint32_t keysym);
/// The layout's name in the keymap ("German", "English (US)"), "" when none.
const char *sk_keymap_layout_name(const sk_keymap *km);

#endif
