import CX11
import CalculatorLayout
import CalculatorRender
import Glibc

/// Copies rendered frames to the window: through MIT-SHM (`XShmPutImage`, the server reads our
/// memory) when the server offers it on a local connection, else with plain `XPutImage` (the
/// pixels travel through the socket).
///
/// Frames are drawn band by band into one buffer of at most `bufferLimit` bytes, sent, and the
/// buffer reused: a 360 × 640 window (0.9 MiB) goes in one piece, a 1440 × 2560 one (14 MiB) in
/// four bands, each drawn by the renderer clipped to its rows. `present(_:regions:renderer:)`
/// takes a list of rectangles, so sending only what changed is a matter of passing those.
///
/// The shared segment is marked for removal right after it is attached (Linux keeps it until
/// the last detach), so it goes away however the process ends: quit, a signal, or a lost server.
@MainActor
final class WindowPresenter {
  /// How the pixels reach the server.
  enum Transport: Equatable {
    case sharedMemory
    case plain
  }

  /// The most pixel memory held between frames: 4 MiB, a 1024 × 1024 band.
  static let bufferLimit = 4 << 20

  let display: OpaquePointer
  let window: Window
  let graphicsContext: GC
  private(set) var transport: Transport
  /// The event type of `ShmCompletion`; meaningful with `.sharedMemory` only.
  private let completionType: Int32
  /// The attached segment, when `transport` is `.sharedMemory`; its address is stable for Xlib.
  private let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
  private var hasSegment = false
  /// The pixels of the plain path.
  private var heapBuffer: UnsafeMutableRawPointer?
  private(set) var capacity = 0
  /// The request number of an `XShmPutImage` whose completion has not been seen: until then
  /// the server may still be reading the segment.
  private var pendingPut: UInt?

  /// `CIRCLECALC_SHM=off` never uses MIT-SHM; `CIRCLECALC_SHM=invalid` asks the server to
  /// attach a segment that does not exist, so the tests can see the refused attach fall back.
  init(display: OpaquePointer, window: Window, graphicsContext: GC) {
    self.display = display
    self.window = window
    self.graphicsContext = graphicsContext
    segment.initialize(to: XShmSegmentInfo())
    let setting = getenv("CIRCLECALC_SHM").map { String(cString: $0) } ?? ""
    if setting != "off" && WindowPresenter.canShareMemory(display) {
      transport = .sharedMemory
      completionType = XShmGetEventBase(display) + ShmCompletion
      attachFails = setting == "invalid"
    } else {
      transport = .plain
      completionType = -1
    }
  }

  private var attachFails = false

  /// MIT-SHM works only when the server can map our memory: the extension is there, the
  /// connection is a local (Unix) socket, not TCP as with `ssh -X` or a remote `DISPLAY`, and
  /// depth 24 is stored in 32 bits as our pixels are.
  static func canShareMemory(_ display: OpaquePointer) -> Bool {
    guard XShmQueryExtension(display) != 0 else { return false }
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(XConnectionNumber(display), $0, &length)
      }
    }
    guard named == 0, address.ss_family == sa_family_t(AF_UNIX) else { return false }
    var count: Int32 = 0
    guard let formats = XListPixmapFormats(display, &count) else { return false }
    defer { XFree(formats) }
    return (0..<Int(count)).contains { formats[$0].depth == 24 && formats[$0].bits_per_pixel == 32 }
  }

  /// Draws `regions` of the frame (the whole window when nil) and sends them to the window.
  func present(_ frame: Frame, regions: [PixelRect]? = nil, renderer: Renderer) {
    let window = PixelRect(
      x: 0, y: 0, width: min(frame.width, Layout.maximumSide),
      height: min(frame.height, Layout.maximumSide))
    for region in regions ?? [window] where region.width > 0 && region.height > 0 {
      let stride = region.width * 4
      let rows = max(1, min(region.height, WindowPresenter.bufferLimit / stride))
      let pixels = buffer(bytes: rows * stride)
      var top = region.y
      while top < region.y + region.height {
        let band = PixelRect(
          x: region.x, y: top, width: region.width,
          height: min(rows, region.y + region.height - top))
        waitUntilSegmentIsFree()
        renderer.render(frame, region: band, into: pixels, stride: stride)
        put(band, pixels: pixels, stride: stride)
        top += band.height
      }
    }
    XFlush(display)
  }

  /// Notes the completion of a shared-memory put (the loop passes every event it does not
  /// handle itself).
  func handle(_ event: XEvent) {
    guard event.type == completionType, let pending = pendingPut, event.xany.serial >= pending
    else { return }
    pendingPut = nil
  }

  /// Waits until the server has read the segment: the completion may already be queued; if
  /// not, one round trip (`XSync`) guarantees it, and never hangs on a put that failed.
  private func waitUntilSegmentIsFree() {
    guard let pending = pendingPut else { return }
    var event = XEvent()
    while XCheckTypedEvent(display, completionType, &event) != 0 {
      if event.xany.serial >= pending {
        pendingPut = nil
        return
      }
    }
    XSync(display, 0)
    pendingPut = nil
  }

  private func put(_ band: PixelRect, pixels: UnsafeMutableRawPointer, stride: Int) {
    // The renderer's Cairo ARGB32 pixels go to the window unchanged: a screenshot of the window
    // equals `--render` of the same frame.
    var image = XImage()
    image.width = Int32(band.width)
    image.height = Int32(band.height)
    image.format = ZPixmap
    image.data = pixels.assumingMemoryBound(to: CChar.self)
    image.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst
    image.bitmap_unit = 32
    image.bitmap_bit_order = image.byte_order
    image.bitmap_pad = 32
    image.depth = 24
    image.bytes_per_line = Int32(stride)
    image.bits_per_pixel = 32
    image.red_mask = 0xff0000
    image.green_mask = 0x00ff00
    image.blue_mask = 0x0000ff
    XInitImage(&image)
    switch transport {
    case .sharedMemory:
      image.obdata = UnsafeMutableRawPointer(segment).assumingMemoryBound(to: CChar.self)
      pendingPut = XNextRequest(display)
      XShmPutImage(
        display, window, graphicsContext, &image, 0, 0, Int32(band.x), Int32(band.y),
        UInt32(band.width), UInt32(band.height), 1)
    case .plain:
      // Xlib copies the pixels into its requests (at most 256 KiB each) before returning.
      XPutImage(
        display, window, graphicsContext, &image, 0, 0, Int32(band.x), Int32(band.y),
        UInt32(band.width), UInt32(band.height))
    }
  }

  /// A buffer of at least `bytes`, kept between frames.
  ///
  /// A new one comes when it is too small or four times too big (after the window shrank).
  private func buffer(bytes: Int) -> UnsafeMutableRawPointer {
    if bytes <= capacity && bytes * 4 > capacity {
      switch transport {
      case .sharedMemory:
        if let address = segment.pointee.shmaddr { return UnsafeMutableRawPointer(address) }
      case .plain: if let heapBuffer { return heapBuffer }
      }
    }
    let size = (bytes + 4095) & ~4095
    if transport == .sharedMemory {
      releaseSegment()
      if let address = attachSegment(bytes: size) {
        capacity = size
        return address
      }
      transport = .plain  // refused: plain from now on
    }
    heapBuffer?.deallocate()
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
    heapBuffer = pixels
    capacity = size
    return pixels
  }

  /// A new segment of `bytes`, attached by us and by the server and already marked for removal;
  /// nil (and nothing left behind) when any step fails, a refused `XShmAttach` included.
  private func attachSegment(bytes: Int) -> UnsafeMutableRawPointer? {
    // A signal between shmget and IPC_RMID would leave the segment behind: hold them off.
    var blocked = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&blocked)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
    let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
    let address = id < 0 ? nil : shmat(id, nil, 0)
    if id >= 0 { shmctl(id, IPC_RMID, nil) }  // Linux lets the server attach it still
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }

    segment.pointee = XShmSegmentInfo()
    segment.pointee.shmid = attachFails ? -1 : id
    segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
    segment.pointee.readOnly = 1
    guard serverAttaches() else {
      shmdt(address)
      return nil
    }
    hasSegment = true
    return address
  }

  /// `XShmAttach` with a temporary error handler: `BadAccess` (a server that cannot map the
  /// segment: another machine, another IPC namespace) is expected, not reported.
  private func serverAttaches() -> Bool {
    XSync(display, 0)  // earlier errors go to the usual handler
    attachRefused = false
    let previous = XSetErrorHandler { _, _ in
      attachRefused = true
      return 0
    }
    XShmAttach(display, segment)
    XSync(display, 0)
    XSetErrorHandler(previous)
    return !attachRefused
  }

  private func releaseSegment() {
    guard hasSegment else { return }
    waitUntilSegmentIsFree()
    XShmDetach(display, segment)
    shmdt(segment.pointee.shmaddr)
    segment.pointee.shmaddr = nil
    hasSegment = false
    capacity = 0
  }
}

/// Set by the temporary error handler of `WindowPresenter.serverAttaches()`.
nonisolated(unsafe) private var attachRefused = false
