// Two windows share one history file (docs/SPEC.md section 8). Each keeps the tape as it last
// read or wrote the file (the base); saving brings its own tape and the file as other windows
// left it together, calculation by calculation: what this window changed since the base (a
// calculation finished, edited, removed by Clear History or an undo, brought back by an undo)
// wins, and everything else is the file's. No change of either window is lost, and the
// result is a tape like any other, in the order of the identities.
//
// The three tapes most often share their older chunks (docs/SPEC.md section 15.2): the part
// all three hold is taken whole, and only what follows is walked, on the packed calculations.
extension HistoryTape {
  /// `mine` and `theirs`, two versions of `base`, brought together: per calculation, mine
  /// where it differs from the base's (added, changed or removed), theirs otherwise.
  public static func merged(base: HistoryTape, mine: HistoryTape, theirs: HistoryTape)
    -> HistoryTape
  {
    if mine == base || mine == theirs { return theirs }
    if theirs == base { return mine }
    let (b, m, t) = (base.calculations, mine.calculations, theirs.calculations)
    // The calculations all three hold alike, from the oldest: theirs, chunks shared.
    let common = min(b.commonPrefixCount(with: m), b.commonPrefixCount(with: t))
    var merged = theirs
    merged.removeLast(theirs.count - common)
    var (i, j, k) = (common, common, common)
    let none = CalculationID(rawValue: .max)
    while j < m.count || k < t.count {
      // The oldest identity not yet taken from mine or theirs.
      let id = min(j < m.count ? m.id(at: j) : none, k < t.count ? t.id(at: k) : none)
      while i < b.count && b.id(at: i) < id { i += 1 }
      let original = i < b.count && b.id(at: i) == id ? i : nil
      let own = j < m.count && m.id(at: j) == id ? j : nil
      let other = k < t.count && t.id(at: k) == id ? k : nil
      if own != nil { j += 1 }
      if other != nil { k += 1 }
      // Removed on one side and unchanged on the other: gone.
      let isOwnUnchanged =
        switch (own, original) {
        case (nil, nil): true
        case (let own?, let original?): m.isSame(own, as: b, original)
        default: false
        }
      if isOwnUnchanged {
        if let other { merged.append(t, other) }
      } else if let own {
        merged.append(m, own)
      }
    }
    merged.dropOldest()
    return merged
  }

  /// Drops the `dropped` newest calculations.
  mutating func removeLast(_ dropped: Int) {
    guard dropped > 0 else { return }
    for position in (count - dropped)..<count { fileSize -= calculations.lineSize(at: position) }
    calculations.removeLast(dropped)
  }

  /// Appends calculation `position` of `list` as it is, identity and all.
  mutating func append(_ list: CalculationList, _ position: Int) {
    list.withPacked(at: position) { calculation in
      calculations.append(calculation)
      fileSize +=
        HistoryFile.fieldsSize(
          id: calculation.entry.id, source: calculation.entry.source, order: calculation.order)
        + calculation.text.count + 1
    }
  }
}
