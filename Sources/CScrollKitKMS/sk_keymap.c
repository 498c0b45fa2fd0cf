// The console's keyboard layout through xkbcommon: see sk_keymap.h.

#include "sk_keymap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__) && __has_include(<xkbcommon/xkbcommon.h>)
#include <xkbcommon/xkbcommon.h>

struct sk_keymap {
    struct xkb_context *context;
    struct xkb_keymap *keymap;
    struct xkb_state *state;
};

static const char *sk_or_null(const char *s) { return s && *s ? s : NULL; }

sk_keymap *sk_keymap_new(const char *layout, const char *variant, const char *model, const char *options,
                         char *error, size_t error_size) {
    // The names asked for, not the environment's XKB_DEFAULT_* (the caller already chose).
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
    if (!context) { if (error && error_size) snprintf(error, error_size, "xkbcommon cannot start"); return NULL; }
    xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL);
    struct xkb_rule_names names = { .rules = NULL, .model = sk_or_null(model), .layout = sk_or_null(layout),
                                    .variant = sk_or_null(variant), .options = sk_or_null(options) };
    struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS);
    if (!keymap) {
        if (error && error_size)
            snprintf(error, error_size, "no keymap for layout '%s'%s%s (xkb-data)", layout ? layout : "",
                     sk_or_null(variant) ? " variant " : "", sk_or_null(variant) ? variant : "");
        xkb_context_unref(context);
        return NULL;
    }
    struct xkb_state *state = xkb_state_new(keymap);
    sk_keymap *km = calloc(1, sizeof *km);
    if (!state || !km) {
        if (state) xkb_state_unref(state);
        free(km);
        xkb_keymap_unref(keymap);
        xkb_context_unref(context);
        if (error && error_size) snprintf(error, error_size, "out of memory");
        return NULL;
    }
    km->context = context; km->keymap = keymap; km->state = state;
    return km;
}

void sk_keymap_free(sk_keymap *km) {
    if (!km) return;
    xkb_state_unref(km->state);
    xkb_keymap_unref(km->keymap);
    xkb_context_unref(km->context);
    free(km);
}

int sk_keymap_mods(const sk_keymap *km) {
    if (!km) return 0;
    struct xkb_state *s = km->state;
    int mods = 0;
    if (xkb_state_mod_name_is_active(s, XKB_MOD_NAME_SHIFT, XKB_STATE_MODS_EFFECTIVE) > 0) mods |= SK_MOD_SHIFT;
    if (xkb_state_mod_name_is_active(s, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0) mods |= SK_MOD_CONTROL;
    if (xkb_state_mod_name_is_active(s, XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) > 0) mods |= SK_MOD_ALT;
    if (xkb_state_mod_name_is_active(s, XKB_MOD_NAME_CAPS, XKB_STATE_MODS_EFFECTIVE) > 0) mods |= SK_MOD_CAPS;
    if (xkb_state_mod_name_is_active(s, "Mod5", XKB_STATE_MODS_EFFECTIVE) > 0) mods |= SK_MOD_ALTGR;
    return mods;
}

int sk_keymap_key(sk_keymap *km, int code, int direction, uint32_t *keysym, char *text, size_t text_size) {
    if (keysym) *keysym = 0;
    if (text && text_size) text[0] = 0;
    if (!km || code < 0) return 0;
    xkb_keycode_t key = (xkb_keycode_t)code + 8;   // evdev's codes are XKB's minus 8
    if (direction != 0) {
        if (keysym) *keysym = xkb_state_key_get_one_sym(km->state, key);
        if (text && text_size) xkb_state_key_get_utf8(km->state, key, text, text_size);
    }
    if (direction != 2) xkb_state_update_key(km->state, key, direction ? XKB_KEY_DOWN : XKB_KEY_UP);
    return sk_keymap_mods(km);
}

int sk_keymap_repeats(const sk_keymap *km, int code) {
    return km && code >= 0 ? xkb_keymap_key_repeats(km->keymap, (xkb_keycode_t)code + 8) : 0;
}

uint32_t sk_keymap_lower(uint32_t keysym) { return xkb_keysym_to_lower(keysym); }

const char *sk_keymap_layout_name(const sk_keymap *km) {
    const char *name = km ? xkb_keymap_layout_get_name(km->keymap, 0) : NULL;
    return name ? name : "";
}

#else   // no libxkbcommon header: no keymaps (the console then maps the editing keys by code, and types nothing)

sk_keymap *sk_keymap_new(const char *layout, const char *variant, const char *model, const char *options,
                         char *error, size_t error_size) {
    (void)layout; (void)variant; (void)model; (void)options;
    if (error && error_size) snprintf(error, error_size, "built without xkbcommon");
    return NULL;
}
void sk_keymap_free(sk_keymap *km) { (void)km; }
int sk_keymap_key(sk_keymap *km, int code, int direction, uint32_t *keysym, char *text, size_t text_size) {
    (void)km; (void)code; (void)direction;
    if (keysym) *keysym = 0;
    if (text && text_size) text[0] = 0;
    return 0;
}
int sk_keymap_mods(const sk_keymap *km) { (void)km; return 0; }
int sk_keymap_repeats(const sk_keymap *km, int code) { (void)km; (void)code; return 0; }
uint32_t sk_keymap_lower(uint32_t keysym) { return keysym; }
const char *sk_keymap_layout_name(const sk_keymap *km) { (void)km; return ""; }

#endif
