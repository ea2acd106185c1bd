import Foundation
import TestSupport
import Testing

/// `--order left|math` (docs/SPEC.md section 12), run as a user runs it.
@Suite("circlecalc --order")
struct OrderCommandLineTests {
  @Test(
    "--print prints the display as shown: the result, or Math Order's expression",
    arguments: [
      ([], "2+3*4=", "20"), (["--order", "left"], "2+3*4=", "20"),
      (["--order", "math"], "2+3*4=", "14"), (["--order", "math"], "12+3*4", "12+3×4"),
      (["--order=math"], "1234.5+2(1+1", "1,234.5+2(1+1"), ([], "2(1+1)=", "4"),
      (["--order", "math", "--mode", "scientific"], "2[pow]3[pow]2=", "512"),
      (["--mode", "basic"], "(1+1)(2+2)=", "8"),
    ] as [([String], String, String)])
  func prints(options: [String], keys: String, display: String) throws {
    let run = try TestSupport.circlecalc(options + ["--keys", keys, "--print"])
    #expect(run.status == 0 && run.stderr.isEmpty)
    #expect(run.stdout == display + "\n")
  }

  @Test("--state adds the order")
  func state() throws {
    for (options, order) in [([String](), "left"), (["--order", "math"], "math")] {
      let run = try TestSupport.circlecalc(options + ["--keys", "12+3", "--state"])
      #expect(run.status == 0)
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      #expect(object["order"] as? String == order)
      #expect(object["display"] as? String == (order == "math" ? "12+3" : "3"))
    }
    let math = try TestSupport.circlecalc(["--order", "math", "--keys", "12+3", "--state"])
    #expect(
      math.stdout
        == #"{"display":"12+3","history":["12"],"operator":"+","clearKey":"C","order":"math"}"#
        + "\n")
  }

  @Test(
    "A bad --order is one line naming it, status 2",
    arguments: [
      (["--order", "maths"], "circlecalc: unknown order 'maths' for --order: expected left, math"),
      (["--order"], "circlecalc: option --order needs a value"),
      (
        ["--order", "math", "--mode", "tip"], "circlecalc: --order needs --mode basic or scientific"
      ),
      (
        ["--order", "math", "--history"],
        "circlecalc: --history cannot be combined with other options"
      ),
    ] as [([String], String)])
  func badOrder(arguments: [String], message: String) throws {
    let run = try TestSupport.circlecalc(["--print"] + arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == message + " (see circlecalc --help)\n")
  }

  @Test("--help lists --order")
  func help() throws {
    let run = try TestSupport.circlecalc(["--help"])
    #expect(run.stdout.contains("--order ORDER"))
    #expect(run.stdout.contains("--bench-paste N"))
  }

  @Test("--bench-paste times a 10,000-character paste in each order")
  func benchPaste() throws {
    let run = try TestSupport.circlecalc(["--bench-paste", "2"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    let prefixes = [
      "paste 10000 characters, left: min ",
      "paste 10000 characters, left, through the window's logic with its frame: min ",
      "paste 10000 characters, math: min ",
      "paste 10000 characters, math, through the window's logic with its frame: min ",
    ]
    for (line, prefix) in zip(lines, prefixes) { #expect(line.hasPrefix(prefix), "\(line)") }
  }
}
