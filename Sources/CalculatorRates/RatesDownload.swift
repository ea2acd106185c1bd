import CCurl
import CalculatorCore
import Glibc

/// One download of the rates file with libcurl, in bounded time and size.
///
/// `fetch()` blocks until the file is in, the server fails or a timeout passes, and uses no
/// signals and no global state of the program's, so a helper thread may call it. The window
/// should rather start `circlecalc --update-rates` as a child (`RatesUpdateProcess`): its loop
/// then only watches a pipe, stays one thread, and never maps libcurl.
public struct RatesDownload: Sendable {
  /// The ECB's daily reference rates.
  public static let defaultURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"
  /// Seconds a whole download may take by default.
  public static let defaultTimeout = 30
  /// Seconds to wait for a connection, at most.
  public static let connectTimeout = 10
  /// The environment variable that shortens or lengthens the timeout (whole seconds, 1 to 600).
  public static let timeoutVariable = "CIRCLECALC_RATES_TIMEOUT"
  /// The environment variable naming another address than the ECB's, for `--update-rates`
  /// without one and the window's updates (tests serve their files from 127.0.0.1).
  public static let addressVariable = "CIRCLECALC_RATES_URL"

  /// The address `$CIRCLECALC_RATES_URL` names, the ECB's without it, nil for one that is not
  /// http or https.
  public static var addressFromEnvironment: String? {
    guard let text = getenv(addressVariable).map({ String(cString: $0) }) else {
      return defaultURL
    }
    return isWebAddress(text) ? text : nil
  }

  /// The address, `http://` or `https://`.
  public let url: String
  /// Seconds the whole download may take; the connection gets at most `connectTimeout` of it.
  public let timeout: Int

  /// A download of `url` within `timeout` seconds.
  public init(url: String = RatesDownload.defaultURL, timeout: Int = RatesDownload.defaultTimeout) {
    self.url = url
    self.timeout = timeout
  }

  /// Whether `url` is an address a download can take: http or https.
  public static func isWebAddress(_ url: String) -> Bool {
    let lower = url.lowercased()
    return (lower.hasPrefix("http://") && lower.count > 7)
      || (lower.hasPrefix("https://") && lower.count > 8)
  }

  /// The timeout `$CIRCLECALC_RATES_TIMEOUT` asks for, the default without it, nil for a value
  /// that is not a whole number of seconds from 1 to 600.
  public static var timeoutFromEnvironment: Int? {
    guard let text = getenv(timeoutVariable).map({ String(cString: $0) }) else {
      return defaultTimeout
    }
    guard let seconds = Int(text), (1...600).contains(seconds) else { return nil }
    return seconds
  }

  /// The file's bytes (at most `ECBRates.sizeLimit`); throws what went wrong.
  public func fetch() throws(RatesError) -> [UInt8] {
    var result = ccurl_result()
    let agent = "circlecalc"
    ccurl_fetch(
      url, agent, min(RatesDownload.connectTimeout, timeout) * 1000, timeout * 1000,
      ECBRates.sizeLimit, &result)
    defer { ccurl_free(&result) }
    let message = withUnsafeBytes(of: result.message) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
    switch result.status {
    case CCURL_OK:
      guard let data = result.data else { return [] }
      return Array(UnsafeBufferPointer(start: data, count: result.size))
    case CCURL_HTTP_ERROR: throw .httpStatus(result.http_status)
    case CCURL_TOO_LARGE: throw .tooLarge(limit: ECBRates.sizeLimit)
    case CCURL_NO_LIBRARY: throw .noLibrary(message)
    default: throw .unreachable(message)
    }
  }
}
