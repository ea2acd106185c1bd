import Glibc

/// The speed tricks of the window: steps that are not the plain way, each kept only while an
/// A/B run of `make bench` with and without it shows it buys at least 5% of a goal figure
/// (docs/SPEC.md section 1.1; README, Performance, has the table).
///
/// `CIRCLECALC_WITHOUT=name,name` turns the run-time ones off by name, so that `bench/run` can
/// time the same build without each of them beside itself:
///
///     bench/run "no-copies=env CIRCLECALC_WITHOUT=cell-copies .build/release/circlecalc"
///
/// MIT-SHM has its own switch, `CIRCLECALC_SHM=off` (`WindowPresenter`: the server reads the
/// frame from shared memory instead of the socket). Two more live in the build, each with its
/// own switch: the symbol order (the Makefile's
/// `--symbol-ordering-file`, scripts/symbol-order; without it the binary's resident pages grow
/// by 1.3 MiB, 11% of the RSS; a start's functions go first, 0.24 MiB less than one sorted
/// list) and MPFR loaded at its first use (Sources/CMPFR/lazy.c,
/// measured with `LD_PRELOAD=libmpfr.so.6`: the first frame 14.0 ms instead of 17.0, and
/// 0.3 MiB of RSS). Gone: `malloc_trim` after the first frame, which bought 0.1–0.2 MiB
/// (1–2%), and a typed key's circle sent ahead of its frame, then `sched_yield`: key → first
/// damage at 360 × 640 0.40 ms with it, 0.48 without, but frame complete, what the user waits
/// for, 0.55 with and 0.51 without (scientific 0.61 and 0.53, over the goal of 1.25 × the
/// floor's 0.47 with it).
public struct SpeedTricks: OptionSet, Sendable {
  /// The bits of the tricks on.
  public let rawValue: Int

  /// Creates a set of tricks from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Font files are read with `pread` where FreeType needs them, not mapped whole
  /// (`Cairo.streamedFace`): RSS 0.5–0.7 MiB lower (5–6%).
  public static let fontReads = SpeedTricks(rawValue: 1 << 0)
  /// A keypad cell drawn before is copied from its pixels kept then, not drawn again
  /// (`CellImages`): key → frame complete 0.44 ms instead of 0.54 at 360 × 640, first damage
  /// 0.27 instead of 0.34.
  public static let cellCopies = SpeedTricks(rawValue: 1 << 1)
  /// The display's damage is the ink of its text before and after, not its whole box
  /// (`Frame.damage(since:displayInk:)`): a typed digit redraws a few digits.
  public static let displayInk = SpeedTricks(rawValue: 1 << 2)
  /// A whole-window frame goes in bands of 64 KiB (`WindowPresenter.wholeWindowBand`), not in
  /// pieces of a whole half of the buffer: the first frame touches 128 KiB of it, not 2 MiB.
  public static let bands = SpeedTricks(rawValue: 1 << 3)
  /// The first frame leaves out the bands where it draws only background (`Frame.isBlank`),
  /// which the window just mapped shows already: an empty strip is a quarter of the window.
  public static let blankSkip = SpeedTricks(rawValue: 1 << 4)

  /// Each trick with the name `CIRCLECALC_WITHOUT` knows it by.
  public static let names: [(name: String, trick: SpeedTricks)] = [
    ("font-reads", .fontReads), ("cell-copies", .cellCopies), ("display-ink", .displayInk),
    ("bands", .bands), ("blank-skip", .blankSkip),
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
