// TEMPORARY API STUB — replaced by the real state machine (lead is writing it now).
/// The label of the one AC/C key.
public enum ClearLabel: String, Sendable { case allClear = "AC", clearEntry = "C" }

/// The calculator state machine.
public struct Calculator: Equatable, Sendable {
  public init() {}
  public mutating func press(_ key: Key) {}
  /// The display exactly as shown: "1,234.5", "NaN", "0.".
  public var display: String { "0" }
  /// The display in at most `maxLength` characters: a shorter scientific form for results,
  /// "…" + newest characters while typing.
  public func display(maxLength: Int) -> String { "0" }
  /// History strip rows, oldest first: ["12", "+ 3"].
  public var history: [String] { [] }
  /// The pending operator (highlighted key), or nil.
  public var pendingOperation: Operation? { nil }
  /// What the one AC/C key shows and does.
  public var clearLabel: ClearLabel { .allClear }
}
