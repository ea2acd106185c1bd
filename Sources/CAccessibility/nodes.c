/* The ATK objects: one GObject type per kind of node, each as small as ATK allows. */
#include "nodes.h"

#include <string.h>

cca_callbacks cca_caller;

/* CcaNode: children, states and roles; the application is one. */

G_DEFINE_TYPE(CcaNode, cca_node, ATK_TYPE_OBJECT)

static void cca_node_init(CcaNode *node) {
  node->children = g_ptr_array_new_with_free_func(g_object_unref);
}

static void cca_node_finalize(GObject *object) {
  g_ptr_array_unref(CCA_NODE(object)->children);
  g_free(CCA_NODE(object)->text);
  G_OBJECT_CLASS(cca_node_parent_class)->finalize(object);
}

static gint cca_node_get_n_children(AtkObject *object) {
  return (gint)CCA_NODE(object)->children->len;
}

static AtkObject *cca_node_ref_child(AtkObject *object, gint index) {
  GPtrArray *children = CCA_NODE(object)->children;
  if (index < 0 || (guint)index >= children->len) return NULL;
  return g_object_ref(ATK_OBJECT(g_ptr_array_index(children, index)));
}

static gint cca_node_get_index_in_parent(AtkObject *object) {
  AtkObject *parent = object->accessible_parent;
  guint index;
  if (parent == NULL || !CCA_IS_NODE(parent)) return -1;
  if (!g_ptr_array_find(CCA_NODE(parent)->children, object, &index)) return -1;
  return (gint)index;
}

/* The state bits the caller sets, and the ATK states they stand for. */
static const struct {
  unsigned bit;
  AtkStateType state;
} cca_states[] = {
    {CCA_STATE_CHECKED, ATK_STATE_CHECKED},       {CCA_STATE_FOCUSED, ATK_STATE_FOCUSED},
    {CCA_STATE_ACTIVE, ATK_STATE_ACTIVE},         {CCA_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE},
    {CCA_STATE_SELECTABLE, ATK_STATE_SELECTABLE}, {CCA_STATE_SELECTED, ATK_STATE_SELECTED},
};

/* Built from the role and the bits alone: ATK's own set adds `focused` to whatever object
 * was focused last, even after the focus moved to no key at all. */
static AtkStateSet *cca_node_ref_state_set(AtkObject *object) {
  CcaNode *node = CCA_NODE(object);
  AtkStateSet *set = atk_state_set_new();
  AtkRole role = atk_object_get_role(object);
  if (node->is_defunct) {
    atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
    return set;
  }
  if (role == ATK_ROLE_APPLICATION) return set;
  atk_state_set_add_state(set, ATK_STATE_ENABLED);
  atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
  /* A notification is only heard: it shows for the moment of its announcement. */
  if (role != ATK_ROLE_NOTIFICATION) {
    atk_state_set_add_state(set, ATK_STATE_VISIBLE);
    atk_state_set_add_state(set, ATK_STATE_SHOWING);
  }
  if (role == ATK_ROLE_FRAME) atk_state_set_add_state(set, ATK_STATE_RESIZABLE);
  if (ATK_IS_TEXT(object)) { /* entries: typed into from the keyboard, one line */
    atk_state_set_add_state(set, ATK_STATE_EDITABLE);
    atk_state_set_add_state(set, ATK_STATE_SINGLE_LINE);
  }
  for (size_t index = 0; index < G_N_ELEMENTS(cca_states); index++)
    if (node->states & cca_states[index].bit) atk_state_set_add_state(set, cca_states[index].state);
  return set;
}

static void cca_node_class_init(CcaNodeClass *class) {
  AtkObjectClass *atk_class = ATK_OBJECT_CLASS(class);
  G_OBJECT_CLASS(class)->finalize = cca_node_finalize;
  atk_class->get_n_children = cca_node_get_n_children;
  atk_class->ref_child = cca_node_ref_child;
  atk_class->get_index_in_parent = cca_node_get_index_in_parent;
  atk_class->ref_state_set = cca_node_ref_state_set;
}

/* A kind of node that adds one interface to `parent` and nothing else: its instances are
 * CcaNodes, and `name`_interface_init fills the interface. */
#define CCA_DEFINE_NODE_TYPE(Name, name, parent, interface_type, Interface)                     \
  typedef CcaNode Name;                                                                         \
  typedef CcaNodeClass Name##Class;                                                             \
  static void name##_interface_init(Interface *iface);                                          \
  G_DEFINE_TYPE_WITH_CODE(                                                                      \
      Name, name, parent, G_IMPLEMENT_INTERFACE(interface_type, name##_interface_init))         \
  static void name##_init(Name *node) { (void)node; }                                           \
  static void name##_class_init(Name##Class *class) { (void)class; }

/* CcaElement: a node on screen (AtkComponent); labels, lists and list items are these. */

CCA_DEFINE_NODE_TYPE(CcaElement, cca_element, CCA_TYPE_NODE, ATK_TYPE_COMPONENT, AtkComponentIface)

/* The box in `coord_type` coordinates: window pixels plus the window's place on the screen,
 * or minus the parent's place in the window. */
static void cca_element_get_extents(
    AtkComponent *component, gint *x, gint *y, gint *width, gint *height,
    AtkCoordType coord_type) {
  CcaNode *node = CCA_NODE(component);
  AtkObject *parent = ATK_OBJECT(component)->accessible_parent;
  int left = node->extents.x, top = node->extents.y;
  gboolean parent_is_window = parent == NULL || !ATK_IS_COMPONENT(parent);
  if (coord_type == ATK_XY_SCREEN || (coord_type == ATK_XY_PARENT && parent_is_window)) {
    int origin_x = 0, origin_y = 0;
    if (cca_caller.window_origin)
      cca_caller.window_origin(cca_caller.context, &origin_x, &origin_y);
    left += origin_x;
    top += origin_y;
  } else if (coord_type == ATK_XY_PARENT) {
    left -= CCA_NODE(parent)->extents.x;
    top -= CCA_NODE(parent)->extents.y;
  }
  if (x) *x = left;
  if (y) *y = top;
  if (width) *width = node->extents.width;
  if (height) *height = node->extents.height;
}

static AtkLayer cca_element_get_layer(AtkComponent *component) {
  return atk_object_get_role(ATK_OBJECT(component)) == ATK_ROLE_FRAME ? ATK_LAYER_WINDOW
                                                                       : ATK_LAYER_WIDGET;
}

static gboolean cca_element_grab_focus(AtkComponent *component) {
  CcaNode *node = CCA_NODE(component);
  if (node->is_defunct || !(node->states & CCA_STATE_FOCUSABLE)) return FALSE;
  if (cca_caller.focus) cca_caller.focus(cca_caller.context, node->id);
  return TRUE;
}

/* Whether the point lies in the element: in its box, and for a key in the circle inscribed in
 * it (docs/SPEC.md section 3.1: a key's hit area is its circle, not its box, for a screen reader's
 * pointer as for a click). */
static gboolean cca_element_contains(
    AtkComponent *component, gint x, gint y, AtkCoordType coord_type) {
  gint left, top, width, height;
  cca_element_get_extents(component, &left, &top, &width, &height, coord_type);
  if (x < left || y < top || x >= left + width || y >= top + height) return FALSE;
  if (atk_object_get_role(ATK_OBJECT(component)) != ATK_ROLE_PUSH_BUTTON) return TRUE;
  double radius = MIN(width, height) / 2.0;
  double dx = x - (left + width / 2.0), dy = y - (top + height / 2.0);
  return dx * dx + dy * dy <= radius * radius;
}

/* The last child that holds the point: later children are drawn over earlier ones (the menu
 * over the keys), and an entry over its label. */
static AtkObject *cca_element_ref_accessible_at_point(
    AtkComponent *component, gint x, gint y, AtkCoordType coord_type) {
  GPtrArray *children = CCA_NODE(component)->children;
  if (coord_type == ATK_XY_SCREEN) {
    /* The window's place once (a round trip to the X server), not once per child. */
    int origin_x = 0, origin_y = 0;
    if (cca_caller.window_origin)
      cca_caller.window_origin(cca_caller.context, &origin_x, &origin_y);
    x -= origin_x;
    y -= origin_y;
    coord_type = ATK_XY_WINDOW;
  }
  for (guint index = children->len; index-- > 0;) {
    AtkObject *child = g_ptr_array_index(children, index);
    if (ATK_IS_COMPONENT(child) && atk_component_contains(ATK_COMPONENT(child), x, y, coord_type))
      return g_object_ref(child);
  }
  return NULL;
}

static void cca_element_interface_init(AtkComponentIface *iface) {
  iface->get_extents = cca_element_get_extents;
  iface->contains = cca_element_contains;
  iface->get_layer = cca_element_get_layer;
  iface->grab_focus = cca_element_grab_focus;
  iface->ref_accessible_at_point = cca_element_ref_accessible_at_point;
}

/* CcaFrame: the window (AtkWindow, whose activate and deactivate signals say it has focus). */

CCA_DEFINE_NODE_TYPE(CcaFrame, cca_frame, cca_element_get_type(), ATK_TYPE_WINDOW, AtkWindowIface)

static void cca_frame_interface_init(AtkWindowIface *iface) { (void)iface; }

/* CcaButton: a key or a menu item (AtkAction: one action, `click`, which the caller performs). */

CCA_DEFINE_NODE_TYPE(CcaButton, cca_button, cca_element_get_type(), ATK_TYPE_ACTION, AtkActionIface)

static gint cca_button_get_n_actions(AtkAction *action) {
  (void)action;
  return 1;
}

static const gchar *cca_button_get_name(AtkAction *action, gint index) {
  (void)action;
  return index == 0 ? "click" : NULL;
}

static gboolean cca_button_do_action(AtkAction *action, gint index) {
  CcaNode *node = CCA_NODE(action);
  if (index != 0 || node->is_defunct) return FALSE;
  if (cca_caller.click) cca_caller.click(cca_caller.context, node->id);
  return TRUE;
}

static void cca_button_interface_init(AtkActionIface *iface) {
  iface->get_n_actions = cca_button_get_n_actions;
  iface->get_name = cca_button_get_name;
  iface->get_localized_name = cca_button_get_name;
  iface->do_action = cca_button_do_action;
}

/* CcaEntry: a field (AtkText) whose value the caller sets; one line, no selection, the caret at
 * its end, where typing appends. Its characters have no boxes of their own: each is given the
 * entry's box, which keeps flat review and mouse review of the text working. */

CCA_DEFINE_NODE_TYPE(CcaEntry, cca_entry, cca_element_get_type(), ATK_TYPE_TEXT, AtkTextIface)

static const gchar *cca_entry_value(AtkText *text) {
  const gchar *value = CCA_NODE(text)->text;
  return value ? value : "";
}

static gint cca_entry_get_character_count(AtkText *text) {
  return (gint)g_utf8_strlen(cca_entry_value(text), -1);
}

/* Characters `start` to `end` (-1: the end), clamped to the text. */
static gchar *cca_entry_get_text(AtkText *text, gint start, gint end) {
  gint count = cca_entry_get_character_count(text);
  if (end < 0 || end > count) end = count;
  start = CLAMP(start, 0, end);
  return g_utf8_substring(cca_entry_value(text), start, end);
}

static gint cca_entry_get_caret_offset(AtkText *text) {
  return cca_entry_get_character_count(text);
}

static gunichar cca_entry_get_character_at_offset(AtkText *text, gint offset) {
  if (offset < 0 || offset >= cca_entry_get_character_count(text)) return 0;
  return g_utf8_get_char(g_utf8_offset_to_pointer(cca_entry_value(text), offset));
}

/* A character, or for any longer unit the whole text: one line, one word (no spaces). */
static gchar *cca_entry_get_string_at_offset(
    AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
  gint count = cca_entry_get_character_count(text);
  gint first = 0, last = count;
  if (offset < 0 || offset > count) {
    if (start) *start = -1;
    if (end) *end = -1;
    return NULL;
  }
  if (granularity == ATK_TEXT_GRANULARITY_CHAR) {
    first = offset;
    last = MIN(offset + 1, count);
  }
  if (start) *start = first;
  if (end) *end = last;
  return cca_entry_get_text(text, first, last);
}

static gchar *cca_entry_get_text_at_offset(
    AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
  AtkTextGranularity granularity =
      boundary == ATK_TEXT_BOUNDARY_CHAR ? ATK_TEXT_GRANULARITY_CHAR : ATK_TEXT_GRANULARITY_LINE;
  return cca_entry_get_string_at_offset(text, offset, granularity, start, end);
}

static void cca_entry_get_character_extents(
    AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height,
    AtkCoordType coord_type) {
  (void)offset;
  cca_element_get_extents(ATK_COMPONENT(text), x, y, width, height, coord_type);
}

static void cca_entry_get_range_extents(
    AtkText *text, gint start, gint end, AtkCoordType coord_type, AtkTextRectangle *rect) {
  (void)start, (void)end;
  cca_element_get_extents(
      ATK_COMPONENT(text), &rect->x, &rect->y, &rect->width, &rect->height, coord_type);
}

/* One run of no attributes over the whole text: Orca reads a line by its runs (their
 * languages), and the default answer, an empty run at 0, left an entry's value unspoken. */
static AtkAttributeSet *cca_entry_get_run_attributes(
    AtkText *text, gint offset, gint *start, gint *end) {
  (void)offset;
  if (start) *start = 0;
  if (end) *end = cca_entry_get_character_count(text);
  return NULL;
}

static gint cca_entry_get_n_selections(AtkText *text) {
  (void)text;
  return 0;
}

static void cca_entry_interface_init(AtkTextIface *iface) {
  iface->get_text = cca_entry_get_text;
  iface->get_character_count = cca_entry_get_character_count;
  iface->get_caret_offset = cca_entry_get_caret_offset;
  iface->get_character_at_offset = cca_entry_get_character_at_offset;
  iface->get_string_at_offset = cca_entry_get_string_at_offset;
  iface->get_text_at_offset = cca_entry_get_text_at_offset;
  iface->get_character_extents = cca_entry_get_character_extents;
  iface->get_range_extents = cca_entry_get_range_extents;
  iface->get_n_selections = cca_entry_get_n_selections;
  iface->get_run_attributes = cca_entry_get_run_attributes;
}

/* CcaMenu: a menu (AtkSelection): its selected item is the child with the `selected` bit, and
 * a change of that bit on a child is announced on the menu too (selection-changed). */

CCA_DEFINE_NODE_TYPE(CcaMenu, cca_menu, cca_element_get_type(), ATK_TYPE_SELECTION,
    AtkSelectionIface)

/* The `index`th selected child, or NULL; its index among all the children in `position`. */
static CcaNode *cca_menu_selected_child(AtkSelection *selection, gint index) {
  GPtrArray *children = CCA_NODE(selection)->children;
  for (guint position = 0; position < children->len; position++) {
    CcaNode *child = g_ptr_array_index(children, position);
    if ((child->states & CCA_STATE_SELECTED) && index-- == 0) return child;
  }
  return NULL;
}

static gint cca_menu_get_selection_count(AtkSelection *selection) {
  gint count = 0;
  while (cca_menu_selected_child(selection, count)) count++;
  return count;
}

static AtkObject *cca_menu_ref_selection(AtkSelection *selection, gint index) {
  CcaNode *child = cca_menu_selected_child(selection, index);
  return child ? g_object_ref(ATK_OBJECT(child)) : NULL;
}

static gboolean cca_menu_is_child_selected(AtkSelection *selection, gint index) {
  GPtrArray *children = CCA_NODE(selection)->children;
  if (index < 0 || (guint)index >= children->len) return FALSE;
  return (((CcaNode *)g_ptr_array_index(children, index))->states & CCA_STATE_SELECTED) != 0;
}

static void cca_menu_interface_init(AtkSelectionIface *iface) {
  iface->get_selection_count = cca_menu_get_selection_count;
  iface->ref_selection = cca_menu_ref_selection;
  iface->is_child_selected = cca_menu_is_child_selected;
}

/* Building and changing the tree. */

CcaNode *cca_application_new(const char *name) {
  CcaNode *node = g_object_new(CCA_TYPE_NODE, NULL);
  atk_object_set_role(ATK_OBJECT(node), ATK_ROLE_APPLICATION);
  atk_object_set_name(ATK_OBJECT(node), name);
  return node;
}

/* Each role's kind of node (its ATK interfaces) and its ATK role. */
static const struct {
  GType (*type)(void);
  AtkRole role;
} cca_roles[] = {
    [CCA_ROLE_FRAME] = {cca_frame_get_type, ATK_ROLE_FRAME},
    [CCA_ROLE_LABEL] = {cca_element_get_type, ATK_ROLE_LABEL},
    [CCA_ROLE_LIST] = {cca_element_get_type, ATK_ROLE_LIST},
    [CCA_ROLE_LIST_ITEM] = {cca_element_get_type, ATK_ROLE_LIST_ITEM},
    [CCA_ROLE_PUSH_BUTTON] = {cca_button_get_type, ATK_ROLE_PUSH_BUTTON},
    [CCA_ROLE_MENU] = {cca_menu_get_type, ATK_ROLE_MENU},
    [CCA_ROLE_MENU_ITEM] = {cca_button_get_type, ATK_ROLE_MENU_ITEM},
    [CCA_ROLE_RADIO_MENU_ITEM] = {cca_button_get_type, ATK_ROLE_RADIO_MENU_ITEM},
    [CCA_ROLE_ENTRY] = {cca_entry_get_type, ATK_ROLE_ENTRY},
    [CCA_ROLE_CHECK_MENU_ITEM] = {cca_button_get_type, ATK_ROLE_CHECK_MENU_ITEM},
    [CCA_ROLE_STATUS_BAR] = {cca_element_get_type, ATK_ROLE_STATUSBAR},
    [CCA_ROLE_NOTIFICATION] = {cca_element_get_type, ATK_ROLE_NOTIFICATION},
};

CcaNode *cca_node_new(int id, cca_role role) {
  if ((unsigned)role >= G_N_ELEMENTS(cca_roles)) role = CCA_ROLE_LABEL;
  CcaNode *node = g_object_new(cca_roles[role].type(), NULL);
  node->id = id;
  atk_object_set_role(ATK_OBJECT(node), cca_roles[role].role);
  return node;
}

void cca_node_insert(CcaNode *parent, CcaNode *child, int index) {
  guint length = parent->children->len;
  guint position = index < 0 || (guint)index > length ? length : (guint)index;
  atk_object_set_parent(ATK_OBJECT(child), ATK_OBJECT(parent));
  g_ptr_array_insert(parent->children, (gint)position, child);
  g_signal_emit_by_name(parent, "children-changed::add", position, child);
}

/* Takes away every relation of `type` from `node`, and the `reciprocal` ones pointing back. */
static void cca_node_drop_relations(
    CcaNode *node, AtkRelationType type, AtkRelationType reciprocal) {
  AtkObject *object = ATK_OBJECT(node);
  AtkRelationSet *set = atk_object_ref_relation_set(object);
  AtkRelation *relation = set ? atk_relation_set_get_relation_by_type(set, type) : NULL;
  if (relation) {
    /* A copy: the relation goes away with its last target. */
    GPtrArray *targets = g_ptr_array_copy(
        atk_relation_get_target(relation), (GCopyFunc)(void (*)(void))g_object_ref, NULL);
    g_ptr_array_set_free_func(targets, g_object_unref);
    for (guint index = 0; index < targets->len; index++) {
      AtkObject *target = g_ptr_array_index(targets, index);
      atk_object_remove_relationship(target, reciprocal, object);
      atk_object_remove_relationship(object, type, target);
    }
    g_ptr_array_unref(targets);
  }
  if (set) g_object_unref(set);
}

void cca_node_set_label(CcaNode *node, CcaNode *label) {
  cca_node_drop_relations(node, ATK_RELATION_LABELLED_BY, ATK_RELATION_LABEL_FOR);
  if (label == NULL) return;
  atk_object_add_relationship(ATK_OBJECT(node), ATK_RELATION_LABELLED_BY, ATK_OBJECT(label));
  atk_object_add_relationship(ATK_OBJECT(label), ATK_RELATION_LABEL_FOR, ATK_OBJECT(node));
}

static void cca_node_mark_defunct(CcaNode *node, void (*visit)(CcaNode *node)) {
  for (guint index = 0; index < node->children->len; index++)
    cca_node_mark_defunct(g_ptr_array_index(node->children, index), visit);
  cca_node_drop_relations(node, ATK_RELATION_LABELLED_BY, ATK_RELATION_LABEL_FOR);
  cca_node_drop_relations(node, ATK_RELATION_LABEL_FOR, ATK_RELATION_LABELLED_BY);
  node->is_defunct = TRUE;
  atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_DEFUNCT, TRUE);
  visit(node);
}

void cca_node_detach(CcaNode *child, void (*visit)(CcaNode *node)) {
  AtkObject *parent = ATK_OBJECT(child)->accessible_parent;
  guint index;
  g_object_ref(child);
  cca_node_mark_defunct(child, visit);
  if (parent && CCA_IS_NODE(parent) &&
      g_ptr_array_find(CCA_NODE(parent)->children, child, &index)) {
    g_signal_emit_by_name(parent, "children-changed::remove", index, child);
    g_ptr_array_remove_index(CCA_NODE(parent)->children, index);
  }
  g_object_unref(child);
}

void cca_node_set_name(CcaNode *node, const char *name) {
  const char *old = ATK_OBJECT(node)->name;
  if (old && strcmp(old, name) == 0) return;
  atk_object_set_name(ATK_OBJECT(node), name);  /* notifies accessible-name */
}

void cca_node_set_extents(CcaNode *node, const AtkRectangle *extents) {
  if (memcmp(&node->extents, extents, sizeof *extents) == 0) return;
  node->extents = *extents;
  if (ATK_IS_COMPONENT(node)) {
    AtkRectangle bounds = *extents;
    g_signal_emit_by_name(node, "bounds-changed", &bounds);
  }
}

void cca_node_set_states(CcaNode *node, unsigned states) {
  unsigned changed = node->states ^ states;
  AtkObject *object = ATK_OBJECT(node);
  node->states = states;
  for (size_t index = 0; index < G_N_ELEMENTS(cca_states); index++) {
    unsigned bit = cca_states[index].bit;
    gboolean is_on = (states & bit) != 0;
    if (!(changed & bit)) continue;
    atk_object_notify_state_change(object, cca_states[index].state, is_on);
    /* atk-bridge sends its `focus:` event from the focus tracker. */
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (bit == CCA_STATE_FOCUSED && is_on) atk_focus_tracker_notify(object);
    G_GNUC_END_IGNORE_DEPRECATIONS
    if (bit == CCA_STATE_ACTIVE && ATK_IS_WINDOW(node))
      g_signal_emit_by_name(node, is_on ? "activate" : "deactivate");
  }
  AtkObject *parent = object->accessible_parent;
  if ((changed & CCA_STATE_SELECTED) && parent && ATK_IS_SELECTION(parent))
    g_signal_emit_by_name(parent, "selection-changed");
}

void cca_node_announce(CcaNode *node, const char *text) {
  atk_object_set_name(ATK_OBJECT(node), text);
  atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_SHOWING, TRUE);
}

/* Typing appends ("8" → "84": insert "4" at 1), ⌫ cuts ("84" → "8": remove "4" at 1); any
 * other change replaces the whole text, as typing over a selected text does. */
void cca_node_set_text(CcaNode *node, const char *text) {
  gchar *old = node->text ? node->text : g_strdup("");
  glong old_count = g_utf8_strlen(old, -1), count = g_utf8_strlen(text, -1);
  gboolean appends = g_str_has_prefix(text, old), cuts = g_str_has_prefix(old, text);
  if (strcmp(old, text) == 0) {
    node->text = old;
    return;
  }
  node->text = g_strdup(text);
  if (cuts) {
    g_signal_emit_by_name(
        node, "text-remove", (gint)count, (gint)(old_count - count), old + strlen(text));
  } else if (old_count > 0) {
    g_signal_emit_by_name(node, "text-remove", 0, (gint)old_count, old);
  }
  if (appends) {
    g_signal_emit_by_name(
        node, "text-insert", (gint)old_count, (gint)(count - old_count), text + strlen(old));
  } else if (!cuts && count > 0) {
    g_signal_emit_by_name(node, "text-insert", 0, (gint)count, text);
  }
  if (count != old_count) g_signal_emit_by_name(node, "text-caret-moved", (gint)count);
  g_free(old);
}
