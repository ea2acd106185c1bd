import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

/// `--units 'FROM to TO'`: the Convert lines drawn by `--render` (docs/SPEC.md section 10.4),
/// and the errors of a pair that cannot be shown.
@Suite("circlecalc --units")
struct UnitsCommandLineTests {
  func units(_ text: String, rates: CurrencyRates? = nil) throws -> ConvertUnits {
    let (from, to) = try Conversion.units(parsing: text, rates: rates)
    return ConvertUnits(from: from, to: to)
  }

  @Test(
    "--render --units draws the lines as the window's frame has them",
    arguments: [
      ("km to mi", "12*3=", Mode.basic, 360, 640), ("C to F", "40n", .basic, 200, 320),
      ("ft to m", "1[ee]25", .scientific, 852, 393), ("MiB in MB", "7", .scientific, 1280, 720),
    ])
  func renders(text: String, keys: String, mode: Mode, width: Int, height: Int) throws {
    let path = TestSupport.temporaryPath("units") + ".png"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try TestSupport.circlecalc([
      "--units", text, "--keys", keys, "--mode", mode.rawValue, "--size", "\(width)x\(height)",
      "--render", path,
    ])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let frame = Frame(
      calculator: TestSupport.calculator(after: keys), width: width, height: height, mode: mode,
      units: try units(text))
    #expect(frame.convert != nil)
    #expect(try Image(contentsOfPNG: path).differingPixels(from: Renderer().render(frame)) == 0)
    let plain = Frame(
      calculator: TestSupport.calculator(after: keys), width: width, height: height, mode: mode)
    #expect(try Image(contentsOfPNG: path).differingPixels(from: Renderer().render(plain)) > 0)
  }

  @Test("The converted line is the display's number in the other unit, as the display writes it")
  func convertedValues() throws {
    // By hand: 36 km = 36 / 1.609344 mi; 1e25 ft = 3.048e24 m; -40 °C = -40 °F.
    func converted(_ keys: String, _ text: String) throws -> String? {
      Frame(
        calculator: TestSupport.calculator(after: keys), width: 360, height: 640,
        mode: .scientific, units: try units(text)
      ).convert?.converted.text
    }
    #expect(try converted("12*3=", "km to mi") == "22.369362920544022906")
    #expect(try converted("1[ee]25=", "ft to m") == "3.048e24")
    #expect(try converted("40n", "C to F") == "-40")
    #expect(try converted("1/3=", "h to min") == "20")  // the display's 0.333…3 × 60, rounded
    #expect(try converted("1/0=", "m to ft") == "NaN")
  }

  @Test(
    "A pair that cannot be shown: status 2, one line naming it, nothing written",
    arguments: [
      (
        ["--units", "km to kg"],
        "circlecalc: cannot convert 'km' (length) to 'kg' (mass) in --units"
      ),
      (
        ["--units", "furlong to mi"],
        "circlecalc: unknown unit 'furlong' (circlecalc --list-units lists them) in --units"
      ),
      (
        ["--units", "km mi"],
        "circlecalc: cannot read 'km mi' as two units: expected FROM to TO, e.g. 'km to mi'"
          + " in --units"
      ),
      (
        ["--units", "km to mi", "--print"],
        "circlecalc: --units goes with --render or the window, not --print or --state"
          + " (see circlecalc --help)"
      ),
      (
        ["--units", "km to mi", "--mode", "tip"],
        "circlecalc: --units needs --mode basic or scientific (see circlecalc --help)"
      ),
      (
        ["--units", "EUR to USD"],
        "circlecalc: no currency rates yet: run circlecalc --update-rates"
      ),
    ])
  func refuses(arguments: [String], line: String) throws {
    let cache = TestSupport.temporaryPath("units-cache")
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache
    let path = TestSupport.temporaryPath("units") + ".png"
    let run = try TestSupport.circlecalc(
      arguments + ["--render", path].filter { _ in !arguments.contains("--print") },
      environment: environment)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == line + "\n")
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
