/* The ATK objects behind the nodes of circlecalc_accessibility.h. */
#ifndef CCA_NODES_H
#define CCA_NODES_H

#include <atk/atk.h>

#include "circlecalc_accessibility.h"

/* Every node: an AtkObject with children, an id, its state bits and its box. The application
 * node is a plain CcaNode; the others are CcaElements (AtkComponent), the frame a CcaFrame
 * (AtkWindow too), the keys CcaButtons (AtkAction too). */
typedef struct CcaNode {
  AtkObject parent_instance;
  GPtrArray *children; /* owned references */
  int id;
  unsigned states;      /* cca_state bits */
  gboolean is_defunct;  /* removed from the tree */
  AtkRectangle extents; /* window pixels */
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
/* Appends `child` to `parent`'s children and announces it. */
void cca_node_append(CcaNode *parent, CcaNode *child);
/* Takes `child` out of its parent's children, announces it, and marks it (and its children)
 * defunct; `visit` is called on each. */
void cca_node_detach(CcaNode *child, void (*visit)(CcaNode *node));
/* Changes the name, the box or the state bits, announcing each change. */
void cca_node_set_name(CcaNode *node, const char *name);
void cca_node_set_extents(CcaNode *node, const AtkRectangle *extents);
void cca_node_set_states(CcaNode *node, unsigned states);

#endif
