import Glibc

/// The speed tricks of the window: steps that are not the plain way, each behind one seam and
/// kept only while an A/B run of `bench/run` with and without it shows it buys at least 5% of a
/// goal figure (docs/SPEC.md section 1.1); docs/PERFORMANCE.md has the method and the figures.
///
/// `CIRCLECALC_WITHOUT=name,name` turns the run-time ones off by name, so that `bench/run` can
/// time the same build without each of them beside itself:
///
///     bench/run "no-copies=env CIRCLECALC_WITHOUT=cell-copies .build/release/circlecalc"
///
/// Three more have switches of their own: MIT-SHM (`CIRCLECALC_SHM=off`, `WindowPresenter`),
/// the symbol order (a link without the Makefile's `--symbol-ordering-file`,
/// scripts/symbol-order) and MPFR loaded at its first use (Sources/CMPFR/lazy.c; undone by
/// `LD_PRELOAD=libmpfr.so.6`).
public struct SpeedTricks: OptionSet, Sendable {
  /// The bits of the tricks on.
  public let rawValue: Int

  /// Creates a set of tricks from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Font files read with `pread` as FreeType needs them, not mapped (`Cairo.streamedFace`): RSS.
  public static let fontReads = SpeedTricks(rawValue: 1 << 0)
  /// A keypad cell drawn before is copied, not drawn again (`CellImages`): key → frame complete.
  public static let cellCopies = SpeedTricks(rawValue: 1 << 1)
  /// The display's damage is its text's ink, not its box (`Frame.damage`): key → frame complete.
  public static let displayInk = SpeedTricks(rawValue: 1 << 2)
  /// A whole-window frame goes in 64 KiB bands (`WindowPresenter.wholeWindowBand`): RSS.
  public static let bands = SpeedTricks(rawValue: 1 << 3)

  /// Each trick with the name `CIRCLECALC_WITHOUT` knows it by.
  public static let names: [(name: String, trick: SpeedTricks)] = [
    ("font-reads", .fontReads), ("cell-copies", .cellCopies), ("display-ink", .displayInk),
    ("bands", .bands),
  ]

  /// The tricks of this process: all but those `CIRCLECALC_WITHOUT` names (unknown names are
  /// ignored: the variable is for measuring, not for users).
  public static let active: SpeedTricks = {
    var tricks = SpeedTricks(names.map(\.trick))
    guard let value = getenv("CIRCLECALC_WITHOUT") else { return tricks }
    for name in String(cString: value).split(separator: ",") {
      if let known = names.first(where: { $0.name == name }) { tricks.remove(known.trick) }
    }
    return tricks
  }()
}
