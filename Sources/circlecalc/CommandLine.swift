import CalculatorCore
import CalculatorLayout
import CalculatorRates

/// What the command line asks for.
enum Command: Equatable {
  /// What to do with the state after the keys.
  enum Output: Equatable {
    case window
    case print
    case state
    case render(path: String)
    case icon(path: String)
  }

  case help
  case version
  /// Print the saved history tape, in a format (docs/SPEC.md section 8.4).
  case history(HistoryFormat)
  /// Convert a value: `--convert '1 m to ft'`.
  case convert(String)
  /// Print the units of every category.
  case listUnits
  /// Download and store the currency rates, from the ECB or the address given.
  case updateRates(url: String?)
  /// Developer figures for `make bench`: frame draw time, or the core's keys per second.
  case benchmarkFrames(count: Int, width: Int, height: Int)
  case benchmarkCore(count: Int)
  case benchmarkFunctions(count: Int)
  case benchmarkHistory(count: Int)
  case benchmarkPaste(count: Int)
  case benchmarkExact(count: Int)
  case benchmarkTape(count: Int)
  case benchmarkAppend(count: Int)
  case run(
    keys: Keys, mode: Mode?, output: Output, size: PixelSize?, dpi: Int?,
    units: String? = nil, order: Order? = nil)

  /// The `--keys`, read in the token language of the mode: Tip & Split has its own.
  enum Keys: Equatable {
    case calculator([Key])
    case tip([TipKey])
  }

  static let usage = """
    usage: circlecalc [--mode MODE] [--order ORDER] [--keys SEQ] \
    [--print | --state | --render FILE.png] [--size WxH] [--dpi N] [--units 'FROM to TO']
           circlecalc --history [--format text|csv|json] | --convert 'VALUE FROM to TO' \
    | --list-units | --update-rates [URL]
    """

  /// `--help`: the usage, then each option's lines (translated whole, option names kept, as
  /// coreutils does), the tokens from the core's tables, the examples.
  static var helpText: String {
    let options = helpOptions.map { "  " + $0 }
    return
      ([
        usage, "", tr("CircleCalc, an iPhone-style calculator for the Linux desktop."),
        tr("With no option it opens the calculator window on $DISPLAY."), "", options[0],
        tokenHelp, options[1], tipTokenHelp,
      ] + options.dropFirst(2) + ["", helpExamples])
      .joined(separator: "\n")
  }

  // One text per option, its name included; continued lines indented under the description.
  // swift-format-ignore
  static var helpOptions: [String] { [
    tr("--keys SEQ         press keys before anything else; spaces are ignored; tokens:"),
    tr("--mode MODE        basic, scientific or tip (Tip & Split): the keypad (default: basic\n                     headless, the last one used in the window); tip has its own tokens:"),
    tr("--order ORDER      left (Left to Right: 2+3*4= is 20) or math (Math Order: 14, the\n                     display shows the expression) (default: left headless, the last one\n                     used in the window)"),
    tr("--print            print the display as shown (tip: the per-person amount), then exit"),
    tr("--state            print the state as JSON: display, history, operator, clearKey, order;\n                     in tip mode mode, bill, tipPercent, people, tip, total, perPerson,\n                     active"),
    tr("--render FILE.png  write the window as it would look to a PNG file, then exit"),
    tr("--size WxH         window size for --render or the window (default 360x640)"),
    tr("--dpi N            the screen's dpi (default 96 headless, Xft.dpi for the window): the\n                     window's size scales by it; --render draws its --size as a window\n                     at that dpi would"),
    tr("--units 'FROM to TO'  show the Convert lines between these units (basic and scientific;\n                     the window or --render): 'km to mi', 'C to F', 'USD to EUR'"),
    tr("--icon FILE.png    write the application icon, --size wide (default 256), then exit"),
    tr("--history          print the saved history, one calculation per line, oldest first"),
    tr("--format FORMAT    with --history: text (as above), csv (time,expression,result) or\n                     json (one object a calculation: id, time, rows, result, order,\n                     continues)"),
    tr("--convert 'VALUE FROM to TO'\n                     convert a value between units (or currencies) exactly and print it\n                     as the display shows it: '1 m to ft', '-40 C in F', '120 USD to EUR'"),
    tr("--list-units       print every category and its units: symbol, name, other spellings"),
    tr("--update-rates [URL]  download the ECB's daily currency rates (or that file from URL)\n                     into $XDG_CACHE_HOME/circlecalc and print their date; timeout:\n                     $CIRCLECALC_RATES_TIMEOUT seconds (default 30)"),
    tr("--help             show this help"),
    tr("--version          show the version"),
    tr("--bench-frames N   draw N frames at --size and print the draw time (developers)"),
    tr("--bench-core N     press N random keys and print the core's keys per second"),
    tr("--bench-functions N  time every function and operation over N hard operands"),
    tr("--bench-history N  write and read a full history tape N times, print the times"),
    tr("--bench-paste N    paste a 10,000-character expression N times, print the times"),
    tr("--bench-exact N    time the key sequences on standard input and N random function\n                     chains, print the slowest (make bench: fuzz/cancellation.txt)"),
    tr("--bench-tape N     time N runs of what a key, a scroll, a search and an edit cost on\n                     the saved history tape (developers)"),
    tr("--bench-append N   finish N calculations on the saved history, each saved as the\n                     window saves it (appended; an edit rewrites it after every ninth),\n                     printing each identity once on disk (developers: it changes the\n                     saved history)"),
  ] }

  // swift-format-ignore
  static var helpExamples: String { tr("examples:\n  circlecalc --keys '2+3*4=' --print      # 20 (strictly left to right)\n  circlecalc --order math --keys '2+3*4=' --print   # 14\n  circlecalc --keys '12+3' --state\n  circlecalc --keys '1/7=' --render out.png --size 393x852\n  circlecalc --mode tip --keys '84.5[t18][p+][p+]' --print   # 33.24\n  circlecalc --convert '1 m to ft'         # 3.2808398950131233596") }

  /// Every `--keys` token and its key, from the core's table, wrapped under the option column.
  static var tokenHelp: String {
    let keys = Key.allCases.filter { if case .digit = $0 { false } else { true } }
    return wrappedHelp([tr("0-9 digits")] + keys.map { "\($0.token) \($0.spokenName)" })
  }

  /// The tip-mode tokens, from the core's table, wrapped the same way.
  static var tipTokenHelp: String {
    let keys = TipKey.allCases.filter { if case .digit = $0 { false } else { true } }
    return wrappedHelp([tr("0-9 digits")] + keys.map { "\($0.token) \($0.spokenName)" })
  }

  private static func wrappedHelp(_ entries: [String]) -> String {
    var lines: [String] = []
    var line = ""
    for entry in entries {
      if !line.isEmpty && 25 + line.count + entry.count + 2 > 100 {
        lines.append(line + ",")
        line = ""
      }
      line += (line.isEmpty ? "" : ", ") + entry
    }
    lines.append(line)
    return lines.map { String(repeating: " ", count: 25) + $0 }.joined(separator: "\n")
  }

  /// Reads the arguments (without the program name); throws a one-line message.
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Command {
    var sequences: [String] = []
    var mode: Mode?
    var order: Order?
    var output: Output?
    var size: PixelSize?
    var dpi: Int?
    var units: String?
    var benchmark: (option: String, count: Int)?
    var informational: Command?
    var format: (option: String, value: HistoryFormat)?
    var standalone: (option: String, command: Command)?
    var remaining = arguments[...]

    func value(for option: String) throws(CommandLineError) -> String {
      guard let value = remaining.popFirst() else {
        throw CommandLineError(tr("option %s needs a value").filling(option))
      }
      return value
    }
    func setStandalone(_ command: Command, _ option: String) throws(CommandLineError) {
      if let standalone {
        throw CommandLineError(
          tr("%s cannot be combined with %s").filling(standalone.option, option))
      }
      standalone = (option, command)
    }
    func setOutput(_ new: Output, _ option: String) throws(CommandLineError) {
      guard output == nil else {
        throw CommandLineError(
          tr("%s cannot be combined with another of --print, --state, --render, --icon")
            .filling(option))
      }
      output = new
    }

    while let argument = remaining.popFirst() {
      var option = argument
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        option = String(argument[..<equals])
        remaining.insert(
          String(argument[argument.index(after: equals)...]), at: remaining.startIndex)
      }
      switch option {
      // Read on to the end: an unknown option anywhere wins over --help ("nothing else done").
      case "--help", "-h", "--version", "--history":
        let command: Command =
          switch option {
          case "--version": .version
          case "--history": .history(.text)
          default: .help
          }
        if informational == .history(.text) || (command == .history(.text) && informational != nil)
        {
          throw CommandLineError(tr("--history cannot be combined with other options"))
        }
        informational = informational ?? command
      case "--format":
        let name = try value(for: option)
        guard let chosen = HistoryFormat(rawValue: name) else {
          throw CommandLineError(
            tr("unknown format %s for --format: expected %s").filling(
              quoted(name), HistoryFormat.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        format = (option, chosen)
      case "--convert": try setStandalone(.convert(try value(for: option)), option)
      case "--list-units": try setStandalone(.listUnits, option)
      case "--update-rates":
        // The address is optional: the next argument, unless it is an option.
        var url: String?
        if let next = remaining.first, !next.hasPrefix("-") {
          url = remaining.popFirst()
          guard let url, RatesDownload.isWebAddress(url) else {
            throw CommandLineError(
              tr("invalid address %s for --update-rates: expected http:// or https://")
                .filling(quoted(next)))
          }
        }
        try setStandalone(.updateRates(url: url), option)
      case "--keys":
        sequences.append(try value(for: option))
      case "--mode":
        let name = try value(for: option)
        guard let chosen = Mode(rawValue: name) else {
          throw CommandLineError(
            tr("unknown mode %s for --mode: expected %s").filling(
              quoted(name), Mode.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        mode = chosen
      case "--order":
        let name = try value(for: option)
        guard let chosen = Order(rawValue: name) else {
          throw CommandLineError(
            tr("unknown order %s for --order: expected %s").filling(
              quoted(name), Order.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        order = chosen
      case "--print": try setOutput(.print, option)
      case "--state": try setOutput(.state, option)
      case "--render": try setOutput(.render(path: try value(for: option)), option)
      case "--icon": try setOutput(.icon(path: try value(for: option)), option)
      case "--size": size = try parseSize(try value(for: option))
      case "--units": units = try value(for: option)
      case "--dpi":
        let text = try value(for: option)
        guard let number = Int(text), (48...480).contains(number) else {
          throw CommandLineError(
            tr("invalid --dpi %s: expected 48 to 480").filling(quoted(text)))
        }
        dpi = number
      case "--bench-frames", "--bench-core", "--bench-functions", "--bench-history",
        "--bench-paste", "--bench-exact", "--bench-tape", "--bench-append":
        let text = try value(for: option)
        guard let count = Int(text), (1...10_000_000).contains(count) else {
          throw CommandLineError(
            tr("invalid count %s for %s: expected 1 to 10000000").filling(quoted(text), option))
        }
        benchmark = (option, count)
      default:
        if option.hasPrefix("-") {
          throw CommandLineError(tr("unknown option %s").filling(quoted(option)))
        }
        throw CommandLineError(tr("unexpected argument %s").filling(quoted(option)))
      }
    }
    var keys = mode == .tip ? Keys.tip([]) : Keys.calculator([])
    for sequence in sequences {
      do {
        switch keys {
        case .calculator(let pressed): keys = .calculator(pressed + (try Key.sequence(sequence)))
        case .tip(let pressed): keys = .tip(pressed + (try TipKey.sequence(sequence)))
        }
      } catch {
        throw CommandLineError(
          mode == .tip ? tr("%s (tip mode)").filling(error.description) : error.description)
      }
    }
    if let standalone {
      guard sequences.isEmpty, mode == nil, order == nil, output == nil, size == nil,
        benchmark == nil, informational == nil, units == nil
      else {
        throw CommandLineError(
          tr("%s cannot be combined with other options").filling(standalone.option))
      }
      return standalone.command
    }
    if case .history = informational {
      // docs/SPEC.md section 8.4: --history takes --format and nothing else.
      guard sequences.isEmpty, mode == nil, output == nil, size == nil, benchmark == nil,
        units == nil, dpi == nil, order == nil
      else { throw CommandLineError("--history cannot be combined with other options") }
      return .history(format?.value ?? .text)
    }
    if format != nil { throw CommandLineError("--format goes with --history") }
    if let informational { return informational }
    if let benchmark {
      let size = size ?? Layout.defaultSize
      switch benchmark.option {
      case "--bench-frames":
        return .benchmarkFrames(count: benchmark.count, width: size.width, height: size.height)
      case "--bench-core": return .benchmarkCore(count: benchmark.count)
      case "--bench-functions": return .benchmarkFunctions(count: benchmark.count)
      case "--bench-paste": return .benchmarkPaste(count: benchmark.count)
      case "--bench-exact": return .benchmarkExact(count: benchmark.count)
      case "--bench-tape": return .benchmarkTape(count: benchmark.count)
      case "--bench-append": return .benchmarkAppend(count: benchmark.count)
      default: return .benchmarkHistory(count: benchmark.count)
      }
    }
    if units != nil {
      // docs/SPEC.md section 10.4: the Convert lines belong to the calculator's keypads.
      switch output {
      case .print?, .state?, .icon?:
        throw CommandLineError(
          tr("--units goes with --render or the window, not --print or --state"))
      default: break
      }
      if mode == .tip { throw CommandLineError(tr("--units needs --mode basic or scientific")) }
    }
    // docs/SPEC.md section 12: the order belongs to the calculator's keypads.
    if order != nil, mode == .tip {
      throw CommandLineError("--order needs --mode basic or scientific")
    }
    return .run(
      keys: keys, mode: mode, output: output ?? .window, size: size, dpi: dpi, units: units,
      order: order)
  }

  /// `"360x640"` → (360, 640); sides from 1 to `Layout.maximumRequestedSide`.
  static func parseSize(_ text: String) throws(CommandLineError) -> PixelSize {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    let range = 1...Layout.maximumRequestedSide
    guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
      range.contains(width), range.contains(height)
    else {
      throw CommandLineError(
        tr("invalid --size %s: expected WxH, e.g. 360x640 (1 to %d)").filling(
          quoted(text), range.upperBound))
    }
    return PixelSize(width: width, height: height)
  }
}

/// A bad command line: one line for stderr, exit status 2.
struct CommandLineError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
