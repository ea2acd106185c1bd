/// The tape's calculations, oldest first, kept in chunks of at most `chunkSize`.
///
/// Undo keeps the tape as it was before each change, so the window's tape is most often shared
/// with the state on the undo stack when `=` adds a calculation: an array would then be copied
/// whole (a thousand calculations, two references each). Here that copy is the list of chunks
/// and the last chunk; dropping the oldest copies at most the first chunk.
public struct CalculationList: RandomAccessCollection, MutableCollection, Equatable, Sendable,
  ExpressibleByArrayLiteral
{
  /// The most calculations in one chunk.
  static let chunkSize = 64

  /// The calculations, `chunkSize` to a chunk but the last (and the first, from `start` on).
  private var chunks: [[Calculation]] = []
  /// How many calculations at the start of the first chunk were dropped.
  private var start = 0
  /// How many calculations there are.
  public private(set) var count = 0

  /// No calculations.
  public init() {}

  /// These calculations, in this order.
  public init(_ calculations: some Sequence<Calculation>) {
    for calculation in calculations { append(calculation) }
  }

  /// These calculations, in this order.
  public init(arrayLiteral calculations: Calculation...) {
    self.init(calculations)
  }

  /// The first position: 0.
  public var startIndex: Int { 0 }

  /// One past the last position: `count`.
  public var endIndex: Int { count }

  /// The calculation at `position` (0 is the oldest).
  public subscript(position: Int) -> Calculation {
    get {
      let place = start + position
      return chunks[place / CalculationList.chunkSize][place % CalculationList.chunkSize]
    }
    set {
      let place = start + position
      chunks[place / CalculationList.chunkSize][place % CalculationList.chunkSize] = newValue
    }
  }

  /// Adds a calculation after the newest.
  mutating func append(_ calculation: Calculation) {
    if let last = chunks.indices.last, chunks[last].count < CalculationList.chunkSize {
      chunks[last].append(calculation)
    } else {
      chunks.append([calculation])
    }
    count += 1
  }

  /// Drops the `dropped` oldest calculations.
  mutating func removeFirst(_ dropped: Int) {
    precondition(dropped >= 0 && dropped <= count)
    count -= dropped
    start += dropped
    guard count > 0 else {
      self = CalculationList()
      return
    }
    let wholeChunks = start / CalculationList.chunkSize
    if wholeChunks > 0 {
      chunks.removeFirst(wholeChunks)
      start -= wholeChunks * CalculationList.chunkSize
    }
  }

  /// Whether both hold the same calculations in the same order.
  public static func == (lhs: CalculationList, rhs: CalculationList) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // The same chunks (most often the very same buffers, compared at once) or, however
    // chunked, the same calculations one by one.
    return (lhs.start == rhs.start && lhs.chunks == rhs.chunks) || lhs.elementsEqual(rhs)
  }
}
