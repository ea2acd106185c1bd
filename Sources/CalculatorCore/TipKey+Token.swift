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
    case .point:                  (".",        "decimal point")
    case .backspace:              ("b",        "delete")
    case .allClear:               ("a",        "all clear")
    case .field(.bill):           ("[bill]",   "bill")
    case .field(.tipPercent):     ("[tip]",    "tip percent")
    case .field(.people):         ("[people]", "people")
    case .preset(.ten):           ("[t10]",    "ten percent tip")
    case .preset(.fifteen):       ("[t15]",    "fifteen percent tip")
    case .preset(.eighteen):      ("[t18]",    "eighteen percent tip")
    case .preset(.twenty):        ("[t20]",    "twenty percent tip")
    case .preset(.twentyFive):    ("[t25]",    "twenty-five percent tip")
    case .people(.fewer):         ("[p-]",     "fewer people")
    case .people(.more):          ("[p+]",     "more people")
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
