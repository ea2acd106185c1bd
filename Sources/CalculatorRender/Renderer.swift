// TEMPORARY API STUB — the render helper replaces the bodies; keep these signatures.
import CCairo
import CalculatorCore
import CalculatorLayout

/// Everything one drawn frame depends on.
public struct Frame: Equatable, Sendable {
  public var calculator: Calculator
  public var width: Int
  public var height: Int
  public var scale: Double = 1
  /// The lightened circle (mouse held down, or a key just typed).
  public var pressed: GridPosition? = nil
  public var showsShortcuts = false
  /// Rows scrolled back from the newest; clamp with `Layout.maxHistoryOffset`.
  public var historyOffset = 0
  /// A brief cue that input was refused (a paste that is not a number).
  public var flashesError = false
  public init(calculator: Calculator, width: Int, height: Int) {
    self.calculator = calculator; self.width = width; self.height = height
  }
}

/// A drawn frame: Cairo ARGB32 pixels, native endian, every alpha 255.
public final class Image {
  public let width: Int
  public let height: Int
  public let stride: Int
  /// `stride * height` bytes, valid while the image lives.
  public var bytes: UnsafeMutableRawPointer { fatalError("stub") }
  init() { width = 0; height = 0; stride = 0 }
}

/// Draws frames with Cairo; fonts are set up once, in `init`.
public final class Renderer {
  public init() {}
  public func render(_ frame: Frame) -> Image { Image() }
  public func writePNG(_ frame: Frame, to path: String) throws {}
}
