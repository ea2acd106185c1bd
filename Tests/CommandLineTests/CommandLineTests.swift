import Foundation
import TestSupport
import Testing

/// The built `circlecalc` binary, run as a user runs it.
@Suite("circlecalc command line")
struct CommandLineTests {
  @Test(
    "--print prints the display exactly",
    arguments: [
      ("2+3*4=", "20"), ("2/3=", "0.66666666666666666667"), ("1/3*3=", "1"), (".1+.2=", "0.3"),
      ("5/0=", "NaN"), ("1234567.50", "1,234,567.50"), ("", "0"), (" 1 + 1 = ", "2"),
      ("15*10000000000*10000000000*10000=", "1.5e25"), ("2n/1000000000=", "-2e-9"),
    ])
  func printsDisplay(keys: String, expected: String) throws {
    let run = try TestSupport.circlecalc(["--keys", keys, "--print"])
    #expect(run.status == 0)
    #expect(run.stdout == expected + "\n")
    #expect(run.stderr.isEmpty)
  }

  @Test("--print prints the longest displays whole: 20 digits, sign, grouping, exponent")
  func printsTheLongestDisplays() throws {
    for (keys, display) in TestSupport.longDisplays {
      let run = try TestSupport.circlecalc(["--keys", keys, "--print"])
      #expect(run.status == 0 && run.stdout == display + "\n", "\(keys)")
    }
  }

  @Test("--state prints the JSON of docs/SPEC.md section 4.3")
  func state() throws {
    let run = try TestSupport.circlecalc(["--keys", "12+3", "--state"])
    #expect(run.status == 0)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["display", "history", "operator", "clearKey", "order"])
    #expect(object["display"] as? String == "3")
    #expect(object["history"] as? [String] == ["12"])
    #expect(object["operator"] as? String == "+")
    #expect(object["clearKey"] as? String == "C")
    #expect(object["order"] as? String == "left")
    #expect(run.stdout.hasSuffix("}\n"))
  }

  @Test(
    "--state uses the strip's glyphs and null for no operator",
    arguments: [
      ("", "0", [], nil, "AC"),
      ("12-3*4=", "36", ["12", "− 3", "× 4"], nil, "C"),
      ("8/", "0", ["8"], "÷", "AC"),
      ("5*", "0", ["5"], "×", "AC"),
      ("5/0=", "NaN", ["5", "÷ 0"], nil, "C"),
    ] as [(String, String, [String], String?, String)])
  func stateFields(
    keys: String, display: String, history: [String], operation: String?, clear: String
  ) throws {
    let run = try TestSupport.circlecalc(["--keys", keys, "--state"])
    #expect(run.status == 0)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["display"] as? String == display)
    #expect(object["history"] as? [String] == history)
    if let operation {
      #expect(object["operator"] as? String == operation)
    } else {
      #expect(object["operator"] is NSNull)
    }
    #expect(object["clearKey"] as? String == clear)
  }

  @Test(
    "Scientific --state adds memory, angle and openParens (docs/SPEC.md section 4.3)",
    arguments: [
      (["--mode", "scientific", "--keys", "12+3"], "3", "+", nil, "deg", 0),
      (["--keys", "2*(3+4"], "4", "+", nil, "deg", 1),
      (["--keys", "2*((3+4)"], "7", nil, nil, "deg", 1),
      (["--keys", "5[m+][rad]"], "5", nil, "5", "rad", 0),
      (
        ["--keys", "2/3=[m+]", "--mode", "basic"], "0.66666666666666666667", nil,
        "0.66666666666666666667", "deg", 0
      ),
    ] as [([String], String, String?, String?, String, Int)])
  func scientificState(
    arguments: [String], display: String, operation: String?, memory: String?, angle: String,
    openParens: Int
  ) throws {
    let run = try TestSupport.circlecalc(arguments + ["--state"])
    #expect(run.status == 0)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(
      Set(object.keys)
        == [
          "display", "history", "operator", "clearKey", "order", "memory", "angle", "openParens",
        ])
    #expect(object["display"] as? String == display)
    #expect(object["operator"] as? String == operation)
    #expect(object["memory"] as? String == memory)
    #expect((object["memory"] is NSNull) == (memory == nil))
    #expect(object["angle"] as? String == angle)
    #expect(object["openParens"] as? Int == openParens)
  }

  @Test("--mode basic and --mode scientific share one calculator: same display")
  func modesShareTheCalculator() throws {
    for mode in ["basic", "scientific"] {
      let run = try TestSupport.circlecalc(["--mode", mode, "--keys", "2*(3+4)=", "--print"])
      #expect(run.status == 0)
      #expect(run.stdout == "14\n")
    }
  }

  @Test(
    "Bad command lines: one line on stderr naming the culprit, status 2, nothing on stdout",
    arguments: [
      (["--bogus"], "'--bogus'"),
      (["--keys", "12x3", "--print"], "'x'"),
      (["--keys"], "--keys"),
      (["--render"], "--render"),
      (["--print", "--state"], "--state"),
      (["--size", "12"], "'12'"),
      (["--size", "0x10", "--render", "x.png"], "'0x10'"),
      (["stray"], "'stray'"),
      (["-x"], "'-x'"),
      (["--keys", "1+1", "--print", "--render", "x.png"], "--render"),
      (["--help", "--bogus"], "'--bogus'"),
      (["--version", "--keys", "q"], "'q'"),
      (["--version", "extra"], "'extra'"),
      (["--icon", "x.png", "--size", "256x128"], "256x128"),
      (["--mode", "bogus", "--print"], "'bogus'"),
      (["--mode"], "--mode"),
      (["--keys", "2[sqr]", "--print"], "'[sqr]'"),
      (["--keys", "[sqrt", "--print"], "'[sqrt'"),
      (["--print", "--keys", "1+", "--keys", "2q"], "'q'"),
    ] as [([String], String)])
  func badArguments(arguments: [String], culprit: String) throws {
    let run = try TestSupport.circlecalc(arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("circlecalc: "))
    #expect(run.stderr.contains(culprit))
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test("An unknown token does nothing else: no file is written")
  func badTokenWritesNothing() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-\(UUID().uuidString).png").path
    let run = try TestSupport.circlecalc(["--keys", "1+q", "--render", path])
    #expect(run.status == 2)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("--help and --version")
  func helpAndVersion() throws {
    let help = try TestSupport.circlecalc(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: circlecalc"))
    #expect(help.stdout.contains("--keys SEQ"))
    let version = try TestSupport.circlecalc(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("circlecalc "))
  }

  @Test("Without a display the window says so, naming DISPLAY, and exits 1")
  func noDisplay() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    let run = try TestSupport.circlecalc([], environment: environment)
    #expect(run.status == 1)
    #expect(run.stderr.contains("DISPLAY"))
    #expect(run.stderr.split(separator: "\n").count == 1)
    environment["DISPLAY"] = ":9999"
    let nowhere = try TestSupport.circlecalc(["--keys", "12"], environment: environment)
    #expect(nowhere.status == 1)
    #expect(nowhere.stderr.contains(":9999"))
  }

  @Test("--render writes a PNG of the requested size; a bad path fails with status 1")
  func render() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("circlecalc-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try TestSupport.circlecalc(["--keys", "7+8=", "--render", path, "--size", "300x500"])
    #expect(run.status == 0)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR: width and height, big-endian, at bytes 16..23.
    let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 300 && height == 500)
    let bad = try TestSupport.circlecalc(["--render", "/nonexistent-dir/x.png"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("/nonexistent-dir/x.png"))
  }
}
