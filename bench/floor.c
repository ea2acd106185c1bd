/*
 * floor: the least an Xlib + Cairo calculator can do, as a yardstick for `make bench`.
 *
 *   floor [--image] [WIDTHxHEIGHT]      (default 360x640, CircleCalc's default size)
 *
 * One top-level window showing an entry right-aligned in white on black, with a sans font
 * found through fontconfig. Keys: a printable character is appended, BackSpace deletes one,
 * Escape clears. Nothing runs while idle: the program blocks in XNextEvent.
 *
 * By default every frame is painted straight onto the window through cairo-xlib (the server
 * fills and draws the glyphs): the physical floor of key -> pixels. With --image it works the
 * way CircleCalc does without damage tracking: each frame is drawn whole into a Cairo image in
 * a MIT-SHM segment and sent with one XShmPutImage (the next frame waits for its completion),
 * which shows what a whole-window image costs at a given size.
 *
 * build: gcc -O2 floor.c -o floor $(pkg-config --cflags --libs x11 xext cairo)
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/keysym.h>
#include <cairo-xlib.h>
#include <cairo.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>

enum { MAX_ENTRY = 40 };

static char entry[MAX_ENTRY + 1] = "0";

static void paint(cairo_t *cr, int width, int height)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, width / 5.0);
    cairo_text_extents_t extents;
    cairo_text_extents(cr, entry, &extents);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, width - width / 18.0 - extents.x_advance, height * 0.3);
    cairo_show_text(cr, entry);
}

/* The --image path: one SHM segment as large as the window, re-made when the size changes. */
static struct {
    XShmSegmentInfo info;
    XImage *image;
    int pending; /* an XShmPutImage whose completion has not come yet */
    int completion;
} shm;

static void shm_release(Display *display)
{
    if (!shm.image)
        return;
    XShmDetach(display, &shm.info);
    XSync(display, False);
    shmdt(shm.info.shmaddr);
    shm.image->data = NULL;
    XDestroyImage(shm.image);
    shm.image = NULL;
}

static int shm_prepare(Display *display, Visual *visual, int width, int height)
{
    if (shm.image && shm.image->width == width && shm.image->height == height)
        return 1;
    shm_release(display);
    shm.image = XShmCreateImage(display, visual, 24, ZPixmap, NULL, &shm.info, width, height);
    if (!shm.image)
        return 0;
    shm.info.shmid = shmget(IPC_PRIVATE, (size_t)shm.image->bytes_per_line * height,
                            IPC_CREAT | 0600);
    shm.info.shmaddr = shm.image->data = shmat(shm.info.shmid, NULL, 0);
    shm.info.readOnly = True;
    XShmAttach(display, &shm.info);
    XSync(display, False);
    shmctl(shm.info.shmid, IPC_RMID, NULL); /* gone with the last detach, however we exit */
    return 1;
}

static Bool is_completion(Display *display, XEvent *event, XPointer unused)
{
    (void)display;
    (void)unused;
    return event->type == shm.completion;
}

/* The server reads the segment after the request: draw again only once it has. */
static void wait_completion(Display *display)
{
    if (shm.pending) {
        XEvent event;
        XIfEvent(display, &event, is_completion, NULL);
        shm.pending = 0;
    }
}

static void draw(Display *display, Window window, GC gc, Visual *visual, cairo_t *direct,
                 int width, int height)
{
    if (direct) {
        paint(direct, width, height);
        cairo_surface_flush(cairo_get_target(direct));
        XFlush(display);
        return;
    }
    wait_completion(display);
    if (!shm_prepare(display, visual, width, height))
        return;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(
        (unsigned char *)shm.image->data, CAIRO_FORMAT_RGB24, width, height,
        shm.image->bytes_per_line);
    cairo_t *cr = cairo_create(surface);
    paint(cr, width, height);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    XShmPutImage(display, window, gc, shm.image, 0, 0, 0, 0, width, height, True);
    XFlush(display);
    shm.pending = 1;
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

int main(int argc, char **argv)
{
    int width = 360, height = 640, image = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--image"))
            image = 1;
        else if (sscanf(argv[i], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) {
            fprintf(stderr, "usage: floor [--image] [WIDTHxHEIGHT]\n");
            return 2;
        }
    }
    Display *display = XOpenDisplay(NULL);
    if (!display)
        return 1;
    int screen = DefaultScreen(display);
    Visual *visual = DefaultVisual(display, screen);
    if (image) {
        if (!XShmQueryExtension(display) || DefaultDepth(display, screen) != 24) {
            fprintf(stderr, "floor: --image needs MIT-SHM and a 24-bit visual\n");
            return 1;
        }
        shm.completion = XShmGetEventBase(display) + ShmCompletion;
    }
    Window root = RootWindow(display, screen);
    XSetWindowAttributes attributes = {.background_pixel = BlackPixel(display, screen)};
    Window window = XCreateWindow(display, root, 0, 0, width, height, 0, CopyFromParent,
                                  InputOutput, CopyFromParent, CWBackPixel, &attributes);
    XStoreName(display, window, "floor");
    long pid = getpid();
    XChangeProperty(display, window, XInternAtom(display, "_NET_WM_PID", False), XA_CARDINAL,
                    32, PropModeReplace, (unsigned char *)&pid, 1);
    Atom close_atom = XInternAtom(display, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(display, window, &close_atom, 1);
    XSelectInput(display, window, ExposureMask | KeyPressMask | StructureNotifyMask);
    GC gc = XCreateGC(display, window, 0, NULL);
    cairo_surface_t *surface = NULL;
    cairo_t *direct = NULL;
    if (!image) {
        surface = cairo_xlib_surface_create(display, window, visual, width, height);
        direct = cairo_create(surface);
    }
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
            if (surface)
                cairo_xlib_surface_set_size(surface, width, height);
            dirty = 1;
        } else if (event.type == KeyPress)
            dirty |= type_key(&event.xkey);
        else if (image && event.type == shm.completion)
            shm.pending = 0;
        else if (event.type == ClientMessage && (Atom)event.xclient.data.l[0] == close_atom)
            break;
        if (dirty && XPending(display) == 0) { /* one frame per burst of events */
            draw(display, window, gc, visual, direct, width, height);
            dirty = 0;
        }
    }
    if (direct) {
        cairo_destroy(direct);
        cairo_surface_destroy(surface);
    }
    shm_release(display);
    XCloseDisplay(display);
    return 0;
}
