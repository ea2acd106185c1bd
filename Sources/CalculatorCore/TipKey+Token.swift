/// The `--keys` tokens of Tip & Split mode (docs/SPEC.md section 4.2) and the keys' spoken names,
/// defined here and nowhere else.
extension TipKey {
  /// The token that stands for this key: `"7"`, `"b"`, `"[t18]"`, `"[p+]"`.
  public var token: String { names.token }

  /// What a screen reader says for the key: `"seven"`, `"eighteen percent tip"`, `"more people"`.
  public var spokenName: String { names.spoken }

  // swift-format-ignore
  private var names: (token: String, spoken: String) {
    switch self {
    case .digit(let digit):       (String(digit.character), Key.digit(digit).spokenName)
    case .point:                  (".",        tr("decimal point"))
    case .backspace:              ("b",        tr("delete"))
    case .allClear:               ("a",        tr("all clear"))
    case .field(.bill):           ("[bill]",   tr("bill"))
    case .field(.tipPercent):     ("[tip]",    tr("tip percent"))
    case .field(.people):         ("[people]", tr("people"))
    case .preset(.ten):           ("[t10]",    tr("ten percent tip"))
    case .preset(.fifteen):       ("[t15]",    tr("fifteen percent tip"))
    case .preset(.eighteen):      ("[t18]",    tr("eighteen percent tip"))
    case .preset(.twenty):        ("[t20]",    tr("twenty percent tip"))
    case .preset(.twentyFive):    ("[t25]",    tr("twenty-five percent tip"))
    case .people(.fewer):         ("[p-]",     tr("fewer people"))
    case .people(.more):          ("[p+]",     tr("more people"))
    }
  }

  /// The key a token stands for, or nil.
  public init?(token: String) {
    guard let key = TipKey.byToken[token] else { return nil }
    self = key
  }

  private static let byToken: [String: TipKey] = Dictionary(
    allCases.map { ($0.token, $0) }, uniquingKeysWith: { first, _ in first })

  /// Reads a whole tip-mode `--keys` sequence, `"84.5[t18][p+]"`, ignoring spaces; throws
  /// `UnknownToken` naming the first token that is not one (`+` is the calculator's, not
  /// this mode's).
  public static func sequence(_ text: String) throws(UnknownToken) -> [TipKey] {
    try tokenSequence(text, lookup: TipKey.init(token:))
  }
}
