#!/usr/bin/env python3
"""Random calculations with the displays they must show, computed apart from the Swift core.

Writes one line per case, tab-separated: the --keys sequence; the display a correct decimal
calculator shows after the last key; `stable` or `unstable`; and, for an unstable case, the
other displays a 38-digit arithmetic may give, separated by `|`.
Tests/ReliabilityTests/CrossCheckTests.swift feeds every sequence to the core and compares.

    fuzz/crosscheck.py --seed 1 --count 100000 --output cases.tsv
    fuzz/crosscheck.py --keys '1/3*3='          # the expected display of one sequence
    fuzz/crosscheck.py --keys '1/7=' --model down38

The key rules and the display rules (docs/SPEC.md section 2) are written again here from the
specification, with Python's `decimal` for the numbers, the rounding (ROUND_HALF_UP to 20
significant digits) and the grouping (`format(value, ",f")`). The same calculator runs over
several arithmetics:
- exact: every operation at 200 digits, which for these operands is exact for + - × and far
  beyond the display for ÷: the expected display;
- down38: every operation cut toward zero (ROUND_DOWN) to 38 significant digits, what the core
  declares (DecimalNumber: "every result cut to 38 digits toward zero"; cutting, unlike
  rounding, never moves a value across the display's half-way point). When it shows what
  `exact` shows, the case is `stable` and the core must show exactly that. Otherwise the 38th
  digit decides what shows (x + 999999999999999999 − 999999999999999999, or a tie at the 21st
  digit that only digits past the 38th resolve) and the case is `unstable`: the core may show
  what down38 or halfup38 (the same, rounded half-up) shows, each also with the core's rule
  that a difference within a hundred units of the 38th digit of an inexact operand is 0;
Every model shows NaN outside 1e-99 <= |x| < 1e100.
"""

import argparse
import random
import sys
from decimal import ROUND_DOWN, ROUND_HALF_UP, Context, Decimal

EXACT = Context(prec=1000, rounding=ROUND_DOWN)  # wide enough that + - * are exact
DISPLAY = Context(prec=20, rounding=ROUND_HALF_UP)  # docs/SPEC.md section 2.3
MAX_TYPED_DIGITS = 20
OPERATIONS = "+-*/"
HUNDRED = Decimal(100)

# A value is a finite Python Decimal, or None for NaN.


def in_range(value):
    """NaN (None) outside 1e-99 <= |x| < 1e100."""
    if value is None or value == 0:
        return value
    if not (-99 <= value.adjusted() <= 99):
        return None
    return value


class ContextArithmetic:
    """Every operation rounded to `prec` significant digits with `rounding`."""

    def __init__(self, prec, rounding, snap=False):
        self.context = Context(prec=prec, rounding=rounding, Emax=999999, Emin=-999999)
        # The core's rule for + and -: when an operand is inexact, a sum within a hundred units
        # of the larger operand's 38th digit is 0 (1 / 3 * 3 - 1 shows 0, not -1e-38). This
        # model does not track exactness, so it snaps every such sum: the snapped and unsnapped
        # displays are both accepted for a case where they differ.
        self.snap = snap

    def apply(self, operation, a, b):
        if a is None or b is None:
            return None
        context = self.context
        if operation in "+-":
            result = context.add(a, b) if operation == "+" else context.subtract(a, b)
            largest = max(value.adjusted() for value in (a, b) if value != 0) if a or b else 0
            if self.snap and result != 0 and result.adjusted() < largest - 35:
                result = Decimal(0)
        elif operation == "*":
            result = context.multiply(a, b)
        elif b == 0:
            return None
        else:
            result = context.divide(a, b)
        return in_range(result)

    def percent(self, value):
        return self.apply("/", value, HUNDRED)


MODELS = {
    "exact": ContextArithmetic(200, ROUND_HALF_UP),
    "down38": ContextArithmetic(38, ROUND_DOWN),
    "halfup38": ContextArithmetic(38, ROUND_HALF_UP),
    "down38snap": ContextArithmetic(38, ROUND_DOWN, snap=True),
    "halfup38snap": ContextArithmetic(38, ROUND_HALF_UP, snap=True),
}


def typed_value(text):
    return Decimal(text).normalize(EXACT) if Decimal(text) != 0 else Decimal(0)


def counted_digits(text):
    """docs/SPEC.md section 2.2: every digit counts except a lone leading 0 before the point."""
    unsigned = text[1:] if text.startswith("-") else text
    digits = len(unsigned) - ("." in unsigned)
    return digits - 1 if unsigned.startswith("0") else digits


def show(value):
    """docs/SPEC.md section 2.3: half-up to 20 digits, sci at >= 1e20 or < 1e-8, grouping."""
    if value is None:
        return "NaN"
    if value == 0:
        return "0"
    rounded = DISPLAY.plus(value).normalize(EXACT)
    magnitude = rounded.adjusted()
    if magnitude >= 20 or magnitude < -8:
        sign, digits, _ = rounded.as_tuple()
        text = "".join(map(str, digits))
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return ("-" if sign else "") + mantissa + "e" + str(magnitude)
    return format(rounded, ",f")


def group_typed(text):
    negative = text.startswith("-")
    unsigned = text[1:] if negative else text
    integer, point, fraction = unsigned.partition(".")
    return ("-" if negative else "") + format(int(integer), ",d") + point + fraction


class Calculator:
    """docs/SPEC.md section 2, written again: entry is ("zero",), ("typing", text) or
    ("result", value)."""

    def __init__(self, arithmetic):
        self.arithmetic = arithmetic
        self.entry = ("zero",)
        self.terms = []  # [(operation or None, value)]
        self.pending = None

    def display(self):
        kind = self.entry[0]
        if kind == "zero":
            return "0"
        if kind == "typing":
            return group_typed(self.entry[1])
        return show(self.entry[1])

    def start_entry(self):
        # A digit after a result or NaN starts a new calculation (when nothing is pending).
        if self.entry[0] == "result" and self.pending is None:
            self.terms = []

    def type(self, character):
        if self.entry[0] != "typing":
            self.start_entry()
            self.entry = ("typing", "0." if character == "." else character)
            return
        text = self.entry[1]
        if character == ".":
            if "." not in text:
                self.entry = ("typing", text + ".")
            return
        if counted_digits(text) >= MAX_TYPED_DIGITS:
            return
        self.entry = ("typing", (character if text == "0" else text + character))

    def entry_value(self):
        kind = self.entry[0]
        if kind == "zero":
            return Decimal(0)
        if kind == "typing":
            return typed_value(self.entry[1])
        return self.entry[1]

    def commit(self, value):
        if self.pending is not None:
            self.terms.append((self.pending, value))
        else:
            self.terms = [(None, value)]

    def operation(self, operation):
        if self.entry[0] == "zero" and self.pending is not None:
            self.pending = operation  # "5 + ×" replaces the +
            return
        self.commit(self.entry_value())
        self.pending = operation
        self.entry = ("zero",)

    def equals(self):
        if self.pending is None:
            return
        if self.entry[0] != "zero":
            self.commit(self.entry_value())
        self.pending = None
        total = self.terms[0][1]
        for operation, value in self.terms[1:]:
            total = self.arithmetic.apply(operation, total, value)
        self.entry = ("result", total)

    def toggle_sign(self):
        kind = self.entry[0]
        if kind == "typing":
            text = self.entry[1]
            if typed_value(text) != 0:
                self.entry = ("typing", text[1:] if text.startswith("-") else "-" + text)
        elif kind == "result" and self.entry[1] is not None and self.entry[1] != 0:
            self.entry = ("result", self.entry[1].copy_negate())

    def percent(self):
        kind = self.entry[0]
        if kind == "typing" or (kind == "result" and self.entry[1] is not None):
            self.entry = ("result", self.arithmetic.percent(self.entry_value()))

    def backspace(self):
        if self.entry[0] != "typing":
            return
        text = self.entry[1][:-1]
        unsigned = text.lstrip("-")
        if unsigned in ("", "0"):
            self.entry = ("zero",)
        elif typed_value(unsigned) == 0:
            self.entry = ("typing", unsigned)  # "-0.5" ⌫ is "0.", never "-0."
        else:
            self.entry = ("typing", text)

    def press(self, token):
        if token.isdigit() or token == ".":
            self.type(token)
        elif token in OPERATIONS:
            self.operation(token)
        elif token == "=":
            self.equals()
        elif token == "a":
            self.__init__(self.arithmetic)
        elif token == "c":
            self.entry = ("zero",)
        elif token == "n":
            self.toggle_sign()
        elif token == "%":
            self.percent()
        elif token == "b":
            self.backspace()
        else:
            raise ValueError(token)


SPECIAL = ["99999999999999999999", "0.00000000000000000001", "5", "0.5", "2", "3", "7", "0",
           "1", "10", "0.1", "12345678901234567891", "0.0000000000000000005", "9.5",
           "4.9999999999999999999", "1.0000000000000000005"]


def digits(random, count):
    return "".join(random.choice("0123456789") for _ in range(count))


def operand(random, big):
    """Keys that type one number, sometimes signed, cut, over-long or made a percentage."""
    style = random.random()
    if big and style < 0.5:
        text = "9" * random.randint(15, 20) if random.random() < 0.5 else (
            random.choice("123456789") + digits(random, random.randint(14, 19)))
    elif style < 0.3:
        text = str(random.randint(0, 999))
    elif style < 0.5:
        text = random.choice("123456789") + digits(random, random.randint(3, 19))
    elif style < 0.72:
        whole = random.randint(0, 10)
        integer = random.choice("123456789") + digits(random, whole - 1) if whole else "0"
        text = integer + "." + digits(random, random.randint(0, MAX_TYPED_DIGITS - whole))
    elif style < 0.87:
        zeros = random.randint(0, 18)
        text = "0." + "0" * zeros + digits(random, random.randint(1, MAX_TYPED_DIGITS - zeros))
    else:
        text = random.choice(SPECIAL)
    if random.random() < 0.05:
        text = "." + text.replace(".", "") if "." not in text[1:] else text
    keys = text
    if random.random() < 0.04:
        keys += digits(random, random.randint(1, 5))  # past the 20-digit limit: ignored
    if random.random() < 0.05:
        keys += "b" * random.randint(1, 3)
    if random.random() < 0.2:
        keys += "n"
    if random.random() < 0.1:
        keys += "%" * random.randint(1, 3)
    if random.random() < 0.03:
        keys += "n"
    return keys


def calculation(random):
    """One random calculation as a --keys sequence."""
    long_chain = random.random() < 0.03
    big = random.random() < 0.12
    count = random.randint(12, 40) if long_chain else random.randint(1, 6)
    keys = "a" if random.random() < 0.05 else ""
    if random.random() < 0.05:
        keys += random.choice(OPERATIONS)  # the shown 0 as the first operand
    for index in range(count):
        keys += operand(random, big)
        if random.random() < 0.03:
            keys += "c" + (operand(random, big) if random.random() < 0.7 else "")
        if index == count - 1:
            break
        roll = random.random()
        if roll < 0.08:
            keys += "="  # continue from the result
        elif roll < 0.1:
            keys += "="
            if random.random() < 0.5:
                keys += "%"
            if random.random() < 0.5:
                continue  # a digit after a result starts a new calculation
        if big:
            operation = random.choice("**/*+-")
        else:
            operation = random.choice(OPERATIONS)
        if random.random() < 0.05:
            keys += random.choice(OPERATIONS)  # replaced by the next operator
        keys += operation
    roll = random.random()
    if roll < 0.8:
        keys += "="
        if random.random() < 0.1:
            keys += random.choice(["%", "n", "=", "n%", "c"])
    elif roll < 0.85:
        keys += random.choice(OPERATIONS)
    elif roll < 0.9:
        keys += "=" + random.choice(OPERATIONS) + "="  # dangling operator after a result
    return keys


def display(keys, model):
    calculator = Calculator(MODELS[model])
    for token in keys:
        calculator.press(token)
    return calculator.display()


def case(keys):
    """The output line: keys, expected display, verdict, other acceptable displays."""
    expected = display(keys, "exact")
    cut = display(keys, "down38")
    snapped = display(keys, "down38snap")
    if cut == expected and snapped == expected:
        return "\t".join([keys, expected, "stable", ""])
    models = ["down38", "halfup38", "down38snap", "halfup38snap"]
    others = sorted({display(keys, model) for model in models} - {expected})
    return "\t".join([keys, expected, "unstable", "|".join(others)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--output", default="-")
    parser.add_argument("--keys", help="print the display of one sequence and exit")
    parser.add_argument("--model", default="exact", choices=sorted(MODELS))
    arguments = parser.parse_args()
    if arguments.keys is not None:
        print(display(arguments.keys.replace(" ", ""), arguments.model))
        return
    generator = random.Random(arguments.seed)
    output = sys.stdout if arguments.output == "-" else open(arguments.output, "w")
    with output:
        for _ in range(arguments.count):
            output.write(case(calculation(generator)) + "\n")


if __name__ == "__main__":
    main()
