import CalculatorCore
import CalculatorLayout
import CalculatorRender
import Foundation
import TestSupport
import Testing

/// `--mode tip`, run as a user runs it (docs/SPEC.md sections 4 and 7).
@Suite("circlecalc --mode tip")
struct TipCommandLineTests {
  @Test("--state prints docs/SPEC.md section 7.4's object, fields in order, no spaces")
  func designExample() throws {
    let run = try TestSupport.circlecalc([
      "--mode", "tip", "--keys", "84.5[t18][p+][p+]", "--state",
    ])
    #expect(run.status == 0 && run.stderr.isEmpty)
    #expect(
      run.stdout
        == #"{"mode":"tip","bill":"84.50","tipPercent":"18","people":3,"tip":"15.21","#
        + #""total":"99.71","perPerson":"33.24","active":"bill"}"# + "\n")
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["people"] as? Int == 3)
  }

  @Test(
    "--print prints the per-person amount",
    arguments: [
      ("84.5[t18][p+][p+]", "33.24"), ("", "0.00"), ("100[tip]0[people]3", "33.34"),
      ("1234567.89[t20]", "1,481,481.47"), ("5 0 [t10] [p+]", "27.50"),
    ])
  func print(keys: String, expected: String) throws {
    let run = try TestSupport.circlecalc(["--keys", keys, "--mode", "tip", "--print"])
    #expect(run.status == 0)
    #expect(run.stdout == expected + "\n")
  }

  @Test(
    "Each mode reads its own tokens: the other's are unknown, named, status 2",
    arguments: [
      (["--mode", "tip", "--keys", "84.5+", "--state"], "'+'"),
      (["--mode", "tip", "--keys", "1=", "--print"], "'='"),
      (["--mode", "tip", "--keys", "[sqrt]", "--print"], "'[sqrt]'"),
      (["--keys", "12c", "--mode", "tip", "--print"], "'c'"),
      (["--keys", "5[t18]", "--print"], "'[t18]'"),
      (["--mode", "scientific", "--keys", "[p+]", "--state"], "'[p+]'"),
    ] as [([String], String)])
  func foreignTokens(arguments: [String], culprit: String) throws {
    let run = try TestSupport.circlecalc(arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(culprit))
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test("--render draws the Tip & Split screen, the renderer's own pixels")
  func render() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try TestSupport.circlecalc([
      "--mode", "tip", "--keys", "84.5[t18][p+][p+]", "--render", path, "--size", "393x852",
    ])
    #expect(run.status == 0)
    let written = try Image(contentsOfPNG: path)
    var split = TipCalculator()
    for key in try TipKey.sequence("84.5[t18][p+][p+]") { split.press(key) }
    let frame = Frame(calculator: Calculator(), width: 393, height: 852, mode: .tip, split: split)
    #expect(written.differingPixels(from: Renderer().render(frame)) == 0)
  }

  @Test("--help lists the tip tokens from the core's table")
  func help() throws {
    let help = try TestSupport.circlecalc(["--help"]).stdout
    for key in TipKey.allCases {
      if case .digit = key { continue }
      #expect(help.contains("\(key.token) \(key.spokenName)"), "\(key.token)")
    }
  }
}
