// The Text and EditableText interfaces of text elements (labels and headings: Text; text fields: both). The text
// comes from Swift's SK_STRING_TEXT; the caret, the selection, ranges by unit, character boxes and edits from
// Swift's text and edit callbacks. Offsets are characters: Unicode scalars (what g_utf8 counts), as AT-SPI's are.
#include "sk_a11y_private.h"

#ifdef SK_A11Y_HAS_ATK
#include <stdlib.h>
#include <string.h>

static sk_a11y_id id_of(gpointer text) { return ((SkAccessible *)text)->id; }

static const char *text_of(AtkText *text) {
    SkAccessible *self = (SkAccessible *)text;
    return sk_keep(&self->text, sk_string_of(ATK_OBJECT(text), SK_STRING_TEXT, 0));
}

/// Asks Swift a text request; `out` zeroed first. 0 when there is no answer.
static int ask(AtkText *text, int request, int a, int b, sk_a11y_text_answer *out) {
    sk_a11y_text_answer local;
    if (!out) out = &local;
    memset(out, 0, sizeof *out);
    return sk_callbacks && sk_callbacks->text ? sk_callbacks->text(id_of(text), request, a, b, out) : 0;
}

/// Characters start..end of `all` (clamped; end < 0: to the end), newly allocated.
static gchar *substring(const char *all, gint start, gint end) {
    glong n = g_utf8_strlen(all, -1);
    if (start < 0) start = 0;
    if (end < 0 || end > n) end = sk_int_of64(n);
    if (start > end) start = end;
    return g_utf8_substring(all, start, end);
}

// MARK: - Text

static gchar *sk_text_get(AtkText *text, gint start, gint end) { return substring(text_of(text), start, end); }
static gint sk_text_count(AtkText *text) { return sk_int_of64(g_utf8_strlen(text_of(text), -1)); }
static gint sk_text_caret(AtkText *text) { return ask(text, SK_TEXT_CARET, 0, 0, NULL); }
static gboolean sk_text_set_caret(AtkText *text, gint offset) {
    return ask(text, SK_TEXT_SET_CARET, offset, 0, NULL) > 0;
}

static gunichar sk_text_char(AtkText *text, gint offset) {
    const char *all = text_of(text);
    if (offset < 0 || offset >= g_utf8_strlen(all, -1)) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(all, offset));
}

/// The range of `unit` at `offset` and its text; an empty string at 0 when there is none.
static gchar *range_text(AtkText *text, int unit, gint offset, gint *start, gint *end) {
    sk_a11y_text_answer r;
    gint s = 0, e = 0;
    gchar *found = NULL;
    if (ask(text, SK_TEXT_RANGE, unit, offset, &r) > 0) {
        s = r.start;
        e = r.end;
        found = substring(text_of(text), s, e);
    }
    if (start) *start = s;
    if (end) *end = e;
    return found ? found : g_strdup("");
}

static int unit_of_boundary(AtkTextBoundary boundary) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_WORD_START: return SK_UNIT_WORD_START;
    case ATK_TEXT_BOUNDARY_WORD_END: return SK_UNIT_WORD_END;
    case ATK_TEXT_BOUNDARY_SENTENCE_START: return SK_UNIT_SENTENCE_START;
    case ATK_TEXT_BOUNDARY_SENTENCE_END: return SK_UNIT_SENTENCE_END;
    case ATK_TEXT_BOUNDARY_LINE_START: return SK_UNIT_LINE_START;
    case ATK_TEXT_BOUNDARY_LINE_END: return SK_UNIT_LINE_END;
    default: return SK_UNIT_CHARACTER;
    }
}

static gchar *sk_text_at(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return range_text(text, unit_of_boundary(boundary), offset, start, end);
}

/// The unit before the one at `offset`.
static gchar *sk_text_before(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    gint s = 0, e = 0;
    g_free(range_text(text, unit_of_boundary(boundary), offset, &s, &e));
    if (s <= 0) {
        if (start) *start = 0;
        if (end) *end = 0;
        return g_strdup("");
    }
    return range_text(text, unit_of_boundary(boundary), s - 1, start, end);
}

/// The unit after the one at `offset`.
static gchar *sk_text_after(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    gint s = 0, e = 0, count = sk_text_count(text);
    g_free(range_text(text, unit_of_boundary(boundary), offset, &s, &e));
    if (e >= count || e <= offset) {
        if (start) *start = count;
        if (end) *end = count;
        return g_strdup("");
    }
    return range_text(text, unit_of_boundary(boundary), e, start, end);
}

static gchar *sk_text_string_at(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    int unit = SK_UNIT_CHARACTER;
    switch (granularity) {
    case ATK_TEXT_GRANULARITY_WORD: unit = SK_UNIT_WORD_START; break;
    case ATK_TEXT_GRANULARITY_SENTENCE: unit = SK_UNIT_SENTENCE_START; break;
    case ATK_TEXT_GRANULARITY_LINE: unit = SK_UNIT_LINE_START; break;
    case ATK_TEXT_GRANULARITY_PARAGRAPH: unit = SK_UNIT_PARAGRAPH; break;
    default: break;
    }
    return range_text(text, unit, offset, start, end);
}

static void sk_text_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height,
                            AtkCoordType coords) {
    sk_a11y_text_answer r;
    gint fx = -1, fy = -1, fw = -1, fh = -1;
    if (ask(text, SK_TEXT_CHARACTER_BOX, offset, 0, &r) > 0) {
        double ox, oy;
        sk_coords_origin(ATK_OBJECT(text), coords, &ox, &oy);
        fx = sk_floor_int(r.x - ox);
        fy = sk_floor_int(r.y - oy);
        fw = sk_int_of64((gint64)sk_ceil_int(r.x + r.width - ox) - fx);
        fh = sk_int_of64((gint64)sk_ceil_int(r.y + r.height - oy) - fy);
    }
    if (x) *x = fx;
    if (y) *y = fy;
    if (width) *width = fw;
    if (height) *height = fh;
}

/// One request to Swift (SK_TEXT_RANGE_BOX), never a box per character: bounded whatever the range.
static void sk_text_range_extents(AtkText *text, gint start, gint end, AtkCoordType coords, AtkTextRectangle *rect) {
    if (!rect) return;
    rect->x = rect->y = rect->width = rect->height = -1;
    if (start < 0) start = 0;
    if (end < 0) end = G_MAXINT;   // to the end of the text
    sk_a11y_text_answer r;
    if (ask(text, SK_TEXT_RANGE_BOX, start, end, &r) <= 0) return;
    double ox, oy;
    sk_coords_origin(ATK_OBJECT(text), coords, &ox, &oy);
    rect->x = sk_floor_int(r.x - ox);
    rect->y = sk_floor_int(r.y - oy);
    rect->width = sk_int_of64((gint64)sk_ceil_int(r.x + r.width - ox) - rect->x);
    rect->height = sk_int_of64((gint64)sk_ceil_int(r.y + r.height - oy) - rect->y);
}

static gint sk_text_offset_at_point(AtkText *text, gint x, gint y, AtkCoordType coords) {
    double ox, oy;
    sk_coords_origin(ATK_OBJECT(text), coords, &ox, &oy);
    if (!sk_callbacks || !sk_callbacks->text) return -1;
    sk_a11y_text_answer r;
    memset(&r, 0, sizeof r);
    return sk_callbacks->text(id_of(text), SK_TEXT_OFFSET_AT_POINT, sk_int_of(x + ox), sk_int_of(y + oy), &r);
}

static gint sk_text_n_selections(AtkText *text) { return ask(text, SK_TEXT_SELECTION, 0, 0, NULL) > 0 ? 1 : 0; }

static gchar *sk_text_selection(AtkText *text, gint n, gint *start, gint *end) {
    sk_a11y_text_answer r;
    if (n != 0 || ask(text, SK_TEXT_SELECTION, 0, 0, &r) <= 0) {
        if (start) *start = 0;
        if (end) *end = 0;
        return NULL;
    }
    if (start) *start = r.start;
    if (end) *end = r.end;
    return substring(text_of(text), r.start, r.end);
}

static gboolean sk_text_set_selection(AtkText *text, gint n, gint start, gint end) {
    if (n != 0) return FALSE;
    return ask(text, SK_TEXT_SET_SELECTION, start, end, NULL) > 0;
}

static gboolean sk_text_add_selection(AtkText *text, gint start, gint end) {
    if (sk_text_n_selections(text) > 0) return FALSE;   // one selection at most
    return ask(text, SK_TEXT_SET_SELECTION, start, end, NULL) > 0;
}

static gboolean sk_text_remove_selection(AtkText *text, gint n) {
    if (n != 0 || sk_text_n_selections(text) == 0) return FALSE;
    gint caret = sk_text_caret(text);
    return ask(text, SK_TEXT_SET_SELECTION, caret, caret, NULL) > 0;
}

void sk_text_init(AtkTextIface *iface) {
    iface->get_text = sk_text_get;
    iface->get_character_count = sk_text_count;
    iface->get_caret_offset = sk_text_caret;
    iface->set_caret_offset = sk_text_set_caret;
    iface->get_character_at_offset = sk_text_char;
    iface->get_text_at_offset = sk_text_at;
    iface->get_text_before_offset = sk_text_before;
    iface->get_text_after_offset = sk_text_after;
    iface->get_string_at_offset = sk_text_string_at;
    iface->get_character_extents = sk_text_extents;
    iface->get_range_extents = sk_text_range_extents;
    iface->get_offset_at_point = sk_text_offset_at_point;
    iface->get_n_selections = sk_text_n_selections;
    iface->get_selection = sk_text_selection;
    iface->set_selection = sk_text_set_selection;
    iface->add_selection = sk_text_add_selection;
    iface->remove_selection = sk_text_remove_selection;
}

// MARK: - EditableText

static int edit(AtkEditableText *text, int request, int start, int end, const char *string) {
    return sk_callbacks && sk_callbacks->edit ? sk_callbacks->edit(id_of(text), request, start, end, string) : 0;
}

/// `end` < 0 means the end of the text (as GTK takes it).
static gint end_of(AtkEditableText *text, gint end) {
    return end < 0 ? sk_text_count(ATK_TEXT(text)) : end;
}

static void sk_set_contents(AtkEditableText *text, const gchar *string) {
    if (string) edit(text, SK_EDIT_SET_CONTENTS, 0, 0, string);
}

/// `length` is in bytes (AT-SPI's rule; -1: the whole string), cut back to whole characters; a length equal
/// to the string's character count (a client that counted characters) takes the whole string too.
static void sk_insert(AtkEditableText *text, const gchar *string, gint length, gint *position) {
    if (!string || !position) return;
    gsize bytes = strlen(string);
    if (length >= 0 && (gsize)length < bytes && length != g_utf8_strlen(string, -1)) bytes = (gsize)length;
    const gchar *valid = string;
    g_utf8_validate(string, (gssize)bytes, &valid);
    gchar *piece = g_strndup(string, (gsize)(valid - string));
    int after = edit(text, SK_EDIT_INSERT, *position, *position, piece);
    if (after >= 0) *position = after;
    g_free(piece);
}

static void sk_delete(AtkEditableText *text, gint start, gint end) {
    edit(text, SK_EDIT_DELETE, start, end_of(text, end), NULL);
}
static void sk_copy(AtkEditableText *text, gint start, gint end) {
    edit(text, SK_EDIT_COPY, start, end_of(text, end), NULL);
}
static void sk_cut(AtkEditableText *text, gint start, gint end) {
    edit(text, SK_EDIT_CUT, start, end_of(text, end), NULL);
}
static void sk_paste(AtkEditableText *text, gint position) { edit(text, SK_EDIT_PASTE, position, position, NULL); }

void sk_editable_text_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = sk_set_contents;
    iface->insert_text = sk_insert;
    iface->delete_text = sk_delete;
    iface->copy_text = sk_copy;
    iface->cut_text = sk_cut;
    iface->paste_text = sk_paste;
}
#endif
