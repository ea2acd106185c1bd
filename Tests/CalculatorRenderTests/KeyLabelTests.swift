import CalculatorCore
import CalculatorLayout
import TestSupport
import Testing

@testable import CalculatorRender

/// docs/SPEC.md section 3.1's iPhone details on the keypad: the highlight rule, operator glyph
/// sizes, the point.
@Suite struct KeyLabelTests {
  let renderer = Renderer()

  /// The iPhone ends the white highlight when the next number starts; + is still pending.
  @Test(arguments: ["12+3", "12+.", "12+0", "12+3.5", "12+5n", "12+3bb4"])
  func theHighlightEndsWhenTheNextNumberStarts(keys: String) throws {
    let calculator = TestSupport.calculator(after: keys)
    #expect(calculator.pendingOperation == .add)
    #expect(calculator.highlightedOperation == nil)
    try expectPlusIsOrange(Frame(calculator: calculator, width: 393, height: 852))
  }

  @Test func aPastedNumberEndsTheHighlightToo() throws {
    var calculator = TestSupport.calculator(after: "12+")
    #expect(calculator.highlightedOperation == .add)
    let accepted = (try? calculator.paste("7")) != nil
    #expect(accepted)
    #expect(calculator.pendingOperation == .add)
    #expect(calculator.highlightedOperation == nil)
    try expectPlusIsOrange(Frame(calculator: calculator, width: 360, height: 640))
  }

  private func expectPlusIsOrange(_ frame: Frame) throws {
    let image = renderer.render(frame)
    let plus = frame.layout.circle(at: try #require(Keypad.basic.position(of: .operation(.add))))
    #expect(image.color(at: plus.fillProbe) == Theme.operatorFill)
    #expect(image.count(Theme.operatorLabel, around: plus.center, half: 0.35 * plus.radius) > 0)
    #expect(image.count(Theme.pendingFill, around: plus.fillProbe, half: 2) == 0)
  }

  /// `÷ × +` at least as tall as every digit label, `− =` at least as wide, in pixels.
  @Test(arguments: [(393, 852), (360, 640), (720, 1280), (220, 400), (1270, 500)])
  func operatorGlyphsAreAtLeastAsTallAsTheDigits(width: Int, height: Int) throws {
    let frame = frame("", width, height)
    let image = renderer.render(frame)
    func box(_ key: Key) throws -> (width: Int, height: Int) {
      let position = try #require(Keypad.basic.position(of: key))
      return image.labelBox(in: frame.layout.circle(at: position), fill: restingFill(position))
    }
    let digits = try Digit.allCases.map { try box(.digit($0)) }
    let tallest = digits.map(\.height).max() ?? 0
    let widest = digits.map(\.width).max() ?? 0
    #expect(tallest > 0)
    for operation in [Operation.divide, .multiply, .add] {
      #expect(try box(.operation(operation)).height >= tallest, "\(operation) at \(width)")
    }
    #expect(try box(.operation(.subtract)).width >= widest)
    #expect(try box(.equals).width >= widest)
  }

  /// The same rule from the font's own ink boxes at the sizes the layout gives.
  @Test func operatorInkIsAtLeastAsTallAsDigitInk() {
    let layout = Layout(width: 360, height: 640)
    let context = CairoContext(
      surface: CairoSurface(width: 1, height: 1), fontOptions: renderer.fontOptions)
    context.setFont(renderer.labelFace, size: layout.digitLabelFontSize)
    let digit = "0123456789".map { context.extents(String($0)).height }.max() ?? 0
    context.setFont(renderer.symbolFace, size: KeyLabelSizes.operator * layout.diameter)
    for glyph in ["÷", "×", "+"] {
      #expect(context.extents(glyph).height >= digit, "\(glyph)")
    }
  }

  /// The point is a dot at least 8% of the circle's diameter across and down: its ink summed
  /// along its widest row and its tallest column (antialiased edges count by their coverage).
  @Test(arguments: [(393, 852), (360, 640), (720, 1280), (200, 320), (1920, 1080)])
  func thePointIsAClearlyVisibleDot(width: Int, height: Int) throws {
    let frame = frame("", width, height)
    let position = try #require(Keypad.basic.position(of: .decimalPoint))
    let circle = frame.layout.circle(at: position)
    let image = renderer.render(frame)
    let half = Int(0.65 * circle.radius)
    let xs = Int(circle.center.x) - half...Int(circle.center.x) + half
    let ys = Int(circle.center.y) - half...Int(circle.center.y) + half
    // How much of a pixel the white dot covers on the dark gray fill, 0…1.
    func coverage(_ x: Int, _ y: Int) -> Double {
      let gray = Double(image.color(x: x, y: y)?.green ?? 0)
      let fill = Double(Theme.digitFill.green)
      return max(0, gray - fill) / (255 - fill)
    }
    let across = ys.map { y in xs.reduce(0) { $0 + coverage($1, y) } }.max() ?? 0
    let down = xs.map { x in ys.reduce(0) { $0 + coverage(x, $1) } }.max() ?? 0
    let diameter = 2 * circle.radius
    #expect(across >= 0.08 * diameter, "\(across) of \(diameter)")
    #expect(down >= 0.08 * diameter, "\(down) of \(diameter)")
    #expect(abs(across - down) < 0.5)  // round, not a font's squarish period
  }
}

extension Image {
  /// The size of a label's ink inside `circle`: the pixels nearer white than `fill` (more than
  /// half covered by the label), within the middle of the circle, away from its edge.
  func labelBox(in circle: Circle, fill: Color) -> (width: Int, height: Int) {
    let half = 0.65 * circle.radius
    var xs: [Int] = []
    var ys: [Int] = []
    for y in Int(circle.center.y - half)...Int(circle.center.y + half) {
      for x in Int(circle.center.x - half)...Int(circle.center.x + half) {
        guard let color = color(x: x, y: y) else { continue }
        if color.distance(to: Color(0xFFFFFF)) < color.distance(to: fill) {
          xs.append(x)
          ys.append(y)
        }
      }
    }
    guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max()
    else { return (0, 0) }
    return (right - left + 1, bottom - top + 1)
  }
}

extension Color {
  /// The squared distance between two colours in RGB.
  func distance(to other: Color) -> Int {
    let red = Int(red) - Int(other.red)
    let green = Int(green) - Int(other.green)
    let blue = Int(blue) - Int(other.blue)
    return red * red + green * green + blue * blue
  }
}
