// Shared inside CScrollKitA11y: the callbacks, the object table and the ATK object types.
#ifndef SK_A11Y_PRIVATE_H
#define SK_A11Y_PRIVATE_H

#include "sk_a11y.h"

#if defined(__linux__) && __has_include(<atk/atk.h>)
#define SK_A11Y_HAS_ATK 1
#include <atk/atk.h>

/// One element's ATK object: asks Swift (through the callbacks) every time it is read.
typedef struct {
    AtkObject parent;
    sk_a11y_id id;
    /// Strings handed out last (ATK returns borrowed strings: each lives until the next call of its kind).
    char *name, *description, *action_name, *action_description, *text;
} SkAccessible;

typedef struct { AtkObjectClass parent; } SkAccessibleClass;

extern const sk_a11y_callbacks *sk_callbacks;
extern AtkObject *sk_application;
extern sk_a11y_id sk_root_id;

/// The object for `id` (made on first use, of the type its role needs); borrowed. NULL for 0 or a gone element.
AtkObject *sk_object_for(sk_a11y_id id);
/// The object for `id` if one was made; borrowed.
AtkObject *sk_object_if_known(sk_a11y_id id);
/// Makes the application object (role application, named `name`, its one child the window `root`).
AtkObject *sk_application_new(const char *name);
/// Registers the object types (before atk-bridge looks up signals by type name).
void sk_register_types(void);
/// Drops the object of `id` from the table.
void sk_object_forget(sk_a11y_id id);

/// The base object type.
GType sk_accessible_get_type(void);
/// Fills `out` with what Swift says of `obj` now; 0 when it is gone.
int sk_info_of(AtkObject *obj, sk_a11y_info *out);
/// A string of `obj` (SK_STRING_*), malloc'ed; NULL for none.
char *sk_string_of(AtkObject *obj, int which, int index);
/// Replaces `*slot` with `fresh` (malloc'ed, freed later) and returns it ("" when NULL).
const char *sk_keep(char **slot, char *fresh);
/// The screen point `coords` are measured from (0, 0 for the screen; the window's or the parent's corner).
void sk_coords_origin(AtkObject *obj, AtkCoordType coords, double *ox, double *oy);
/// `v` rounded toward zero as a gint, clamped to G_MININT..G_MAXINT; NaN gives 0. The one conversion of a
/// double from Swift (extents, character boxes) to a gint: a plain cast past INT_MAX is undefined behaviour.
static inline gint sk_int_of(double v) {
    if (v != v) return 0;
    if (v >= (double)G_MAXINT) return G_MAXINT;
    if (v <= (double)G_MININT) return G_MININT;
    return (gint)v;
}
/// `v` rounded down / up as a gint, clamped as sk_int_of is.
static inline gint sk_floor_int(double v) { gint i = sk_int_of(v); return v < i && i > G_MININT ? i - 1 : i; }
static inline gint sk_ceil_int(double v) { gint i = sk_int_of(v); return v > i && i < G_MAXINT ? i + 1 : i; }
/// A 64-bit sum or difference of gints back into a gint, clamped.
static inline gint sk_int_of64(gint64 v) { return v > G_MAXINT ? G_MAXINT : v < G_MININT ? G_MININT : (gint)v; }
/// The Text and EditableText interfaces (sk_a11y_text.c).
void sk_text_init(AtkTextIface *iface);
void sk_editable_text_init(AtkEditableTextIface *iface);
#endif

#endif
