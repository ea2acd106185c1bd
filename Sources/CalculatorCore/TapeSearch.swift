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
    Matcher(pattern).withFinder { holdsPattern in
      if isNarrowing, let previous {
        for position in previous.matches
        where tape.calculations.withPacked(at: position, { holdsPattern($0.text) }) {
          found.append(position)
        }
      } else {
        tape.calculations.forEachPacked { position, calculation in
          if holdsPattern(calculation.text) { found.append(position) }
          return true
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
        let byte = text[index]
        let mapped = folded[Int(byte)]
        if mapped > 1 {
          result[count] = mapped
          count += 1
        } else if mapped == 1 {
          let next = index + 1 < text.count ? text[index + 1] : 0
          if byte == 0xC3 && (next == 0x97 || next == 0xB7) {  // × ÷
            result[count] = next == 0x97 ? UInt8(ascii: "*") : UInt8(ascii: "/")
            index += 1
          } else if byte == 0xE2 && next == 0x88 && index + 2 < text.count
            && text[index + 2] == 0x92
          {  // − (U+2212)
            result[count] = UInt8(ascii: "-")
            index += 2
          } else {
            result[count] = byte
          }
          count += 1
        }
        index += 1
      }
      return count
    }
  }

  /// Finds a query in a calculation's packed text in one pass, folding each byte as it is read
  /// (`comparable`) and following the query with Knuth, Morris and Pratt's automaton: nothing
  /// is copied, and a line stops being read at its first match.
  struct Matcher {
    let pattern: [UInt8]
    /// For each length matched, the longest proper prefix of it that is also its suffix.
    let fallback: [Int]

    init(_ pattern: [UInt8]) {
      self.pattern = pattern
      var fallback = [Int](repeating: 0, count: pattern.count)
      var length = 0
      for index in pattern.indices.dropFirst() {
        while length > 0 && pattern[index] != pattern[length] { length = fallback[length - 1] }
        if pattern[index] == pattern[length] { length += 1 }
        fallback[index] = length
      }
      self.fallback = fallback
    }

    /// Calls `body` with a function that says whether a calculation's packed text holds the
    /// query (its tables at hand for every calculation).
    func withFinder<Result>(_ body: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Result) -> Result {
      pattern.withUnsafeBufferPointer { pattern in
        fallback.withUnsafeBufferPointer { fallback in
          TapeSearch.folded.withUnsafeBufferPointer { folded in
            body { text in Matcher.holds(text, pattern, fallback, folded) }
          }
        }
      }
    }

    /// Whether `text` holds `pattern`, `text` folded as it is read.
    static func holds(
      _ text: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>,
      _ fallback: UnsafeBufferPointer<Int>, _ folded: UnsafeBufferPointer<UInt8>
    ) -> Bool {
      guard !pattern.isEmpty else { return true }
      var state = 0
      var index = 0
      while index < text.count {
        let byte = text[index]
        var next = folded[Int(byte)]
        index += 1
        if next == 0 { continue }
        if next == 1 {
          let following = index < text.count ? text[index] : 0
          if byte == 0xC3 && (following == 0x97 || following == 0xB7) {  // × ÷
            next = following == 0x97 ? UInt8(ascii: "*") : UInt8(ascii: "/")
            index += 1
          } else if byte == 0xE2 && following == 0x88 && index + 1 < text.count
            && text[index + 1] == 0x92
          {  // − (U+2212)
            next = UInt8(ascii: "-")
            index += 2
          } else {
            next = byte
          }
        }
        while state > 0 && pattern[state] != next { state = fallback[state - 1] }
        if pattern[state] == next {
          state += 1
          if state == pattern.count { return true }
        }
      }
      return false
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
