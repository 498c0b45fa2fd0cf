// The ATK objects: one per element a client asked for, answering from Swift's callbacks (name, role, states,
// extents, actions, value, selection; text in sk_a11y_text.c), and the application object at the top.
#include "sk_a11y_private.h"

#ifdef SK_A11Y_HAS_ATK
#include <stdlib.h>
#include <string.h>

const sk_a11y_callbacks *sk_callbacks;
AtkObject *sk_application;
sk_a11y_id sk_root_id;
static GHashTable *objects;   // sk_a11y_id -> SkAccessible (one reference each)

int sk_info_of(AtkObject *obj, sk_a11y_info *out) {
    memset(out, 0, sizeof *out);
    return sk_callbacks && sk_callbacks->info(((SkAccessible *)obj)->id, out);
}

const char *sk_keep(char **slot, char *fresh) {
    free(*slot);
    *slot = fresh;
    return fresh ? fresh : "";
}

char *sk_string_of(AtkObject *obj, int which, int index) {
    return sk_callbacks ? sk_callbacks->string(((SkAccessible *)obj)->id, which, index) : NULL;
}

static AtkRole atk_role_of(int role) {
    switch (role) {
    case SK_ROLE_PUSH_BUTTON: return ATK_ROLE_PUSH_BUTTON;
    case SK_ROLE_TOGGLE_BUTTON: return ATK_ROLE_TOGGLE_BUTTON;
    case SK_ROLE_CHECK_BOX: return ATK_ROLE_CHECK_BOX;
    case SK_ROLE_LABEL: return ATK_ROLE_LABEL;
    case SK_ROLE_HEADING: return ATK_ROLE_HEADING;
    case SK_ROLE_TEXT: return ATK_ROLE_TEXT;
    case SK_ROLE_LIST: return ATK_ROLE_LIST;
    case SK_ROLE_LIST_ITEM: return ATK_ROLE_LIST_ITEM;
    case SK_ROLE_TABLE: return ATK_ROLE_TABLE;
    case SK_ROLE_TABLE_CELL: return ATK_ROLE_TABLE_CELL;
    case SK_ROLE_PAGE_TAB_LIST: return ATK_ROLE_PAGE_TAB_LIST;
    case SK_ROLE_PAGE_TAB: return ATK_ROLE_PAGE_TAB;
    case SK_ROLE_SCROLL_PANE: return ATK_ROLE_SCROLL_PANE;
    case SK_ROLE_SLIDER: return ATK_ROLE_SLIDER;
    case SK_ROLE_IMAGE: return ATK_ROLE_IMAGE;
    case SK_ROLE_DIALOG: return ATK_ROLE_DIALOG;
    case SK_ROLE_FRAME: return ATK_ROLE_FRAME;
    case SK_ROLE_ALERT: return ATK_ROLE_ALERT;
    case SK_ROLE_MENU: return ATK_ROLE_MENU;
    case SK_ROLE_MENU_ITEM: return ATK_ROLE_MENU_ITEM;
    case SK_ROLE_TOOL_TIP: return ATK_ROLE_TOOL_TIP;
    case SK_ROLE_NOTIFICATION: return ATK_ROLE_NOTIFICATION;
    default: return ATK_ROLE_PANEL;
    }
}

// MARK: - AtkObject

static const gchar *sk_get_name(AtkObject *obj) {
    SkAccessible *self = (SkAccessible *)obj;
    return sk_keep(&self->name, sk_string_of(obj, SK_STRING_NAME, 0));
}

static const gchar *sk_get_description(AtkObject *obj) {
    SkAccessible *self = (SkAccessible *)obj;
    return sk_keep(&self->description, sk_string_of(obj, SK_STRING_DESCRIPTION, 0));
}

static AtkObject *sk_get_parent(AtkObject *obj) {
    SkAccessible *self = (SkAccessible *)obj;
    if (self->id == sk_root_id || !sk_callbacks) return sk_application;
    sk_a11y_id parent = sk_callbacks->parent(self->id);
    AtkObject *found = parent ? sk_object_for(parent) : NULL;
    return found ? found : sk_object_for(sk_root_id);
}

static gint sk_get_n_children(AtkObject *obj) {
    sk_a11y_info info;
    return sk_info_of(obj, &info) ? info.child_count : 0;
}

static AtkObject *sk_ref_child(AtkObject *obj, gint index) {
    if (!sk_callbacks || index < 0) return NULL;
    AtkObject *child = sk_object_for(sk_callbacks->child(((SkAccessible *)obj)->id, index));
    return child ? g_object_ref(child) : NULL;
}

static gint sk_get_index_in_parent(AtkObject *obj) {
    sk_a11y_info info;
    if (((SkAccessible *)obj)->id == sk_root_id) return 0;
    return sk_info_of(obj, &info) ? info.index_in_parent : -1;
}

static AtkRole sk_get_role(AtkObject *obj) {
    sk_a11y_info info;
    return sk_info_of(obj, &info) ? atk_role_of(info.role) : ATK_ROLE_INVALID;
}

static AtkStateSet *sk_ref_state_set(AtkObject *obj) {
    AtkStateSet *set = atk_state_set_new();
    sk_a11y_info info;
    if (!sk_info_of(obj, &info)) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    static const struct { uint32_t bit; AtkStateType state; } map[] = {
        {SK_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {SK_STATE_FOCUSED, ATK_STATE_FOCUSED},
        {SK_STATE_SELECTABLE, ATK_STATE_SELECTABLE}, {SK_STATE_SELECTED, ATK_STATE_SELECTED},
        {SK_STATE_CHECKABLE, ATK_STATE_CHECKABLE}, {SK_STATE_CHECKED, ATK_STATE_CHECKED},
        {SK_STATE_ENABLED, ATK_STATE_ENABLED}, {SK_STATE_SENSITIVE, ATK_STATE_SENSITIVE},
        {SK_STATE_SHOWING, ATK_STATE_SHOWING}, {SK_STATE_VISIBLE, ATK_STATE_VISIBLE},
        {SK_STATE_EDITABLE, ATK_STATE_EDITABLE}, {SK_STATE_MULTI_LINE, ATK_STATE_MULTI_LINE},
        {SK_STATE_PRESSED, ATK_STATE_PRESSED},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (info.states & map[i].bit) atk_state_set_add_state(set, map[i].state);
    if (info.role == SK_ROLE_FRAME) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    // A list's items are made when asked for (its children are a window of them past maxExposedItems): atk-bridge's
    // cache and libatspi then leave them out of the tree they walk and keep, as for GTK's tree and list views.
    if (info.role == SK_ROLE_LIST || info.role == SK_ROLE_TABLE)
        atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS);
    if (info.role == SK_ROLE_TEXT && !(info.states & SK_STATE_MULTI_LINE))
        atk_state_set_add_state(set, ATK_STATE_SINGLE_LINE);
    return set;
}

static void sk_finalize(GObject *object) {
    SkAccessible *self = (SkAccessible *)object;
    free(self->name); free(self->description); free(self->action_name); free(self->action_description);
    free(self->text);
    self->name = self->description = self->action_name = self->action_description = self->text = NULL;
    // AtkObject's finalize: the parent of the base type, not of the object's own class (a subtype's parent
    // is the base type itself, whose finalize is this one: it would call itself until the stack ran out).
    G_OBJECT_CLASS(g_type_class_peek_parent(g_type_class_peek(sk_accessible_get_type())))->finalize(object);
}

// MARK: - AtkComponent

void sk_coords_origin(AtkObject *obj, AtkCoordType coords, double *ox, double *oy) {
    *ox = *oy = 0;
    if (coords == ATK_XY_SCREEN) return;
    AtkObject *relative = coords == ATK_XY_WINDOW ? sk_object_for(sk_root_id) : atk_object_get_parent(obj);
    sk_a11y_info base;
    if (relative && G_TYPE_CHECK_INSTANCE_TYPE(relative, sk_accessible_get_type()) && sk_info_of(relative, &base)) {
        *ox = base.x;
        *oy = base.y;
    }
}

static void sk_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height,
                           AtkCoordType coords) {
    sk_a11y_info info;
    *x = *y = *width = *height = 0;
    if (!sk_info_of(ATK_OBJECT(component), &info)) return;
    double ox, oy;
    sk_coords_origin(ATK_OBJECT(component), coords, &ox, &oy);
    *x = sk_int_of(info.x - ox);
    *y = sk_int_of(info.y - oy);
    *width = sk_int_of(info.width);
    *height = sk_int_of(info.height);
}

static gboolean sk_grab_focus(AtkComponent *component) {
    return sk_callbacks && sk_callbacks->grab_focus(((SkAccessible *)component)->id);
}

static void sk_component_init(AtkComponentIface *iface) {
    iface->get_extents = sk_get_extents;
    iface->grab_focus = sk_grab_focus;
}

// MARK: - AtkAction

static gint sk_get_n_actions(AtkAction *action) {
    sk_a11y_info info;
    return sk_info_of(ATK_OBJECT(action), &info) ? info.action_count : 0;
}

static gboolean sk_do_action(AtkAction *action, gint index) {
    return sk_callbacks && sk_callbacks->action(((SkAccessible *)action)->id, index);
}

static const gchar *sk_action_name(AtkAction *action, gint index) {
    SkAccessible *self = (SkAccessible *)action;
    return sk_keep(&self->action_name, sk_string_of(ATK_OBJECT(action), SK_STRING_ACTION_NAME, index));
}

static const gchar *sk_action_description(AtkAction *action, gint index) {
    SkAccessible *self = (SkAccessible *)action;
    return sk_keep(&self->action_description, sk_string_of(ATK_OBJECT(action), SK_STRING_ACTION_DESCRIPTION, index));
}

static void sk_action_init(AtkActionIface *iface) {
    iface->get_n_actions = sk_get_n_actions;
    iface->do_action = sk_do_action;
    iface->get_name = sk_action_name;
    iface->get_localized_name = sk_action_name;
    iface->get_description = sk_action_description;
}

// MARK: - AtkValue (sliders, pickers)

static void sk_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    sk_a11y_info info;
    int ok = sk_info_of(ATK_OBJECT(value), &info) && info.has_range;
    if (current) *current = ok ? info.value : 0;
    if (text) {
        char *s = sk_string_of(ATK_OBJECT(value), SK_STRING_VALUE, 0);
        *text = s ? g_strdup(s) : NULL;
        free(s);
    }
}

/// Never NULL: atk-bridge reads a range's limits without looking (an empty picker, a gone element: 0...0).
static AtkRange *sk_value_range(AtkValue *value) {
    sk_a11y_info info;
    if (!sk_info_of(ATK_OBJECT(value), &info) || !info.has_range) return atk_range_new(0, 0, NULL);
    return atk_range_new(info.minimum, info.maximum, NULL);
}

static gdouble sk_value_increment(AtkValue *value) {
    sk_a11y_info info;
    return sk_info_of(ATK_OBJECT(value), &info) && info.has_range ? info.step : 0;
}

static void sk_value_set(AtkValue *value, gdouble v) {
    if (sk_callbacks) sk_callbacks->set_value(((SkAccessible *)value)->id, v);
}

static void sk_value_get_current(AtkValue *value, GValue *out) {
    double v = 0;
    sk_value_and_text(value, &v, NULL);
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, v);
}

static void sk_value_bound(AtkValue *value, GValue *out, int maximum) {
    sk_a11y_info info;
    int ok = sk_info_of(ATK_OBJECT(value), &info) && info.has_range;
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, ok ? (maximum ? info.maximum : info.minimum) : 0);
}
static void sk_value_get_minimum(AtkValue *value, GValue *out) { sk_value_bound(value, out, 0); }
static void sk_value_get_maximum(AtkValue *value, GValue *out) { sk_value_bound(value, out, 1); }

static gboolean sk_value_set_current(AtkValue *value, const GValue *v) {
    if (!G_VALUE_HOLDS_DOUBLE(v) || !sk_callbacks) return FALSE;
    return sk_callbacks->set_value(((SkAccessible *)value)->id, g_value_get_double(v));
}

static void sk_value_init(AtkValueIface *iface) {
    iface->get_value_and_text = sk_value_and_text;
    iface->get_range = sk_value_range;
    iface->get_increment = sk_value_increment;
    iface->set_value = sk_value_set;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    iface->get_current_value = sk_value_get_current;
    iface->get_minimum_value = sk_value_get_minimum;
    iface->get_maximum_value = sk_value_get_maximum;
    iface->set_current_value = sk_value_set_current;
    G_GNUC_END_IGNORE_DEPRECATIONS
}

// MARK: - AtkSelection (lists, tab lists)

static int selection(AtkSelection *s, int request, int index) {
    return sk_callbacks ? sk_callbacks->selection(((SkAccessible *)s)->id, request, index) : 0;
}
static gboolean sk_add_selection(AtkSelection *s, gint i) { return selection(s, SK_SELECTION_SELECT, i); }
static gint sk_selection_count(AtkSelection *s) { return selection(s, SK_SELECTION_COUNT, 0); }
static gboolean sk_is_child_selected(AtkSelection *s, gint i) { return selection(s, SK_SELECTION_IS_SELECTED, i); }
static AtkObject *sk_ref_selection(AtkSelection *s, gint i) {
    int child = selection(s, SK_SELECTION_NTH, i);
    return child >= 0 ? sk_ref_child(ATK_OBJECT(s), child) : NULL;
}

static void sk_selection_init(AtkSelectionIface *iface) {
    iface->add_selection = sk_add_selection;
    iface->get_selection_count = sk_selection_count;
    iface->is_child_selected = sk_is_child_selected;
    iface->ref_selection = sk_ref_selection;
}

// MARK: - Types

static void sk_accessible_class_init(SkAccessibleClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = sk_get_name;
    atk->get_description = sk_get_description;
    atk->get_parent = sk_get_parent;
    atk->get_n_children = sk_get_n_children;
    atk->ref_child = sk_ref_child;
    atk->get_index_in_parent = sk_get_index_in_parent;
    atk->get_role = sk_get_role;
    atk->ref_state_set = sk_ref_state_set;
    G_OBJECT_CLASS(klass)->finalize = sk_finalize;
}
static void sk_accessible_init(SkAccessible *self) { (void)self; }
static void sk_window_init(AtkWindowIface *iface) { (void)iface; }

G_DEFINE_TYPE_WITH_CODE(SkAccessible, sk_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, sk_component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, sk_action_init))

typedef SkAccessible SkAccessibleValue;
typedef SkAccessibleClass SkAccessibleValueClass;
static void sk_accessible_value_class_init(SkAccessibleValueClass *k) { (void)k; }
static void sk_accessible_value_init(SkAccessibleValue *s) { (void)s; }
G_DEFINE_TYPE_WITH_CODE(SkAccessibleValue, sk_accessible_value, sk_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, sk_value_init))

typedef SkAccessible SkAccessibleSelection;
typedef SkAccessibleClass SkAccessibleSelectionClass;
static void sk_accessible_selection_class_init(SkAccessibleSelectionClass *k) { (void)k; }
static void sk_accessible_selection_init(SkAccessibleSelection *s) { (void)s; }
G_DEFINE_TYPE_WITH_CODE(SkAccessibleSelection, sk_accessible_selection, sk_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, sk_selection_init))

typedef SkAccessible SkAccessibleText;
typedef SkAccessibleClass SkAccessibleTextClass;
static void sk_accessible_text_class_init(SkAccessibleTextClass *k) { (void)k; }
static void sk_accessible_text_init(SkAccessibleText *s) { (void)s; }
G_DEFINE_TYPE_WITH_CODE(SkAccessibleText, sk_accessible_text, sk_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, sk_text_init))

typedef SkAccessible SkAccessibleEditable;
typedef SkAccessibleClass SkAccessibleEditableClass;
static void sk_accessible_editable_class_init(SkAccessibleEditableClass *k) { (void)k; }
static void sk_accessible_editable_init(SkAccessibleEditable *s) { (void)s; }
G_DEFINE_TYPE_WITH_CODE(SkAccessibleEditable, sk_accessible_editable, sk_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, sk_text_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, sk_editable_text_init))

typedef SkAccessible SkAccessibleWindow;
typedef SkAccessibleClass SkAccessibleWindowClass;
static void sk_accessible_window_class_init(SkAccessibleWindowClass *k) { (void)k; }
static void sk_accessible_window_init(SkAccessibleWindow *s) { (void)s; }
G_DEFINE_TYPE_WITH_CODE(SkAccessibleWindow, sk_accessible_window, sk_accessible_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, sk_window_init))

void sk_register_types(void) {
    g_type_class_unref(g_type_class_ref(sk_accessible_value_get_type()));
    g_type_class_unref(g_type_class_ref(sk_accessible_selection_get_type()));
    g_type_class_unref(g_type_class_ref(sk_accessible_text_get_type()));
    g_type_class_unref(g_type_class_ref(sk_accessible_editable_get_type()));
    g_type_class_unref(g_type_class_ref(sk_accessible_window_get_type()));
}

static GType type_for_role(int role) {
    switch (role) {
    case SK_ROLE_SLIDER: return sk_accessible_value_get_type();
    case SK_ROLE_LIST: case SK_ROLE_TABLE: case SK_ROLE_PAGE_TAB_LIST: return sk_accessible_selection_get_type();
    case SK_ROLE_LABEL: case SK_ROLE_HEADING: return sk_accessible_text_get_type();
    case SK_ROLE_TEXT: return sk_accessible_editable_get_type();
    case SK_ROLE_FRAME: return sk_accessible_window_get_type();
    default: return sk_accessible_get_type();
    }
}

AtkObject *sk_object_if_known(sk_a11y_id id) {
    return objects && id ? g_hash_table_lookup(objects, &id) : NULL;
}

AtkObject *sk_object_for(sk_a11y_id id) {
    if (!id || !sk_callbacks) return NULL;
    if (!objects) objects = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    AtkObject *found = g_hash_table_lookup(objects, &id);
    if (found) return found;
    sk_a11y_info info;
    memset(&info, 0, sizeof info);
    if (!sk_callbacks->info(id, &info)) return NULL;
    SkAccessible *made = g_object_new(type_for_role(info.role), NULL);
    made->id = id;
    AtkObject *obj = ATK_OBJECT(made);
    atk_object_initialize(obj, NULL);
    obj->role = atk_role_of(info.role);
    char *identifier = sk_callbacks->string(id, SK_STRING_IDENTIFIER, 0);
    if (identifier) { atk_object_set_accessible_id(obj, identifier); free(identifier); }
    gint64 *key = g_new(gint64, 1);
    *key = id;
    g_hash_table_insert(objects, key, obj);
    return obj;
}

void sk_object_forget(sk_a11y_id id) {
    AtkObject *obj = sk_object_if_known(id);
    if (!obj) return;
    atk_object_notify_state_change(obj, ATK_STATE_DEFUNCT, TRUE);
    g_hash_table_remove(objects, &id);
}

// MARK: - The application

typedef struct { AtkObject parent; } SkApplication;
typedef struct { AtkObjectClass parent; } SkApplicationClass;

static gint sk_app_n_children(AtkObject *obj) { (void)obj; return sk_root_id ? 1 : 0; }
static AtkObject *sk_app_ref_child(AtkObject *obj, gint index) {
    (void)obj;
    AtkObject *window = index == 0 ? sk_object_for(sk_root_id) : NULL;
    return window ? g_object_ref(window) : NULL;
}
static AtkObject *sk_app_parent(AtkObject *obj) { (void)obj; return NULL; }
static void sk_application_class_init(SkApplicationClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = sk_app_n_children;
    atk->ref_child = sk_app_ref_child;
    atk->get_parent = sk_app_parent;
}
static void sk_application_init(SkApplication *self) { (void)self; }
G_DEFINE_TYPE(SkApplication, sk_application, ATK_TYPE_OBJECT)

AtkObject *sk_application_new(const char *name) {
    AtkObject *app = g_object_new(sk_application_get_type(), NULL);
    atk_object_initialize(app, NULL);
    app->role = ATK_ROLE_APPLICATION;
    atk_object_set_name(app, name);
    return app;
}
#endif
