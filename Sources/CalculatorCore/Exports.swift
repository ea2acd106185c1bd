// The core's users see the number types (DecimalNumber, NumberFormat, Operation) through it.
@_exported import CalculatorNumbers
