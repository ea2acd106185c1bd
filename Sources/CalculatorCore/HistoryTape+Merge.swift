// Two windows share one history file (docs/SPEC.md section 8). Each keeps the tape as it last
// read or wrote the file (the base); saving brings its own tape and the file as other windows
// left it together, calculation by calculation: what this window changed since the base (a
// calculation finished, edited, removed by Clear History or an undo, brought back by an undo)
// wins, and everything else is the file's. No change of either window is lost, and the
// result is a tape like any other, in the order of the identities.
extension HistoryTape {
  /// `mine` and `theirs`, two versions of `base`, brought together: per calculation, mine
  /// where it differs from the base's (added, changed or removed), theirs otherwise.
  public static func merged(base: HistoryTape, mine: HistoryTape, theirs: HistoryTape)
    -> HistoryTape
  {
    if mine == base || mine == theirs { return theirs }
    if theirs == base { return mine }
    let (b, m, t) = (base.calculations, mine.calculations, theirs.calculations)
    var (i, j, k) = (0, 0, 0)
    var merged: [Calculation] = []
    merged.reserveCapacity(max(m.count, t.count))
    while j < m.count || k < t.count {
      // The oldest identity not yet taken from mine or theirs.
      let id = min(
        j < m.count ? m[j].id : CalculationID(rawValue: .max),
        k < t.count ? t[k].id : CalculationID(rawValue: .max))
      while i < b.count && b[i].id < id { i += 1 }
      let original = i < b.count && b[i].id == id ? b[i] : nil
      let own = j < m.count && m[j].id == id ? m[j] : nil
      let other = k < t.count && t[k].id == id ? t[k] : nil
      if own != nil { j += 1 }
      if other != nil { k += 1 }
      // Removed on one side and unchanged on the other: gone.
      if let kept = own == original ? other : own { merged.append(kept) }
    }
    return HistoryTape(identified: merged)
  }
}
