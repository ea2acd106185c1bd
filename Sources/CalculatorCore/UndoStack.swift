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
public struct UndoStack<State: Undoable>: Equatable, Sendable {
  /// How many changes can be undone (docs/SPEC.md section 8: at least 100).
  public static var depth: Int { 100 }
  /// The most the kept states may weigh together: a hundred states of a full tape (1,000
  /// calculations) and a calculation of 3,000 rows each.
  public static var maximumWeight: Int { 400_000 }

  /// The states before each change, oldest first.
  public private(set) var past: [State] = []
  /// The states undone, the next one to redo last.
  public private(set) var undone: [State] = []
  /// The state after the last change settled.
  public private(set) var settled: State
  /// What `past` and `undone` weigh together.
  private var weight = 0

  /// A stack with nothing to undo, `state` settled.
  public init(_ state: State) {
    settled = state
  }

  /// Whether there is a change to undo.
  public var canUndo: Bool { !past.isEmpty }

  /// Whether there is an undone change to redo.
  public var canRedo: Bool { !undone.isEmpty }

  /// After an action: when `current` differs from the state settled before, that one goes on
  /// the stack (the oldest beyond the bounds dropped) and the undone states are forgotten.
  public mutating func settle(_ current: State) {
    guard current != settled else { return }
    weight -= undone.reduce(0) { $0 + $1.undoWeight }
    undone = []
    push(settled)
    settled = current
  }

  /// Ctrl+Z: `current` becomes the state before the last change, and is kept for redo; false,
  /// changing nothing, when there is nothing to undo.
  @discardableResult
  public mutating func undo(_ current: inout State) -> Bool {
    settle(current)
    guard let previous = past.popLast() else { return false }
    undone.append(current)
    weight += current.undoWeight - previous.undoWeight
    current = previous
    settled = previous
    trim()
    return true
  }

  /// Ctrl+Y: `current` becomes the state undone last, and goes back on the stack; false,
  /// changing nothing, when nothing was undone since the last change.
  @discardableResult
  public mutating func redo(_ current: inout State) -> Bool {
    settle(current)
    guard let next = undone.popLast() else { return false }
    past.append(current)
    weight += current.undoWeight - next.undoWeight
    current = next
    settled = next
    trim()
    return true
  }

  /// Takes back the last change without keeping it for redo (a double click's first click).
  @discardableResult
  public mutating func revert(_ current: inout State) -> Bool {
    settle(current)
    guard let previous = past.popLast() else { return false }
    weight -= previous.undoWeight
    current = previous
    settled = previous
    return true
  }

  /// Rewrites every kept state, the settled one included (another window's calculations
  /// brought into each).
  public mutating func rebase(_ transform: (State) -> State) {
    settled = transform(settled)
    past = past.map(transform)
    undone = undone.map(transform)
    weight = (past + undone).reduce(0) { $0 + $1.undoWeight }
    trim()
  }

  private mutating func push(_ state: State) {
    past.append(state)
    weight += state.undoWeight
    trim()
  }

  /// Drops the oldest states beyond `depth` or `maximumWeight`; the newest always stays.
  private mutating func trim() {
    var dropped = 0
    while past.count - dropped > UndoStack.depth
      || (weight > UndoStack.maximumWeight && dropped < past.count - 1)
    {
      weight -= past[dropped].undoWeight
      dropped += 1
    }
    if dropped > 0 { past.removeFirst(dropped) }
  }
}
