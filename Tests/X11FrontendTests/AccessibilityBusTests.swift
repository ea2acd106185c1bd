import Foundation
import TestSupport
import Testing

@testable import X11Frontend

#if canImport(Glibc)
  import Glibc
#endif

/// Finding the accessibility bus without D-Bus libraries: an address counts only when a socket
/// accepts a connection there.
@Suite struct AccessibilityBusTests {
  /// A Unix socket listening at `path` (a leading NUL: the abstract namespace), closed with it.
  final class Listener {
    let descriptor: Int32

    init(_ path: [UInt8]) throws {
      descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
      let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
      }
      guard bound == 0, listen(descriptor, 4) == 0 else { throw TestFailure("no socket") }
    }

    deinit { close(descriptor) }
  }

  let folder = TestSupport.temporaryPath("bus")

  func makeFolder() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func environment(_ values: [String: String]) -> (String) -> String? { { values[$0] } }

  @Test func aListeningSocketAnswersAndAMissingOneDoesNot() throws {
    try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let listener = try Listener(Array("\(folder)/bus".utf8))
    #expect(AccessibilityBus.answers("unix:path=\(folder)/bus"))
    #expect(AccessibilityBus.answers("unix:path=\(folder)/bus,guid=0123abcd"))
    #expect(!AccessibilityBus.answers("unix:path=\(folder)/other"))
    // Alternatives: the second one answers.
    #expect(AccessibilityBus.answers("unix:path=\(folder)/other;unix:path=\(folder)/bus"))
    // D-Bus escapes bytes as %XX: "/" is %2f.
    let escaped = "\(folder)/bus".replacingOccurrences(of: "/", with: "%2f")
    #expect(AccessibilityBus.answers("unix:path=\(escaped)"))
    #expect(!AccessibilityBus.answers("unix:path=%zz"))
    #expect(!AccessibilityBus.answers(""))
    #expect(!AccessibilityBus.answers("autolaunch:"))
    #expect(AccessibilityBus.answers("tcp:host=localhost,port=1"))  // left to D-Bus to try
    withExtendedLifetime(listener) {}
  }

  @Test func anAbstractSocketAnswers() throws {
    let name = "circlecalc-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let listener = try Listener([0] + Array(name.utf8))
    #expect(AccessibilityBus.answers("unix:abstract=\(name),guid=0"))
    #expect(!AccessibilityBus.answers("unix:abstract=\(name)-not"))
    withExtendedLifetime(listener) {}
  }

  @Test func theOrderIsTheEnvironmentTheRootWindowThenTheSessionBus() throws {
    try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let accessibility = try Listener(Array("\(folder)/a11y".utf8))
    let session = try Listener(Array("\(folder)/bus".utf8))
    let a11y = "unix:path=\(folder)/a11y"
    let dead = "unix:path=\(folder)/dead"
    let sessionAddress = "unix:path=\(folder)/bus"

    #expect(
      AccessibilityBus.find(
        rootProperty: dead, environment: environment(["AT_SPI_BUS_ADDRESS": a11y]))
        == .address(a11y))
    // A given address that does not answer is final: no other bus is tried.
    #expect(
      AccessibilityBus.find(
        rootProperty: a11y,
        environment: environment([
          "AT_SPI_BUS_ADDRESS": dead, "DBUS_SESSION_BUS_ADDRESS": sessionAddress,
        ])) == nil)
    #expect(
      AccessibilityBus.find(
        rootProperty: a11y, environment: environment(["DBUS_SESSION_BUS_ADDRESS": dead]))
        == .address(a11y))
    // A stale root window property falls through to the session bus.
    #expect(
      AccessibilityBus.find(
        rootProperty: dead, environment: environment(["DBUS_SESSION_BUS_ADDRESS": sessionAddress])
      ) == .session(sessionAddress))
    // Without DBUS_SESSION_BUS_ADDRESS, libdbus's default: $XDG_RUNTIME_DIR/bus.
    #expect(
      AccessibilityBus.find(
        rootProperty: nil, environment: environment(["XDG_RUNTIME_DIR": folder]))
        == .session(sessionAddress))
    #expect(AccessibilityBus.find(rootProperty: nil, environment: environment([:])) == nil)
    #expect(
      AccessibilityBus.find(
        rootProperty: nil, environment: environment(["DBUS_SESSION_BUS_ADDRESS": dead])) == nil)
    // NO_AT_BRIDGE=1 turns it all off, as in GTK.
    #expect(
      AccessibilityBus.find(
        rootProperty: a11y,
        environment: environment(["NO_AT_BRIDGE": "1", "AT_SPI_BUS_ADDRESS": a11y])) == nil)
    withExtendedLifetime((accessibility, session)) {}
  }
}
