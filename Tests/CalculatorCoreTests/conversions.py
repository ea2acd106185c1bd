#!/usr/bin/env python3
"""Unit conversions and the displays they must show, computed apart from the Swift core.

Prints one case per line, tab-separated: the value, the unit it is in, the unit wanted, and
the display a correct calculator shows for the result (or `out of range`).
Tests/CalculatorCoreTests/ConversionTests.swift checks every case against the core, and
Tests/CommandLineTests checks some through `circlecalc --convert`.

    Tests/CalculatorCoreTests/conversions.py                    # the unit cases
    Tests/CalculatorCoreTests/conversions.py --rates FILE.xml   # currency cases for that file
    Tests/CalculatorCoreTests/conversions.py --show '1 m to ft' # one conversion

Every unit is defined here again from its source, not from the Swift table, and derived the
way the source derives it where it can be (a pound-force is a pound times standard gravity, a
millimetre of mercury is 13.5951 g/cm³ × 1 mm × standard gravity, °F goes through °C), with
Python's exact fractions. Angles need π: from mpmath at 130 digits, the case refused unless
π 1e-120 lower and higher gives the same display. The display rounds half-up to 20
significant digits, groups the integer part with commas, and writes 1e20 and up and below 1e-8
in scientific notation (docs/SPEC.md section 2.3); results outside 1e-99 <= |x| < 1e100 are out
of range (section 10). A value of more than 20 significant digits is first rounded half-up to
20, as a paste into the display is.
"""

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from fractions import Fraction as F

import mpmath

mpmath.mp.dps = 130
PI = F(mpmath.nstr(mpmath.mp.pi, 125, strip_zeros=False))
PI_ERROR = F(1, 10**120)

# Exact definitions, in SI base units (NIST SP 811 appendix B.8, the SI Brochure table 8).
INCH = F("0.0254")
FOOT = 12 * INCH
YARD = 3 * FOOT
MILE = 5280 * FOOT
NAUTICAL_MILE = F(1852)
POUND = F("0.45359237")
GRAVITY = F("9.80665")  # standard acceleration of gravity
POUND_FORCE = POUND * GRAVITY  # 4.4482216152605 N
US_GALLON = 231 * INCH**3
US_FLUID_OUNCE = US_GALLON / 128
UK_GALLON = F("4.54609") / 1000
HOUR = F(3600)
CALORIE_IT = F("4.1868")  # International Table calorie: the British thermal unit's
GRAIN = POUND / 7000  # the avoirdupois pound is 7,000 grains
JULIAN_YEAR = F("365.25") * 24 * HOUR  # IAU
LIGHT_SPEED = F(299792458)  # m/s, by the SI's definition of the metre
PI_TOKEN = "pi"

# Each unit: its symbol, then either a factor in the base unit, or for temperatures a pair of
# functions to and from kelvins. A factor may be (fraction, power of π), or ("per", k) for a
# reciprocal unit, whose value v is k ÷ v base units (litres per 100 km: 100 ÷ v km/L).
UNITS = {
    "length": {
        "m": 1, "km": 1000, "cm": F(1, 100), "mm": F(1, 1000), "µm": F(1, 10**6),
        "nm": F(1, 10**9), "in": INCH, "ft": FOOT, "yd": YARD, "mi": MILE,
        "nmi": NAUTICAL_MILE, "Å": F(1, 10**10), "au": F(149597870700),
        "ly": LIGHT_SPEED * JULIAN_YEAR,
    },
    "area": {
        "m2": 1, "km2": 10**6, "cm2": F(1, 10**4), "mm2": F(1, 10**6), "a": 100, "ha": 10**4,
        "acre": 43560 * FOOT**2,
        "ft2": FOOT**2, "in2": INCH**2, "yd2": YARD**2, "mi2": MILE**2,
    },
    "volume": {
        "m3": 1, "L": F(1, 1000), "mL": F(1, 10**6), "cm3": F(1, 10**6), "gal": US_GALLON,
        "qt": US_GALLON / 4, "pt": US_GALLON / 8, "cup": 8 * US_FLUID_OUNCE,
        "floz": US_FLUID_OUNCE, "tbsp": US_FLUID_OUNCE / 2, "tsp": US_FLUID_OUNCE / 6,
        "impgal": UK_GALLON, "imppt": UK_GALLON / 8, "dL": F(1, 10**4), "cL": F(1, 10**5),
        "in3": INCH**3, "ft3": FOOT**3, "yd3": YARD**3, "impfloz": UK_GALLON / 160,
        "bbl": 42 * US_GALLON,
    },
    "mass": {
        "kg": 1, "g": F(1, 1000), "mg": F(1, 10**6), "µg": F(1, 10**9), "t": 1000,
        "lb": POUND, "oz": POUND / 16, "st": 14 * POUND, "ct": F(200, 10**6),
        "ton": 2000 * POUND, "LT": 2240 * POUND, "ozt": 480 * GRAIN, "gr": GRAIN,
    },
    "temperature": {
        "K": (lambda t: t, lambda k: k),
        "C": (lambda t: t + F("273.15"), lambda k: k - F("273.15")),
        "F": (lambda t: (t - 32) * F(5, 9) + F("273.15"),
              lambda k: (k - F("273.15")) * F(9, 5) + 32),
        "R": (lambda t: t * F(5, 9), lambda k: k * F(9, 5)),
    },
    "speed": {
        "m/s": 1, "km/h": F(1000) / HOUR, "mph": MILE / HOUR, "kn": NAUTICAL_MILE / HOUR,
        "ft/s": FOOT,
    },
    "time": {
        "ns": F(1, 10**9), "µs": F(1, 10**6), "ms": F(1, 1000), "s": 1, "min": 60,
        "h": HOUR, "d": 24 * HOUR, "wk": 7 * 24 * HOUR, "mo": JULIAN_YEAR / 12,
        "yr": JULIAN_YEAR,
    },
    "data": {
        "bit": 1, "kbit": 1000, "Mbit": 10**6, "Gbit": 10**9, "B": 8, "kB": 8 * 10**3,
        "KiB": 8 * 2**10, "MB": 8 * 10**6, "MiB": 8 * 2**20, "GB": 8 * 10**9,
        "GiB": 8 * 2**30, "TB": 8 * 10**12, "TiB": 8 * 2**40, "PB": 8 * 10**15,
        "PiB": 8 * 2**50, "Tbit": 10**12, "EB": 8 * 10**18, "EiB": 8 * 2**60,
    },
    "energy": {
        "J": 1, "kJ": 1000, "MJ": 10**6, "Wh": HOUR, "kWh": 1000 * HOUR, "cal": F("4.184"),
        "kcal": F("4184"), "eV": F("1.602176634e-19"),
        # 1 Btu/(lb·°F) = 1 cal_IT/(g·°C)
        "BTU": CALORIE_IT * 1000 * POUND * F(5, 9),
        "MWh": 10**6 * HOUR, "GWh": 10**9 * HOUR,
    },
    "power": {
        "W": 1, "kW": 1000, "MW": 10**6, "hp": 550 * FOOT * POUND_FORCE, "PS": 75 * GRAVITY,
        "BTU/h": CALORIE_IT * 1000 * POUND * F(5, 9) / HOUR,
    },
    "pressure": {
        "Pa": 1, "hPa": 100, "kPa": 1000, "MPa": 10**6, "bar": 10**5, "mbar": 100,
        "atm": 101325, "psi": POUND_FORCE / INCH**2,
        "mmHg": F("13.5951") * 1000 * F(1, 1000) * GRAVITY,  # ρ × h × g: 13,595.1 kg/m³, 1 mm
        "inHg": F("13.5951") * 1000 * INCH * GRAVITY, "Torr": F(101325, 760),
        "kgf/cm2": GRAVITY / F(1, 10**4), "ksi": 1000 * POUND_FORCE / INCH**2,
    },
    "force": {"N": 1, "kN": 1000, "lbf": POUND_FORCE, "kgf": GRAVITY},
    "angle": {
        "rad": 1, "deg": (F(1, 180), 1), "arcmin": (F(1, 180 * 60), 1),
        "arcsec": (F(1, 180 * 3600), 1), "gon": (F(1, 200), 1), "turn": (F(2), 1),
    },
    "fuel economy": {
        "km/L": 1, "L/100km": ("per", 100),
        "mpg": (MILE / 1000) / (US_GALLON * 1000), "mpgimp": (MILE / 1000) / (UK_GALLON * 1000),
    },
}
ABSOLUTE_ZERO = "is below absolute zero: no temperature is below 0 K (-273.15 °C, -459.67 °F)"


def category(symbol):
    return next(name for name, units in UNITS.items() if symbol in units)


class BelowAbsoluteZero(Exception):
    pass


def convert(value, source, target):
    """The exact result, a pair (fraction, power of π); None for no number (0 L/100km)."""
    units = UNITS[category(source)]
    if category(source) == "temperature":
        kelvins = units[source][0](value)
        if kelvins < 0:
            raise BelowAbsoluteZero()
        return units[target][1](kelvins), 0
    def to_base(symbol, v):
        definition = units[symbol]
        if isinstance(definition, tuple) and definition[0] == "per":
            return None if v == 0 else (definition[1] / v, 0)
        factor, power = definition if isinstance(definition, tuple) else (F(definition), 0)
        return v * factor, power
    def from_base(symbol, base):
        definition = units[symbol]
        if isinstance(definition, tuple) and definition[0] == "per":
            return None if base == 0 else definition[1] / base
        factor = definition[0] if isinstance(definition, tuple) else F(definition)
        return base / factor
    base = to_base(source, value)
    if base is None:
        return None, 0
    target_power = units[target][1] if isinstance(units[target], tuple) and units[target][0] != "per" else 0
    result = from_base(target, base[0])
    return result, base[1] - target_power


def rounded_value(text):
    """A value as a paste reads it: more than 20 significant digits rounded half-up."""
    value = F(text.replace(",", ""))
    return round_significant(value, 20) if value else value


def round_significant(value, digits):
    negative, value = value < 0, abs(value)
    exponent = magnitude(value)
    scaled = value / F(10) ** (exponent - digits + 1)
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    result = whole * F(10) ** (exponent - digits + 1)
    return -result if negative else result


def magnitude(value):
    """The power of ten of the first digit of a positive fraction."""
    exponent = len(str(value.numerator)) - len(str(value.denominator))
    while F(10) ** exponent > value:
        exponent -= 1
    while F(10) ** (exponent + 1) <= value:
        exponent += 1
    return exponent


def show(value):
    """The display for an exact fraction, None out of range."""
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    value = abs(value)
    if not -99 <= magnitude(value) <= 99:
        return None
    value = round_significant(value, 20)
    exponent = magnitude(value)
    digits = str(int(value / F(10) ** (exponent - 19))).rstrip("0")
    if exponent >= 20 or exponent < -8:
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{sign}{mantissa}e{exponent}"
    if exponent >= len(digits) - 1:
        return sign + format(int(digits) * 10 ** (exponent - len(digits) + 1), ",")
    if exponent >= 0:
        integer, fraction = digits[: exponent + 1], digits[exponent + 1 :]
    else:
        integer, fraction = "0", "0" * (-exponent - 1) + digits
    return f"{sign}{format(int(integer), ',')}.{fraction}"


def display(value_text, source, target):
    try:
        value, power = convert(rounded_value(value_text), source, target)
    except BelowAbsoluteZero:
        return f"error: '{show(rounded_value(value_text))} {source}' {ABSOLUTE_ZERO}"
    if value is None:
        return "out of range"
    if power == 0:
        shown = show(value)
    else:
        ends = {show(value * (PI + error) ** power) for error in (-PI_ERROR, PI_ERROR)}
        if len(ends) != 1:
            sys.exit(f"{value_text} {source} to {target}: π's digits do not decide the display")
        shown = ends.pop()
    return "out of range" if shown is None else shown


VALUES = ["1", "2.5", "-7", "1234.5678", "0.001", "1e15", "3", "42", "0.3", "999999", "1e-5",
          "17.25", "-0.0625", "86400", "7.1e-3"]
TEMPERATURES = ["-40", "-273.15", "100", "37", "-459.67", "0", "20.5", "-17.5", "451", "1e6"]

SPECIAL = [
    # the rules' own examples, non-terminating results, 20 digits half-up
    ("1", "m", "ft"), ("-40", "C", "F"), ("1", "ft", "nmi"), ("1", "psi", "atm"),
    ("100", "km/h", "mph"), ("1", "kWh", "BTU"), ("1", "cal", "BTU"), ("1", "hp", "PS"),
    ("1", "kn", "km/h"), ("1", "mmHg", "Torr"), ("1", "acre", "ha"), ("1", "impgal", "gal"),
    ("1", "st", "kg"), ("1", "oz", "g"), ("1", "tsp", "mL"), ("1", "cup", "mL"),
    ("1", "mi2", "km2"), ("1", "wk", "min"), ("1", "MiB", "MB"), ("1", "GB", "GiB"),
    # tiny and huge values, scientific notation both ways
    ("1e-30", "m", "km"), ("1e90", "nm", "km"), ("1", "eV", "kWh"), ("1e25", "eV", "J"),
    ("123456789", "PiB", "bit"), ("1e80", "mm", "km"), ("5e-20", "s", "wk"),
    ("99999999999999999999", "km", "m"), ("1e-8", "km", "m"), ("9.9999e-9", "m", "m"),
    ("1e19", "km", "cm"), ("1e20", "m", "m"),
    # past the range
    ("1e99", "km", "mm"), ("1e-99", "mm", "km"), ("-1e99", "wk", "s"), ("1e90", "PiB", "bit"),
    # negative temperatures
    ("-40", "F", "C"), ("-273.15", "C", "K"), ("-459.67", "F", "K"), ("-100", "F", "C"),
    ("-1", "K", "F"), ("-89.2", "C", "F"), ("0", "F", "C"), ("0", "K", "C"),
    # angles: π cancels or not
    ("180", "deg", "rad"), ("1", "rad", "deg"), ("90", "deg", "turn"), ("1", "arcsec", "rad"),
    ("1", "turn", "arcsec"), ("400", "gon", "deg"), ("-45", "deg", "gon"), ("1e-50", "deg", "rad"),
    # a value of 24 digits, rounded as a paste is
    ("1.23456789012345678901234", "m", "mm"),
    # below absolute zero: refused
    ("-500", "K", "C"), ("-273.16", "C", "K"), ("-459.68", "F", "R"), ("-1", "R", "K"),
    # reciprocal units: to, from and between; 0 is no fuel economy
    ("30", "mpg", "L/100km"), ("5", "L/100km", "mpg"), ("7.5", "L/100km", "mpgimp"),
    ("0", "L/100km", "km/L"), ("8", "L/100km", "L/100km"), ("40", "mpgimp", "mpg"),
    # the new units beside the old ones
    ("1", "ly", "au"), ("1", "yr", "d"), ("1", "mo", "wk"), ("1", "EiB", "EB"),
    ("1", "ozt", "oz"), ("1", "LT", "ton"), ("1", "bbl", "gal"), ("1", "ksi", "kgf/cm2"),
    ("1", "kgf", "lbf"), ("1", "BTU/h", "W"), ("100", "Å", "nm"), ("1", "a", "acre"),
]

# Round trips: the first result as displayed, converted back.
ROUND_TRIPS = [("1", "m", "ft"), ("3", "mi", "km"), ("98.6", "F", "C"), ("1", "lb", "kg"),
               ("1", "gal", "L"), ("1", "rad", "deg"), ("1", "psi", "kPa"),
               ("1", "hp", "kW"), ("1", "kn", "mph"), ("1", "BTU", "kJ")]


def unit_cases():
    cases = []
    for name, units in UNITS.items():
        symbols = list(units)
        base = symbols[0] if name not in ("time",) else "s"
        values = TEMPERATURES if name == "temperature" else VALUES
        for index, symbol in enumerate(symbols):
            if symbol == base:
                continue
            cases.append((values[index % len(values)], symbol, base))
            cases.append((values[(index + 5) % len(values)], base, symbol))
            following = symbols[(index + 1) % len(symbols)]
            cases.append((values[(index + 9) % len(values)], symbol, following))
    cases += SPECIAL
    for value, source, target in ROUND_TRIPS:
        there = display(value, source, target)
        cases.append((value, source, target))
        cases.append((there.replace(",", ""), target, source))
    return [(value, source, target, display(value, source, target))
            for value, source, target in cases]


def currency_cases(path):
    """Cross rates through the euro: value ÷ rate(from) × rate(to), from the file's rates."""
    root = ElementTree.parse(path).getroot()
    rates = {"EUR": F(1)}
    for cube in root.iter("{http://www.ecb.int/vocabulary/2002-08-01/eurofxref}Cube"):
        if "currency" in cube.attrib:
            rates[cube.attrib["currency"]] = F(cube.attrib["rate"])
    codes = list(rates)
    cases = []
    values = ["1", "120", "-3.5", "1e6", "0.01", "99.99", "1e-20", "123456.78"]
    for index, code in enumerate(codes[1:], 1):
        cases.append((values[index % len(values)], code, "EUR"))
        cases.append((values[(index + 3) % len(values)], "EUR", code))
        other = codes[(index * 7) % len(codes)]
        cases.append((values[(index + 5) % len(values)], code, other))
    result = []
    for value, source, target in cases:
        shown = show(rounded_value(value) / rates[source] * rates[target])
        result.append((value, source, target, "out of range" if shown is None else shown))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rates", help="the currency cases for this ECB rates file")
    parser.add_argument("--show", help="one conversion, 'VALUE FROM to TO'")
    arguments = parser.parse_args()
    if arguments.show:
        value, source, _, target = arguments.show.split()
        print(display(value, source, target))
        return
    cases = currency_cases(arguments.rates) if arguments.rates else unit_cases()
    for case in cases:
        print("\t".join(case))


if __name__ == "__main__":
    main()
