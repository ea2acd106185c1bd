import Glibc

/// A real number that is not kept as a fraction or a multiple of π: an operation or a
/// function of other real numbers, which it holds exactly (docs/SPEC.md section 16).
///
/// A node computes an interval that holds its exact value at a working precision: MPFR
/// evaluates the operation on the operands' intervals, rounding every bound outward
/// (`Operator.enclose`). The interval a node computed last is kept, so a value carried on
/// through a calculation is not evaluated again from its start at every key, unless a finer
/// interval is asked for. Nodes form a graph (the memory's value may be an operand twice), and
/// a chain of them may be thousands deep (√ pressed 1,000 times): evaluation and release walk
/// it with a stack of their own, not with recursion.
final class Node: @unchecked Sendable {
  /// What the node computes.
  let operation: Operator
  /// Its operands; only `deinit` takes them away.
  private(set) var operands: [RealNumber.Form]
  /// Bits the first evaluation needs above `Engine.basePrecision`: the integer bits of the
  /// argument of a periodic or exponential function, whose rounding the result magnifies.
  let extraBits: Int
  /// The finest interval computed so far, and its precision (nil: undefined at it).
  ///
  /// Guarded by `Node.lock`.
  private var cache: (precision: Int, interval: Interval?)?

  /// `operation` of `operands`, with the bits its first evaluation needs above theirs.
  init(_ operation: Operator, _ operands: [RealNumber.Form], extraBits: Int = 0) {
    self.operation = operation
    self.operands = operands
    self.extraBits = operands.reduce(extraBits) { max($0, $1.extraBits) }
  }

  deinit {
    // Releasing a chain one node inside the next would recurse as deep as the chain.
    var released = operands
    operands = []
    while let form = released.popLast() {
      guard case .computed(var node) = form else { continue }
      if isKnownUniquelyReferenced(&node) {
        released += node.operands
        node.operands = []
      }
    }
  }

  /// One lock for every node's cache: evaluations are short, and rarely on two threads.
  private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()

  /// The kept result, when it was computed at `precision` bits or more.
  private func cached(atLeast precision: Int) -> (precision: Int, interval: Interval?)? {
    pthread_mutex_lock(Node.lock)
    defer { pthread_mutex_unlock(Node.lock) }
    guard let cache, cache.precision >= precision else { return nil }
    return cache
  }

  private func keep(_ interval: Interval?, precision: Int) {
    pthread_mutex_lock(Node.lock)
    defer { pthread_mutex_unlock(Node.lock) }
    if let cache, cache.precision >= precision, cache.interval != nil { return }
    cache = (precision, interval)
  }

  /// An interval that holds the exact value, computed at `precision` bits (or taken from a
  /// finer one computed before); nil where the operation is not defined over the operands'
  /// intervals at that precision (a divisor's interval holding 0, a pole inside).
  func enclosure(precision: Int) -> Interval? {
    if let kept = cached(atLeast: precision) { return kept.interval }
    // Each node is computed once its computed operands are: a stack, not recursion.
    var stack: [(node: Node, operandsReady: Bool)] = [(self, false)]
    while let (node, operandsReady) = stack.popLast() {
      if node.cached(atLeast: precision) != nil { continue }
      if !operandsReady {
        stack.append((node, true))
        for case .computed(let operand) in node.operands
        where operand.cached(atLeast: precision) == nil {
          stack.append((operand, false))
        }
        continue
      }
      var intervals: [Interval] = []
      for operand in node.operands {
        let interval: Interval?
        if case .computed(let inner) = operand {
          interval = inner.cached(atLeast: precision)?.interval
        } else {
          interval = operand.enclosure(precision: precision)
        }
        guard let interval else { break }
        intervals.append(interval)
      }
      let result =
        intervals.count == node.operands.count
        ? node.operation.enclose(intervals, precision: precision) : nil
      node.keep(result, precision: precision)
    }
    return cached(atLeast: precision)?.interval
  }

  /// Whether `other` computes the same operation of the same operands: two values typed and
  /// computed the same way are equal; a value is not compared with what it equals
  /// mathematically.
  func isSame(as other: Node) -> Bool {
    var pairs: [(Node, Node)] = [(self, other)]
    var seen: Set<Pair> = []
    while let (left, right) = pairs.popLast() {
      if left === right || !seen.insert(Pair(left, right)).inserted { continue }
      guard left.operation == right.operation, left.operands.count == right.operands.count
      else { return false }
      for (a, b) in zip(left.operands, right.operands) {
        switch (a, b) {
        case (.computed(let x), .computed(let y)): pairs.append((x, y))
        case (.computed, _), (_, .computed): return false
        default: if a != b { return false }
        }
      }
    }
    return true
  }

  private struct Pair: Hashable {
    let left: ObjectIdentifier
    let right: ObjectIdentifier
    init(_ left: Node, _ right: Node) {
      (self.left, self.right) = (ObjectIdentifier(left), ObjectIdentifier(right))
    }
  }
}
