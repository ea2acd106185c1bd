import CalculatorCore
import CalculatorLayout
import CalculatorRender
import CalculatorWindow

/// `--bench-paste N`: a 10,000-character expression (docs/SPEC.md section 12) pasted N times into
/// a new document, in each order: the paste alone (read and typed as keys), and the paste with
/// the frame that shows it drawn at 360 × 640, and the same through the window's logic (the
/// pasted text as `WindowState.reduce` takes it: its reading, the undo level, the window's frame
/// drawn whole); the least, the median and the worst of each, in ms.
extension Benchmark {
  static func paste(_ count: Int) {
    let text = pasteText(length: 10_000)
    let renderer = Renderer()
    let layout = Layout(width: 360, height: 640, keypad: .of(.scientific))
    for order in Order.allCases {
      var pastes: [Double] = []
      var frames: [Double] = []
      var windows: [Double] = []
      for _ in 0..<max(count, 1) {
        var state = WindowState(
          calculator: Calculator(order: order), mode: .scientific, width: 360, height: 640)
        let time = WindowTime(instant: Instant(nanoseconds: 0), wallClock: 0)
        let sent = now()
        _ = state.reduce(.pasted(text), at: time)
        _ = renderer.render(state.frame)
        windows.append(now() - sent)
        guard state.frame.displayCue == nil else {
          print("paste: refused by the window")
          return
        }
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
      windows.sort()
      // Least, median and worst, in ms (micro's digits of a thousandth).
      func figures(_ times: [Double]) -> String {
        let (least, median) = (micro(times[0] / 1000), micro(times[times.count / 2] / 1000))
        return
          "min \(least) ms, median \(median) ms, max \(micro(times[times.count - 1] / 1000)) ms"
      }
      print(
        "paste \(text.count) characters, \(order.rawValue): \(figures(pastes)); with its frame at"
          + " 360x640: \(figures(frames)) over \(pastes.count) pastes")
      print(
        "paste \(text.count) characters, \(order.rawValue), through the window's logic with its"
          + " frame: \(figures(windows))")
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
    var count = 0
    for index in 0... {
      let piece = pieces[index % pieces.count]
      guard count + piece.count + 3 <= length else { break }
      text += piece
      count += piece.count
    }
    return text + String(repeating: " ", count: length - count - 2) + "+1"
  }
}
