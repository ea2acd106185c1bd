/* libcirclecalc-accessibility: the table of circlecalc_accessibility.h, the bus and the loop.
 *
 * Start reading at circlecalc_accessibility_table(). The bridge comes up in three steps, none
 * of which blocks the window for long or prints anything: find the accessibility bus (given,
 * or asked of the session bus without ever starting one), register the application there
 * with atk_bridge_adaptor_init, then serve AT-SPI requests from inside `wait`, which runs
 * GLib's default main context in the caller's own poll(). */
#include <atk-bridge.h>
#include <dbus/dbus.h>
#include <stdlib.h>
#include <string.h>

#include <atspi/atspi-gmain.h> /* after dbus.h, whose types it uses */

#include "nodes.h"

static CcaNode *application;
static GPtrArray *nodes; /* by id; NULL where removed; id 0 is the application */
static gboolean is_started;
static gboolean is_running;
static DBusConnection *session; /* only while asking it for the accessibility bus */

/* GLib, GObject, ATK and atk-bridge warn on stderr about buses that went away and the like;
 * the calculator keeps its stderr for its own messages. */
static GLogWriterOutput drop_log(
    GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
  (void)level, (void)fields, (void)count, (void)data;
  return G_LOG_WRITER_HANDLED;
}

static void drop_print(const gchar *text) { (void)text; }

static AtkObject *get_root(void) { return ATK_OBJECT(application); }

/* ATK's key event listeners (AtkUtilClass), which atk-bridge adds to forward every key to the
 * AT-SPI registry, as GTK's key snooper does. */
typedef struct {
  AtkKeySnoopFunc listener;
  gpointer data;
  guint id;
} KeyListener;

static GArray *key_listeners;

static guint add_key_event_listener(AtkKeySnoopFunc listener, gpointer data) {
  static guint last_id;
  KeyListener entry = {listener, data, ++last_id};
  if (key_listeners == NULL) key_listeners = g_array_new(FALSE, FALSE, sizeof(KeyListener));
  g_array_append_val(key_listeners, entry);
  return entry.id;
}

static void remove_key_event_listener(guint id) {
  for (guint index = 0; key_listeners && index < key_listeners->len; index++)
    if (g_array_index(key_listeners, KeyListener, index).id == id) {
      g_array_remove_index(key_listeners, index);
      return;
    }
}

/* Every listener sees the event, and it is consumed when one of them consumed it. atk-bridge's
 * listener waits for the registry's answer (at most 500 ms), serving AT-SPI calls meanwhile. */
static int key_event(const cca_key_event *event) {
  int consumed = 0;
  if (!is_running || key_listeners == NULL || event == NULL) return 0;
  AtkKeyEventStruct atk_event = {
      .type = event->is_press ? ATK_KEY_EVENT_PRESS : ATK_KEY_EVENT_RELEASE,
      .state = event->state,
      .keyval = event->keysym,
      .length = event->string ? (gint)strlen(event->string) : 0,
      .string = (gchar *)(event->string ? event->string : ""),
      .keycode = (guint16)event->keycode,
      .timestamp = event->time,
  };
  /* A copy: a listener may remove itself. */
  GArray *listeners = g_array_copy(key_listeners);
  for (guint index = 0; index < listeners->len; index++) {
    KeyListener *entry = &g_array_index(listeners, KeyListener, index);
    consumed |= entry->listener(&atk_event, entry->data) != 0;
  }
  g_array_unref(listeners);
  return consumed;
}
static const gchar *get_toolkit_name(void) { return "CircleCalc"; }
static const gchar *get_toolkit_version(void) { return "1"; }

static CcaNode *node_with_id(int id) {
  if (nodes == NULL || id < 0 || (guint)id >= nodes->len) return NULL;
  return g_ptr_array_index(nodes, id);
}

static void setup(const char *application_name, const cca_callbacks *callbacks) {
  if (nodes) return;
  g_log_set_writer_func(drop_log, NULL, NULL);
  g_set_print_handler(drop_print);
  g_set_printerr_handler(drop_print);
  cca_caller = *callbacks;
  /* The loop belongs to the caller's thread for good. */
  g_main_context_acquire(g_main_context_default());
  /* atk-bridge finds the tree through AtkUtil; the class stays referenced. */
  AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
  util->get_root = get_root;
  util->get_toolkit_name = get_toolkit_name;
  util->get_toolkit_version = get_toolkit_version;
  util->add_key_event_listener = add_key_event_listener;
  util->remove_key_event_listener = remove_key_event_listener;
  application = cca_application_new(application_name);
  nodes = g_ptr_array_new();
  g_ptr_array_add(nodes, application);
}

/* atk-bridge looks for the bus in $AT_SPI_BUS_ADDRESS first; given it, it neither asks the
 * session bus again nor starts one (libdbus autolaunches a session bus when there is none). */
static void bring_up(const char *bus_address) {
  if (is_running) return;
  setenv("AT_SPI_BUS_ADDRESS", bus_address, 1);
  is_running = atk_bridge_adaptor_init(NULL, NULL) == 0;
}

static gboolean close_session(gpointer data) {
  (void)data;
  if (session) {
    dbus_connection_close(session);
    dbus_connection_unref(session);
    session = NULL;
  }
  return G_SOURCE_REMOVE;
}

static void got_bus_address(DBusPendingCall *pending, void *data) {
  (void)data;
  DBusMessage *reply = dbus_pending_call_steal_reply(pending);
  const char *address = NULL;
  dbus_pending_call_unref(pending);
  if (reply && dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_METHOD_RETURN &&
      dbus_message_get_args(reply, NULL, DBUS_TYPE_STRING, &address, DBUS_TYPE_INVALID) &&
      address[0] != '\0')
    bring_up(address);
  if (reply) dbus_message_unref(reply);
  /* Not from inside this connection's own dispatch. */
  g_idle_add(close_session, NULL);
}

/* Asks org.a11y.Bus on the session bus for the accessibility bus's address, without waiting
 * for the answer (D-Bus may have to start at-spi-bus-launcher first). */
static int ask_session_bus(const char *address) {
  DBusError error;
  DBusMessage *message;
  DBusPendingCall *pending = NULL;
  dbus_error_init(&error);
  session = dbus_connection_open_private(address, &error);
  if (session == NULL || !dbus_bus_register(session, &error)) {
    dbus_error_free(&error);
    close_session(NULL);
    return -1;
  }
  dbus_connection_set_exit_on_disconnect(session, FALSE);
  message = dbus_message_new_method_call(
      "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress");
  if (!dbus_connection_send_with_reply(session, message, &pending, 10000) || pending == NULL) {
    dbus_message_unref(message);
    close_session(NULL);
    return -1;
  }
  dbus_message_unref(message);
  dbus_pending_call_set_notify(pending, got_bus_address, NULL, NULL);
  atspi_dbus_connection_setup_with_g_main(session, NULL);
  return 0;
}

static int start(const char *bus_address, const char *session_address) {
  if (nodes == NULL || is_started) return -1;
  if (bus_address && bus_address[0] != '\0') {
    is_started = TRUE;
    bring_up(bus_address);
    return is_running ? 0 : -1;
  }
  if (session_address == NULL || ask_session_bus(session_address) != 0) return -1;
  is_started = TRUE;
  return 0;
}

/* atk-bridge adds its key event listener with its other listeners, when an assistive
 * technology registers: from then on, events reach it. */
static int running(void) { return is_running && key_listeners && key_listeners->len > 0; }

static int add(int parent_id, int index, cca_role role) {
  CcaNode *parent = node_with_id(parent_id);
  if (parent == NULL) return -1;
  CcaNode *node = cca_node_new((int)nodes->len, role);
  g_ptr_array_add(nodes, node);
  cca_node_insert(parent, node, index); /* the parent holds the reference */
  return node->id;
}

static void forget(CcaNode *node) {
  if ((guint)node->id < nodes->len) g_ptr_array_index(nodes, node->id) = NULL;
}

static void remove_node(int id) {
  CcaNode *node = node_with_id(id);
  if (node && node != application) cca_node_detach(node, forget);
}

static void set_name(int id, const char *name) {
  CcaNode *node = node_with_id(id);
  if (node && name) cca_node_set_name(node, name);
}

static void set_extents(int id, int x, int y, int width, int height) {
  CcaNode *node = node_with_id(id);
  AtkRectangle extents = {x, y, width, height};
  if (node) cca_node_set_extents(node, &extents);
}

static void set_states(int id, unsigned states) {
  CcaNode *node = node_with_id(id);
  if (node) cca_node_set_states(node, states);
}

static void set_text(int id, const char *text) {
  CcaNode *node = node_with_id(id);
  if (node && text && ATK_IS_TEXT(node)) cca_node_set_text(node, text);
}

static void set_label(int id, int label_id) {
  CcaNode *node = node_with_id(id);
  CcaNode *label = label_id > 0 ? node_with_id(label_id) : NULL;
  if (node && node != application) cca_node_set_label(node, label);
}

static void announce(int id, const char *text) {
  CcaNode *node = node_with_id(id);
  if (node && text && atk_object_get_role(ATK_OBJECT(node)) == ATK_ROLE_NOTIFICATION)
    cca_node_announce(node, text);
}

/* One iteration of GLib's default context, whose descriptors share one poll() with `fds`. */
static unsigned wait_on(const int *fds, int count, int timeout_ms) {
  static GPollFD *polled;
  static gint capacity;
  GMainContext *context = g_main_context_default();
  gint priority, glib_timeout, glib_count;
  if (count < 0) count = 0;
  if (count > 32) count = 32;
  g_main_context_prepare(context, &priority);
  while ((glib_count = g_main_context_query(context, priority, &glib_timeout, polled,
                                            capacity)) > capacity - count) {
    capacity = glib_count + count + 8;
    polled = g_renew(GPollFD, polled, capacity);
  }
  for (int index = 0; index < count; index++)
    polled[glib_count + index] = (GPollFD){.fd = fds[index], .events = G_IO_IN, .revents = 0};
  if (glib_timeout >= 0 && (timeout_ms < 0 || glib_timeout < timeout_ms))
    timeout_ms = glib_timeout;
  if (g_poll(polled, (guint)(glib_count + count), timeout_ms) < 0)
    for (gint index = 0; index < glib_count + count; index++) polled[index].revents = 0; /* EINTR */
  if (g_main_context_check(context, priority, polled, glib_count))
    g_main_context_dispatch(context);
  unsigned readable = 0;
  for (int index = 0; index < count; index++)
    if (polled[glib_count + index].revents & (G_IO_IN | G_IO_HUP | G_IO_ERR))
      readable |= 1u << index;
  return readable;
}

const cca_table *circlecalc_accessibility_table(void) {
  static const cca_table table = {
      .version = CCA_VERSION,
      .setup = setup,
      .start = start,
      .is_running = running,
      .add = add,
      .remove = remove_node,
      .set_name = set_name,
      .set_extents = set_extents,
      .set_states = set_states,
      .set_text = set_text,
      .set_label = set_label,
      .announce = announce,
      .key_event = key_event,
      .wait = wait_on,
  };
  return &table;
}
