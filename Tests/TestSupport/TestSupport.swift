import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Testing

/// Helpers shared by the test targets.
public enum TestSupport {
  /// A calculator after pressing the keys of a `--keys` sequence: `"2+3*4="`.
  ///
  /// Test sequences are literals, so an unknown token is a bug in the test: it fails the test,
  /// and the calculator has no key pressed.
  public static func calculator(after sequence: String) -> Calculator {
    var calculator = Calculator()
    do {
      for key in try Key.sequence(sequence) { calculator.press(key) }
    } catch {
      Issue.record("bad key sequence \(sequence.debugDescription): \(error)")
    }
    return calculator
  }

  /// The history tape a window keeps after typing a `--keys` sequence, one key at a time:
  /// `"1200*1.08+49.9=2+3="` holds two calculations, numbered 1 and 2.
  public static func tape(after sequence: String) -> HistoryTape {
    document(after: sequence).tape
  }

  /// The calculators and the tape after typing a `--keys` sequence into a new document.
  public static func document(after sequence: String) -> Document {
    var document = Document()
    do {
      for key in try Key.sequence(sequence) { document.press(key) }
    } catch {
      Issue.record("bad key sequence \(sequence.debugDescription): \(error)")
    }
    return document
  }

  /// A small seeded generator (SplitMix64), so random tests repeat exactly.
  public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}

/// A failed step of a test: a program that would not start or did not do its part.
public struct TestFailure: Error, CustomStringConvertible {
  /// What failed.
  public let description: String
  /// A failure saying `description`.
  public init(_ description: String) { self.description = description }
}

extension Frame {
  /// A frame of what `calculator` (and the tape, Tip & Split, `2nd`) shows in a `width` ×
  /// `height` window of `mode` at `scale` (dpi / 96), as the window and `--render` build it;
  /// with the Convert lines between `units` when given (Basic and Scientific).
  public init(
    calculator: Calculator, width: Int, height: Int, mode: Mode = .basic,
    tape: HistoryTape = HistoryTape(), split: TipCalculator = TipCalculator(),
    showsSecond: Bool = false, scale: Double = 1, units: ConvertUnits? = nil
  ) {
    self.init(
      layout: Layout(
        width: width, height: height, keypad: .of(mode), scale: scale, converts: units != nil),
      calculator: calculator,
      tape: tape, split: split, showsSecond: showsSecond, units: units)
  }
}

/// The engines and window state a frame is built from, for tests that change them step by step
/// (a random walk over keys, modes, cues) and draw the frame of each step.
public struct Scene: Equatable {
  public var calculator = Calculator()
  public var split = TipCalculator()
  public var tape = HistoryTape()
  public var mode = Mode.basic
  public var showsSecond = false
  public var width: Int
  public var height: Int
  public var historyOffset = 0
  public var pressed: GridPosition?
  public var focused: GridPosition?
  public var focusedField: TipField?
  public var displayCue: DisplayCue?
  public var menuSelection: MenuSelection?
  public var shortcuts: [ShortcutLine]?

  /// A scene of nothing typed in a `width` × `height` window.
  public init(width: Int, height: Int, mode: Mode = .basic) {
    self.width = width
    self.height = height
    self.mode = mode
  }

  /// The frame the window would draw.
  public var frame: Frame {
    var frame = Frame(
      calculator: calculator, width: width, height: height, mode: mode, tape: tape,
      split: split, showsSecond: showsSecond)
    frame.tape.offset = historyOffset
    frame.pressed = pressed
    frame.focused = focused
    frame.focusedField = focusedField
    frame.displayCue = displayCue
    frame.menuSelection = menuSelection
    frame.shortcuts = shortcuts
    return frame
  }

  /// The positions of the keypad the scene shows.
  public var positions: [GridPosition] { Keypad.of(mode).positions }
}

extension Calculator {
  /// Presses a key and puts the calculation it finishes, if any, on `tape`, as a window does
  /// (its links aside, which no frame draws): for tests that draw a calculator over a tape.
  public mutating func press(_ key: Key, recordingOn tape: inout HistoryTape) {
    let before = self
    press(key)
    if let finished = Calculation(finishing: key, before: before, after: self) {
      tape.append(finished)
    }
  }
}
