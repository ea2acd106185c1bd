import Glibc

/// Where the accessibility bus is, found without D-Bus libraries, so that a calculator with no
/// screen reader around loads nothing (docs/SPEC.md section 9.4).
///
/// The order is libatspi's: `$AT_SPI_BUS_ADDRESS`, the `AT_SPI_BUS` property of the root window
/// (set by at-spi-bus-launcher), then the session bus, which knows the address (`org.a11y.Bus`).
/// Each address counts only when one of its sockets accepts a connection: a stale address or a
/// session bus that is gone loads nothing. `NO_AT_BRIDGE=1` turns the bridge off, as in GTK.
enum AccessibilityBus: Equatable, Sendable {
  /// The accessibility bus's own address.
  case address(String)
  /// Ask the session bus at this address (the bridge asks without blocking the window).
  case session(String)

  /// The bus to use, or nil when none answers.
  static func find(
    rootProperty: @autoclosure () -> String?,
    environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
  ) -> AccessibilityBus? {
    if environment("NO_AT_BRIDGE") == "1" { return nil }
    if let address = environment("AT_SPI_BUS_ADDRESS"), !address.isEmpty {
      return answers(address) ? .address(address) : nil
    }
    if let address = rootProperty(), !address.isEmpty, answers(address) {
      return .address(address)
    }
    var session = environment("DBUS_SESSION_BUS_ADDRESS") ?? ""
    if session.isEmpty, let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty {
      session = "unix:path=\(runtime)/bus"  // libdbus's default before it autolaunches one
    }
    return !session.isEmpty && answers(session) ? .session(session) : nil
  }

  /// Whether a D-Bus server listens at `address`.
  ///
  /// Unix sockets (`unix:path=…`, `unix:abstract=…`; alternatives separated by `;`) are tried;
  /// other transports are left to D-Bus, except `autolaunch:`, which would start a bus.
  static func answers(_ address: String) -> Bool {
    address.split(separator: ";").contains { entry in
      guard let colon = entry.firstIndex(of: ":") else { return false }
      let transport = entry[..<colon]
      var keys: [Substring: String] = [:]
      for pair in entry[entry.index(after: colon)...].split(separator: ",") {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        keys[pair[..<equals]] = unescape(pair[pair.index(after: equals)...])
      }
      switch transport {
      case "unix":
        if let path = keys["path"] { return connects(to: Array(path.utf8)) }
        if let name = keys["abstract"] { return connects(to: [0] + Array(name.utf8)) }
        return false
      case "autolaunch": return false
      default: return true
      }
    }
  }

  /// D-Bus addresses escape bytes as `%XX`.
  private static func unescape(_ value: Substring) -> String? {
    var bytes: [UInt8] = []
    var index = value.utf8.startIndex
    let utf8 = value.utf8
    while index < utf8.endIndex {
      if utf8[index] == UInt8(ascii: "%") {
        let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex
        guard utf8.distance(from: index, to: end) == 3,
          let byte = UInt8(
            String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(byte)
        index = end
      } else {
        bytes.append(utf8[index])
        index = utf8.index(after: index)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether a Unix stream socket at `path` (a leading 0 byte: the abstract namespace) accepts
  /// a connection; the connection is closed at once.
  private static func connects(to path: [UInt8]) -> Bool {
    var socketAddress = sockaddr_un()
    socketAddress.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
    guard !path.isEmpty, path.count < capacity else { return false }
    withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: path) }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
    return withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) == 0 }
    }
  }
}
