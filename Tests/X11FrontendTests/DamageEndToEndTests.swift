import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// The window redraws only what changed (`Frame.damage(since:)`), so a random session of real
/// X input (keys, clicks, the wheel, resizes, Expose from an unmapped window or one mapped over
/// it, Ctrl+1/2/3, the menu, the focus ring) must leave no stale pixel: after every step a capture
/// equals the renderer's whole frame of the same state. The state is a `WindowState` driven
/// beside the window with the same input, as the window's handlers drive theirs.
@Suite(TestSupport.needs(TestSupport.xTools))
struct DamageEndToEndTests {
  /// Keys typed, by keysym name: bound calculator keys, the focus ring, the modes, the menu's,
  /// Convert on and off and its units swapped.
  static let keys = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "period", "plus", "minus", "asterisk",
    "slash", "equal", "Return", "percent", "BackSpace", "Escape", "Delete", "n", "parenleft",
    "parenright", "asciicircum", "r", "p", "exclam", "Tab", "space", "Up", "Down", "Prior", "F2",
    "ctrl+1", "ctrl+2", "ctrl+3", "ctrl+4", "ctrl+s",
  ]
  /// The sizes a session starts at and resizes to: between them every arrangement of every mode
  /// (`theSessionsVisitEveryArrangement`).
  static let sizes = [
    (360, 640), (393, 852), (852, 393), (500, 520), (260, 460), (400, 1100), (1000, 600),
    (1600, 500), (700, 1100), (1000, 500), (900, 700),
  ]

  /// Each mode from a size of each of its arrangements: basic portrait and wide (the side tape
  /// panel); scientific portrait (stacked), landscape and wide; Tip & Split's panel above and
  /// beside its keypad.
  static let sessions: [(Mode, (Int, Int), UInt64)] = [
    (.basic, (360, 640), 14), (.basic, (852, 393), 15), (.scientific, (400, 1100), 41),
    (.scientific, (900, 700), 42), (.scientific, (1600, 500), 43),
    (.scientific, (1000, 600), 44), (.tip, (360, 640), 3), (.tip, (852, 393), 4),
  ]

  /// The arrangement a size gives a mode, a stacked keypad apart (its circles of two sizes).
  static func shape(_ mode: Mode, _ size: (Int, Int)) -> String {
    let layout = Layout(width: size.0, height: size.1, keypad: .of(mode))
    let diameters = Set(layout.keypad.positions.map { layout.circle(at: $0).radius })
    return "\(mode) \(layout.arrangement)\(diameters.count > 1 ? " stacked" : "")"
  }

  @Test func theSessionsVisitEveryArrangement() {
    let started = Set(DamageEndToEndTests.sessions.map { Self.shape($0.0, $0.1) })
    #expect(
      started == [
        "basic portrait", "basic wide", "scientific portrait stacked", "scientific landscape",
        "scientific wide", "tip portrait", "tip landscape",
      ])
    for mode in Mode.allCases {
      let reached = Set(DamageEndToEndTests.sizes.map { Self.shape(mode, $0) })
      #expect(reached.isSuperset(of: started.filter { $0.hasPrefix("\(mode) ") }))
    }
  }

  @Test(arguments: DamageEndToEndTests.sessions)
  func aRandomSessionShowsTheWholeFrameAfterEveryStep(
    mode: Mode, size: (Int, Int), seed: UInt64
  ) throws {
    let server = try XvfbServer(width: 1700, height: 1200)
    let session = try Session(server: server, mode: mode, size: size)
    var random = TestSupport.SeededGenerator(seed: TestSupport.fuzzSeed(seed))
    for step in 0..<40 {
      let action = try session.randomStep(using: &random)
      // A refused key or recall turns the display (or a tip field) red for 0.6 s: the window
      // ends it by itself.
      session.model.send(.tick, at: Instant.now + .seconds(5))
      let differing = try session.window.differingPixels(from: session.expected())
      #expect(differing == 0, "step \(step), \(action): \(differing) pixels differ")
      guard differing == 0 else { return }
    }
    #expect(session.window.errorOutput == "")
  }

  /// A window and the state it should show.
  final class Session {
    let window: CalculatorWindow
    var model: WindowState
    let renderer: Renderer
    let display: OpaquePointer

    init(server: XvfbServer, mode: Mode, size: (width: Int, height: Int)) throws {
      window = try CalculatorWindow(server: server, size: size, mode: mode)
      let renderer = Renderer()
      self.renderer = renderer
      model = WindowState(
        calculator: Calculator(), mode: mode, width: size.width, height: size.height,
        measure: renderer.tapeTextExtents)
      model.calendar = TestSupport.localCalendar
      guard let display = XOpenDisplay(server.display) else { throw TestFailure("no display") }
      self.display = display
    }

    deinit { XCloseDisplay(display) }

    func expected() -> Image { renderer.render(model.frame) }

    /// One random action on the window and the model; what it was, for the failure message.
    func randomStep(using random: inout TestSupport.SeededGenerator) throws -> String {
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<9:
        let key = DamageEndToEndTests.keys.randomElement(using: &random) ?? "1"
        try type(key)
        return "key \(key)"
      case 9..<13:
        let point = clickTarget(using: &random)
        try window.xdotool(
          "mousemove", "--window", window.window, "\(Int(point.x))", "\(Int(point.y))", "click",
          "1")
        try follow(model.click(at: point))
        return "click \(point)"
      case 13, 14:
        let older = Bool.random(using: &random)
        try window.xdotool(
          "mousemove", "--window", window.window, "2", "2", "click", older ? "4" : "5")
        model.send(.pointer(.pressed(older ? .wheelUp : .wheelDown, at: Point(x: 2, y: 2))))
        return "wheel \(older ? "up" : "down")"
      case 15, 16:
        let size = DamageEndToEndTests.sizes.randomElement(using: &random) ?? (360, 640)
        try window.resize(width: size.0, height: size.1)
        model.send(.resized(width: size.0, height: size.1))
        return "resize \(size)"
      case 17:
        try window.xdotool("windowunmap", "--sync", window.window)
        try window.xdotool("windowmap", "--sync", window.window)
        model.send(.keyboardFocus(false))  // unmapped, it lost the keyboard focus
        return "unmap and map"
      default:
        let cover = PixelRect(
          x: Int.random(in: 0..<model.width, using: &random),
          y: Int.random(in: 0..<model.height, using: &random),
          width: Int.random(in: 1...model.width, using: &random),
          height: Int.random(in: 1...model.height, using: &random))
        try exposeUnder(cover)
        return "expose \(cover)"
      }
    }

    /// Types one key into the window and the model.
    func type(_ name: String) throws {
      try window.xdotool(
        "mousemove", "--window", window.window, "1", "1", "key", "--clearmodifiers", name)
      try follow(model.type(keysyms: [name]))
    }

    /// A mode switch asks for a landscape or portrait window, which the server gives at once
    /// without a window manager.
    func follow(_ effects: [WindowEffect]) throws {
      for case .resize(let size) in effects {
        try window.waitForSize(width: size.width, height: size.height)
        model.send(.resized(width: size.width, height: size.height))
      }
    }

    /// A circle's centre, a line of the open menu, a strip row or an empty place.
    func clickTarget(using random: inout TestSupport.SeededGenerator) -> Point {
      let layout = model.layout
      if let menu = layout.menu, model.menu.selection != nil,
        Int.random(in: 0..<4, using: &random) > 0
      {
        let row = menu.rows.randomElement(using: &random) ?? menu.panel
        return Point(x: (row.minX + row.width / 2).rounded(), y: (row.minY + row.height / 2))
      }
      if let tip = layout.tipLayout, Int.random(in: 0..<4, using: &random) == 0,
        let field = tip.fields.randomElement(using: &random)
      {
        return Point(x: (field.minX + 10).rounded(), y: field.midY.rounded())
      }
      let rows = model.frame.shownHistoryRows
      if !rows.isEmpty, Int.random(in: 0..<5, using: &random) == 0,
        let row = rows.randomElement(using: &random)
      {
        return Point(x: (row.rect.maxX - 10).rounded(), y: (row.rect.midY).rounded())
      }
      let lines = model.frame.shownTapeLines
      if !lines.isEmpty, Int.random(in: 0..<4, using: &random) == 0,
        let line = lines.randomElement(using: &random)
      {
        let x = Double.random(in: line.rect.minX..<line.rect.maxX, using: &random)
        return Point(x: x.rounded(), y: (line.rect.midY).rounded())
      }
      if Int.random(in: 0..<8, using: &random) == 0 {
        return Point(x: 3, y: Double(model.height - 3))
      }
      let modes = layout.keypad.position(of: KeypadAction.modes)
      // Not Rand: the window's random number is not the model's.
      let cells = layout.keypad.positions.filter {
        layout.keypad.action(at: $0) != .key(.constant(.random))
      }
      let cell =
        Int.random(in: 0..<5, using: &random) == 0 ? modes : cells.randomElement(using: &random)
      let center = layout.circle(at: cell ?? GridPosition(row: 0, column: 0)).center
      return Point(x: center.x.rounded(), y: center.y.rounded())
    }

    /// Maps another window over `cover` (in window coordinates), then unmaps it: the server
    /// clears what it uncovers and sends Expose for it.
    func exposeUnder(_ cover: PixelRect) throws {
      guard let id = UInt(window.window) else { throw TestFailure("bad window id") }
      var child: Window = 0
      var (x, y): (Int32, Int32) = (0, 0)
      let root = XDefaultRootWindow(display)
      XTranslateCoordinates(
        display, id, root, Int32(cover.x), Int32(cover.y), &x, &y, &child)
      var attributes = XSetWindowAttributes()
      attributes.override_redirect = 1
      attributes.background_pixel = 0xFF_FFFF
      let other = XCreateWindow(
        display, root, x, y, UInt32(cover.width), UInt32(cover.height), 0, 24,
        UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWBackPixel), &attributes)
      XSelectInput(display, other, ExposureMask)
      XMapRaised(display, other)
      XSync(display, 0)
      // On the screen once the server has painted it and says so.
      var event = XEvent()
      let isShown = TestSupport.waitUntil {
        XCheckTypedWindowEvent(display, other, Expose, &event) != 0
      }
      guard isShown else { throw TestFailure("the covering window was never shown") }
      XDestroyWindow(display, other)
      XSync(display, 0)
    }
  }
}

extension Rect {
  fileprivate var midY: Double { minY + height / 2 }
}
