import CalculatorCore
import CalculatorLayout
import Glibc
import Testing

@testable import CalculatorRender

/// A fresh path under the temporary directory.
func temporaryPNGPath(_ name: String) -> String {
  "/tmp/circlecalc-render-test-\(getpid())-\(name).png"
}

@Suite struct PNGTests {
  let renderer = Renderer()

  @Test func writtenPNGReadsBackAsTheSamePixels() throws {
    var frame = frame("1234+56*", 360, 640)
    frame.pressed = GridPosition(row: 2, column: 1)
    let path = temporaryPNGPath("roundtrip")
    defer { unlink(path) }
    try renderer.writePNG(frame, to: path)
    let drawn = renderer.render(frame)
    let read = try Image(contentsOfPNG: path)
    #expect(read.width == drawn.width && read.height == drawn.height)
    var differing = 0
    for y in 0..<drawn.height {
      for x in 0..<drawn.width where read.color(x: x, y: y) != drawn.color(x: x, y: y) {
        differing += 1
      }
    }
    #expect(differing == 0)
  }

  @Test func renderingIsDeterministic() throws {
    let frame = frame("2/3=", 393, 852)
    let first = renderer.render(frame)
    let second = Renderer().render(frame)
    #expect(first.stride == second.stride)
    #expect(memcmp(first.bytes, second.bytes, first.stride * first.height) == 0)
  }

  @Test func badPathsThrowClearErrors() throws {
    let frame = frame("", 100, 200)
    let path = "/nonexistent-directory/out.png"
    #expect {
      try renderer.writePNG(frame, to: path)
    } throws: { error in
      "\(error)".contains("cannot write PNG") && "\(error)".contains(path)
    }
    #expect {
      _ = try Image(contentsOfPNG: "/nonexistent-directory/in.png")
    } throws: { error in
      "\(error)".contains("cannot read PNG /nonexistent-directory/in.png")
    }
  }
}
