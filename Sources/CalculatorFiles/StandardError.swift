import Glibc

/// Writes one line to stderr, unbuffered.
public func printError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
