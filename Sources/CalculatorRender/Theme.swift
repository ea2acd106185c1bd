import CalculatorLayout

/// An opaque sRGB colour.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// A colour from its components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// A colour written as hex: `Color(0xFF9F0A)`.
  public init(_ hex: UInt32) {
    red = UInt8(truncatingIfNeeded: hex >> 16)
    green = UInt8(truncatingIfNeeded: hex >> 8)
    blue = UInt8(truncatingIfNeeded: hex)
  }

  /// `#RRGGBB`.
  public var description: String {
    let value = Int(red) << 16 | Int(green) << 8 | Int(blue)
    let digits = String(value, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }
}

// swift-format-ignore
/// Colours, fonts and proportions: the renderer's one appearance table (roles, not hues).
public enum Theme {
  static let background            = Color(0x000000)  // iOS calculator: black
  static let digitFill             = Color(0x333333)  // docs/SPEC.md section 3.1 (digits, ".", ⌨)
  static let digitLabel            = Color(0xFFFFFF)  // docs/SPEC.md section 3.1
  static let digitPressedFill      = Color(0x737373)  // iOS highlight of #333333
  static let functionFill          = Color(0xA5A5A5)  // docs/SPEC.md section 3.1 (AC/C, ±, %)
  static let functionLabel         = Color(0x000000)  // docs/SPEC.md section 3.1
  static let functionPressedFill   = Color(0xD9D9D9)  // iOS highlight of #A5A5A5
  static let operatorFill          = Color(0xFF9F0A)  // docs/SPEC.md section 3.1, iOS system orange
  static let operatorLabel         = Color(0xFFFFFF)  // docs/SPEC.md section 3.1
  static let operatorPressedFill   = Color(0xFCC78E)  // iOS highlight of #FF9F0A
  static let scientificFill        = Color(0x212121)  // docs/SPEC.md section 6.1 (scientific keys)
  static let scientificLabel       = Color(0xFFFFFF)  // docs/SPEC.md section 6.1
  static let scientificPressedFill = Color(0x616161)  // #212121 lightened as #333333 → #737373
  static let scientificLitFill     = Color(0x505050)  // section 6.1: 2nd on, memory held
  static let pendingFill           = Color(0xFFFFFF)  // docs/SPEC.md section 3.1: pending, inverted
  static let pendingLabel          = Color(0xFF9F0A)  // docs/SPEC.md section 3.1: orange label
  static let displayText           = Color(0xFFFFFF)  // docs/SPEC.md section 3.1
  static let errorText             = Color(0xFF453A)  // iOS system red (dark): refused paste
  static let copiedText            = Color(0x666666)  // white dimmed to 40%: the copy cue
  static let historyText           = Color(0x8E8E93)  // iOS secondary label gray
  static let pastHistoryText       = Color(0x636366)  // iOS system gray 2 (dark): dimmer
  static let historySeparator      = Color(0x48484A)  // iOS separator (dark): between calculations
  static let selectedRowFill       = Color(0x3A3A3C)  // as the menu's selected line: the row cursor
  static let selectedRowText       = Color(0xFFFFFF)  // white on it, like the display
  static let displaySelection      = Color(0x1D4F91)  // the display's number selected (PRIMARY)
  static let editedRowText         = Color(0xFF9F0A)  // operator orange: the number being typed
  static let dayHeaderText         = Color(0xD9D9D9)  // light gray, as the overlay's actions: a day
  static let overlayDim            = 0.82             // black over the keypad under the shortcuts
  static let overlayPanel          = Color(0x1C1C1E)  // iOS secondary background (dark)
  static let overlayTitle          = Color(0xFFFFFF)  // white, like the display
  static let overlayKeys           = Color(0xFF9F0A)  // operator orange: what to press
  static let overlayActions        = Color(0xD9D9D9)  // light gray: what it does
  static let menuSelection         = Color(0x3A3A3C)  // iOS tertiary background (dark)
  static let menuSeparator         = Color(0x48484A)  // iOS separator (dark)
  static let focusRing             = Color(0xFFFFFF)  // docs/SPEC.md section 9.3: white, 2 px
  static let focusRingWidth        = 2.0              // px, up to the reference width
  static let focusRingOffset       = 2.0              // px of black between circle and ring
  static let fieldFill             = Color(0x1C1C1E)  // iOS secondary background (dark): a field
  static let fieldLabel            = Color(0xD9D9D9)  // light gray, as the overlay's actions
  static let activeFieldLabel      = Color(0xFF9F0A)  // docs/SPEC.md section 7.1: active field
  static let selectedPresetFill    = Color(0xFF9F0A)  // the tip preset in use: operator orange
  static let selectedPresetLabel   = Color(0xFFFFFF)  // white, as an operator's
  static let unitButtonFill        = Color(0x333333)  // as a digit key: a unit's button, the swap key
  static let unitButtonLabel       = Color(0xFFFFFF)  // white, as a digit's
  static let convertedText         = Color(0xFFFFFF)  // white, as the display: the converted value
  static let captionText           = Color(0x8E8E93)  // the strip's gray: the rates' date
  static let pickerUnit            = Color(0xFF9F0A)  // operator orange, as the overlay's keys
  static let pickerName            = Color(0xD9D9D9)  // light gray, as the overlay's actions
  static let pickerDetail          = Color(0x8E8E93)  // the strip's gray: a unit's category
  static let pickerPlaceholder     = Color(0x636366)  // iOS system gray 2 (dark): "Type to filter"

  static let displayFont = ["Inter:weight=light",   "sans-serif:weight=light"]    // docs/SPEC.md section 3.1
  static let labelFont   = ["Inter:weight=regular", "sans-serif:weight=regular"]  // digits, history
  static let symbolFont  = ["Inter:weight=medium",  "sans-serif:weight=medium"]   // AC ± % ÷ × − + =

  static let displayBaseline = 0.2   // × display base size above the display rect's bottom
  static let historyBaseline = 0.24  // × row height above the row's bottom
  static let pointDiameter   = 0.1   // × circle diameter: the "." key's dot (docs/SPEC.md section 3.1)
  static let indicatorSize   = 0.25  // × display base size: the Rad indicator
  static let swapLabelSize   = 0.45  // × swap key diameter: its arrows
  static let swapLabel       = "↑↓"  // iOS 18's swap key: arrows up and down
}

extension Theme {
  /// The fill and label colours of a keypad cell; `isPending` lights an operator, `isLit` a
  /// scientific key.
  static func colors(style: KeyStyle, isPressed: Bool, isPending: Bool, isLit: Bool = false) -> (
    fill: Color, label: Color
  ) {
    switch (style, isPressed, isPending || isLit) {
    case (.scientific, true, _): (scientificPressedFill, scientificLabel)
    case (.scientific, false, true): (scientificLitFill, scientificLabel)
    case (.scientific, false, false): (scientificFill, scientificLabel)
    case (.digit, false, _): (digitFill, digitLabel)
    case (.digit, true, _): (digitPressedFill, digitLabel)
    case (.function, false, true): (selectedPresetFill, selectedPresetLabel)
    case (.function, false, false): (functionFill, functionLabel)
    case (.function, true, _): (functionPressedFill, functionLabel)
    case (.operator, true, _): (operatorPressedFill, operatorLabel)
    case (.operator, false, true): (pendingFill, pendingLabel)
    case (.operator, false, false): (operatorFill, operatorLabel)
    }
  }
}
