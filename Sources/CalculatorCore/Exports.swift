// The core's users see the number types (DecimalNumber, NumberFormat, Operation) through it.
@_exported import CalculatorNumbers
// And the user's locale: `NumberLocale`, `tr` (docs/SPEC.md section 13).
@_exported import CalculatorLocale
