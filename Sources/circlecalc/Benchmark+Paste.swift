import CalculatorCore
import CalculatorLayout
import CalculatorRender

/// `--bench-paste N`: a 10,000-character expression (docs/SPEC.md section 12) pasted N times into
/// a new document, in each order: the paste alone (read and typed as keys), and the paste with
/// the frame that shows it drawn at 360 × 640; the median and the worst of each, in ms.
extension Benchmark {
  static func paste(_ count: Int) {
    let text = pasteText(length: 10_000)
    let renderer = Renderer()
    let layout = Layout(width: 360, height: 640, keypad: .of(.scientific))
    for order in Order.allCases {
      var pastes: [Double] = []
      var frames: [Double] = []
      for _ in 0..<max(count, 1) {
        var document = Document(calculator: Calculator(order: order))
        let start = now()
        do {
          try document.paste(text)
        } catch {
          print("paste: refused: \(error)")
          return
        }
        let pasted = now()
        _ = renderer.render(Frame(layout: layout, calculator: document.calculator))
        let drawn = now()
        pastes.append(pasted - start)
        frames.append(drawn - start)
      }
      pastes.sort()
      frames.sort()
      // Median and worst, in ms (micro's digits of a thousandth).
      func figures(_ times: [Double]) -> String {
        let median = micro(times[times.count / 2] / 1000)
        return "median \(median) ms, max \(micro(times[times.count - 1] / 1000)) ms"
      }
      print(
        "paste \(text.count) characters, \(order.rawValue): \(figures(pastes)); with its frame at"
          + " 360x640: \(figures(frames)) over \(pastes.count) pastes")
    }
  }

  /// An expression of about `length` characters, as a user copies one from a document: grouped
  /// numbers, the four operators written several ways, signs, parentheses, powers, `%`.
  static func pasteText(length: Int) -> String {
    let pieces = [
      "(1,234.5 × 2 − 7) ÷ 3", " + 2(1+1)", " − −4.25 * 10%", " + 2^3^2 / 1.5e-3", " · (8 − 3)",
      " + $12.50", " − (2 + 3)(4 − 1)", " + 49.9",
    ]
    var text = ""
    var index = 0
    while text.count + pieces[index % pieces.count].count + 3 <= length {
      text += pieces[index % pieces.count]
      index += 1
    }
    return text + String(repeating: " ", count: length - text.count - 2) + "+1"
  }
}
