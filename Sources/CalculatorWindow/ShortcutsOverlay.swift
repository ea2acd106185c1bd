import CalculatorCore
import CalculatorLayout

/// A move over the shortcuts overlay's lines, when it scrolls (docs/SPEC.md section 3.6).
enum ShortcutsScroll: Hashable, Sendable {
  /// Up or down by lines (negative: up), as the arrows and the wheel do.
  case lines(Int)
  /// Up or down by a page less a line.
  case pages(Int)
  /// To the first line.
  case first
  /// To the last page.
  case last
}

// swift-format-ignore
/// The keys of the overlay while it scrolls; every other key closes it and acts.
let shortcutsBindings: [(keysym: KeySymbol, scroll: ShortcutsScroll)] = [
  //  keysym                  scroll
  (.up,                      .lines(-1)),
  (.kpUp,                    .lines(-1)),
  (.down,                    .lines(1)),
  (.kpDown,                  .lines(1)),
  (.prior,                   .pages(-1)),
  (.kpPrior,                 .pages(-1)),
  (.next,                    .pages(1)),
  (.kpNext,                  .pages(1)),
  (.home,                    .first),
  (.kpHome,                  .first),
  (.end,                     .last),
  (.kpEnd,                   .last),
]

/// Where the overlay draws its lines: the renderer's measure of them, set by the front end.
public typealias ShortcutsMeasure = (_ lines: [ShortcutLine], _ layout: Layout) -> ShortcutsFit

extension WindowState {
  /// Where the overlay draws the current mode's lines in this window: the front end's measure
  /// (`shortcutsMeasure`), or without one an estimate from the tape's widths.
  var shortcutsFit: ShortcutsFit {
    let lines = KeyBinding.shortcutLines(for: mode)
    if let measure = metrics.shortcutsMeasure { return measure(lines, layout) }
    let ems = { (text: String) in layout.estimatedWidth(of: text) / max(layout.tapeFontSize, 1) }
    return ShortcutsFit(
      lineCount: lines.count, keysEms: lines.map { ems($0.keys) }.max() ?? 0,
      actionsEms: lines.map { ems($0.action) }.max() ?? 0, layout: layout)
  }

  /// Scrolls the overlay's lines, which stop with the last page at the bottom.
  mutating func scrollShortcuts(_ scroll: ShortcutsScroll) {
    let fit = shortcutsFit
    let first = fit.firstLine(shortcutsOffset)
    let wanted =
      switch scroll {
      case .lines(let count): first + count
      case .pages(let count): first + count * max(fit.page - 1, 1)
      case .first: 0
      case .last: fit.lineCount
      }
    shortcutsOffset = fit.firstLine(wanted)
  }

  /// The overlay's scrolling key `stroke`, while the overlay shows and scrolls.
  func shortcutsScroll(for stroke: Keystroke) -> ShortcutsScroll? {
    guard menu.showsShortcuts, stroke.modifiers.subtracting(.shift).isEmpty,
      let scroll = shortcutsBindings.first(where: { $0.keysym == stroke.symbol })?.scroll,
      shortcutsFit.scrolls
    else { return nil }
    return scroll
  }
}
