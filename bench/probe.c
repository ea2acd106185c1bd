/*
 * probe: one measured launch of an X11 program, for bench/run.
 *
 *   probe [options] -- COMMAND [ARG...]
 *
 * Needs $DISPLAY: an X server with DAMAGE and XTEST and no window manager (top-level windows
 * are children of the root). Prints key=value lines; times are ms from just before fork().
 *
 *   map_ms      the first top-level window of the program is mapped (MapNotify on the root)
 *   paint_ms    the first DAMAGE in that window after which its pixels are not all one colour
 *               (the server clearing the background does not count; the first real frame does)
 *   paint_done_ms  the last DAMAGE of that first frame: the first one from paint_ms on that is
 *               followed by 100 ms without damage (a frame sent in several requests, or drawn
 *               widget by widget, is complete then)
 *   rss_kb, pss_kb, threads   of the window's process, --settle ms after mapping
 *   mem.launch.CLASS  RSS in KiB of its mappings by class (/proc/PID/smaps), same moment:
 *               binary (the executable's own text and data), libs (shared libraries), fccache
 *               (fontconfig cache files), fonts (font files), heap ([heap], malloc's arena),
 *               anon (anonymous mappings: big malloc blocks such as image surfaces, thread
 *               stacks), shm (System V shared memory: MIT-SHM segments), stack, other
 *   idle_cpu_us on-CPU time of all its threads (/proc/PID/task/T/schedstat) over --idle ms
 *   idle_wakeups  voluntary + nonvoluntary context switches of all its threads, same window
 *   idle_repaints DAMAGE events in its window, same window
 * and for each size WxH of --sizes, after resizing the window to it (XResizeWindow; no window
 * manager, so the program gets it) and 300 ms without damage:
 *   key_ms.WxH      XTEST key press -> first DAMAGE in the window, one value per trial
 *   key_done_ms.WxH the same press -> the last DAMAGE of its repaint (the next 150 ms are quiet)
 *               The key is released only after that, so the release's repaint is not counted;
 *               a reset key (not measured) follows, so the display never fills up.
 *   key_damages.WxH  the DAMAGE events from the press to the end of its repaint, per trial
 *   mem.WxH.CLASS, rss_kb.WxH   memory after that size's trials
 *
 * Options: --log FILE (program's stdout+stderr), --map-timeout MS (10000), --settle MS (1000),
 *   --idle MS (3000), --keys N (5, per size), --key KEYSYM (5), --reset KEYSYM (BackSpace),
 *   --sizes WxH[,WxH...] (none: keys at the launch size, reported as key_ms.launch),
 *   --warm (stop once the first frame is painted: a warm-up launch, prints map_ms/paint_ms only),
 *   --taps N (0: after the presses at the launch size or the first of --sizes, N taps, the
 *   key released at once with its press as anchor-bench types it, reported as key_ms.tap.WxH
 *   and key_done_ms.tap.WxH: a program that repaints on the release, as CircleCalc's lit key
 *   goes dark, has that repaint in them too).
 * The program runs in its own process group, which is stopped (TERM, then KILL) at the end.
 *
 * build: gcc -O2 probe.c -o probe $(pkg-config --cflags --libs x11 xdamage xtst)
 */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static Display *dpy;
static Window root, target;
static int damage_event;
static int tx, ty, tw, th;      /* target rectangle on the root, border included */
static double start;            /* CLOCK_MONOTONIC ms just before fork */
static pid_t child = -1;
static int child_gone;
static double paint_ms = -1;    /* first non-uniform frame */
static double last_damage = -1; /* last damage touching the target */
static long damage_count;
static double launch_damage[4096]; /* damage times until the idle window starts */
static int launch_damages, recording = 1;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6 - start;
}

static void stop_child(void)
{
    if (child <= 0 || child_gone)
        return;
    kill(-child, SIGTERM);
    for (int i = 0; i < 200; i++) { /* 2 s */
        if (waitpid(child, NULL, WNOHANG) == child) {
            child_gone = 1;
            break;
        }
        usleep(10000);
    }
    kill(-child, SIGKILL); /* whatever is left of the group */
    if (!child_gone)
        waitpid(child, NULL, 0);
    child_gone = 1;
}

static void on_signal(int sig)
{
    if (child > 0 && !child_gone)
        kill(-child, SIGKILL);
    _exit(128 + sig);
}

static int ignore_x_error(Display *d, XErrorEvent *e)
{
    (void)d;
    (void)e;
    return 0;
}

/* 1 if the target window's pixels are not all one colour. */
static int painted(void)
{
    XWindowAttributes wa;
    if (!XGetWindowAttributes(dpy, target, &wa) || wa.map_state != IsViewable)
        return 0;
    XImage *im = XGetImage(dpy, target, 0, 0, wa.width, wa.height, AllPlanes, ZPixmap);
    if (!im)
        return 0;
    unsigned long first = XGetPixel(im, 0, 0) & 0xffffff;
    int differs = 0;
    for (int y = 0; y < im->height && !differs; y++) {
        if (im->bits_per_pixel == 32) {
            const uint32_t *row = (const uint32_t *)(im->data + (size_t)y * im->bytes_per_line);
            for (int x = 0; x < im->width; x++)
                if ((row[x] & 0xffffff) != first) {
                    differs = 1;
                    break;
                }
        } else {
            for (int x = 0; x < im->width; x++)
                if ((XGetPixel(im, x, y) & 0xffffff) != first) {
                    differs = 1;
                    break;
                }
        }
    }
    XDestroyImage(im);
    return differs;
}

/* Bookkeeping for one event. */
static void handle(XEvent *ev)
{
    if (ev->type == damage_event + XDamageNotify) {
        XDamageNotifyEvent *de = (XDamageNotifyEvent *)ev;
        int x = de->area.x, y = de->area.y, w = de->area.width, h = de->area.height;
        if (!target || x >= tx + tw || x + w <= tx || y >= ty + th || y + h <= ty)
            return;
        last_damage = now();
        damage_count++;
        if (recording && launch_damages < 4096)
            launch_damage[launch_damages++] = last_damage;
        if (paint_ms < 0 && painted())
            paint_ms = last_damage;
    } else if (ev->type == ConfigureNotify && target && ev->xconfigure.window == target) {
        tx = ev->xconfigure.x;
        ty = ev->xconfigure.y;
        tw = ev->xconfigure.width + 2 * ev->xconfigure.border_width;
        th = ev->xconfigure.height + 2 * ev->xconfigure.border_width;
    }
}

/* Waits for the next event until time `until`; 0 on timeout or when the program is gone. */
static int next_event(double until, XEvent *ev)
{
    while (!XPending(dpy)) {
        if (!child_gone && waitpid(child, NULL, WNOHANG) == child)
            child_gone = 1;
        double left = until - now();
        if (left <= 0 || child_gone)
            return 0;
        struct pollfd p = {ConnectionNumber(dpy), POLLIN, 0};
        poll(&p, 1, left > 100 ? 100 : (int)left + 1);
    }
    XNextEvent(dpy, ev);
    return 1;
}

static void pump(double until)
{
    XEvent ev;
    while (next_event(until, &ev))
        handle(&ev);
}

/* Runs events until the window had no damage for `quiet` ms, counted from the later of the
 * last damage and the call; 0 if that took over `cap` ms. */
static int settle(double quiet, double cap)
{
    double begin = now();
    for (;;) {
        double from = last_damage > begin ? last_damage : begin;
        if (now() - from >= quiet)
            return 1;
        if (now() - begin >= cap)
            return 0;
        pump(from + quiet);
    }
}

/* Runs events until a damage in the window newer than `count`, or `until`; 1 if one came. */
static int await_damage(long count, double until)
{
    XEvent ev;
    while (damage_count == count && next_event(until, &ev))
        handle(&ev);
    return damage_count > count;
}

static long status_value(const char *path, const char *key)
{
    char line[256];
    size_t n = strlen(key);
    long value = -1;
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ':') {
            value = atol(line + n + 1);
            break;
        }
    fclose(f);
    return value;
}

/* On-CPU ns and context switches summed over the live threads of `pid`. */
static void thread_sums(pid_t pid, unsigned long long *cpu_ns, long *switches)
{
    char path[300];
    *cpu_ns = 0;
    *switches = 0;
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *dir = opendir(path);
    if (!dir)
        return;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%s/schedstat", (int)pid, e->d_name);
        FILE *f = fopen(path, "r");
        unsigned long long ns = 0;
        if (f) {
            if (fscanf(f, "%llu", &ns) == 1)
                *cpu_ns += ns;
            fclose(f);
        }
        snprintf(path, sizeof path, "/proc/%d/task/%s/status", (int)pid, e->d_name);
        long v = status_value(path, "voluntary_ctxt_switches");
        long nv = status_value(path, "nonvoluntary_ctxt_switches");
        *switches += (v > 0 ? v : 0) + (nv > 0 ? nv : 0);
    }
    closedir(dir);
}

/* ---- memory by mapping ---- */
enum { BINARY, LIBS, FCCACHE, FONTS, HEAP, ANON, SHM, STACK, OTHER, CLASSES };
static const char *class_names[CLASSES] = {"binary", "libs", "fccache", "fonts", "heap",
                                           "anon",   "shm",  "stack",   "other"};

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int classify(const char *path, const char *exe)
{
    if (!*path)
        return ANON;
    if (!strcmp(path, exe))
        return BINARY;
    if (!strcmp(path, "[heap]"))
        return HEAP;
    if (!strcmp(path, "[stack]"))
        return STACK;
    if (!strncmp(path, "/SYSV", 5))
        return SHM;
    if (strstr(path, "fontconfig") && strstr(path, ".cache"))
        return FCCACHE;
    static const char *font_suffixes[] = {".ttf", ".otf", ".ttc", ".pfb", ".pcf", ".pcf.gz",
                                          ".woff", ".woff2", ".otb"};
    for (size_t i = 0; i < sizeof font_suffixes / sizeof *font_suffixes; i++)
        if (ends_with(path, font_suffixes[i]))
            return FONTS;
    if (strstr(path, ".so"))
        return LIBS;
    return OTHER;
}

/* Prints mem.LABEL.CLASS=KiB (RSS of the mappings of each class) and rss_kb.LABEL. */
static void memory_by_mapping(pid_t pid, const char *label)
{
    char path[64], exe[4096] = "", line[4352];
    long rss[CLASSES] = {0};
    snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
    ssize_t n = readlink(path, exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    snprintf(path, sizeof path, "/proc/%d/smaps", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    int current = OTHER;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        unsigned long from, to;
        char perms[8];
        int offset = 0;
        if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %n", &from, &to, perms, &offset) == 3) {
            const char *name = offset > 0 ? line + offset : "";
            while (*name == ' ')
                name++;
            char clean[4096];
            snprintf(clean, sizeof clean, "%s", name);
            char *deleted = strstr(clean, " (deleted)");
            if (deleted)
                *deleted = '\0';
            current = classify(clean, exe);
        } else if (!strncmp(line, "Rss:", 4)) {
            rss[current] += atol(line + 4);
        }
    }
    fclose(f);
    long total = 0;
    for (int c = 0; c < CLASSES; c++) {
        printf("mem.%s.%s=%ld\n", label, class_names[c], rss[c]);
        total += rss[c];
    }
    printf("rss_kb.%s=%ld\n", label, total);
}

/* The pid in _NET_WM_PID, or -1. */
static long window_pid(Window w)
{
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    long pid = -1;
    Atom atom = XInternAtom(dpy, "_NET_WM_PID", False);
    if (XGetWindowProperty(dpy, w, atom, 0, 1, False, XA_CARDINAL, &type, &format, &count, &after,
                           &data) == Success && data && count == 1)
        pid = *(long *)data;
    if (data)
        XFree(data);
    return pid;
}

/* 1 if `pid` is `ancestor` or below it */
static int descends_from(pid_t pid, pid_t ancestor)
{
    for (int depth = 0; depth < 32 && pid > 1; depth++) {
        if (pid == ancestor)
            return 1;
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
        pid = (pid_t)status_value(path, "PPid");
    }
    return 0;
}

static void key(KeyCode code, Bool down)
{
    XTestFakeKeyEvent(dpy, code, down, CurrentTime);
    XFlush(dpy);
}

/* Resizes the target and waits for the program to have drawn at that size. */
static void resize(int width, int height)
{
    XWindowAttributes wa;
    if (!XGetWindowAttributes(dpy, target, &wa) || (wa.width == width && wa.height == height))
        return;
    XResizeWindow(dpy, target, (unsigned)width, (unsigned)height);
    XSync(dpy, False);
    settle(300, 5000);
}

/* KEYS measured presses at the current size; prints key_ms.LABEL and key_done_ms.LABEL. */
static void key_trials(const char *label, int keys, KeyCode code, KeyCode reset, int tap)
{
    int got = 0, missed = 0, noisy = 0, primed = 0;
    char first[8192] = "", done[8192] = "", counts[4096] = "";
    for (int trial = 0; got < keys && trial < 2 * keys + 2 && !child_gone; trial++) {
        if (!settle(150, 2000)) {
            noisy++;
            continue;
        }
        long before = damage_count;
        double pressed = now();
        if (tap) { /* both in one request buffer, as anchor-bench sends them */
            XTestFakeKeyEvent(dpy, code, True, CurrentTime);
            key(code, False);
        } else {
            key(code, True);
        }
        if (await_damage(before, pressed + 1000)) {
            double answered = last_damage;
            settle(150, 2000); /* the rest of the repaint */
            if (primed) {     /* the first answered key only primes (caches, focus) */
                size_t n = strlen(first), m = strlen(done), c = strlen(counts);
                snprintf(first + n, sizeof first - n, "%s%.3f", got ? "," : "", answered - pressed);
                snprintf(done + m, sizeof done - m, "%s%.3f", got ? "," : "", last_damage - pressed);
                snprintf(counts + c, sizeof counts - c, "%s%ld", got ? "," : "",
                         damage_count - before);
                got++;
            }
            primed = 1;
        } else {
            missed++;
        }
        if (!tap)
            key(code, False);
        settle(150, 2000);
        if (reset) { /* wait for its repaint, so it never shares a batch with the next key */
            long count = damage_count;
            key(reset, True);
            key(reset, False);
            await_damage(count, now() + 1000);
        }
    }
    printf("key_ms.%s=%s\nkey_done_ms.%s=%s\nkey_damages.%s=%s\nkey_missed.%s=%d\n"
           "key_noisy.%s=%d\n",
           label, first, label, done, label, counts, label, missed, label, noisy);
}

int main(int argc, char **argv)
{
    const char *log = "/dev/null", *key_name = "5", *reset_name = "BackSpace", *sizes = "";
    double map_timeout = 10000, settle_ms = 1000, idle_ms = 3000;
    int keys = 5, taps = 0, warm = 0, i;
    for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--warm")) {
            warm = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "probe: %s needs a value\n", o);
            return 2;
        }
        i++;
        if (!strcmp(o, "--log")) log = v;
        else if (!strcmp(o, "--map-timeout")) map_timeout = atof(v);
        else if (!strcmp(o, "--settle")) settle_ms = atof(v);
        else if (!strcmp(o, "--idle")) idle_ms = atof(v);
        else if (!strcmp(o, "--keys")) keys = atoi(v);
        else if (!strcmp(o, "--taps")) taps = atoi(v);
        else if (!strcmp(o, "--key")) key_name = v;
        else if (!strcmp(o, "--reset")) reset_name = v;
        else if (!strcmp(o, "--sizes")) sizes = v;
        else {
            fprintf(stderr, "probe: unknown option %s\n", o);
            return 2;
        }
    }
    if (i + 1 >= argc) {
        fprintf(stderr, "usage: probe [options] -- COMMAND [ARG...]\n");
        return 2;
    }
    char **command = argv + i + 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGHUP, on_signal);

    if (!(dpy = XOpenDisplay(NULL))) {
        printf("error=cannot open display\n");
        return 1;
    }
    fcntl(ConnectionNumber(dpy), F_SETFD, FD_CLOEXEC);
    XSetErrorHandler(ignore_x_error);
    int error_base, major, minor;
    if (!XDamageQueryExtension(dpy, &damage_event, &error_base) ||
        !XTestQueryExtension(dpy, &error_base, &error_base, &major, &minor)) {
        printf("error=the X server lacks DAMAGE or XTEST\n");
        return 1;
    }
    root = DefaultRootWindow(dpy);
    XSelectInput(dpy, root, SubstructureNotifyMask);
    XDamageCreate(dpy, root, XDamageReportRawRectangles);
    XSync(dpy, True); /* and drop what came before */

    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    start = t.tv_sec * 1e3 + t.tv_nsec / 1e6;
    child = fork();
    if (child < 0) {
        printf("error=fork failed\n");
        return 1;
    }
    if (child == 0) {
        setpgid(0, 0);
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0)
            dup2(null, 0);
        signal(SIGTERM, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        execvp(command[0], command);
        _exit(127);
    }
    setpgid(child, child);
    printf("pid=%d\n", (int)child);

    /* 1. the first mapped top-level window of the program */
    XEvent ev;
    double map_ms = -1;
    pid_t measured = child;
    while (map_ms < 0 && next_event(map_timeout, &ev)) {
        if (ev.type != MapNotify || ev.xmap.event != root || ev.xmap.override_redirect)
            continue;
        double when = now();
        XWindowAttributes wa;
        if (!XGetWindowAttributes(dpy, ev.xmap.window, &wa) || wa.width < 2 || wa.height < 2)
            continue;
        long pid = window_pid(ev.xmap.window);
        if (pid > 0 && !descends_from((pid_t)pid, child))
            continue; /* not ours */
        if (pid > 0)
            measured = (pid_t)pid;
        target = ev.xmap.window;
        tx = wa.x;
        ty = wa.y;
        tw = wa.width + 2 * wa.border_width;
        th = wa.height + 2 * wa.border_width;
        XSelectInput(dpy, target, StructureNotifyMask);
        map_ms = when;
        printf("window=0x%lx\nsize=%dx%d\nmap_ms=%.2f\n", target, wa.width, wa.height, map_ms);
    }
    if (map_ms < 0) {
        printf("error=%s\n", child_gone ? "the program exited without mapping a window"
                                        : "no window mapped before the timeout");
        stop_child();
        return 0;
    }
    if (paint_ms < 0 && painted()) /* painted before we looked */
        paint_ms = now();

    if (warm) {
        while (paint_ms < 0 && next_event(map_ms + map_timeout, &ev))
            handle(&ev);
        if (paint_ms >= 0)
            printf("paint_ms=%.2f\n", paint_ms);
        stop_child();
        return 0;
    }

    /* 2. memory after --settle ms, then CPU, wake-ups and repaints over --idle ms */
    pump(map_ms + settle_ms);
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)measured);
    printf("rss_kb=%ld\nthreads=%ld\n", status_value(path, "VmRSS"), status_value(path, "Threads"));
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)measured);
    printf("pss_kb=%ld\n", status_value(path, "Pss"));
    memory_by_mapping(measured, "launch");
    recording = 0;
    double paint_done = -1;
    for (int k = 0; k < launch_damages && paint_ms >= 0; k++)
        if (launch_damage[k] >= paint_ms &&
            (k + 1 == launch_damages || launch_damage[k + 1] - launch_damage[k] > 100)) {
            paint_done = launch_damage[k];
            break;
        }
    unsigned long long cpu0, cpu1;
    long sw0, sw1, damage0 = damage_count;
    thread_sums(measured, &cpu0, &sw0);
    double idle_start = now();
    pump(idle_start + idle_ms);
    thread_sums(measured, &cpu1, &sw1);
    if (!child_gone) {
        printf("idle_cpu_us=%.0f\nidle_wakeups=%ld\nidle_repaints=%ld\n", (cpu1 - cpu0) / 1e3,
               sw1 - sw0, damage_count - damage0);
    }
    if (paint_ms < 0 && painted())
        paint_ms = now();
    if (paint_ms >= 0)
        printf("paint_ms=%.2f\n", paint_ms);
    if (paint_done >= 0)
        printf("paint_done_ms=%.2f\n", paint_done);

    /* 3. key press -> first damage and -> last damage, at each size */
    KeySym key_sym = XStringToKeysym(key_name), reset_sym = XStringToKeysym(reset_name);
    KeyCode code = key_sym ? XKeysymToKeycode(dpy, key_sym) : 0;
    KeyCode reset = reset_sym ? XKeysymToKeycode(dpy, reset_sym) : 0;
    if (keys > 0 && code && !child_gone) {
        XSetInputFocus(dpy, target, RevertToPointerRoot, CurrentTime);
        XWarpPointer(dpy, None, root, 0, 0, 0, 0, DisplayWidth(dpy, DefaultScreen(dpy)) - 1,
                     DisplayHeight(dpy, DefaultScreen(dpy)) - 1); /* away from the window */
        XSync(dpy, False);
        if (!*sizes) {
            key_trials("launch", keys, code, reset, 0);
            if (taps > 0 && !child_gone)
                key_trials("tap.launch", taps, code, reset, 1);
        } else {
            int first = 1;
            char list[256];
            snprintf(list, sizeof list, "%s", sizes);
            for (char *size = strtok(list, ","); size && !child_gone; size = strtok(NULL, ",")) {
                int width, height;
                if (sscanf(size, "%dx%d", &width, &height) != 2 || width < 1 || height < 1) {
                    printf("error=bad size %s\n", size);
                    continue;
                }
                resize(width, height);
                XSetInputFocus(dpy, target, RevertToPointerRoot, CurrentTime);
                key_trials(size, keys, code, reset, 0);
                if (taps > 0 && first && !child_gone) {
                    char label[64];
                    snprintf(label, sizeof label, "tap.%s", size);
                    key_trials(label, taps, code, reset, 1);
                }
                first = 0;
                if (!child_gone)
                    memory_by_mapping(measured, size);
            }
        }
    }
    stop_child();
    XCloseDisplay(dpy);
    return 0;
}
