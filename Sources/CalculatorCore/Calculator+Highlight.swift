extension Calculator {
  /// The operator key the keypad shows highlighted: the pending one until the next number starts.
  ///
  /// As on the iPhone, `12 +` highlights +, and a digit, `.` or a paste after it ends the
  /// highlight while + stays pending (`pendingOperation`); clearing the entry back to `0` shows it
  /// again, since the operator is then waiting for its number once more.
  public var highlightedOperation: Operation? {
    entry == .zero ? pendingOperation : nil
  }
}
