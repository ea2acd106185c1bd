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

  static let helpText = """
    \(usage)

    CircleCalc, an iPhone-style calculator for the Linux desktop.
    With no option it opens the calculator window on $DISPLAY.

      --keys SEQ         press keys before anything else; spaces are ignored; tokens:
    \(tokenHelp)
      --mode MODE        basic, scientific or tip (Tip & Split): the keypad (default: basic
                         headless, the last one used in the window); tip has its own tokens:
    \(tipTokenHelp)
      --order ORDER      left (Left to Right: 2+3*4= is 20) or math (Math Order: 14, the
                         display shows the expression) (default: left headless, the last one
                         used in the window)
      --print            print the display as shown (tip: the per-person amount), then exit
      --state            print the state as JSON: display, history, operator, clearKey, order;
                         in tip mode mode, bill, tipPercent, people, tip, total, perPerson,
                         active
      --render FILE.png  write the window as it would look to a PNG file, then exit
      --size WxH         window size for --render or the window (default 360x640)
      --dpi N            the screen's dpi (default 96 headless, Xft.dpi for the window): the
                         window's size scales by it; --render draws its --size as a window
                         at that dpi would
      --units 'FROM to TO'  show the Convert lines between these units (basic and scientific;
                         the window or --render): 'km to mi', 'C to F', 'USD to EUR'
      --icon FILE.png    write the application icon, --size wide (default 256), then exit
      --history          print the saved history, one calculation per line, oldest first
      --format FORMAT    with --history: text (as above), csv (time,expression,result) or
                         json (one object a calculation: id, time, rows, result, order,
                         continues)
      --convert 'VALUE FROM to TO'
                         convert a value between units (or currencies) exactly and print it
                         as the display shows it: '1 m to ft', '-40 C in F', '120 USD to EUR'
      --list-units       print every category and its units: symbol, name, other spellings
      --update-rates [URL]  download the ECB's daily currency rates (or that file from URL)
                         into $XDG_CACHE_HOME/circlecalc and print their date; timeout:
                         $CIRCLECALC_RATES_TIMEOUT seconds (default 30)
      --help             show this help
      --version          show the version
      --bench-frames N   draw N frames at --size and print the draw time (developers)
      --bench-core N     press N random keys and print the core's keys per second
      --bench-functions N  time every function and operation over N hard operands
      --bench-history N  write and read a full history tape N times, print the times
      --bench-paste N    paste a 10,000-character expression N times, print the times
      --bench-tape N     time N runs of what a key, a scroll, a search and an edit cost on
                         the saved history tape (developers)
      --bench-append N   finish N calculations on the saved history, each saved as the
                         window saves it (appended; an edit rewrites it after every ninth),
                         printing each identity once on disk (developers: it changes the
                         saved history)

    examples:
      circlecalc --keys '2+3*4=' --print      # 20 (strictly left to right)
      circlecalc --order math --keys '2+3*4=' --print   # 14
      circlecalc --keys '12+3' --state
      circlecalc --keys '1/7=' --render out.png --size 393x852
      circlecalc --mode tip --keys '84.5[t18][p+][p+]' --print   # 33.24
      circlecalc --convert '1 m to ft'         # 3.2808398950131233596
    """

  /// Every `--keys` token and its key, from the core's table, wrapped under the option column.
  static var tokenHelp: String {
    let keys = Key.allCases.filter { if case .digit = $0 { false } else { true } }
    return wrappedHelp(["0-9 digits"] + keys.map { "\($0.token) \($0.spokenName)" })
  }

  /// The tip-mode tokens, from the core's table, wrapped the same way.
  static var tipTokenHelp: String {
    let keys = TipKey.allCases.filter { if case .digit = $0 { false } else { true } }
    return wrappedHelp(["0-9 digits"] + keys.map { "\($0.token) \($0.spokenName)" })
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
        throw CommandLineError("option \(option) needs a value")
      }
      return value
    }
    func setStandalone(_ command: Command, _ option: String) throws(CommandLineError) {
      if let standalone {
        throw CommandLineError("\(standalone.option) cannot be combined with \(option)")
      }
      standalone = (option, command)
    }
    func setOutput(_ new: Output, _ option: String) throws(CommandLineError) {
      guard output == nil else {
        throw CommandLineError(
          "\(option) cannot be combined with another of --print, --state, --render, --icon")
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
          throw CommandLineError("--history cannot be combined with other options")
        }
        informational = informational ?? command
      case "--format":
        let name = try value(for: option)
        guard let chosen = HistoryFormat(rawValue: name) else {
          throw CommandLineError(
            "unknown format \(quoted(name)) for --format: expected "
              + HistoryFormat.allCases.map(\.rawValue).joined(separator: ", "))
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
              "invalid address \(quoted(next)) for --update-rates: expected http:// or https://")
          }
        }
        try setStandalone(.updateRates(url: url), option)
      case "--keys":
        sequences.append(try value(for: option))
      case "--mode":
        let name = try value(for: option)
        guard let chosen = Mode(rawValue: name) else {
          throw CommandLineError(
            "unknown mode \(quoted(name)) for --mode: expected "
              + Mode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        mode = chosen
      case "--order":
        let name = try value(for: option)
        guard let chosen = Order(rawValue: name) else {
          throw CommandLineError(
            "unknown order \(quoted(name)) for --order: expected "
              + Order.allCases.map(\.rawValue).joined(separator: ", "))
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
          throw CommandLineError("invalid --dpi \(quoted(text)): expected 48 to 480")
        }
        dpi = number
      case "--bench-frames", "--bench-core", "--bench-functions", "--bench-history",
        "--bench-paste", "--bench-tape", "--bench-append":
        let text = try value(for: option)
        guard let count = Int(text), (1...10_000_000).contains(count) else {
          throw CommandLineError(
            "invalid count \(quoted(text)) for \(option): expected 1 to 10000000")
        }
        benchmark = (option, count)
      default:
        if option.hasPrefix("-") { throw CommandLineError("unknown option \(quoted(option))") }
        throw CommandLineError("unexpected argument \(quoted(option))")
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
        throw CommandLineError(error.description + (mode == .tip ? " (tip mode)" : ""))
      }
    }
    if let standalone {
      guard sequences.isEmpty, mode == nil, order == nil, output == nil, size == nil,
        benchmark == nil, informational == nil, units == nil
      else {
        throw CommandLineError("\(standalone.option) cannot be combined with other options")
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
      case "--bench-tape": return .benchmarkTape(count: benchmark.count)
      case "--bench-append": return .benchmarkAppend(count: benchmark.count)
      default: return .benchmarkHistory(count: benchmark.count)
      }
    }
    if units != nil {
      // docs/SPEC.md section 10.4: the Convert lines belong to the calculator's keypads.
      switch output {
      case .print?, .state?, .icon?:
        throw CommandLineError("--units goes with --render or the window, not --print or --state")
      default: break
      }
      if mode == .tip { throw CommandLineError("--units needs --mode basic or scientific") }
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
        "invalid --size \(quoted(text)): expected WxH, e.g. 360x640 (1 to \(range.upperBound))")
    }
    return PixelSize(width: width, height: height)
  }
}

/// A bad command line: one line for stderr, exit status 2.
struct CommandLineError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
