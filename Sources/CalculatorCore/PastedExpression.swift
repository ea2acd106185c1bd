/// A pasted expression read as written maths, as the keys that type it (docs/SPEC.md section
/// 12), or the reason it is refused.
///
///     try PastedExpression("$1,200 × 1.08 + 49.9 = 1,345.9").steps.count  // 5
///
/// It reads the whole text before anything is typed, in one pass (linear in its length), so a
/// refused paste changes nothing.
struct PastedExpression {
  /// One thing to type.
  enum Step: Equatable {
    /// A number, as the entry it becomes: typed (`"1200"`), or a result when it has too many
    /// digits to type (`1e25`).
    case number(Calculator.Entry)
    /// A key: an operator, `(`, `)`, `%`, `π`, or ± for a minus before `(` once its group closes.
    case key(Key)
    /// An implied ×, where a number, `π` or `)` meets `(`, or `)` meets a number.
    case implied
  }

  /// What ends the last operand read, which decides what may follow it.
  private enum OperandEnd {
    case number, pi, close, negatedClose, percent
  }

  /// The most characters a paste may have.
  static let maximumLength = 10_000

  /// The steps, in order.
  private(set) var steps: [Step] = []

  /// Reads `text` in `form`; `^` only where the keypad has xʸ (`scientific`); `openGroups`
  /// are the calculator's groups already open, which count toward the nesting limit.
  init(
    _ text: String, form: NumberForm = .plain, scientific: Bool = true, openGroups: Int = 0
  ) throws(PasteRefusal) {
    // Counted in characters only when the bytes could be too many; at most 10,000 counted.
    let limit = PastedExpression.maximumLength
    if text.utf8.count > limit,
      let last = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      last != text.endIndex
    {
      throw PasteRefusal.tooLong
    }
    // A trailing `=` and what follows (a tape line's result) is not part of the expression.
    let scalars = Array(text.unicodeScalars.prefix { $0 != "=" })
    var reader = Reader(scalars: scalars, form: form, scientific: scientific)
    reader.maximumDepth = Calculator.maximumGroupDepth - openGroups
    try reader.read()
    steps = reader.steps
  }

  /// The pass over the text: a state machine between "an operand may start" and "an operand
  /// ended", with the open groups on a stack.
  private struct Reader {
    let scalars: [Unicode.Scalar]
    let form: NumberForm
    let scientific: Bool
    var maximumDepth = Calculator.maximumGroupDepth
    var steps: [Step] = []
    var index = 0
    /// What ended the last operand; nil while an operand may start.
    var end: OperandEnd?
    /// A sign read before the operand that follows: true for a minus.
    var sign: Bool?
    /// Whether a currency sign was read next to the current operand.
    var hasCurrency = false
    /// The open groups, innermost last: true when a minus before it negates it.
    var groups: [Bool] = []

    init(scalars: [Unicode.Scalar], form: NumberForm, scientific: Bool) {
      self.scalars = scalars
      self.form = form
      self.scientific = scientific
    }

    mutating func read() throws(PasteRefusal) {
      while index < scalars.count {
        let scalar = scalars[index]
        if PastedExpression.isSpace(scalar) {
          index += 1
        } else if PastedExpression.isDigit(scalar) || scalar == form.decimalMark {
          try readNumber()
        } else if let operation = operation(scalar) {
          try readOperation(operation, scalar)
        } else {
          try readSymbol(scalar)
        }
      }
      guard groups.isEmpty else { throw PasteRefusal.unbalanced }
      guard end != nil else {
        throw steps.isEmpty && sign == nil && !hasCurrency ? PasteRefusal.empty : .missingNumber
      }
    }

    /// The operator a character writes: `+ - − * × x · ÷ /`, `^` in Scientific.
    func operation(_ scalar: Unicode.Scalar) -> Operation? {
      switch scalar {
      case "+": .add
      case "-", "\u{2212}": .subtract
      case "*", "×", "x", "·": .multiply
      case "/", "÷": .divide
      case "^": .power
      default: nil
      }
    }

    /// An operator; where an operand may start, `+` or a minus is its sign.
    mutating func readOperation(_ operation: Operation, _ scalar: Unicode.Scalar)
      throws(PasteRefusal)
    {
      index += 1
      if end == nil {
        guard operation == .add || operation == .subtract, sign == nil else {
          throw PasteRefusal.missingNumber
        }
        sign = operation == .subtract
        return
      }
      if operation == .power, !scientific { throw PasteRefusal.powerOutsideScientific }
      steps.append(.key(.operation(operation)))
      end = nil
      hasCurrency = false
    }

    mutating func readSymbol(_ scalar: Unicode.Scalar) throws(PasteRefusal) {
      switch scalar {
      case "(":
        index += 1
        if end != nil { steps.append(.implied) }
        guard groups.count < maximumDepth else { throw PasteRefusal.tooDeep }
        groups.append(sign == true)
        sign = nil
        end = nil
        steps.append(.key(.parenthesis(.open)))
      case ")":
        index += 1
        guard let negated = groups.popLast() else { throw PasteRefusal.unbalanced }
        guard end != nil else { throw PasteRefusal.missingNumber }
        steps.append(.key(.parenthesis(.close)))
        if negated { steps.append(.key(.toggleSign)) }
        end = negated ? .negatedClose : .close
        hasCurrency = false
      case "%":
        index += 1
        guard end != nil else { throw PasteRefusal.missingNumber }
        steps.append(.key(.percent))
        end = .percent
      case "π":
        index += 1
        try readPi()
      case "p", "P":
        guard index + 1 < scalars.count, scalars[index + 1] == "i" || scalars[index + 1] == "I"
        else { throw PasteRefusal.unknown(scalar) }
        index += 2
        try readPi()
      case form.groupingMark:
        throw PasteRefusal.misplacedGrouping(form)
      case _ where scalar.properties.generalCategory == .currencySymbol:
        index += 1
        // Beside a number only, once: `$12.50`, `-$5`, `12,50 €`.
        guard !hasCurrency, end == .number || end == nil && startsNumber(at: index) else {
          throw PasteRefusal.unknown(scalar)
        }
        hasCurrency = true
      default:
        throw PasteRefusal.unknown(scalar)
      }
    }

    /// Whether a number starts at `position`, after spaces and a sign.
    func startsNumber(at position: Int) -> Bool {
      var position = position
      while position < scalars.count,
        PastedExpression.isSpace(scalars[position])
          || (sign == nil
            && operation(scalars[position]).map { $0 == .add || $0 == .subtract }
              ?? false)
      {
        position += 1
      }
      guard position < scalars.count else { return false }
      return PastedExpression.isDigit(scalars[position]) || scalars[position] == form.decimalMark
    }

    mutating func readPi() throws(PasteRefusal) {
      if end != nil { steps.append(.key(.operation(.multiply))) }  // 2π is 2 × π
      steps.append(.key(.constant(.pi)))
      if sign == true { steps.append(.key(.toggleSign)) }
      sign = nil
      end = .pi
      hasCurrency = false
    }

    /// A number: digits with grouping marks between them, one decimal mark, an exponent.
    mutating func readNumber() throws(PasteRefusal) {
      switch end {
      case .number?, .percent?: throw PasteRefusal.missingOperator
      case .pi?, .negatedClose?: steps.append(.key(.operation(.multiply)))
      case .close?: steps.append(.implied)
      case nil: break
      }
      let start = index
      var hasPoint = false
      while index < scalars.count {
        let scalar = scalars[index]
        if PastedExpression.isDigit(scalar) {
          index += 1
        } else if scalar == form.decimalMark {
          if hasPoint { throw PasteRefusal.twoPoints }
          hasPoint = true
          index += 1
        } else if scalar == form.groupingMark, !hasPoint, index + 1 < scalars.count,
          PastedExpression.isDigit(scalars[index + 1])
        {
          index += 1
        } else {
          break
        }
      }
      // An exponent: `e` or `E`, a sign, digits (`1.5e-3`).
      if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
        var after = index + 1
        if after < scalars.count, scalars[after] == "-" || scalars[after] == "+" { after += 1 }
        if after < scalars.count, PastedExpression.isDigit(scalars[after]) {
          index = after
          while index < scalars.count, PastedExpression.isDigit(scalars[index]) { index += 1 }
        }
      }
      let literal = scalars[start..<index]
      guard literal.contains(where: PastedExpression.isDigit) else {
        throw PasteRefusal.missingNumber
      }
      guard var written = NumberFormat.scan(form.plainText(of: literal)) else {
        throw literal.contains(form.groupingMark)
          ? PasteRefusal.misplacedGrouping(form) : .outOfRange
      }
      written.negative = sign == true
      let rounded = written.parts.rounded(toSignificantDigits: NumberFormat.significantDigits)
      guard let number = DecimalNumber(rounded) else { throw PasteRefusal.outOfRange }
      steps.append(
        .number(
          Calculator.typedText(written, rounded: rounded).map(Calculator.Entry.typing)
            ?? .result(.success(RealNumber(number)))))
      sign = nil
      end = .number
    }
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// White space between tokens: ASCII spaces, tabs, line ends, and the no-break spaces.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\t", "\n", "\r", "\u{A0}", "\u{202F}", "\u{2009}": true
    default: false
    }
  }
}

/// Why a paste was refused (docs/SPEC.md section 12): a screen reader hears `Not accepted: `
/// and the reason.
public struct PasteRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reason, in words: `unbalanced parenthesis`.
  public let reason: String

  /// The reason.
  public var description: String { reason }

  init(_ reason: String) {
    self.reason = reason
  }

  /// Nothing to paste: an empty text, or an empty clipboard.
  public static let empty = PasteRefusal(tr("empty"))
  static let tooLong = PasteRefusal(tr("over 10,000 characters"))
  static let unbalanced = PasteRefusal(tr("unbalanced parenthesis"))
  static let twoPoints = PasteRefusal(tr("two decimal points in a number"))
  static let missingNumber = PasteRefusal(tr("a number is missing"))
  static let missingOperator = PasteRefusal(tr("an operator is missing"))
  static let outOfRange = PasteRefusal(tr("number out of range"))
  static let tooDeep = PasteRefusal(tr("parentheses nested over 20 deep"))
  static let powerOutsideScientific = PasteRefusal(tr("powers need Scientific"))

  static func misplacedGrouping(_ form: NumberForm) -> PasteRefusal {
    PasteRefusal(tr("misplaced %s").filling(form.groupingMarkName))
  }

  /// A character the keys cannot type: `unknown character a`, a control or invisible one by
  /// its code (`unknown character U+0007`).
  static func unknown(_ scalar: Unicode.Scalar) -> PasteRefusal {
    let isVisible: Bool
    switch scalar.properties.generalCategory {
    case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator,
      .paragraphSeparator, .spaceSeparator, .nonspacingMark, .enclosingMark:
      isVisible = false
    default:
      isVisible = scalar != "\u{FFFD}"
    }
    if isVisible { return PasteRefusal(tr("unknown character %s").filling(scalar)) }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return PasteRefusal(
      tr("unknown character U+%s").filling(
        String(repeating: "0", count: max(4 - hex.count, 0)) + hex))
  }
}
