/*
 * floor: the least an Xlib + Cairo calculator can do, as a yardstick for `make bench`.
 *
 * One 360x640 top-level window (CircleCalc's default size). Every frame is drawn the way
 * CircleCalc draws (docs: DESIGN.md section 1): into a Cairo image surface (black background,
 * the entry right-aligned in white with a sans font found through fontconfig), then copied
 * to the window in one go. Keys: a printable character is appended, BackSpace deletes one,
 * Escape clears. Nothing runs while idle: the program blocks in XNextEvent.
 *
 * build: gcc -O2 floor.c -o floor $(pkg-config --cflags --libs x11 cairo)
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <cairo-xlib.h>
#include <cairo.h>
#include <string.h>
#include <unistd.h>

enum { WIDTH = 360, HEIGHT = 640, MAX_ENTRY = 40 };

static char entry[MAX_ENTRY + 1] = "0";

/* One frame: image surface first, then a single copy to the window surface. */
static void draw(cairo_surface_t *window, int width, int height)
{
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create(image);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, width / 5.0);
    cairo_text_extents_t extents;
    cairo_text_extents(cr, entry, &extents);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, width - width / 18.0 - extents.x_advance, height * 0.3);
    cairo_show_text(cr, entry);
    cairo_destroy(cr);

    cr = cairo_create(window);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(cr, image, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_destroy(image);
    cairo_surface_flush(window);
}

/* Applies one key to the entry; returns 1 if the entry changed. */
static int type_key(XKeyEvent *event)
{
    char text[8];
    KeySym sym;
    int n = XLookupString(event, text, sizeof text, &sym, NULL);
    size_t length = strlen(entry);
    if (sym == XK_Escape) {
        strcpy(entry, "0");
    } else if (sym == XK_BackSpace) {
        if (length > 1)
            entry[length - 1] = '\0';
        else
            strcpy(entry, "0");
    } else if (n == 1 && text[0] > ' ' && text[0] < 127) {
        if (strcmp(entry, "0") == 0)
            length = 0;
        if (length >= MAX_ENTRY)
            return 0;
        entry[length] = text[0];
        entry[length + 1] = '\0';
    } else {
        return 0;
    }
    return 1;
}

int main(void)
{
    Display *display = XOpenDisplay(NULL);
    if (!display)
        return 1;
    int screen = DefaultScreen(display);
    Window root = RootWindow(display, screen);
    XSetWindowAttributes attributes = {.background_pixel = BlackPixel(display, screen)};
    Window window = XCreateWindow(display, root, 0, 0, WIDTH, HEIGHT, 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWBackPixel, &attributes);
    XStoreName(display, window, "floor");
    long pid = getpid();
    XChangeProperty(display, window, XInternAtom(display, "_NET_WM_PID", False), XA_CARDINAL,
                    32, PropModeReplace, (unsigned char *)&pid, 1);
    Atom close_atom = XInternAtom(display, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(display, window, &close_atom, 1);
    XSelectInput(display, window, ExposureMask | KeyPressMask | StructureNotifyMask);
    int width = WIDTH, height = HEIGHT;
    cairo_surface_t *surface =
        cairo_xlib_surface_create(display, window, DefaultVisual(display, screen), width, height);
    XMapWindow(display, window);

    int dirty = 0;
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type == Expose && event.xexpose.count == 0)
            dirty = 1;
        else if (event.type == ConfigureNotify &&
                 (event.xconfigure.width != width || event.xconfigure.height != height)) {
            width = event.xconfigure.width;
            height = event.xconfigure.height;
            cairo_xlib_surface_set_size(surface, width, height);
            dirty = 1;
        } else if (event.type == KeyPress)
            dirty |= type_key(&event.xkey);
        else if (event.type == ClientMessage && (Atom)event.xclient.data.l[0] == close_atom)
            break;
        if (dirty && XPending(display) == 0) { /* one frame per burst of events */
            draw(surface, width, height);
            dirty = 0;
        }
    }
    cairo_surface_destroy(surface);
    XCloseDisplay(display);
    return 0;
}
