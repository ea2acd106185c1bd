/// A search of the tape (docs/SPEC.md section 15.3): the calculations whose line (as
/// `circlecalc --history` prints it) holds what was typed, newest first, one of them selected.
///
/// Lines and query are compared as the user reads them, not byte for byte: numbers without
/// their grouping (`1345` finds `1,345.9`, and so does `1,345`), spaces ignored, letters in
/// either case (`nan`, `1E25`), and `-`, `*`, `/` for the operators `−`, `×`, `÷`:
///
///     let search = TapeSearch("1345", in: tape)  // 1,200 × 1.08 + 49.9 = 1,345.9
///     search.countText  // "1 of 1"
///
/// A query that only adds to the last one (typing on) looks through that one's matches only.
public struct TapeSearch: Equatable, Sendable {
  /// What was typed.
  public let query: String
  /// The tape searched.
  public let tape: HistoryTape
  /// The calculations whose line holds the query, newest first, as positions on `tape`.
  public let matches: [Int]
  /// Which match is selected (0: the newest); nil when there is none.
  public private(set) var selected: Int?
  /// The query as lines are compared with it.
  private let pattern: [UInt8]

  /// The matches of `query` on `tape`, the newest selected; with `previous`, a search of the
  /// same tape for a query this one adds to, only its matches are looked at.
  public init(_ query: String, in tape: HistoryTape, narrowing previous: TapeSearch? = nil) {
    self.query = query
    self.tape = tape
    let pattern = TapeSearch.comparable(Array(query.utf8)[...])
    self.pattern = pattern
    var found: [Int] = []
    // Reading the matches one by one pays while they are a fraction of the tape; past that,
    // one pass over it in order costs less.
    let isNarrowing =
      previous.map {
        $0.tape == tape && TapeSearch.contains(pattern, $0.pattern)
          && $0.matches.count <= tape.count / 4
      } ?? false
    Matcher(pattern).withScanner { scanner in
      if pattern.isEmpty {
        found = Array(tape.calculations.indices.reversed())
      } else if isNarrowing, let previous {
        for position in previous.matches
        where tape.calculations.withPacked(at: position, { scanner.holds($0.text) }) {
          found.append(position)
        }
      } else {
        tape.calculations.forEachChunk { text, entries, first, position in
          scanner.scan(text, entries, from: first) { found.append(position + $0 - first) }
        }
        found.reverse()
      }
    }
    matches = found  // newest first
    selected = matches.isEmpty ? nil : 0
  }

  /// The selected calculation's position on the tape, or nil.
  public var selectedCalculation: Int? { selected.map { matches[$0] } }

  /// The selection and the count, as the search line shows them: `3 of 27`, `0 of 0`.
  public var countText: String {
    let position = selected.map { $0 + 1 } ?? 0
    return NumberFormat.grouping(typed: String(position)) + " of "
      + NumberFormat.grouping(typed: String(matches.count))
  }

  /// Moves the selection to the next older match (`older`) or newer one; false, changing
  /// nothing, past the last or the first.
  @discardableResult
  public mutating func select(older: Bool) -> Bool {
    guard let current = selected else { return false }
    let next = current + (older ? 1 : -1)
    guard matches.indices.contains(next) else { return false }
    selected = next
    return true
  }

  /// Selects match `index` (0: the newest), kept among the matches; nothing without any.
  public mutating func select(_ index: Int) {
    guard !matches.isEmpty else { return }
    selected = min(max(index, 0), matches.count - 1)
  }

  /// Whether `line` holds `query` as a search compares them.
  public static func holds(_ line: String, _ query: String) -> Bool {
    contains(comparable(Array(line.utf8)[...]), comparable(Array(query.utf8)[...]))
  }

  /// `text` as a search compares it.
  static func comparable(_ text: ArraySlice<UInt8>) -> [UInt8] {
    let bytes = Array(text)
    return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
      count = bytes.withUnsafeBufferPointer { comparable($0, into: buffer) }
    }
  }

  /// What each byte becomes as a search compares text: 0 for none (a space, a tab, a comma:
  /// the tape writes commas only to group digits), ASCII letters in lower case, 1 for the first
  /// byte of a character that may be an operator glyph (`×` `÷` `−`).
  static let folded: [UInt8] = (0...255).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","): 0
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) | 0x20
    case 0xC3, 0xE2: 1
    default: UInt8(byte)
    }
  }

  /// Writes `text` as a search compares it into `result` (as long as `text` at least) and
  /// returns its length: `−` `×` `÷` become `-` `*` `/`, and `folded` the rest.
  static func comparable(
    _ text: UnsafeBufferPointer<UInt8>, into result: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    folded.withUnsafeBufferPointer { folded in
      var count = 0
      var index = 0
      while index < text.count {
        let byte = fold(text, &index, before: text.count, folded)
        if byte != 0 {
          result[count] = byte
          count += 1
        }
      }
      return count
    }
  }

  /// The byte at `index` of `text` as a search compares it (`folded`; `×` `÷` `−` read whole
  /// as `*` `/` `-`), `index` moved past what was read; 0 for a byte the search skips.
  @inline(__always)
  static func fold(
    _ text: UnsafeBufferPointer<UInt8>, _ index: inout Int, before limit: Int,
    _ folded: UnsafeBufferPointer<UInt8>
  ) -> UInt8 {
    let byte = text[index]
    let mapped = folded[Int(byte)]
    index += 1
    guard mapped == 1 else { return mapped }
    let following = index < limit ? text[index] : 0
    if byte == 0xC3 && (following == 0x97 || following == 0xB7) {  // × ÷
      index += 1
      return following == 0x97 ? UInt8(ascii: "*") : UInt8(ascii: "/")
    }
    if byte == 0xE2 && following == 0x88 && index + 1 < limit && text[index + 1] == 0x92 {  // −
      index += 2
      return UInt8(ascii: "-")
    }
    return byte
  }

  /// Finds a query in packed text without copying it: the places a match can start are found
  /// first, eight bytes at a time, and the query is compared at each, the text folded as it is
  /// read (`fold`).
  struct Matcher {
    let pattern: [UInt8]
    /// The bytes a match can start with (one or two): those that fold to the pattern's first
    /// byte (a letter in either case), and the first byte of an operator glyph that does.
    let starts: [UInt8]

    init(_ pattern: [UInt8]) {
      self.pattern = pattern
      var starts = TapeSearch.folded.indices.filter { TapeSearch.folded[$0] == pattern.first }
        .map(UInt8.init)
      switch pattern.first {
      case UInt8(ascii: "*"), UInt8(ascii: "/"), 0xC3: starts.append(0xC3)
      case UInt8(ascii: "-"), 0xE2: starts.append(0xE2)
      default: break
      }
      self.starts = starts
    }

    /// Calls `body` with the matcher's scanner, its tables at hand for the whole search.
    func withScanner<Result>(_ body: (Scanner) -> Result) -> Result {
      pattern.withUnsafeBufferPointer { pattern in
        TapeSearch.folded.withUnsafeBufferPointer { folded in
          body(Scanner(pattern: pattern, starts: starts, folded: folded))
        }
      }
    }
  }

  /// A `Matcher`'s tables, read while one search runs.
  struct Scanner {
    let pattern: UnsafeBufferPointer<UInt8>
    let folded: UnsafeBufferPointer<UInt8>
    /// The bytes a match can start with, each in every byte of a word (the one twice when
    /// there is one).
    let spreads: (UInt64, UInt64)

    init(pattern: UnsafeBufferPointer<UInt8>, starts: [UInt8], folded: UnsafeBufferPointer<UInt8>) {
      self.pattern = pattern
      self.folded = folded
      spreads = (
        UInt64(starts.first ?? 0) &* Scanner.ones, UInt64(starts.last ?? 0) &* Scanner.ones
      )
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether `text` (one calculation's) holds the query.
    func holds(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      guard !pattern.isEmpty else { return true }
      var index = candidate(text, from: 0)
      while index < text.count {
        if matches(text, at: index, before: text.count) { return true }
        index = candidate(text, from: index + 1)
      }
      return false
    }

    /// Calls `found` with each entry of a chunk, from `first` on, whose text holds the query
    /// (not empty): one pass over the chunk's text, a calculation left at its first match.
    func scan(
      _ text: UnsafeBufferPointer<UInt8>, _ entries: UnsafeBufferPointer<PackedCalculations.Entry>,
      from first: Int, _ found: (Int) -> Void
    ) {
      guard first < entries.count else { return }
      var entry = first
      var index = first == 0 ? 0 : Int(entries[first - 1].end)
      while true {
        index = candidate(text, from: index)
        guard index < text.count else { return }
        while Int(entries[entry].end) <= index { entry += 1 }
        let end = Int(entries[entry].end)
        if matches(text, at: index, before: end) {
          found(entry)
          entry += 1
          guard entry < entries.count else { return }
          index = end
        } else {
          index += 1
        }
      }
    }

    /// The first place at or after `index` where a match can start; `text.count` if none.
    ///
    /// Eight bytes at a time: in a word XORed with a start byte spread over it, the start byte's
    /// places are the zero bytes, and `(x - ones) & ~x & highs` marks the first of them exactly
    /// (a byte above it may be marked too, never one below).
    @inline(__always)
    func candidate(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
      guard let base = text.baseAddress else { return text.count }
      var index = index
      while index + 8 <= text.count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let first = word ^ spreads.0
        let second = word ^ spreads.1
        let marks = ((first &- Scanner.ones) & ~first) | ((second &- Scanner.ones) & ~second)
        let found = marks & Scanner.highs
        if found != 0 { return index + found.trailingZeroBitCount >> 3 }
        index += 8
      }
      while index < text.count {
        let spread = UInt64(text[index]) &* Scanner.ones
        if spread == spreads.0 || spread == spreads.1 { return index }
        index += 1
      }
      return text.count
    }

    /// Whether the query starts at `start` of `text`, all of it before `limit`.
    @inline(__always)
    func matches(_ text: UnsafeBufferPointer<UInt8>, at start: Int, before limit: Int) -> Bool {
      var index = start
      var matched = 0
      while matched < pattern.count {
        guard index < limit else { return false }
        let byte = TapeSearch.fold(text, &index, before: limit, folded)
        if byte == 0 { continue }
        guard byte == pattern[matched] else { return false }
        matched += 1
      }
      return true
    }
  }

  /// Whether `text` holds `pattern` (an empty pattern is in every text).
  static func contains(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
    text.withUnsafeBufferPointer { text in
      pattern.withUnsafeBufferPointer { contains(text, $0) }
    }
  }

  /// Whether `text` holds `pattern` (an empty pattern is in every text).
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard let first = pattern.first else { return true }
    guard text.count >= pattern.count else { return false }
    var start = 0
    let last = text.count - pattern.count
    while start <= last {
      if text[start] == first {
        var offset = 1
        while offset < pattern.count && text[start + offset] == pattern[offset] { offset += 1 }
        if offset == pattern.count { return true }
      }
      start += 1
    }
    return false
  }
}
