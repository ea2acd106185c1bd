import CalculatorCore
import TestSupport
import Testing

/// What the fuzzers and the cross-check found, kept as fixed cases so that it cannot come back
/// unnoticed. Add each new find here: the sequence, text or arguments, and what must happen.
@Suite("Fuzz finds, kept")
struct FuzzRegressionTests {
  // swift-format-ignore
  @Test("Command-line messages quote control characters escaped, on one line", arguments: [
    // arguments                               found by
    (["--keys", "1\n2", "--print"],            "command-line fuzz: a newline split the message"),
    (["--keys", "1\u{1B}[31m", "--print"],     "command-line fuzz: ESC reached the terminal"),
    (["--size", "\n"],                         "command-line fuzz: --size echoed a newline"),
    (["\u{7F}\t"],                             "command-line fuzz: DEL and tab in an argument"),
    (["--keys", "\u{202E}12"],                 "command-line fuzz: a right-to-left override"),
  ])
  func commandLineMessages(arguments: [String], foundBy: String) throws {
    let run = try TestSupport.run(
      TestSupport.binary, arguments, environment: ["PATH": "/usr/bin:/bin"],
      timeout: TestSupport.patience)
    #expect(run.status == 2, "\(foundBy)")
    let message = run.stderrBytes.dropLast()
    #expect(run.stderrBytes.last == UInt8(ascii: "\n"), "\(foundBy)")
    #expect(!message.contains { $0 < 0x20 || $0 == 0x7F }, "\(foundBy): \(run.stderrBytes)")
  }

  @Test("Command-line messages with bytes that are not UTF-8 stay one line")
  func binaryArguments() throws {
    let noise: [UInt8] = [0xD2, 0x6B, 0x2A, 0x0A, 0x94, 0x1A, 0x9D, 0xAF, 0xED, 0xC1, 0xB2]
    let run = try TestSupport.run(
      TestSupport.binary, bytes: [noise, Array("--print".utf8)],
      environment: ["PATH": "/usr/bin:/bin"], timeout: TestSupport.patience)
    #expect(run.status == 2)
    #expect(!run.stderrBytes.dropLast().contains { $0 < 0x20 || $0 == 0x7F })
  }

  // swift-format-ignore
  @Test("Quotients the cross-check found short of digits", arguments: [
    // keys                                                   display
    ("1/50830142493653843012=",                               "1.9673366056859869505e-20"),
    ("7n/12345678901234567891=",                              "-5.670000051030000464e-19"),
    ("0.1/737452.39247566299726*932439861521n=",              "-126,440.68566795949111"),
    ("1%%%/99999999999999999999*99999999999999999999=%",      "0.00000001"),
    ("313/4.9999999999999999999*408859.5=+0.00000000000000000001=", "25,594,604.700000000001"),
  ])
  func quotients(keys: String, display: String) {
    #expect(TestSupport.calculator(after: keys).display == display)
  }
}
