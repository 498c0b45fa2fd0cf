#ifndef SCROLLKIT_CFONTSTACK_SHIM_H
#define SCROLLKIT_CFONTSTACK_SHIM_H
// The font stack behind ScrollKitSDL's shaped text: HarfBuzz (shaping), FreeType (glyphs by id, colour
// bitmaps) and fontconfig (fallback fonts). Debian: libharfbuzz-dev, libfreetype-dev, libfontconfig-dev.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <fontconfig/fontconfig.h>

static inline int sk_ft_load_render_light(void) { return FT_LOAD_TARGET_LIGHT | FT_LOAD_RENDER; }
static inline int sk_ft_load_render_color(void) { return FT_LOAD_COLOR | FT_LOAD_RENDER; }
static inline int sk_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int sk_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline hb_tag_t sk_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
#endif
