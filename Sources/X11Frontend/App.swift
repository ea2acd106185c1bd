/// The X11 window of CircleCalc, a thin shell around `CalculatorWindow`: it opens the display,
/// creates the window, turns each X event into one `WindowAction`, performs the `WindowEffect`s
/// the state returns (App+Effects.swift), and copies the frames `CalculatorRender` draws onto the
/// window. No arithmetic, geometry, key meaning or drawing happens here. Start reading at
/// `runWindow`, then `App.run()` (the loop), `App.handle(_:)` (the dispatch) and `App.perform`.
import CX11
import CalculatorCore
import CalculatorFiles
import CalculatorLayout
import CalculatorRates
import CalculatorRender
import CalculatorWindow
import Glibc

/// How to open the calculator window.
public struct WindowOptions: Sendable {
  /// The initial width in pixels at scale 1; nil restores the last size (or 360).
  public var width: Int?
  /// The initial height in pixels at scale 1; nil restores the last size (or 640).
  public var height: Int?
  /// The HiDPI scale; nil reads `Xft.dpi` from the resource database (96 dpi is 1).
  public var scale: Double?
  /// The keypad; nil restores the last one (or basic).
  public var mode: Mode?
  /// The order of operations (`--order`); nil restores the last one (or Left to Right:
  /// docs/SPEC.md section 12).
  public var order: Order?
  /// The Convert lines' category and units (`--units`); nil restores the last ones.
  public var units: (category: UnitCategory, pair: UnitPair)?
  /// How numbers are written and read: the user's locale (docs/SPEC.md section 13.1).
  public var numbers = NumberLocale.c

  /// The options of `mode`, the others to restore or read: the last size or 360 × 640, scale
  /// from `Xft.dpi`, the last units.
  public init(mode: Mode? = nil) { self.mode = mode }
}

/// The order of operations the window remembers with its mode (docs/SPEC.md section 12), or nil
/// when it remembers none: what `--keys` for the window are typed in without `--order`.
public func rememberedOrder() -> Order? {
  WindowSizeStore.standard?.load()?.order
}

/// Opens the calculator window in the given state and runs it until the user closes it.
///
/// Returns the exit status: 0 when closed (window manager, Ctrl+Q, Ctrl+W), 1 when the display
/// cannot be opened (a one-line message naming `DISPLAY` goes to stderr). Losing the X server
/// later ends the process with status 1 from inside Xlib's I/O error handler. A window closed
/// normally saves its size for the next start without an explicit size (`WindowSizeStore`).
/// `finished` holds the calculations `--keys` finished: they join the saved tape as if typed.
public func runWindow(
  calculator: Calculator, finished: HistoryTape = HistoryTape(),
  split: TipCalculator = TipCalculator(), options: WindowOptions = WindowOptions()
) -> Int32 {
  guard
    let app = App(calculator: calculator, finished: finished, split: split, options: options)
  else { return 1 }
  return app.run()
}

/// The window and its event loop; owns every X resource and all Xlib calls.
final class App {
  let display: OpaquePointer
  let window: Window
  let atoms: Atoms
  let graphicsContext: GC
  /// Created right after XMapWindow, so the server maps the window while fontconfig loads.
  lazy var renderer = Renderer()
  /// Sends frames to the window (MIT-SHM or XPutImage); made at the first frame.
  lazy var presenter = WindowPresenter(
    display: display, window: window, graphicsContext: graphicsContext)
  /// What the window shows; it changes only by `WindowState.reduce`, with what happened
  /// (`send`).
  var state: WindowState
  var isRunning = true
  /// The status `run()` returns: 1 once another program has destroyed the window.
  var exitStatus: Int32 = 0
  /// Drawing waits for the first Expose: before it the window is not viewable.
  var isExposed = false
  /// An Expose asked for the whole window: a rectangle it gives can cut any shape, and only
  /// the damage's rectangles are made to cut none (see `Frame.damage(since:)`).
  var needsRedraw = false
  /// The frame on the window: the next one redraws what differs (`Frame.damage(since:)`).
  var drawnFrame: Frame?
  /// The server's time of the key or button event being handled: a copy or paste it asks for
  /// carries it (ICCCM 2.1).
  var eventTime: Time = 0
  /// The text served on CLIPBOARD while we own it, and since when.
  var clipboardText: String?
  var clipboardTime: Time = 0
  /// Selections sent in chunks (ICCCM's INCR), until each requestor has read the last.
  var transfers: [IncrementalTransfer] = []

  let sizeStore = WindowSizeStore.standard
  /// The saved history tape (`--keys` runs without a window never touch it).
  var historyStore = HistoryStore.standard
  /// `_NET_WM_ICON` is set after the first frame, so rendering the icons does not delay it.
  var hasIcon = false
  /// The first frame is drawn; the rest of the start waits for the loop's first idle moment.
  var isStarting = false
  /// The accessibility bridge, once started after the first frame; nil without a bus.
  var accessibility: Accessibility?
  /// The tape changed (`.saveTape`) and is not saved yet.
  var tapeNeedsSaving = false
  /// The background update of the currency rates, while its child runs.
  var ratesUpdate: RatesUpdateProcess?
  /// Where the window's frame opens (the last run's place), or nil for the window manager's
  /// choice (docs/SPEC.md section 14.2).
  let openingOrigin: (x: Int, y: Int)?
  /// The text served on PRIMARY while the display's number is selected, and since when.
  var primaryText: String?
  var primaryTime: Time = 0

  init?(
    calculator: Calculator, finished: HistoryTape, split: TipCalculator, options: WindowOptions
  ) {
    let name = getenv("DISPLAY").map { String(cString: $0) } ?? ""
    guard let display = XOpenDisplay(nil) else {
      printError("circlecalc: " + tr("cannot open display '%s' (is DISPLAY set?)").filling(name))
      return nil
    }
    installErrorHandlers()
    let screen = XDefaultScreen(display)
    var visual = XVisualInfo()
    // Cairo's ARGB32 image is the pixel layout of a 24-bit TrueColor visual with these masks.
    guard XMatchVisualInfo(display, screen, 24, TrueColor, &visual) != 0,
      visual.red_mask == 0xff0000, visual.green_mask == 0x00ff00, visual.blue_mask == 0x0000ff
    else {
      printError(
        "circlecalc: " + tr("display '%s' has no 24-bit TrueColor visual").filling(name))
      XCloseDisplay(display)
      return nil
    }
    let scale =
      options.scale.map { $0.isFinite ? min(max($0, 0.5), 5) : 1 }
      ?? App.resourceScale(display)
    let saved = sizeStore?.load()
    let mode = options.mode ?? saved?.mode ?? .basic
    var convert = saved?.convert ?? ConvertSettings()
    if let units = options.units {
      convert.isOn = true
      convert.category = units.category
      convert.pair = units.pair
    }
    let root = XRootWindow(display, screen)
    let habits = saved?.habits ?? SavedHabits()
    let size = WindowState.openingSize(
      mode: mode, scale: scale,
      requested: options.width.map { PixelSize(width: $0, height: options.height ?? $0) }
        ?? options.height.map { PixelSize(width: Layout.defaultSize.width, height: $0) },
      saved: saved.map { PixelSize(width: $0.width, height: $0.height) },
      workArea: App.workArea(display, screen: screen))
    let width = size.width
    let height = size.height
    // Where it was, on the same monitor, inside the work area (docs/SPEC.md section 14.2).
    let origin = WindowPlacement.origin(
      saved: habits.position, size: size, monitors: App.monitors(display, screen: screen),
      workArea: App.workAreaRect(display))

    var attributes = XSetWindowAttributes()
    attributes.background_pixel = 0  // black, so no white flash before the first frame
    attributes.border_pixel = 0
    attributes.colormap = XCreateColormap(display, root, visual.visual, AllocNone)
    attributes.event_mask =
      KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask
      | ExposureMask | StructureNotifyMask | FocusChangeMask | PropertyChangeMask
    let window = XCreateWindow(
      display, root, Int32(origin?.x ?? 0), Int32(origin?.y ?? 0), UInt32(width), UInt32(height), 0,
      24, UInt32(InputOutput),
      visual.visual, UInt(CWBackPixel | CWBorderPixel | CWColormap | CWEventMask), &attributes)

    self.display = display
    self.window = window
    self.atoms = Atoms(display)
    self.graphicsContext = XCreateGC(display, window, 0, nil)
    self.openingOrigin = origin
    // The order given, else the one remembered with the mode (docs/SPEC.md section 12).
    var calculator = calculator
    calculator.order = options.order ?? saved?.order ?? .leftToRight
    self.state = WindowState(
      calculator: habits.restored(into: calculator), split: split, convert: convert, mode: mode,
      width: width,
      height: height, scale: scale)
    state.numbers = options.numbers
    state.calendar = LocalClock.calendar
    setWindowManagerProperties()
    if habits.keepsOnTop { requestInitialKeepOnTop() }
    // Auto-repeat sends KeyPress, KeyPress, …, KeyRelease, so a held key stays lit.
    XkbSetDetectableAutoRepeat(display, 1, nil)
    XMapWindow(display, window)
    XFlush(display)
    // The saved tape is read after the first frame (`finishStartWhenIdle`): its size costs the
    // launch nothing (docs/SPEC.md section 15.2).
    send(.opened(saved: HistoryTape(), finished: finished))
    state.measure = renderer.tapeTextExtents  // the renderer's fonts load while the server maps
    state.shortcutsMeasure = renderer.shortcutsFit
  }

  /// Blocks for an event, drains the queue, then draws once if anything changed (st's `run()`).
  ///
  /// No timers and no polling: an idle calculator sleeps in `XNextEvent`. The exceptions wait
  /// in one `poll` on the connection and what else has work (`waitForInput`): a cue on the
  /// display (red, dimmed), which the loop takes down at its deadline (`state.nextDeadline`);
  /// the accessibility bridge's descriptors while it runs; the rates update's child while it
  /// runs.
  func run() -> Int32 {
    var event = XEvent()
    while isRunning {
      if XPending(display) == 0 {
        if isStarting {
          finishStartWhenIdle()
          continue
        }
        let deadline = state.nextDeadline
        if let deadline, Instant.now >= deadline {
          send(.tick)
          showChanges()
          continue
        }
        if deadline != nil || accessibility != nil || ratesUpdate != nil {
          waitForInput(until: deadline)
          continue
        }
      }
      XNextEvent(display, &event)
      var showsChanges = handle(&event)
      while isRunning && XPending(display) > 0 {
        XNextEvent(display, &event)
        showsChanges = handle(&event) || showsChanges
      }
      if isRunning && showsChanges { showChanges() }
    }
    saveHistory(patience: 1_000)
    ratesUpdate?.stop()
    sizeStore?.save(
      WindowSizeStore.Saved(
        width: Int((Double(state.width) / state.scale).rounded()),
        height: Int((Double(state.height) / state.scale).rounded()), mode: state.mode,
        order: state.calculator.order, convert: state.convert,
        habits: SavedHabits(state, position: exitStatus == 0 ? currentPosition : nil)))
    if exitStatus == 0 { XDestroyWindow(display, window) }
    XCloseDisplay(display)
    return exitStatus
  }

  /// After a turn of events: the frame, built once, drawn and told to the screen reader, then
  /// the tape saved.
  func showChanges() {
    let frame = state.frame
    draw(frame)
    finishStart()
    updateAccessibility(frame)
    if tapeNeedsSaving { saveHistory() }
  }

  /// Reduces one input at the clock's time and performs what it asks (`perform`).
  func send(_ action: WindowAction) {
    perform(state.reduce(action, at: WindowTime(instant: .now, wallClock: LocalClock.wallClock())))
  }

  /// The dispatch: one case per X event, like dwm's `handler[]`.
  ///
  /// False for the events it has no case for (the presenter's MIT-SHM completions, those the
  /// server sends unasked): they change nothing to show, so a turn of only those neither builds
  /// nor compares a frame.
  @discardableResult func handle(_ event: inout XEvent) -> Bool {
    switch event.type {
    case KeyPress: keyPress(&event.xkey)
    case KeyRelease: keyRelease(&event.xkey)
    case ButtonPress: buttonPress(event.xbutton)
    case ButtonRelease: buttonRelease(event.xbutton)
    case MotionNotify: motionNotify(event.xmotion)
    case FocusIn: focusIn(event.xfocus)
    case FocusOut: focusOut(event.xfocus)
    case Expose: expose(event.xexpose)
    case ConfigureNotify: configureNotify(event.xconfigure)
    case MappingNotify: mappingNotify(&event.xmapping)
    case ClientMessage: clientMessage(event.xclient)
    case DestroyNotify: destroyNotify(event.xdestroywindow)
    case SelectionRequest: selectionRequest(event.xselectionrequest)
    case SelectionNotify: selectionNotify(event.xselection)
    case SelectionClear: selectionClear(event.xselectionclear)
    case PropertyNotify: return propertyNotify(event.xproperty)
    default:
      presenter.handle(event)  // MIT-SHM completions
      return false
    }
    return true
  }

  /// Draws `frame` where it differs from the one on the window (`Renderer.damage`), or whole
  /// after an Expose.
  func draw(_ frame: Frame) {
    guard isExposed, needsRedraw || frame != drawnFrame else { return }
    let previous = needsRedraw ? nil : drawnFrame
    needsRedraw = false
    drawnFrame = frame
    guard frame.width > 0, frame.height > 0 else { return }
    if let previous {
      presenter.present(
        frame, regions: renderer.damage(frame, since: previous), renderer: renderer)
    } else {
      presenter.present(frame, renderer: renderer)
    }
  }

  /// Once the first frame is drawn: the rest of the start (`finishStartWhenIdle`) waits for
  /// the loop's first idle moment.
  func finishStart() {
    guard !hasIcon, drawnFrame != nil else { return }
    hasIcon = true
    isStarting = true
  }

  /// What the first frame does not wait for, once the server has drawn it (`XSync`) and no
  /// event waits: the saved tape (its reading, tens of milliseconds for 100,000 calculations,
  /// then shown: docs/SPEC.md section 15.2), the icon and the screen reader's bridge (after
  /// the tape, so it does not hear the tape arrive).
  func finishStartWhenIdle() {
    isStarting = false
    XSync(display, 0)
    loadHistory()
    setIcon()
    startAccessibility()
    showChanges()
  }

  /// Reads the saved tape and brings it into the window's, which holds what `--keys` and any
  /// key typed before the first frame finished (docs/SPEC.md section 15.2): every state undo
  /// keeps gets it too, so an undo takes back only this window's own changes.
  func loadHistory() {
    guard let saved = historyStore?.load(), !saved.isEmpty else { return }
    send(.tapeSaved(HistoryTape.merged(base: HistoryTape(), mine: state.tape, theirs: saved)))
    tapeNeedsSaving = historyStore.map { state.tape != $0.synced } ?? false
  }

  /// Saves the tape when it changed (a calculation finished, an edit, Clear History, an undo or
  /// a redo), after the frame that shows it; with another window holding the file's lock past
  /// `patience` milliseconds, it tries again after the next turn.
  func saveHistory(patience: Int = 50) {
    guard let store = historyStore, state.tape != store.synced else {
      tapeNeedsSaving = false
      return
    }
    if let saved = historyStore?.save(state.tape, patience: patience) { send(.tapeSaved(saved)) }
    tapeNeedsSaving = historyStore.map { state.tape != $0.synced } ?? false
  }

  /// Sleeps in one `poll` until the X connection has data to read, the rates update's child
  /// wrote or ended, the accessibility bridge has work, or `deadline` passes (nil: no limit);
  /// then serves the bridge and the child and, unless X events wait (the loop's turn for them
  /// does it after them), shows what they changed.
  func waitForInput(until deadline: Instant?) {
    var milliseconds: Int32 = -1
    if let deadline {
      let remaining = deadline - .now
      guard remaining > .zero else { return }
      milliseconds = Int32(
        remaining.components.seconds * 1000
          + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
    }
    var descriptors = [XConnectionNumber(display)]
    if let ratesUpdate { descriptors.append(ratesUpdate.descriptor) }
    XFlush(display)
    let readable =
      accessibility?.wait(on: descriptors, milliseconds: milliseconds)
      ?? App.poll(descriptors, milliseconds: milliseconds)
    var changed = accessibility != nil  // its requests may have clicked
    if readable.count > 1, readable[1], let update = ratesUpdate, update.readAvailable() {
      finishRatesUpdate(update)
      changed = true
    }
    if changed, XPending(display) == 0 { showChanges() }
  }

  /// Which of `descriptors` are readable (or ended) after one `poll` of at most
  /// `milliseconds` (-1: no limit).
  static func poll(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
    var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    guard Glibc.poll(&polled, nfds_t(polled.count), milliseconds) > 0 else {
      return descriptors.map { _ in false }
    }
    return polled.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
  }

  /// The scale from `Xft.dpi` in the server's resource database (96 dpi is 1), or 1.
  static func resourceScale(_ display: OpaquePointer) -> Double {
    XrmInitialize()
    guard let resources = XResourceManagerString(display),
      let database = XrmGetStringDatabase(resources)
    else { return 1 }
    defer { XrmDestroyDatabase(database) }
    var type: UnsafeMutablePointer<CChar>?
    var value = XrmValue()
    guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0,
      let address = value.addr, let dpi = Double(String(cString: address)), dpi >= 48, dpi <= 480
    else { return 1 }
    return dpi / 96
  }
}
