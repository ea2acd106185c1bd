import CalculatorCore

/// Why rates could not be downloaded, read or stored; its description is one line.
public enum RatesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No answer from the server: no network, refused, a timeout, TLS... (libcurl's words).
  case unreachable(String)
  /// The server answered with an error status: 404.
  case httpStatus(Int)
  /// More bytes than a rates file can be.
  case tooLarge(limit: Int)
  /// libcurl could not be loaded.
  case noLibrary(String)
  /// Not the ECB's daily rates file: what is wrong with it.
  case invalid(String)
  /// No rates file stored yet.
  case missing
  /// The stored file could not be read, or is not a rates file: the path and why.
  case unreadable(path: String, reason: String)
  /// The new file could not be stored: the path and why.
  case notStored(path: String, reason: String)
  /// Neither `$XDG_CACHE_HOME` nor `$HOME` names a folder.
  case noCacheFolder

  /// The message, without the program's name.
  public var description: String {
    switch self {
    case .unreachable(let reason): tr("no answer: %s").filling(reason)
    case .httpStatus(let status): tr("the server answered HTTP status %d").filling(status)
    case .tooLarge(let limit): tr("the file is larger than %d bytes").filling(limit)
    case .noLibrary(let reason): reason
    case .invalid(let reason): tr("not the ECB's daily rates: %s").filling(reason)
    case .missing: tr("no rates stored yet")
    case .unreadable(let path, let reason):
      tr("cannot read the stored rates %s: %s").filling(path, reason)
    case .notStored(let path, let reason):
      tr("cannot store the rates in %s: %s").filling(path, reason)
    case .noCacheFolder: tr("no folder for the rates: set XDG_CACHE_HOME or HOME")
    }
  }
}
