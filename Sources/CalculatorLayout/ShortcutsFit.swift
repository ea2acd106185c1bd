/// Where the keyboard-shortcuts overlay draws (docs/SPEC.md section 3.6): the panel, its
/// columns, the font size, and how many lines show at once.
///
/// The lines go side by side with their keys, in one column or two (two when that gives
/// clearly larger type), as large as the window less a margin allows, never larger than the
/// keypad labels. When that would put them under the least text size, they keep that size,
/// each line two rows (its keys, its action indented under them), and the panel shows as many
/// as the window holds and scrolls over the rest.
public struct ShortcutsFit: Equatable, Sendable {
  /// From one row of text to the next, in font sizes.
  public static let lineHeight = 1.5
  /// Around the lines, in font sizes.
  public static let padding = 1.2
  /// Between keys and action, and between columns, in font sizes.
  public static let columnGap = 1.5
  /// The title and a half-row under it, in rows.
  public static let titleRows = 1.5
  /// A stacked line's action, right of its keys, in font sizes.
  public static let indent = 1.0

  /// The rounded panel, centred in the window.
  public var rect: Rect
  /// The font size of the lines (the title is 15 % larger).
  public var fontSize: Double
  /// How many lines go down each column of lines.
  public var linesPerColumn: Int
  /// From one column of lines to the next.
  public var columnStep: Double
  /// Where the action starts, from the start of its line.
  public var actionsOffset: Double
  /// The widest keys text and the widest action text at `fontSize`.
  public var keysWidth: Double
  /// The widest action text at `fontSize`.
  public var actionsWidth: Double
  /// Each line is two rows: its keys, then its action.
  public var isStacked: Bool
  /// How many lines show at once: all, unless the panel scrolls.
  public var page: Int
  /// How many lines there are.
  public var lineCount: Int

  /// The panel shows only some of its lines at a time.
  public var scrolls: Bool { page < lineCount }

  /// The first line shown for a wanted first line `offset`: the last page at most.
  public func firstLine(_ offset: Int) -> Int { min(max(offset, 0), max(lineCount - page, 0)) }

  /// The panel for `lineCount` lines whose widest keys and actions are `keysEms` and
  /// `actionsEms` font sizes wide, in `layout`'s window.
  public init(lineCount: Int, keysEms: Double, actionsEms: Double, layout: Layout) {
    let margin = max(1, layout.gap)
    let width = Double(layout.width)
    let height = Double(layout.height)
    let available = (width: width - 2 * margin, height: height - 2 * margin)
    let candidates = [1, 2].map { columns -> ShortcutsFit in
      let perColumn = (lineCount + columns - 1) / columns
      let heightInFontSizes =
        (Double(perColumn) + ShortcutsFit.titleRows) * ShortcutsFit.lineHeight
        + 2 * ShortcutsFit.padding
      let columnWidth = keysEms + ShortcutsFit.columnGap + actionsEms
      let widthInFontSizes =
        Double(columns) * columnWidth + Double(columns - 1) * ShortcutsFit.columnGap
        + 2 * ShortcutsFit.padding
      let size = max(
        min(
          0.8 * layout.digitLabelFontSize, available.height / heightInFontSizes,
          available.width / max(widthInFontSizes, 1)), 0)
      return ShortcutsFit(
        rect: Rect(
          x: (width - widthInFontSizes * size) / 2, y: (height - heightInFontSizes * size) / 2,
          width: widthInFontSizes * size, height: heightInFontSizes * size),
        fontSize: size, linesPerColumn: max(perColumn, 1),
        columnStep: (columnWidth + ShortcutsFit.columnGap) * size,
        actionsOffset: (keysEms + ShortcutsFit.columnGap) * size, keysWidth: keysEms * size,
        actionsWidth: actionsEms * size, isStacked: false, page: lineCount,
        lineCount: lineCount)
    }
    // One column unless two give clearly larger type.
    let sideBySide =
      candidates[1].fontSize > 1.15 * candidates[0].fontSize ? candidates[1] : candidates[0]
    let least = layout.leastTextSize
    guard sideBySide.fontSize < least else {
      self = sideBySide
      return
    }
    // Stacked at the least size, as many lines as the height holds.
    let size = least
    let rows = Int(
      ((available.height / size - 2 * ShortcutsFit.padding) / ShortcutsFit.lineHeight
        - ShortcutsFit.titleRows).rounded(.down))
    let page = min(max(rows / 2, 1), lineCount)
    let widthInFontSizes =
      max(keysEms, ShortcutsFit.indent + actionsEms) + 2 * ShortcutsFit.padding
    let panelWidth = min(widthInFontSizes * size, available.width)
    let panelHeight =
      ((ShortcutsFit.titleRows + 2 * Double(page)) * ShortcutsFit.lineHeight
        + 2 * ShortcutsFit.padding) * size
    self.init(
      rect: Rect(
        x: (width - panelWidth) / 2, y: (height - panelHeight) / 2, width: panelWidth,
        height: panelHeight),
      fontSize: size, linesPerColumn: page, columnStep: 0,
      actionsOffset: ShortcutsFit.indent * size, keysWidth: keysEms * size,
      actionsWidth: actionsEms * size, isStacked: true, page: page, lineCount: lineCount)
  }

  private init(
    rect: Rect, fontSize: Double, linesPerColumn: Int, columnStep: Double,
    actionsOffset: Double, keysWidth: Double, actionsWidth: Double, isStacked: Bool, page: Int,
    lineCount: Int
  ) {
    self.rect = rect
    self.fontSize = fontSize
    self.linesPerColumn = linesPerColumn
    self.columnStep = columnStep
    self.actionsOffset = actionsOffset
    self.keysWidth = keysWidth
    self.actionsWidth = actionsWidth
    self.isStacked = isStacked
    self.page = page
    self.lineCount = lineCount
  }
}
