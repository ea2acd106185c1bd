import CX11
import CalculatorLayout
import CalculatorRender
import Glibc

/// Copies rendered frames to the window: through MIT-SHM (`XShmPutImage`, the server reads our
/// memory) when the server offers it on a local connection, else with plain `XPutImage` (the
/// pixels travel through the socket).
///
/// A frame goes as the rectangles that changed (`Frame.damage(since:)`), each drawn by the
/// renderer clipped to itself into one buffer of two halves of `halfSize` bytes and sent at once:
/// while the server copies one half, the next pieces are drawn into the other. A rectangle
/// bigger than a half goes in bands of rows. The buffer never grows with the window: a key's
/// display and circle are two pieces in one half, the whole 360 × 640 window (0.9 MiB) fifteen
/// bands of `wholeWindowBand` taking turns in the halves.
///
/// The shared segment is marked for removal right after it is attached (Linux keeps it until
/// the last detach), so it goes away however the process ends: quit, a signal, or a lost server.
final class WindowPresenter {
  /// How the pixels reach the server.
  enum Transport: Equatable {
    case sharedMemory
    case plain
  }

  /// The bytes of each half of the buffer, the most one request sends: 1 MiB.
  static let halfSize = 1 << 20
  /// The most one request of a whole-window frame sends: 64 KiB.
  ///
  /// The first frame (and a resize) then touches 128 KiB of the buffer, not the whole window's
  /// pixels (with 128 KiB bands, 0.13 MiB more of the RSS); a key's few rectangles go in bigger
  /// pieces, as each wait for the server costs a round trip.
  static let wholeWindowBand = 64 << 10

  let display: OpaquePointer
  let window: Window
  let graphicsContext: GC
  private(set) var transport: Transport
  /// The event type of `ShmCompletion`; meaningful with `.sharedMemory` only.
  private let completionType: Int32
  /// The attached segment, when `transport` is `.sharedMemory`; its address is stable for Xlib.
  private let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
  /// The pixels: the segment's or, on the plain path, the heap's; `2 * halfSize` bytes.
  private var buffer: UnsafeMutableRawPointer?
  /// The half being filled, and how many of its bytes this frame has used.
  private var half = 0
  private var used = 0
  /// For each half, the request number of the last `XShmPutImage` from it whose completion has
  /// not been seen: until then the server may still be reading it.
  private var pendingPuts: [UInt?] = [nil, nil]

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

  /// Draws `regions` of the frame (clipped to the window; the whole window when nil) and sends
  /// them, top to bottom.
  ///
  /// A whole window's first band is flushed at once (at launch, the first pixels while the rest
  /// is drawn); the rest, and a key's few pieces, go together with the last: flushing a key's
  /// first piece alone woke the server twice, and the frame completed later. The last asks for
  /// a completion event, which says the server has read all of them; so does each band of a
  /// whole window, as the next band but one waits for it.
  func present(_ frame: Frame, regions: [PixelRect]? = nil, renderer: Renderer) {
    let bounds = frame.bounds
    var bands: [(band: PixelRect, limit: Int)] = []
    for region in regions ?? [bounds] {
      let region = region.intersection(bounds)
      guard !region.isEmpty else { continue }
      // A row is at most 32,767 pixels (`Layout.maximumSide`): 128 KiB, within a half.
      let limit =
        region == bounds && SpeedTricks.active.contains(.bands)
        ? WindowPresenter.wholeWindowBand : WindowPresenter.halfSize
      let rows = max(1, min(region.height, limit / (region.width * 4)))
      for top in stride(from: region.y, to: region.maxY, by: rows) {
        let height = min(rows, region.maxY - top)
        let band = PixelRect(x: region.x, y: top, width: region.width, height: height)
        bands.append((band, limit))
      }
    }
    for (index, piece) in bands.enumerated() {
      let stride = piece.band.width * 4
      let pixels = space(bytes: piece.band.height * stride, limit: piece.limit)
      renderer.render(frame, region: piece.band, into: pixels, stride: stride)
      let isLast = index == bands.count - 1
      put(
        piece.band, pixels: pixels, stride: stride,
        completes: isLast || piece.limit == WindowPresenter.wholeWindowBand)
      if isLast || (index == 0 && piece.limit == WindowPresenter.wholeWindowBand) {
        XFlush(display)
      }
    }
    used = WindowPresenter.halfSize  // the next frame starts in the other half
  }

  /// Notes the completion of a shared-memory put (the loop passes every event it does not
  /// handle itself).
  func handle(_ event: XEvent) {
    guard event.type == completionType else { return }
    completed(through: event.xany.serial)
  }

  /// Every put up to request `serial` has been read: the server handles requests in order.
  private func completed(through serial: UInt) {
    for index in pendingPuts.indices where pendingPuts[index].map({ $0 <= serial }) ?? false {
      pendingPuts[index] = nil
    }
  }

  /// `bytes` of the buffer to draw into: the rest of the current half up to `limit` bytes into
  /// it, or the other half once the server has read it.
  private func space(bytes: Int, limit: Int) -> UnsafeMutableRawPointer {
    let base = buffer ?? allocate()
    if used + bytes > limit {
      half = 1 - half
      used = 0
      waitUntilRead(half)
    }
    defer { used += bytes }
    return base + half * WindowPresenter.halfSize + used
  }

  /// Waits until the server has read `half`: its completion may already be queued; if not,
  /// one round trip (`XSync`) guarantees it, and never hangs on a put that failed.
  private func waitUntilRead(_ half: Int) {
    guard let pending = pendingPuts[half] else { return }
    XFlush(display)
    var event = XEvent()
    while XCheckTypedEvent(display, completionType, &event) != 0 {
      completed(through: event.xany.serial)
      if pendingPuts[half] == nil { return }
    }
    XSync(display, 0)
    completed(through: pending)
  }

  /// Sends one piece; with `completes`, through MIT-SHM, the server reports when it has read it
  /// (and so every piece before it).
  private func put(
    _ band: PixelRect, pixels: UnsafeMutableRawPointer, stride: Int, completes: Bool
  ) {
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
      pendingPuts[half] = XNextRequest(display)
      XShmPutImage(
        display, window, graphicsContext, &image, 0, 0, Int32(band.x), Int32(band.y),
        UInt32(band.width), UInt32(band.height), completes ? 1 : 0)
    case .plain:
      // Xlib copies the pixels into its requests (at most 256 KiB each) before returning.
      XPutImage(
        display, window, graphicsContext, &image, 0, 0, Int32(band.x), Int32(band.y),
        UInt32(band.width), UInt32(band.height))
    }
  }

  /// The buffer, made at the first frame: a shared segment, or heap memory when the server
  /// refuses to attach it (plain from then on).
  private func allocate() -> UnsafeMutableRawPointer {
    let size = 2 * WindowPresenter.halfSize
    if transport == .sharedMemory, let address = attachSegment(bytes: size) {
      buffer = address
      return address
    }
    transport = .plain
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
    buffer = pixels
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
}

/// Set by the temporary error handler of `WindowPresenter.serverAttaches()`.
nonisolated(unsafe) private var attachRefused = false
