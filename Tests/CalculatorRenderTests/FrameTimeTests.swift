import CalculatorLayout
import Glibc
import Testing

@testable import CalculatorRender

/// Prints how long a frame takes to draw (debug builds are slower; see the report for release).
@Suite struct FrameTimeTests {
  @Test(arguments: [(360, 640), (1440, 2560)])
  func printsFrameTime(width: Int, height: Int) throws {
    let renderer = Renderer()
    var frame = try frame("1234+56*789", width, height)
    frame.pressed = GridPosition(row: 1, column: 1)
    _ = renderer.render(frame)
    var times: [Double] = []
    for _ in 0..<20 {
      var start = timespec()
      var end = timespec()
      clock_gettime(CLOCK_MONOTONIC, &start)
      _ = renderer.render(frame)
      clock_gettime(CLOCK_MONOTONIC, &end)
      times.append(
        Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6)
    }
    times.sort()
    print("frame \(width)×\(height): median \(times[times.count / 2]) ms (this build)")
    #expect(times.count == 20)
  }
}
