/// The two orders of operations (docs/SPEC.md section 12): how `=` evaluates a calculation's
/// binary operators.
///
///     2 + 3 × 4 =   // leftToRight: 20; math: 14
public enum Order: String, CaseIterable, Hashable, Sendable {
  /// Strictly left to right, as a pocket calculator: every binary operator on one level.
  case leftToRight = "left"
  /// Written maths: `EE`, then powers and roots (right-associative), then × ÷, then + −.
  case math

  /// How `operation` binds in this order: its row of `Order.bindings`.
  public func binding(of operation: Operation) -> Binding {
    let row = Order.bindings.first { $0.operation == operation }
    return (self == .math ? row?.math : row?.leftToRight) ?? Binding(level: 0, grouping: .left)
  }

  /// Each order as data (docs/SPEC.md section 12): Left to Right is the table where every
  /// binary operator has one level; one evaluator reads it (`Calculator.result(of:in:)`).
  // swift-format-ignore
  static let bindings: [(operation: Operation, leftToRight: Binding, math: Binding)] = [
    //  operation       left to right                      math
    (.ee,           Binding(level: 1, grouping: .left),  Binding(level: 4, grouping: .left)),
    (.power,        Binding(level: 1, grouping: .left),  Binding(level: 3, grouping: .right)),
    (.reversePower, Binding(level: 1, grouping: .left),  Binding(level: 3, grouping: .right)),
    (.root,         Binding(level: 1, grouping: .left),  Binding(level: 3, grouping: .right)),
    (.logarithm,    Binding(level: 1, grouping: .left),  Binding(level: 3, grouping: .right)),
    (.multiply,     Binding(level: 1, grouping: .left),  Binding(level: 2, grouping: .left)),
    (.divide,       Binding(level: 1, grouping: .left),  Binding(level: 2, grouping: .left)),
    (.add,          Binding(level: 1, grouping: .left),  Binding(level: 1, grouping: .left)),
    (.subtract,     Binding(level: 1, grouping: .left),  Binding(level: 1, grouping: .left)),
  ]

  /// What the mode menu and a screen reader call it, in the user's language: `Left to Right`,
  /// `Math Order`.
  public var name: String {
    switch self {
    case .leftToRight: tr("Left to Right")
    case .math: tr("Math Order")
    }
  }
}

/// How tightly a binary operator holds its operands in an order.
public struct Binding: Equatable, Sendable {
  /// Which way a run of operators of one level groups.
  public enum Grouping: Sendable {
    /// `8 ÷ 4 ÷ 2` is `(8 ÷ 4) ÷ 2`.
    case left
    /// `2 xʸ 3 xʸ 2` is `2 xʸ (3 xʸ 2)`: 512.
    case right
  }

  /// Higher levels are applied first.
  public var level: Int
  /// How operators of this level group among themselves.
  public var grouping: Grouping

  /// A binding of this level and grouping.
  public init(level: Int, grouping: Grouping) {
    self.level = level
    self.grouping = grouping
  }

  /// Whether an operator bound this way, already written to the left of `next`, is applied
  /// before `next`: a higher level, or the same level grouping to the left.
  public func isApplied(before next: Binding) -> Bool {
    level > next.level || (level == next.level && next.grouping == .left)
  }
}
