/* The ATK objects behind the nodes of circlecalc_accessibility.h. */
#ifndef CCA_NODES_H
#define CCA_NODES_H

#include <atk/atk.h>

#include "circlecalc_accessibility.h"

/* Every node: an AtkObject with children, an id, its state bits and its box. The application
 * node is a plain CcaNode; the others are CcaElements (AtkComponent), the frame a CcaFrame
 * (AtkWindow too), the keys and menu items CcaButtons (AtkAction too), entries CcaEntries
 * (AtkText too), menus CcaMenus (AtkSelection too). */
typedef struct CcaNode {
  AtkObject parent_instance;
  GPtrArray *children; /* owned references */
  int id;
  unsigned states;      /* cca_state bits */
  gboolean is_defunct;  /* removed from the tree */
  AtkRectangle extents; /* window pixels */
  gchar *text;          /* an entry's text, else NULL */
} CcaNode;

typedef struct CcaNodeClass {
  AtkObjectClass parent_class;
} CcaNodeClass;

GType cca_node_get_type(void);
#define CCA_TYPE_NODE (cca_node_get_type())
#define CCA_NODE(object) (G_TYPE_CHECK_INSTANCE_CAST((object), CCA_TYPE_NODE, CcaNode))
#define CCA_IS_NODE(object) (G_TYPE_CHECK_INSTANCE_TYPE((object), CCA_TYPE_NODE))

/* The caller's callbacks, shared by the nodes and the bridge. */
extern cca_callbacks cca_caller;

/* A new node of `role`, or the application node for id 0. */
CcaNode *cca_node_new(int id, cca_role role);
/* A new application node named `name`. */
CcaNode *cca_application_new(const char *name);
/* Puts `child` among `parent`'s children at `index` (-1: last) and announces it. */
void cca_node_insert(CcaNode *parent, CcaNode *child, int index);
/* Takes `child` out of its parent's children, announces it, and marks it (and its children)
 * defunct; `visit` is called on each. */
void cca_node_detach(CcaNode *child, void (*visit)(CcaNode *node));
/* Changes the name, the box or the state bits, announcing each change. */
void cca_node_set_name(CcaNode *node, const char *name);
void cca_node_set_extents(CcaNode *node, const AtkRectangle *extents);
void cca_node_set_states(CcaNode *node, unsigned states);
/* Changes an entry's text, announcing what was removed and inserted and the caret's move. */
void cca_node_set_text(CcaNode *node, const char *text);
/* A notification speaks `text`: its new name, then showing (state-changed:showing). */
void cca_node_announce(CcaNode *node, const char *text);
/* Makes `label` the one label of `node` (NULL: none), in both directions. */
void cca_node_set_label(CcaNode *node, CcaNode *label);

#endif
