// The accessibility bridge's C side: ATK objects that ask Swift about each element, atk-bridge on AT-SPI2,
// and GLib's main context served from the host's loop. Plain C types only; no GLib type is exposed.
#ifndef SK_A11Y_H
#define SK_A11Y_H

#include <stdint.h>

/// An element's id, given by Swift (never 0).
typedef int64_t sk_a11y_id;

/// Roles, in the order of ScrollKit's AccessibleRole.
enum {
    SK_ROLE_NONE, SK_ROLE_PANEL, SK_ROLE_PUSH_BUTTON, SK_ROLE_TOGGLE_BUTTON, SK_ROLE_CHECK_BOX, SK_ROLE_LABEL,
    SK_ROLE_HEADING, SK_ROLE_TEXT, SK_ROLE_LIST, SK_ROLE_LIST_ITEM, SK_ROLE_TABLE, SK_ROLE_TABLE_CELL,
    SK_ROLE_PAGE_TAB_LIST, SK_ROLE_PAGE_TAB, SK_ROLE_SCROLL_PANE, SK_ROLE_SLIDER, SK_ROLE_IMAGE, SK_ROLE_DIALOG,
    SK_ROLE_FRAME, SK_ROLE_ALERT, SK_ROLE_MENU, SK_ROLE_MENU_ITEM, SK_ROLE_TOOL_TIP,
    SK_ROLE_NOTIFICATION
};

/// States: the bits of ScrollKit's AccessibleStates.
enum {
    SK_STATE_FOCUSABLE = 1 << 0, SK_STATE_FOCUSED = 1 << 1, SK_STATE_SELECTABLE = 1 << 2, SK_STATE_SELECTED = 1 << 3,
    SK_STATE_CHECKABLE = 1 << 4, SK_STATE_CHECKED = 1 << 5, SK_STATE_ENABLED = 1 << 6, SK_STATE_SENSITIVE = 1 << 7,
    SK_STATE_SHOWING = 1 << 8, SK_STATE_VISIBLE = 1 << 9, SK_STATE_EDITABLE = 1 << 10, SK_STATE_MULTI_LINE = 1 << 11,
    SK_STATE_PRESSED = 1 << 12
};

/// The strings an element has.
enum { SK_STRING_NAME, SK_STRING_DESCRIPTION, SK_STRING_VALUE, SK_STRING_TEXT, SK_STRING_ACTION_NAME,
       SK_STRING_ACTION_DESCRIPTION, SK_STRING_IDENTIFIER };

/// Selection requests.
enum { SK_SELECTION_COUNT, SK_SELECTION_NTH, SK_SELECTION_IS_SELECTED, SK_SELECTION_SELECT };

/// Text requests (the Text interface), offsets in characters (Unicode scalars).
enum {
    SK_TEXT_CARET,             ///< returns the caret, or -1
    SK_TEXT_SET_CARET,         ///< a: the offset; returns whether it moved
    SK_TEXT_SELECTION,         ///< fills start and end; returns 1 when something is selected
    SK_TEXT_SET_SELECTION,     ///< a, b: the range (a == b: none); returns whether it could
    SK_TEXT_RANGE,             ///< a: SK_UNIT_*, b: the offset; fills start and end; returns 1 when it could
    SK_TEXT_CHARACTER_BOX,     ///< a: the offset; fills x, y, width, height (screen pixels); returns 1 when known
    SK_TEXT_OFFSET_AT_POINT,   ///< a, b: a screen point (pixels); returns the character there, or -1
    SK_TEXT_RANGE_BOX          ///< a..b: characters; fills x, y, width, height (screen pixels); returns 1 when known
};

/// Text units (SK_TEXT_RANGE), in the order of ScrollKit's AccessibleTextUnit.
enum {
    SK_UNIT_CHARACTER, SK_UNIT_WORD_START, SK_UNIT_WORD_END, SK_UNIT_SENTENCE_START, SK_UNIT_SENTENCE_END,
    SK_UNIT_LINE_START, SK_UNIT_LINE_END, SK_UNIT_PARAGRAPH
};

/// Edits (the EditableText interface), offsets in characters.
enum {
    SK_EDIT_SET_CONTENTS,   ///< text: the new text
    SK_EDIT_INSERT,         ///< start: where, text: what; returns the offset after it, or -1
    SK_EDIT_DELETE,         ///< start..end
    SK_EDIT_COPY,           ///< start..end
    SK_EDIT_CUT,            ///< start..end
    SK_EDIT_PASTE           ///< start: where
};

/// A text request's answer.
typedef struct {
    int start, end;
    double x, y, width, height;
} sk_a11y_text_answer;

/// What Swift says of one element now.
typedef struct {
    int role;
    uint32_t states;
    /// Extents on the screen, in pixels.
    double x, y, width, height;
    int child_count;
    int index_in_parent;
    int action_count;
    int has_range;
    double value, minimum, maximum, step;
} sk_a11y_info;

/// Swift's answers, called on the main thread while GLib dispatches (from sk_a11y_dispatch / sk_a11y_wait).
typedef struct {
    /// Fills `out`; returns 0 when the element is gone.
    int (*info)(sk_a11y_id id, sk_a11y_info *out);
    /// A string of the element (`which`: SK_STRING_*, `index`: the action's), malloc'ed; NULL for none.
    char *(*string)(sk_a11y_id id, int which, int index);
    /// The id of child `index`, or 0.
    sk_a11y_id (*child)(sk_a11y_id id, int index);
    /// The parent's id, or 0 for the window's root.
    sk_a11y_id (*parent)(sk_a11y_id id);
    /// Performs action `index`; returns whether it did.
    int (*action)(sk_a11y_id id, int index);
    /// Sets the value; returns whether it did.
    int (*set_value)(sk_a11y_id id, double value);
    /// A selection request (SK_SELECTION_*): a count, a child index, a boolean.
    int (*selection)(sk_a11y_id id, int request, int index);
    /// Gives the element focus; returns whether it took it.
    int (*grab_focus)(sk_a11y_id id);
    /// A text request (SK_TEXT_*), answered in `out`.
    int (*text)(sk_a11y_id id, int request, int a, int b, sk_a11y_text_answer *out);
    /// An edit (SK_EDIT_*) of characters start..end with `text` (UTF-8, may be NULL); returns whether it
    /// changed anything (SK_EDIT_INSERT: the offset after the inserted text, or -1).
    int (*edit)(sk_a11y_id id, int request, int start, int end, const char *text);
} sk_a11y_callbacks;

/// Whether an AT-SPI bus wants this application: SCROLLKIT_ACCESSIBILITY=1 (yes) or 0 / NO_AT_BRIDGE=1 (no),
/// else a session bus whose org.a11y.Bus says IsEnabled or ScreenReaderEnabled (a screen reader or test
/// tool is on). One short D-Bus round trip; 0 without a session bus.
int sk_a11y_wanted(void);

/// Starts the bridge: the application object named `app_name`, its window `root` (an element id), and
/// atk-bridge on the AT-SPI bus. Returns 1 when it runs. Once per process.
int sk_a11y_start(const sk_a11y_callbacks *callbacks, const char *app_name, sk_a11y_id root);

/// Serves what D-Bus traffic is waiting, without blocking (a bounded number of GLib iterations).
void sk_a11y_dispatch(void);

/// Sleeps until `fd` (if >= 0) is readable, a D-Bus request comes, sk_a11y_wakeup is called, or `timeout_ms`
/// passes, serving the requests that come; returns 1 when `fd` became readable.
int sk_a11y_wait(int fd, int timeout_ms);

/// Wakes sk_a11y_wait from any thread (nothing when the bridge does not run).
void sk_a11y_wakeup(void);

/// Whether an ATK object for `id` exists (a client asked for it).
int sk_a11y_known(sk_a11y_id id);

/// Events, for elements that have an object (others are skipped).
void sk_a11y_notify_focus(sk_a11y_id id);
void sk_a11y_notify_state(sk_a11y_id id, uint32_t state, int on);
void sk_a11y_notify_name(sk_a11y_id id);
void sk_a11y_notify_value(sk_a11y_id id);
void sk_a11y_notify_children(sk_a11y_id id);
void sk_a11y_notify_bounds(sk_a11y_id id);
void sk_a11y_notify_selection(sk_a11y_id id);
/// Text events: `length` characters `text` removed or inserted at `position` (object:text-changed:delete and
/// :insert), the caret moved to `offset` (object:text-caret-moved), the selection changed.
void sk_a11y_notify_text_removed(sk_a11y_id id, int position, int length, const char *text);
void sk_a11y_notify_text_inserted(sk_a11y_id id, int position, int length, const char *text);
void sk_a11y_notify_caret(sk_a11y_id id, int offset);
void sk_a11y_notify_text_selection(sk_a11y_id id);

/// Drops the object of an element that is gone (marked defunct for clients holding it).
void sk_a11y_forget(sk_a11y_id id);

#endif
