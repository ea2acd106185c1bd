/// A state that Ctrl+Z can take back: a value, and how much memory a copy of it may hold.
public protocol Undoable: Equatable, Sendable {
  /// Roughly how many rows and calculations a copy of the state may hold on its own.
  var undoWeight: Int { get }
}

/// Undo and redo as values (docs/SPEC.md section 8): the states before each change, newest
/// last, and the states undone since.
///
/// Nothing is undone by hand: after each action the window settles its state here, and a state
/// that differs from the one settled before puts that one on the stack. Undo swaps the current
/// state for the newest on the stack and keeps the current one for redo; a new change forgets
/// the states undone. At most `depth` states are kept, and fewer when together they would
/// weigh over `maximumWeight` (huge calculations), the oldest going first.
///
///     var state = 1
///     var undo = UndoStack(state)
///     state = 2
///     undo.settle(state)
///     undo.undo(&state)  // state is 1 again
///     undo.redo(&state)  // and 2
///
/// Inlinable: specialized for the window's `Document`, a key's settling costs a comparison and
/// a ring slot, not generic calls.
public struct UndoStack<State: Undoable>: Equatable, Sendable {
  /// How many changes can be undone (docs/SPEC.md section 8: at least 100).
  public static var depth: Int { 100 }
  /// The most the kept states may weigh together: a hundred states of a full tape (its 1,719
  /// chunks and a chunk of its own, `HistoryTape.undoWeight`) and a calculation of 2,000 rows
  /// each.
  public static var maximumWeight: Int { 400_000 }

  /// The states before each change, in a ring of at most `depth` states.
  ///
  /// A change at the bound drops the oldest without moving the others (a key costs the same at
  /// any depth). Until it is full it is a plain array, oldest first.
  @usableFromInline var ring: [State?] = []
  /// Where the oldest state is in `ring`, and how many there are.
  @usableFromInline var oldest = 0
  @usableFromInline var count = 0
  /// The states undone, the next one to redo last.
  @usableFromInline var redos: [State] = []
  /// The state after the last change settled.
  @usableFromInline var current: State
  /// What the kept states weigh together.
  @usableFromInline var weight = 0

  /// A stack with nothing to undo, `state` settled.
  @inlinable public init(_ state: State) {
    current = state
  }

  /// The states before each change, oldest first.
  public var past: [State] {
    (0..<count).compactMap { ring[(oldest + $0) % ring.count] }
  }

  /// The states undone, the next one to redo last.
  public var undone: [State] { redos }

  /// The state after the last change settled.
  public var settled: State { current }

  /// Whether two stacks keep the same states (wherever their rings start).
  public static func == (lhs: UndoStack, rhs: UndoStack) -> Bool {
    lhs.current == rhs.current && lhs.past == rhs.past && lhs.redos == rhs.redos
  }

  /// After an action: when `state` differs from the state settled before, that one goes on the
  /// stack (the oldest beyond the bounds dropped) and the undone states are forgotten.
  @inlinable public mutating func settle(_ state: State) {
    guard state != current else { return }
    for state in redos { weight -= state.undoWeight }
    redos = []
    push(current)
    current = state
  }

  /// Ctrl+Z: `state` becomes the state before the last change, and is kept for redo; false,
  /// changing nothing, when there is nothing to undo.
  @inlinable @discardableResult
  public mutating func undo(_ state: inout State) -> Bool {
    let undone = state
    guard revert(&state) else { return false }
    redos.append(undone)
    weight += undone.undoWeight
    trim()
    return true
  }

  /// Ctrl+Y: `state` becomes the state undone last, and goes back on the stack; false,
  /// changing nothing, when nothing was undone since the last change.
  @inlinable @discardableResult
  public mutating func redo(_ state: inout State) -> Bool {
    settle(state)
    guard let next = redos.popLast() else { return false }
    weight -= next.undoWeight
    push(state)
    state = next
    current = next
    return true
  }

  /// Takes back the last change without keeping it for redo (a double click's first click).
  @inlinable @discardableResult
  public mutating func revert(_ state: inout State) -> Bool {
    settle(state)
    guard let previous = popNewest() else { return false }
    weight -= previous.undoWeight
    state = previous
    current = previous
    return true
  }

  /// Rewrites every kept state, the settled one included (another window's calculations
  /// brought into each).
  public mutating func rebase(_ transform: (State) -> State) {
    current = transform(current)
    ring = past.map { Optional(transform($0)) }
    oldest = 0
    count = ring.count
    redos = redos.map(transform)
    weight = (past + redos).reduce(0) { $0 + $1.undoWeight }
    trim()
  }

  /// Puts a state on the stack, the oldest dropped beyond the bounds: until the ring holds
  /// `depth` states it grows, then each new state takes the oldest one's slot.
  @inlinable mutating func push(_ state: State) {
    if ring.count < UndoStack.depth {
      ring.append(state)
    } else {
      if count == ring.count { dropOldest() }
      ring[(oldest + count) % ring.count] = state
    }
    count += 1
    weight += state.undoWeight
    trim()
  }

  /// Takes the newest state off the stack.
  @inlinable mutating func popNewest() -> State? {
    guard count > 0 else { return nil }
    count -= 1
    if ring.count < UndoStack.depth { return ring.removeLast() }
    let index = (oldest + count) % ring.count
    defer { ring[index] = nil }
    return ring[index]
  }

  /// Drops the oldest state.
  @inlinable mutating func dropOldest() {
    weight -= ring[oldest]?.undoWeight ?? 0
    count -= 1
    if ring.count < UndoStack.depth {
      ring.removeFirst()
    } else {
      ring[oldest] = nil
      oldest = (oldest + 1) % ring.count
    }
  }

  /// Drops the oldest states beyond `maximumWeight`; the newest always stays.
  @inlinable mutating func trim() {
    while weight > UndoStack.maximumWeight && count > 1 { dropOldest() }
  }
}
