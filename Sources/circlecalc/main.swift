import CalculatorCore
import CalculatorFiles
import CalculatorLayout
import CalculatorRender
import X11Frontend

#if canImport(Glibc)
  import Glibc
#endif

/// Parses the arguments and picks the headless output or the X11 window.
///
/// Exit status: 0 done, 1 no display, a write that failed, an unreadable history or a failed
/// rates update, 2 bad command line or a conversion that cannot be made.
func run() -> Int32 {
  // The locale, once (docs/SPEC.md section 13): every number below is printed in its form.
  let (numbers, warning) = UserLocale.adopt()
  if let warning { printError(warning) }
  let command: Command
  do {
    command = try Command.parse(Array(CommandLine.arguments.dropFirst()))
  } catch {
    printError("circlecalc: " + tr("%s (see circlecalc --help)").filling(error.message))
    return 2
  }
  switch command {
  case .help:
    print(Command.helpText)
    return 0
  case .version:
    print("circlecalc \(version)")
    return 0
  case .history(let format):
    return printSavedHistory(format: format, numbers: numbers)
  case .convert(let text):
    return convert(text, numbers: numbers)
  case .listUnits:
    print(unitListing(), terminator: "")
    return 0
  case .updateRates(let url):
    return updateRates(from: url)
  case .benchmarkFrames(let count, let width, let height):
    Benchmark.frames(count, width: width, height: height)
    return 0
  case .benchmarkCore(let count):
    Benchmark.core(count)
    return 0
  case .benchmarkFunctions(let count):
    Benchmark.functions(count)
    return 0
  case .benchmarkHistory(let count):
    Benchmark.history(count)
    return 0
  case .benchmarkPaste(let count):
    Benchmark.paste(count)
    return 0
  case .benchmarkExact(let count):
    Benchmark.exact(count)
    return 0
  case .benchmarkTape(let count):
    return Benchmark.tape(count)
  case .benchmarkAppend(let count):
    return appendToSavedHistory(count)
  case .run(let keys, let mode, let output, let size, let dpi, let unitsText, let order):
    var units: ConvertUnits?
    if let unitsText {
      guard let chosen = convertUnits(unitsText) else { return 2 }
      units = chosen
    }
    // The run's own tape, as the window keeps one (docs/SPEC.md section 8); never the file. The
    // order as given, else Left to Right: a headless run reads no saved state (section 12); the
    // window's keys are typed in the order it will show, the one remembered.
    let remembered = output == .window ? rememberedOrder() : nil
    var document = Document(calculator: Calculator(order: order ?? remembered ?? .leftToRight))
    var split = TipCalculator()
    switch keys {
    case .calculator(let keys): for key in keys { document.press(key) }
    case .tip(let keys): for key in keys { split.press(key) }
    }
    let calculator = document.calculator
    let tape = document.tape
    switch output {
    case .print:
      print(numbers.localized(mode == .tip ? split.perPersonText : calculator.display))
      return 0
    case .state:
      // The scientific fields show in scientific mode, or after a scientific key.
      let pressed = if case .calculator(let keys) = keys { keys } else { [Key]() }
      let scientific = mode == .scientific || pressed.contains(where: \.isScientific)
      let state = mode == .tip ? split.state : calculator.state(scientific: scientific)
      print(state.localized(numbers).text)
      return 0
    case .render(let path):
      let size = size ?? Layout.defaultSize
      let layout = Layout(
        width: size.width, height: size.height, keypad: .of(mode ?? .basic),
        scale: Double(dpi ?? 96) / 96, converts: units != nil)
      var frame = Frame(
        layout: layout, calculator: calculator, tape: tape, split: split, units: units,
        numbers: numbers)
      LocalClock.dateAsTheWindow(&frame)
      do {
        try Renderer().writePNG(frame, to: path)
      } catch {
        printError(
          "circlecalc: "
            + tr("cannot write %s: %s").filling(quoted(path, limit: Int(PATH_MAX)), error))
        return 1
      }
      return 0
    case .icon(let path):
      if let size, size.width != size.height || size.width > Renderer.maximumIconSide {
        let most = Renderer.maximumIconSide
        printError(
          "circlecalc: "
            + tr("--icon needs a square --size up to %dx%d, not %dx%d").filling(
              most, most, size.width, size.height))
        return 2
      }
      do {
        try Renderer().renderIcon(size: size?.width ?? 256).writePNG(to: path)
      } catch {
        printError(
          "circlecalc: "
            + tr("cannot write %s: %s").filling(quoted(path, limit: Int(PATH_MAX)), error))
        return 1
      }
      return 0
    case .window:
      var options = WindowOptions(mode: mode)
      options.order = order
      options.units = units.map {
        ($0.from.category, UnitPair(from: $0.from.symbol, to: $0.to.symbol))
      }
      options.scale = dpi.map { Double($0) / 96 }
      options.numbers = numbers
      if let size {
        options.width = size.width
        options.height = size.height
      }
      return runWindow(calculator: calculator, finished: tape, split: split, options: options)
    }
  }
}

let version = "1.0.0"

exit(run())
