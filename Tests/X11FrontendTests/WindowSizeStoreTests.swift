import CalculatorCore
import Foundation
import CalculatorWindow
import Testing

@testable import CalculatorFiles
@testable import X11Frontend

@Suite struct WindowSizeStoreTests {
  @Test(arguments: [
    ("360x640\n", 360, 640, Mode.basic), ("1x1", 1, 1, .basic), ("16384x200\n", 16384, 200, .basic),
    ("852x393 scientific\n", 852, 393, .scientific), ("360x640 basic", 360, 640, .basic),
    ("393x852 tip\n", 393, 852, .tip),
  ])
  func readsASizeAndMode(text: String, width: Int, height: Int, mode: Mode) {
    let saved = WindowSizeStore.parse(text)
    #expect(saved?.width == width && saved?.height == height && saved?.mode == mode)
  }

  @Test(arguments: [
    "", "\n", "360", "360x", "x640", "360x640x1", "0x640", "360x0", "-1x640", "360 x 640",
    " 360x640", "١٢x640", "99999999999999999999x1", "16385x100", "360X640", "+3x4",
    "360x640 ", "360x640 Basic", "360x640 scientific extra", "360x640\tbasic", "360x640  basic",
    "360x640 Tip", "360x640 tip&split",
  ])
  func ignoresAnythingElse(text: String) {
    #expect(WindowSizeStore.parse(text) == nil)
  }

  @Test func savesAtomicallyAndLoadsBack() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = WindowSizeStore(directory: directory.appendingPathComponent("a/b/circlecalc").path)
    #expect(store.load() == nil)
    store.save(WindowSizeStore.Saved(width: 500, height: 700, mode: .scientific))
    #expect(store.load()?.width == 500 && store.load()?.height == 700)
    #expect(store.load()?.mode == .scientific)
    #expect(try String(contentsOfFile: store.path, encoding: .utf8) == "500x700 scientific\n")
    // Not a size: the old file stays.
    store.save(WindowSizeStore.Saved(width: 0, height: 700, mode: .basic))
    #expect(store.load()?.width == 500)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory)
    #expect(leftovers == ["window-size"])
    try "garbage\u{0}\u{1}".write(toFile: store.path, atomically: false, encoding: .utf8)
    #expect(store.load() == nil)
  }

  /// The order is remembered with the mode (docs/SPEC.md section 12): a line of its own, which
  /// older versions skip; a file without one, as they wrote, is Left to Right.
  @Test func remembersTheOrderOnALineOfItsOwn() {
    var saved = WindowSizeStore.Saved(width: 360, height: 640, mode: .basic, order: .math)
    #expect(WindowSizeStore.format(saved) == "360x640 basic\norder math\n")
    #expect(WindowSizeStore.parse("360x640 basic\norder math\n")?.order == .math)
    #expect(WindowSizeStore.parse("852x393 scientific\norder math")?.order == .math)
    #expect(WindowSizeStore.parse("360x640 basic\n")?.order == .leftToRight)
    #expect(WindowSizeStore.parse("360x640\n")?.order == .leftToRight)
    #expect(WindowSizeStore.parse("360x640 basic\norder sideways\n")?.order == .leftToRight)
    #expect(WindowSizeStore.parse("360x640 basic\norder left\n")?.order == .leftToRight)
    saved.order = .leftToRight
    #expect(WindowSizeStore.format(saved) == "360x640 basic\n")
    saved.order = .math
    saved.convert.isOn = true
    let text = WindowSizeStore.format(saved)
    #expect(text == "360x640 basic\norder math\nconvert on length\n")
    #expect(WindowSizeStore.parse(text) == saved)
  }

  @Test func straightAlphaUndoesCairosPremultiplication() {
    #expect(straightAlpha(0x0000_0000) == 0)
    #expect(straightAlpha(0xFF12_3456) == 0xFF12_3456)
    #expect(straightAlpha(0x8080_4000) == 0x80FF_8000)
  }

  @Test func theSettingsAreSavedAfterTheSizeLineAndReadBack() {
    var settings = ConvertSettings()
    #expect(settings.lines.isEmpty)  // a first launch's: the file stays one line
    settings.isOn = true
    settings.category = .temperature
    settings.pairs[.length] = UnitPair(from: "km", to: "mi")
    settings.pairs[.currency] = UnitPair(from: "USD", to: "JPY")
    let saved = WindowSizeStore.Saved(width: 400, height: 700, mode: .scientific, convert: settings)
    let text = WindowSizeStore.format(saved)
    #expect(
      text
        == "400x700 scientific\nconvert on temperature\npair length km mi\npair currency USD JPY\n")
    #expect(WindowSizeStore.parse(text) == saved)
    // Older files: the size line alone; unknown or wrong lines are skipped, the rest counts.
    #expect(WindowSizeStore.parse("360x640 basic\n")?.convert == ConvertSettings())
    let mixed =
      "360x640 basic\nconvert on nowhere\npair length km parsec\npair mass kg lb\nfuture line\n"
      + "pair currency usd EUR\nconvert maybe length\n"
    let read = WindowSizeStore.parse(mixed)
    #expect(read?.convert.isOn == false)
    #expect(read?.convert.pairs == [.mass: UnitPair(from: "kg", to: "lb")])
  }

  /// The habits' lines follow Convert's (docs/SPEC.md section 14.4); an older file (Convert's
  /// lines alone) reads as a first launch's habits.
  @Test func theHabitsAreSavedAfterConvertsLinesAndReadBack() {
    var habits = SavedHabits()
    habits.keepsOnTop = true
    habits.position = SavedPosition(
      monitor: "HDMI 1", x: -5, y: 40, frame: FrameExtents(left: 2, right: 2, top: 30, bottom: 2))
    habits.angle = .radians
    habits.memory = "-1.5e-30"
    var settings = ConvertSettings()
    settings.isOn = true
    let saved = WindowSizeStore.Saved(
      width: 360, height: 640, mode: .basic, convert: settings, habits: habits)
    let text = WindowSizeStore.format(saved)
    #expect(
      text
        == "360x640 basic\nconvert on length\nabove on\nposition -5 40 HDMI 1\n"
        + "frame 2 2 30 2\nangle radians\nmemory -1.5e-30\n")
    #expect(WindowSizeStore.parse(text) == saved)
    #expect(
      WindowSizeStore.parse("360x640 basic\nconvert on length\n")?.habits == SavedHabits())
  }
}
