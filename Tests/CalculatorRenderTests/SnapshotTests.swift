import CalculatorCore
import CalculatorLayout
import Glibc
import TestSupport
import Testing

@testable import CalculatorRender
@testable import CalculatorWindow

/// Golden PNGs in Snapshots/, compared pixel for pixel; `RECORD_SNAPSHOTS=1` re-records them and
/// fails, so a recording run is never mistaken for a passing one (argument-parser's rule).
/// One golden: a state, a window size and the frame's extras.
struct SnapshotCase: Sendable, CustomTestStringConvertible {
  var name: String
  var keys: String
  var width: Int
  var height: Int
  var pressed: GridPosition? = nil
  var mode = Mode.basic
  var second = false
  var menu: MenuSelection? = nil
  var shortcuts = false
  var cue: DisplayCue? = nil
  var offset = 0
  /// Keys whose finished calculations are on the tape.
  var tape = ""
  /// Tip-mode `--keys`, and the field inside the focus ring.
  var tipKeys = ""
  var focusedField: TipField? = nil

  var testDescription: String { name }

  func frame() -> Frame {
    var split = TipCalculator()
    for key in (try? TipKey.sequence(tipKeys)) ?? [] { split.press(key) }
    var frame = Frame(
      calculator: TestSupport.calculator(after: keys), width: width, height: height, mode: mode,
      tape: TestSupport.tape(after: tape), split: split, showsSecond: second)
    frame.pressed = pressed
    frame.menuSelection = menu
    frame.shortcuts = shortcuts ? KeyBinding.shortcutLines(for: mode) : nil
    frame.displayCue = cue
    frame.tape.offset = offset
    frame.focusedField = focusedField
    return frame
  }
}

@Suite struct SnapshotTests {
  static let directory: String = {
    let file = "\(#filePath)"
    return String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)]) + "/Snapshots"
  }()

  // swift-format-ignore
  static let cases = [
    SnapshotCase(name: "zero-360x640",       keys: "",                             width: 360,  height: 640),
    SnapshotCase(name: "pending-360x640",    keys: "1234+56*",                     width: 360,  height: 640),
    SnapshotCase(name: "result-393x852",     keys: "2/3=",                         width: 393,  height: 852,
                 pressed: GridPosition(row: 1, column: 1)),
    SnapshotCase(name: "scientific-360x640", keys: "5000000000000*5000000000000=", width: 360,  height: 640),
    SnapshotCase(name: "history-800x600",    keys: "1+2+3+4+5+6+7+",               width: 800,  height: 600,
                 offset: 2),
    SnapshotCase(name: "error-220x400",      keys: "12",                           width: 220,  height: 400,
                 cue: .refused),
    SnapshotCase(name: "shortcuts-220x400",  keys: "12",                           width: 220,  height: 400,
                 shortcuts: true),
    SnapshotCase(name: "shortcuts-1280x720", keys: "7+8=",                         width: 1280, height: 720,
                 shortcuts: true),
    SnapshotCase(name: "sci-852x393",        keys: "2*(3+4)=[m+][rad]2[pow]",      width: 852,  height: 393,
                 mode: .scientific),
    SnapshotCase(name: "sci-second-1280x600", keys: "(1+2",                        width: 1280, height: 600,
                 pressed: GridPosition(row: 3, column: 1), mode: .scientific, second: true),
    SnapshotCase(name: "sci-shortcuts-852x393", keys: "",                          width: 852,  height: 393,
                 mode: .scientific, shortcuts: true),
    SnapshotCase(name: "menu-360x640",       keys: "12",                           width: 360,  height: 640,
                 menu: MenuSelection(index: 1)),
    SnapshotCase(name: "tape-360x640",       keys: "7+",                           width: 360,  height: 640,
                 offset: 1, tape: "1200*1.08+49.9=2+3*4=5/0="),
    SnapshotCase(name: "tape-720x1280",      keys: "",                             width: 720,  height: 1280,
                 offset: 2, tape: "1200*1.08+49.9=2+3*4=5/0="),
    SnapshotCase(name: "tip-360x640",        keys: "",                             width: 360,  height: 640,
                 mode: .tip, tipKeys: "84.5[t18][p+][p+]"),
    SnapshotCase(name: "tip-852x393",        keys: "",                             width: 852,  height: 393,
                 pressed: GridPosition(row: 3, column: 3), mode: .tip,
                 tipKeys: "1234567.89[tip]12.5[people]7", focusedField: .people),
    SnapshotCase(name: "tip-shortcuts-360x640", keys: "",                          width: 360,  height: 640,
                 mode: .tip, shortcuts: true),
    SnapshotCase(name: "sci-portrait-400x1100", keys: "2[sqrt]",                   width: 400,  height: 1100,
                 mode: .scientific, tape: "1200*1.08+49.9=2+3*4=5/0="),
    SnapshotCase(name: "wide-1600x500",      keys: "12+",                          width: 1600, height: 500,
                 tape: "1200*1.08+49.9=2+3*4=5/0="),
  ]

  @Test(arguments: cases)
  func matchesGolden(snapshot: SnapshotCase) throws {
    let name = snapshot.name
    let image = Renderer().render(snapshot.frame())
    let path = "\(Self.directory)/\(name).png"
    if getenv("RECORD_SNAPSHOTS") != nil {
      try image.writePNG(to: path)
      Issue.record("recorded \(path); run again without RECORD_SNAPSHOTS")
      return
    }
    let golden: Image
    do {
      golden = try Image(contentsOfPNG: path)
    } catch {
      Issue.record("no golden \(path) (\(error)); record with RECORD_SNAPSHOTS=1")
      return
    }
    #expect(golden.width == image.width && golden.height == image.height)
    var differing = 0
    for y in 0..<min(golden.height, image.height) {
      for x in 0..<min(golden.width, image.width)
      where golden.color(x: x, y: y) != image.color(x: x, y: y) {
        differing += 1
      }
    }
    if differing > 0 {
      let actual = temporaryPNGPath("\(name).actual")
      try image.writePNG(to: actual)
      Issue.record("\(differing) pixels differ from \(path); this run drew \(actual)")
    }
  }
}
