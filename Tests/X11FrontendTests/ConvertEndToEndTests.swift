import CalculatorCore
import CalculatorLayout
import CalculatorRates
import CalculatorRender
import Foundation
import TestSupport
import Testing

@testable import CalculatorWindow
@testable import X11Frontend

/// Convert in the real window (docs/SPEC.md section 10.4): after each step a capture equals
/// `circlecalc --render --units` of the same state, or the renderer's frame of a model window
/// state given the same keys (the open picker), pixel for pixel.
@Suite(TestSupport.needs(TestSupport.xTools))
struct ConvertEndToEndTests {
  static func keysyms(_ keys: String) -> [String] {
    let names: [Character: String] = ["*": "asterisk", "=": "Return", "/": "slash"]
    return keys.map { names[$0] ?? String($0) }
  }

  @Test func ctrl4ThenTwelveTimesThreeThenKilometresToMilesThroughThePickerThenSwap() throws {
    let server = try XvfbServer()
    let state = TestSupport.temporaryPath("convert-state")
    defer { try? FileManager.default.removeItem(atPath: state) }
    let window = try CalculatorWindow(
      server: server, size: (360, 640), stateDirectory: URL(fileURLWithPath: state))
    var model = WindowState(calculator: Calculator(), width: 360, height: 640)
    model.calendar = TestSupport.localCalendar
    func step(_ keys: [String]) throws {
      try window.type(keys)
      model.type(keysyms: keys)
    }
    try step(["ctrl+4"])
    window.units = "m to ft"
    #expect(try window.differingPixels(from: window.render(keys: "")) == 0)
    // Both lines live on every key: the typed 3 converts, then the result 36.
    try step(Self.keysyms("12*3"))
    #expect(try window.differingPixels(from: window.render(keys: "12*3")) == 0)
    try step(["Return"])
    #expect(try window.differingPixels(from: window.render(keys: "12*3=")) == 0)
    // The picker on the display's unit, filtered by typing: the model's frame, open picker.
    try step(["ctrl+u", "k", "m"])
    #expect(model.picker?.filter == "km")
    #expect(try window.differingPixels(from: window.render(model.frame)) == 0)
    try step(["Return"])
    window.units = "km to ft"
    #expect(try window.differingPixels(from: window.render(keys: "12*3=")) == 0)
    try step(["ctrl+u", "Tab", "m", "i"])
    #expect(try window.differingPixels(from: window.render(model.frame)) == 0)
    try step(["Return"])
    window.units = "km to mi"
    #expect(model.frame.convert?.converted.text == "22.369362920544022906")  // 36 / 1.609344
    #expect(try window.differingPixels(from: window.render(keys: "12*3=")) == 0)
    // The swap key: the units change places, the display keeps 36.
    let swap = try #require(window.layout.convert).swap.center
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(swap.x))", "\(Int(swap.y))", "click", "1")
    window.units = "mi to km"
    #expect(try window.differingPixels(from: window.render(keys: "12*3=")) == 0)
    try window.type("ctrl+s")
    window.units = "km to mi"
    #expect(try window.differingPixels(from: window.render(keys: "12*3=")) == 0)
    // Remembered with the window size: the next window opens with the lines and the pair.
    try window.type("ctrl+q")
    #expect(window.exit()?.status == 0)
    let saved = try String(contentsOfFile: state + "/circlecalc/window-size", encoding: .utf8)
    // (Then where the window was: docs/SPEC.md section 14.2.)
    let convertLines = saved.split(separator: "\n").filter {
      !$0.hasPrefix("position ") && !$0.hasPrefix("frame ")
    }
    #expect(convertLines == ["360x640 basic", "convert on length", "pair length km mi"])
    // The tape's file aside, the new window shows nothing typed.
    for name in try FileManager.default.contentsOfDirectory(atPath: state + "/circlecalc")
    where name != "window-size" {
      try FileManager.default.removeItem(atPath: state + "/circlecalc/" + name)
    }
    let again = try CalculatorWindow(
      server: server, size: (360, 640), stateDirectory: URL(fileURLWithPath: state))
    again.units = "km to mi"
    #expect(try again.differingPixels(from: again.render(keys: "")) == 0)
    #expect(window.errorOutput == "" && again.errorOutput == "")
  }

  @Test func aClickOnAUnitOpensThePickerAndAClickOnARowPicksIt() throws {
    let server = try XvfbServer()
    let window = try CalculatorWindow(
      server: server, keys: "100", size: (852, 393), mode: .scientific)
    try window.type("ctrl+4")
    window.units = "m to ft"
    #expect(try window.differingPixels(from: window.render(keys: "100")) == 0)
    var model = WindowState(
      calculator: TestSupport.calculator(after: "100"), mode: .scientific, width: 852,
      height: 393)
    model.calendar = TestSupport.localCalendar
    model.type(keysyms: ["ctrl+4"])
    let lines = try #require(window.layout.convert)
    let button = lines.unitButton(.to, holding: "ft")
    let (x, y) = (Int(button.minX + button.width / 2), Int(button.minY + button.height / 2))
    try window.xdotool("mousemove", "--window", window.window, "\(x)", "\(y)", "click", "1")
    model.click(at: Point(x: Double(x), y: Double(y)))
    #expect(model.picker?.side == .to)
    #expect(try window.differingPixels(from: window.render(model.frame)) == 0)
    // The row of inches.
    let index = try #require(
      model.pickerRows.firstIndex {
        if case .unit(let unit) = $0 { unit.symbol == "in" } else { false }
      })
    let row = try #require(model.layout.picker).rows[index - model.picker!.offset]
    try window.xdotool(
      "mousemove", "--window", window.window, "\(Int(row.minX + row.width / 2))",
      "\(Int(row.minY + row.height / 2))", "click", "1")
    window.units = "m to in"
    #expect(try window.differingPixels(from: window.render(keys: "100")) == 0)
  }
}
