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
  atk_state_set_add_state(set, ATK_STATE_VISIBLE);
  atk_state_set_add_state(set, ATK_STATE_SHOWING);
  if (role == ATK_ROLE_FRAME) {
    atk_state_set_add_state(set, ATK_STATE_RESIZABLE);
    if (node->states & CCA_STATE_ACTIVE) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
  }
  if (ATK_IS_ACTION(object)) { /* push buttons and menu items */
    atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
    if (node->states & CCA_STATE_FOCUSED) atk_state_set_add_state(set, ATK_STATE_FOCUSED);
    if (node->states & CCA_STATE_CHECKED) atk_state_set_add_state(set, ATK_STATE_CHECKED);
  }
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

/* CcaElement: a node on screen (AtkComponent); labels, lists and list items are these. */

typedef CcaNode CcaElement;
typedef CcaNodeClass CcaElementClass;
static void cca_element_component_init(AtkComponentIface *iface);

G_DEFINE_TYPE_WITH_CODE(
    CcaElement, cca_element, CCA_TYPE_NODE,
    G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, cca_element_component_init))

static void cca_element_init(CcaElement *element) { (void)element; }
static void cca_element_class_init(CcaElementClass *class) { (void)class; }

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
  if (!ATK_IS_ACTION(component)) return FALSE;
  if (cca_caller.focus) cca_caller.focus(cca_caller.context, CCA_NODE(component)->id);
  return TRUE;
}

static void cca_element_component_init(AtkComponentIface *iface) {
  iface->get_extents = cca_element_get_extents;
  iface->get_layer = cca_element_get_layer;
  iface->grab_focus = cca_element_grab_focus;
}

/* CcaFrame: the window (AtkWindow, whose activate and deactivate signals say it has focus). */

typedef CcaNode CcaFrame;
typedef CcaNodeClass CcaFrameClass;
static void cca_frame_window_init(AtkWindowIface *iface) { (void)iface; }

G_DEFINE_TYPE_WITH_CODE(
    CcaFrame, cca_frame, cca_element_get_type(),
    G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, cca_frame_window_init))

static void cca_frame_init(CcaFrame *frame) { (void)frame; }
static void cca_frame_class_init(CcaFrameClass *class) { (void)class; }

/* CcaButton: a key or a menu item (AtkAction: one action, `click`, which the caller performs). */

typedef CcaNode CcaButton;
typedef CcaNodeClass CcaButtonClass;
static void cca_button_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(
    CcaButton, cca_button, cca_element_get_type(),
    G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, cca_button_action_init))

static void cca_button_init(CcaButton *button) { (void)button; }
static void cca_button_class_init(CcaButtonClass *class) { (void)class; }

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

static void cca_button_action_init(AtkActionIface *iface) {
  iface->get_n_actions = cca_button_get_n_actions;
  iface->get_name = cca_button_get_name;
  iface->get_localized_name = cca_button_get_name;
  iface->do_action = cca_button_do_action;
}

/* Building and changing the tree. */

CcaNode *cca_application_new(const char *name) {
  CcaNode *node = g_object_new(CCA_TYPE_NODE, NULL);
  atk_object_set_role(ATK_OBJECT(node), ATK_ROLE_APPLICATION);
  atk_object_set_name(ATK_OBJECT(node), name);
  return node;
}

CcaNode *cca_node_new(int id, cca_role role) {
  GType type = cca_element_get_type();
  AtkRole atk_role = ATK_ROLE_LABEL;
  switch (role) {
  case CCA_ROLE_FRAME:
    type = cca_frame_get_type();
    atk_role = ATK_ROLE_FRAME;
    break;
  case CCA_ROLE_LABEL: atk_role = ATK_ROLE_LABEL; break;
  case CCA_ROLE_LIST: atk_role = ATK_ROLE_LIST; break;
  case CCA_ROLE_LIST_ITEM: atk_role = ATK_ROLE_LIST_ITEM; break;
  case CCA_ROLE_PUSH_BUTTON:
    type = cca_button_get_type();
    atk_role = ATK_ROLE_PUSH_BUTTON;
    break;
  case CCA_ROLE_MENU: atk_role = ATK_ROLE_MENU; break;
  case CCA_ROLE_MENU_ITEM:
    type = cca_button_get_type();
    atk_role = ATK_ROLE_MENU_ITEM;
    break;
  }
  CcaNode *node = g_object_new(type, NULL);
  node->id = id;
  atk_object_set_role(ATK_OBJECT(node), atk_role);
  return node;
}

void cca_node_append(CcaNode *parent, CcaNode *child) {
  atk_object_set_parent(ATK_OBJECT(child), ATK_OBJECT(parent));
  g_ptr_array_add(parent->children, child);
  g_signal_emit_by_name(parent, "children-changed::add", parent->children->len - 1, child);
}

static void cca_node_mark_defunct(CcaNode *node, void (*visit)(CcaNode *node)) {
  for (guint index = 0; index < node->children->len; index++)
    cca_node_mark_defunct(g_ptr_array_index(node->children, index), visit);
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
  if (changed & CCA_STATE_CHECKED)
    atk_object_notify_state_change(object, ATK_STATE_CHECKED, (states & CCA_STATE_CHECKED) != 0);
  if (changed & CCA_STATE_FOCUSED) {
    gboolean focused = (states & CCA_STATE_FOCUSED) != 0;
    atk_object_notify_state_change(object, ATK_STATE_FOCUSED, focused);
    /* atk-bridge sends its `focus:` event from the focus tracker. */
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (focused) atk_focus_tracker_notify(object);
    G_GNUC_END_IGNORE_DEPRECATIONS
  }
  if (changed & CCA_STATE_ACTIVE) {
    gboolean active = (states & CCA_STATE_ACTIVE) != 0;
    atk_object_notify_state_change(object, ATK_STATE_ACTIVE, active);
    if (ATK_IS_WINDOW(node)) g_signal_emit_by_name(node, active ? "activate" : "deactivate");
  }
}
