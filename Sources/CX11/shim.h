#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <malloc.h>
#include <dlfcn.h>

/* RandR 1.5's monitors (docs/SPEC.md section 14.2), from libXrandr loaded at the first call:
 * the same layout as its XRRMonitorInfo, so the window needs no build dependency on it. */
typedef struct {
  Atom name;
  Bool primary;
  Bool automatic;
  int noutput;
  int x;
  int y;
  int width;
  int height;
  int mwidth;
  int mheight;
  unsigned long *outputs;
} CircleCalcMonitor;

/* The active monitors of `root`'s screen (free with circlecalc_free_monitors), or NULL
 * without libXrandr or RandR 1.5. */
static inline CircleCalcMonitor *circlecalc_get_monitors(Display *display, Window root,
                                                         int *count) {
  static CircleCalcMonitor *(*get)(Display *, Window, Bool, int *);
  static int tried;
  *count = 0;
  if (!tried) {
    tried = 1;
    void *library = dlopen("libXrandr.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (library) get = (CircleCalcMonitor * (*)(Display *, Window, Bool, int *))
        dlsym(library, "XRRGetMonitors");
  }
  if (!get) return NULL;
  int event_base, error_base;
  if (!XQueryExtension(display, "RANDR", &error_base, &event_base, &error_base)) return NULL;
  return get(display, root, True, count);
}

/* Frees what circlecalc_get_monitors gave: XRRFreeMonitors is Xlib's Xfree. */
static inline void circlecalc_free_monitors(CircleCalcMonitor *monitors) {
  if (monitors) XFree(monitors);
}
