/* The accessibility bridge of CircleCalc as a table of functions.
 *
 * circlecalc loads libcirclecalc-accessibility.so with dlopen only when an accessibility bus
 * may answer, and calls it through the table that circlecalc_accessibility_table() returns,
 * so a calculator without a screen reader never maps GLib, ATK or D-Bus. The library knows
 * nothing about calculators: it exposes generic nodes (the application, a frame, labels, lists
 * and their items, push buttons, menus, entries) that the caller creates, names, places and
 * updates; ATK
 * objects and atk-bridge turn them into AT-SPI2. Everything runs on the caller's thread, inside
 * cca_table.wait. This header is shared with Swift: no GLib types appear in it.
 */
#ifndef CIRCLECALC_ACCESSIBILITY_H
#define CIRCLECALC_ACCESSIBILITY_H

/* What a node is; the application node (id 0) exists from the start. Push buttons and (radio,
 * check) menu items have the `click` action; an entry holds a text (AtkText: editable, one line); a
 * menu tells which of its items is selected (AtkSelection); a notification speaks what
 * `announce` gives it (inside a status bar, screen readers say it without its role). */
typedef enum cca_role {
  CCA_ROLE_FRAME,
  CCA_ROLE_LABEL,
  CCA_ROLE_LIST,
  CCA_ROLE_LIST_ITEM,
  CCA_ROLE_PUSH_BUTTON,
  CCA_ROLE_MENU,
  CCA_ROLE_MENU_ITEM,
  CCA_ROLE_RADIO_MENU_ITEM,
  CCA_ROLE_ENTRY,
  CCA_ROLE_CHECK_MENU_ITEM,
  CCA_ROLE_STATUS_BAR,
  CCA_ROLE_NOTIFICATION,
} cca_role;

/* States a node can change; the others follow from its role (enabled, visible, editable…). */
typedef enum cca_state {
  CCA_STATE_CHECKED = 1 << 0,    /* a push button or menu item that is on */
  CCA_STATE_FOCUSED = 1 << 1,    /* the node with the keyboard focus */
  CCA_STATE_ACTIVE = 1 << 2,     /* the frame whose window has the keyboard focus */
  CCA_STATE_FOCUSABLE = 1 << 3,  /* can take the focus (grab_focus calls back `focus`) */
  CCA_STATE_SELECTABLE = 1 << 4, /* one of siblings of which some are selected */
  CCA_STATE_SELECTED = 1 << 5,   /* the selected one */
} cca_state;

/* What the library asks of the caller; every call comes from inside cca_table.wait. */
typedef struct cca_callbacks {
  void *context;
  /* The `click` action of a push button or menu item. */
  void (*click)(void *context, int node);
  /* An assistive technology moves the keyboard focus to a focusable node. */
  void (*focus)(void *context, int node);
  /* The top-left corner of the window on the screen, in pixels. */
  void (*window_origin)(void *context, int *x, int *y);
} cca_callbacks;

/* A key event of the window, as the X server sent it. */
typedef struct cca_key_event {
  int is_press;       /* 1 for KeyPress, 0 for KeyRelease */
  unsigned keysym;    /* after Shift and NumLock: `asterisk`, `KP_End` */
  unsigned state;     /* the X modifier mask at the event */
  unsigned keycode;   /* the hardware key */
  unsigned time;      /* the X server time, milliseconds */
  const char *string; /* UTF-8: the text it types when printable (or with Ctrl), else the
                         keysym's name (`Return`, `BackSpace`), as GTK gives ATK */
} cca_key_event;

typedef struct cca_table {
  /* CCA_VERSION of the library; the caller refuses a table of another version. */
  int version;
  /* Names the application node and keeps the callbacks (copied). Call once, first. */
  void (*setup)(const char *application_name, const cca_callbacks *callbacks);
  /* Starts the bridge on the accessibility bus at `bus_address`, or, when that is NULL, asks
   * the session bus at `session_address` for it (org.a11y.Bus) without waiting: the bridge then
   * comes up inside a later wait. Returns 0 when started or asked, -1 otherwise. Never starts a
   * bus and never prints. */
  int (*start)(const char *bus_address, const char *session_address);
  /* Whether a screen reader listens: atk-bridge has added its listeners to ATK (it does once an
   * assistive technology registers, and takes them away when none is left). Events sent
   * before are lost. */
  int (*is_running)(void);
  /* Inserts a node of `role` among the children of `parent` at `index` (-1 or past the end:
   * last); returns its id (> 0). */
  int (*add)(int parent, int index, cca_role role);
  /* Removes a node, and its children, from its parent. */
  void (*remove)(int node);
  /* The node's name (UTF-8); a change is announced (name-changed). */
  void (*set_name)(int node, const char *name);
  /* The node's box in window pixels. */
  void (*set_extents)(int node, int x, int y, int width, int height);
  /* The node's cca_state bits; each change is announced (state-changed, focus, window). */
  void (*set_states)(int node, unsigned states);
  /* The text of an entry (UTF-8); a change is announced as what was removed and inserted
   * (text-changed), and the caret, which stays at the end, as moved. */
  void (*set_text)(int node, const char *text);
  /* The label node that names `node` (LABELLED_BY, and LABEL_FOR back); 0 for none. */
  void (*set_label)(int node, int label);
  /* Asks screen readers to speak `text` now, whatever has the focus: a notification node takes
   * it as its name and shows (state-changed:showing), which Orca speaks and lists. */
  void (*announce)(int node, const char *text);
  /* Gives a key event to ATK's key event listeners (atk-bridge sends it to the AT-SPI registry,
   * where a screen reader may consume it) before the window acts on it; 1 when a listener
   * consumed it: the window then does nothing with it. 0 while the bridge is not running. */
  int (*key_event)(const cca_key_event *event);
  /* Sleeps in one poll() on the `count` descriptors `fds` (at most 32: the X connection, a
   * child's output…) and the bridge's own, at most `timeout_ms` (-1: no limit), runs what the
   * bridge has to do, and returns a mask: bit i set when fds[i] is readable or has ended. */
  unsigned (*wait)(const int *fds, int count, int timeout_ms);
} cca_table;

#define CCA_VERSION 4

/* The one symbol circlecalc looks up, and the only one the library exports. */
__attribute__((visibility("default"))) const cca_table *circlecalc_accessibility_table(void);

#endif
