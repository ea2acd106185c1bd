import Foundation
import TestSupport
import Testing

/// The units Convert gained from its peers, temperatures below absolute zero and the reciprocal
/// fuel economy, through the real binary (docs/SPEC.md sections 10.1 and 10.2). Expected
/// displays come from `conversions.py`, which defines every unit again from its source with
/// Python's exact fractions.
@Suite("Convert: the peers' units, absolute zero, reciprocal units")
struct PeerUnitsCommandLineTests {
  static let reference = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/CalculatorCoreTests/conversions.py"
  ).path

  /// What `conversions.py` says the display is.
  static func expected(_ conversion: String) throws -> String {
    let run = try TestSupport.run("python3", [reference, "--show", conversion])
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.trimmingCharacters(in: .newlines)
  }

  @Test(
    "Each new unit converts exactly, by its symbol",
    arguments: [
      "1 ft3 to L", "1 in3 to mL", "1 yd3 to m3", "1 cL to dL", "1 impfloz to floz",
      "1 bbl to L", "1 ton to kg", "1 LT to ton", "1 ozt to g", "1000 gr to oz", "1 mm2 to in2",
      "1 a to m2", "1 ly to km", "1 au to mi", "1 Å to nm", "1 yr to d", "1 mo to h",
      "1 EB to PiB", "1 EiB to EB", "1 Tbit to GB", "1 MWh to kWh", "1 GWh to MJ",
      "1 BTU/h to W", "1 kgf/cm2 to psi", "1 ksi to MPa", "1 N to lbf", "1 kN to kgf",
      "1 lbf to kgf", "491.67 R to C", "30 mpg to L/100km", "6.5 L/100km to mpg",
      "40 mpgimp to mpg", "8 L/100km to km/L", "15 km/L to L/100km",
    ])
  func newUnits(conversion: String) throws {
    let run = try TestSupport.circlecalc(["--convert", conversion])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.stdout == (try Self.expected(conversion)) + "\n", "\(conversion)")
  }

  @Test(
    "A temperature below absolute zero is refused: status 2, one line, nothing on stdout",
    arguments: [
      ("-500 K to C", "-500 K"), ("-273.16 C to F", "-273.16 C"), ("-459.68 °F in K", "-459.68 F"),
      ("-0.001 R to K", "-0.001 R"), ("-1e6 C to K", "-1,000,000 C"),
    ])
  func belowAbsoluteZero(conversion: String, shown: String) throws {
    let run = try TestSupport.circlecalc(["--convert", conversion])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "circlecalc: '\(shown)' is below absolute zero: no temperature is below 0 K"
        + " (-273.15 °C, -459.67 °F)\n")
  }

  @Test(
    "Absolute zero itself converts, in every unit",
    arguments: ["0 K to C", "-273.15 C to F", "-459.67 F to R", "0 R to K"])
  func absoluteZero(conversion: String) throws {
    let run = try TestSupport.circlecalc(["--convert", conversion])
    #expect(run.status == 0)
    #expect(run.stdout == (try Self.expected(conversion)) + "\n")
  }

  @Test("0 L/100km is no fuel economy: refused as out of range")
  func noFuelEconomy() throws {
    let run = try TestSupport.circlecalc(["--convert", "0 L/100km to mpg"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test("--list-units has force and fuel economy, and names the thermochemical calorie")
  func listing() throws {
    let run = try TestSupport.circlecalc(["--list-units"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("  cal     thermochemical calorie"))
    #expect(lines.contains("force") && lines.contains("fuel economy"))
    for symbol in ["N", "kN", "lbf", "kgf", "km/L", "L/100km", "mpg", "mpgimp", "R", "ly"] {
      #expect(lines.contains { $0.hasPrefix("  \(symbol) ") }, "\(symbol)")
    }
  }
}
