/// A key's symbol as the X protocol numbers it, after Shift, NumLock and the keyboard layout.
///
/// The window's vocabulary of keys (keysymdef.h: `0xff52` is Up, `0x78` is `x`). A printable
/// Latin-1 character's symbol is its code, and any other character's is its code plus
/// `0x1000000`.
public struct KeySymbol: Hashable, Sendable {
  /// The keysym's number.
  public var value: UInt32

  /// The symbol numbered `value`.
  public init(_ value: UInt32) { self.value = value }

  /// The symbol of a printable Latin-1 character: `KeySymbol("x")`.
  init(_ character: Unicode.Scalar) { value = character.value }

  /// The symbol with a Latin letter in lower case (`X` is `x`, `À` is `à`), as the bindings
  /// store letters: CapsLock and Shift then do not matter to them.
  var lowercased: KeySymbol {
    switch value {
    case 0x41...0x5a, 0xc0...0xd6, 0xd8...0xde: KeySymbol(value + 0x20)
    default: self
    }
  }

  // The named keys the bindings use, with keysymdef.h's names.
  static let kp0 = KeySymbol(0xffb0)
  static let kp1 = KeySymbol(0xffb1)
  static let kp2 = KeySymbol(0xffb2)
  static let kp3 = KeySymbol(0xffb3)
  static let kp4 = KeySymbol(0xffb4)
  static let kp5 = KeySymbol(0xffb5)
  static let kp6 = KeySymbol(0xffb6)
  static let kp7 = KeySymbol(0xffb7)
  static let kp8 = KeySymbol(0xffb8)
  static let kp9 = KeySymbol(0xffb9)
  static let kpInsert = KeySymbol(0xff9e)
  static let kpEnd = KeySymbol(0xff9c)
  static let kpDown = KeySymbol(0xff99)
  static let kpNext = KeySymbol(0xff9b)
  static let kpLeft = KeySymbol(0xff96)
  static let kpBegin = KeySymbol(0xff9d)
  static let kpRight = KeySymbol(0xff98)
  static let kpHome = KeySymbol(0xff95)
  static let kpUp = KeySymbol(0xff97)
  static let kpPrior = KeySymbol(0xff9a)
  static let kpDecimal = KeySymbol(0xffae)
  static let kpSeparator = KeySymbol(0xffac)
  static let kpDelete = KeySymbol(0xff9f)
  static let kpAdd = KeySymbol(0xffab)
  static let kpSubtract = KeySymbol(0xffad)
  static let kpMultiply = KeySymbol(0xffaa)
  static let kpDivide = KeySymbol(0xffaf)
  static let kpEnter = KeySymbol(0xff8d)
  static let kpEqual = KeySymbol(0xffbd)
  static let multiply = KeySymbol(0x00d7)
  static let division = KeySymbol(0x00f7)
  static let returnKey = KeySymbol(0xff0d)
  static let escape = KeySymbol(0xff1b)
  static let delete = KeySymbol(0xffff)
  static let backSpace = KeySymbol(0xff08)
  static let f1 = KeySymbol(0xffbe)
  static let f2 = KeySymbol(0xffbf)
  static let f9 = KeySymbol(0xffc6)
  static let f10 = KeySymbol(0xffc7)
  static let tab = KeySymbol(0xff09)
  static let isoLeftTab = KeySymbol(0xfe20)
  static let up = KeySymbol(0xff52)
  static let down = KeySymbol(0xff54)
  static let prior = KeySymbol(0xff55)
  static let next = KeySymbol(0xff56)
  static let home = KeySymbol(0xff50)
  static let end = KeySymbol(0xff57)
  static let menu = KeySymbol(0xff67)
  static let insert = KeySymbol(0xff63)
  static let space = KeySymbol(0x0020)
}

/// The modifiers a binding can require, with the X protocol's bits of a key event's state.
///
/// CapsLock, NumLock and AltGr (Mod5) are ignored, and Shift unless a binding asks for it
/// (`KeyBinding.command(for:)`): the key's symbol already says what they did (`Shift+8` is
/// `asterisk`).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: UInt32

  /// Shift (`ShiftMask`).
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Ctrl (`ControlMask`).
  public static let control = KeyModifiers(rawValue: 1 << 2)
  /// Alt (`Mod1Mask`).
  public static let alt = KeyModifiers(rawValue: 1 << 3)
  /// The logo key (`Mod4Mask`).
  public static let logo = KeyModifiers(rawValue: 1 << 6)
  /// Ctrl and Shift together: Ctrl+Shift+C, Ctrl+Shift+Z.
  static let controlShift: KeyModifiers = [.control, .shift]

  /// The modifiers of an X key event's `state` that bindings look at, like dwm's `CLEANMASK`.
  public init(eventState state: UInt32) {
    self.init(rawValue: state & KeyModifiers([.shift, .control, .alt, .logo]).rawValue)
  }

  /// The modifiers of these bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// One key going down: its symbol, the modifiers held, and the key's code, which its release
/// carries too (the lit circle stays until then).
public struct Keystroke: Equatable, Sendable {
  /// What the key typed, after Shift, NumLock and the layout.
  public var symbol: KeySymbol
  /// The modifiers held.
  public var modifiers: KeyModifiers
  /// The physical key (X's keycode): a held key repeats it, its release names it.
  public var keycode: UInt32

  /// A key `symbol` with `modifiers`, on the key `keycode`.
  public init(_ symbol: KeySymbol, modifiers: KeyModifiers = [], keycode: UInt32) {
    self.symbol = symbol
    self.modifiers = modifiers
    self.keycode = keycode
  }
}

extension Keystroke {
  /// The character the key types into a text (the unit picker's filter, the search line)
  /// without Ctrl, Alt or the logo key: Latin-1 and Unicode keysyms (`µ` is 0xb5), keypad
  /// digits and point; nil for any other key.
  var typedCharacter: Character? {
    guard modifiers.subtracting(.shift).isEmpty else { return nil }
    let keysym = symbol.value
    let code: UInt32
    switch keysym {
    case 0x20...0x7e, 0xa0...0xff: code = keysym
    case 0x100_0020...0x110_ffff: code = keysym - 0x100_0000
    case KeySymbol.kp0.value...KeySymbol.kp9.value: code = keysym - KeySymbol.kp0.value + 0x30
    case KeySymbol.kpDecimal.value: code = 0x2e
    default: return nil
    }
    return Unicode.Scalar(code).map { Character($0) }
  }
}
