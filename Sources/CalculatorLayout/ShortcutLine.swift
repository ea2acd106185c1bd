/// One line of the keyboard-shortcuts overlay: what to press and what it does.
public struct ShortcutLine: Hashable, Sendable {
  /// What to press: `"=  Return  Enter"`.
  public let keys: String
  /// What it does: `"equals"`.
  public let action: String

  /// A line pressing `keys` to do `action`.
  public init(keys: String, action: String) {
    self.keys = keys
    self.action = action
  }
}
