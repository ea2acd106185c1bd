import CX11
import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

/// The window in the user's language and number format (docs/SPEC.md section 13), on Xvfb with
/// real locales (`locales-all`) and the catalogs `make test` builds beside the binary.
@Suite(TestSupport.needs(TestSupport.xTools + ["xclip"]))
struct LocaleWindowTests {
  /// The variables of a window in `locale` (`LC_ALL`), its texts in `language` (`LANGUAGE`).
  static func environment(_ locale: String, language: String? = nil) -> [String: String] {
    var environment = ["LC_ALL": locale + ".UTF-8", "LANG": "", "LC_NUMERIC": "", "LANGUAGE": ""]
    if let language { environment["LANGUAGE"] = language }
    return environment
  }

  /// `1234,5` typed on the keypad and `1234.5` on the numpad both show `1.234,5` in de_DE (the
  /// window's capture equals `--render` of `1234.5` there, which `--print`s `1.234,5`).
  @Test func germanTypingOnBothKeyboards() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(server: server, environment: Self.environment("de_DE"))
    window.renderEnvironment = ["LC_ALL": "de_DE.UTF-8", "LANGUAGE": ""]
    let printed = try TestSupport.circlecalc(
      ["--keys", "1234.5", "--print"],
      environment: ProcessInfo.processInfo.environment.merging(window.renderEnvironment) { $1 })
    #expect(printed.stdout == "1.234,5\n")
    let expected = try window.render(keys: "1234.5")
    try window.type("1", "2", "3", "4", "comma", "5")
    #expect(try window.differingPixels(from: expected) == 0)
    try window.type("Escape", "KP_1", "KP_2", "KP_3", "KP_4", "KP_Decimal", "KP_5")
    #expect(try window.differingPixels(from: expected) == 0)
    try window.type("Escape", "1", "2", "3", "4", "period", "5")
    #expect(try window.differingPixels(from: expected) == 0)
  }

  /// Copy writes the locale's form without grouping; paste reads the locale's form, then the
  /// plain form, and refuses anything else whole (docs/SPEC.md section 13.3).
  @Test func germanCopyAndPaste() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(
      server: server, keys: "1345.9", environment: Self.environment("de_DE"))
    window.renderEnvironment = ["LC_ALL": "de_DE.UTF-8", "LANGUAGE": ""]
    try window.type("ctrl+c")
    let copied = try server.run(
      "xclip", ["-o", "-selection", "clipboard", "-t", "UTF8_STRING"], timeout: 3)
    #expect(copied.stdout == "1345,9")
    for (pasted, keys) in [
      ("1.234", "1234"), ("1,5", "1.5"), ("1.234,5", "1234.5"), ("1234.5", "1234.5"),
      ("1,234.5", "1234.5"),
    ] {
      let owner = try ClipboardOwner(server, text: pasted)
      try window.type("Escape", "ctrl+v")
      #expect(try window.differingPixels(from: try window.render(keys: keys)) == 0, "\(pasted)")
      owner.stop()
    }
    // Refused whole: the display keeps the last number (and turns red for a moment).
    let owner = try ClipboardOwner(server, text: "1.2.3")
    try window.type("ctrl+v")
    #expect(try window.differingPixels(from: try window.render(keys: "1234.5"), timeout: 6) == 0)
    owner.stop()
  }

  /// The overlays with the most text, in each language, at 360 × 640 and at the mode's minimum
  /// size: every text inside its panel (outside it, the window is pixel for pixel the English
  /// one: nothing spilled out), and the panels of English where the layout put them.
  @Test(arguments: ["de", "es", "fr", "it", "ja", "ko", "pl", "pt_BR", "ru", "zh_CN"])
  func textStaysInItsPanel(_ language: String) throws {
    let server = try XvfbServer()
    for (mode, keys, panel) in Self.overlays {
      for size in [PixelSize(width: 360, height: 640), Layout.minimumSize(for: mode)] {
        let converts = keys.contains("ctrl+4")
        let layout = Layout(
          width: size.width, height: size.height, keypad: .of(mode), converts: converts)
        let rect = try #require(panel(layout))
        func capture(_ language: String?) throws -> Image {
          let window = try CalculatorWindow(
            server: server, size: (size.width, size.height), mode: mode,
            environment: Self.environment("en_US", language: language))
          // Idle: two captures alike, and `done` (a deadline only a failure reaches).
          func idle(_ done: (Image) -> Bool) throws -> Image {
            var last = try window.screenshot()
            for _ in 0..<300 {
              usleep(100_000)
              let next = try window.screenshot()
              if next.differingPixels(from: last) == 0 && done(next) { return next }
              last = next
            }
            return last
          }
          // First the window drawn (its bottom row of circles on the black), then the keys
          // handled: unlike before them (on a busy machine they may wait a while).
          let y = Int(layout.circle(at: GridPosition(row: 4, column: 0)).center.y)
          let before = try idle { image in
            (0..<image.width).contains { image.color(x: $0, y: y) != image.color(x: 0, y: 0) }
          }
          guard !keys.isEmpty else { return before }
          try window.type(keys)
          return try idle { $0.differingPixels(from: before) > 0 }
        }
        let english = try capture(String?.none)
        let translated = try capture(language)
        var spilled = 0
        var changedInside = 0
        for y in 0..<size.height {
          for x in 0..<size.width {
            let inside = rect.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            let same = english.color(x: x, y: y) == translated.color(x: x, y: y)
            if !same && !inside { spilled += 1 }
            if !same && inside { changedInside += 1 }
          }
        }
        let place = "\(language) \(mode) \(size.width)x\(size.height)"
        #expect(spilled == 0, "\(place): \(spilled) pixels outside the panel")
        #expect(changedInside > 0, "\(place): the panel shows no translated text")
      }
    }
  }

  /// Each overlay: its mode, the keys that open it, and its panel in a layout: the mode menu,
  /// the Tip & Split screen, the unit picker (Convert on first).
  static let overlays: [(Mode, [String], @Sendable (Layout) -> Rect?)] = [
    (.basic, ["Menu"], { $0.menu?.panel }),
    (.tip, [], { $0.tipLayout?.panel }),
    (.basic, ["ctrl+4", "ctrl+u"], { $0.picker?.panel }),
  ]
}
