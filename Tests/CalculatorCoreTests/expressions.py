#!/usr/bin/env python3
"""The display an expression gives in each order of operations, computed apart from the core.

usage: expressions.py math|left [EXPRESSION ...]   (else on stdin, one a line)
Writes one display a line, in the order of the expressions.

    Tests/CalculatorCoreTests/expressions.py math '2+3*4' '2(1+1)' '2^3^2'    # 14 4 512

An expression is written in a small language of its own, which the tests turn into `--keys`
and into pasted text:
  numbers      12  1.5  .25          operators  + - * / ^ (xʸ)  r (ʸ√x)  l (logᵧ)  Y (yˣ)  E (EE)
  ( )          groups; a number or ( right after a number or ), and a number right after ),
               multiply (docs/SPEC.md section 12: 2(1+1) is 4)
  ~            the sign of the number or group right after it: ~2^2 is (-2)^2
  %            the number or group before it divided by 100

math: Python's own parser gives the precedence (docs/SPEC.md section 12: parentheses, EE, then
xʸ ʸ√x logᵧ yˣ right-associative as Python's **, then * /, then + -) over exact Fractions: the
expression is rewritten as Python source and evaluated. Every binary operator of the ^ level is
Python's ** with its right operand tagged (x r y is x ** Root(y)), so ** parses the run and its
right-associativity. EE binds tightest and takes plain numbers here: a E b is (a * 10 ** b).
left: a left-to-right evaluator written here: each group is evaluated first, then its operands
strictly left to right (docs/SPEC.md section 2.4).
The display: half-up to 20 significant digits, grouped, scientific at 1e20 and below 1e-8, NaN
for division by zero, a domain error or a result outside 1e-99 <= |x| < 1e100 (docs/SPEC.md
section 2.3). A power, root or logarithm that is not rational gives `inexact`: the case is
not one this reference can decide.
"""

import re
import sys
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

TOKEN = re.compile(r"\s*(\d+\.?\d*|\.\d+|[-+*/^rlYE()~%])")
WIDE = Context(prec=80)
DISPLAY = Context(prec=20, rounding=ROUND_HALF_UP)


class NotANumber(Exception):
    """A domain error, a division by zero, a result out of range: the display shows NaN."""


class Inexact(Exception):
    """A case whose value is not a rational number: the table must not hold it."""


def tokens(text):
    position, found = 0, []
    while position < len(text.rstrip()):
        match = TOKEN.match(text, position)
        if not match:
            raise SyntaxError(f"bad expression {text!r} at {position}")
        found.append(match.group(1))
        position = match.end()
    return found


def is_number(token):
    return token[0].isdigit() or token[0] == "."


def rational_root(x, n):
    """The exact n-th root of a Fraction (n a positive whole number), or Inexact."""
    if x < 0:
        if n % 2 == 0:
            raise NotANumber
        return -rational_root(-x, n)
    parts = []
    for whole in (x.numerator, x.denominator):
        guess = round(whole ** (1.0 / n))
        found = next((c for c in (guess - 1, guess, guess + 1) if c >= 0 and c ** n == whole), None)
        if found is None:
            raise Inexact(f"root {n} of {x}")
        parts.append(found)
    return Fraction(parts[0], parts[1])


def power(x, y):
    """x to the y, exactly: 0 ** 0 is 1; a non-whole y a rational root or Inexact."""
    if y.denominator == 1:
        if x == 0 and y < 0:
            raise NotANumber
        return x ** int(y)
    if x < 0 and y.denominator % 2 == 0:
        raise NotANumber
    return power(rational_root(x, y.denominator), Fraction(y.numerator))


def root(x, y):
    """ʸ√x: a negative x has the negative real root for an odd whole y (docs/SPEC.md 6.3)."""
    if y == 0:
        raise NotANumber
    if x < 0 and y.denominator == 1 and y.numerator % 2 == 1:
        return -power(-x, 1 / y)
    if x < 0:
        raise NotANumber
    return power(x, 1 / y)


def logarithm(x, y):
    """log of x to base y when it is rational, p/q with q up to 12; else Inexact."""
    if x <= 0 or y <= 0 or y == 1:
        raise NotANumber
    for q in range(1, 13):
        try:
            base = rational_root(y, q)
        except Inexact:
            continue
        for p in range(-400, 401):
            if power(base, Fraction(p)) == x:
                return Fraction(p, q)
    raise Inexact(f"log of {x} base {y}")


BINARY = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: divide(a, b),
    "^": power,
    "r": root,
    "l": logarithm,
    "Y": lambda a, b: power(b, a),
    "E": lambda a, b: a * power(Fraction(10), b),
}


def divide(a, b):
    if b == 0:
        raise NotANumber
    return a / b


class Value:
    """A Fraction whose ** is the ^-level operator its right operand is tagged with."""

    def __init__(self, value, tag="^"):
        self.value, self.tag = Fraction(value), tag

    def __pow__(self, other):
        # A right operand's own run: a ** Tag(b) ** c is a ** Tag(b OP c), OP being c's tag.
        return Value(BINARY[other.tag](self.value, other.value), self.tag)

    def __add__(self, other):
        return Value(self.value + other.value)

    def __sub__(self, other):
        return Value(self.value - other.value)

    def __mul__(self, other):
        return Value(self.value * other.value)

    def __truediv__(self, other):
        return Value(divide(self.value, other.value))

    def __neg__(self):
        return Value(-self.value, self.tag)


def operands(items):
    """Writes out the implied ×: between an operand's end and an operand's start."""
    result = []
    for item in items:
        starts = is_number(item) or item in "(~"
        if result and starts and (is_number(result[-1]) or result[-1] in ")%"):
            if is_number(item) and is_number(result[-1]):
                raise SyntaxError("two numbers in a row")
            result.append("*")
        result.append(item)
    return result


class Source:
    """The expression as Python source over Values, operand by operand; Python's own parser
    then gives the binary operators their precedence."""

    def __init__(self, items):
        self.items, self.position = items, 0

    def peek(self):
        return self.items[self.position] if self.position < len(self.items) else None

    def take(self):
        self.position += 1
        return self.items[self.position - 1]

    def expression(self):
        pieces = [self.operand()]
        while self.peek() not in (None, ")"):
            operation = self.take()
            pieces.append({"^": "**"}.get(operation, operation) if operation in "+-*/^"
                          else f"** T({operation!r}) **")
            pieces.append(self.operand())
        return " ".join(pieces)

    def operand(self):
        """An atom, then EE's run over atoms: it binds tightest (a E b is a × 10^b)."""
        text = self.atom()
        while self.peek() == "E":
            self.take()
            text = f"({text} * V(10) ** {self.atom()})"
        return text

    def atom(self):
        """A number or group, its sign before it and any % after it."""
        negative = self.peek() == "~"
        if negative:
            self.take()
        item = self.take()
        text = f"({self.expression()})" if item == "(" else f"V(F({item!r}))"
        if item == "(":
            assert self.take() == ")"
        if negative:
            text = f"(-{text})"
        while self.peek() == "%":
            self.take()
            text = f"({text} / V(100))"
        return text


class Tag:
    """The tag of the next operand: x r y is written x ** T('r') ** y."""

    def __init__(self, tag):
        self.tag = tag

    def __pow__(self, other):
        return Value(other.value, self.tag)


def evaluate_math(text):
    source = Source(operands(tokens(text))).expression()
    value = eval(source, {"V": Value, "F": Fraction, "T": Tag})  # noqa: S307 - our own text
    return value.value


def evaluate_left(text):
    """Strictly left to right within each group, groups first; an implied × is a ×."""
    items = operands(tokens(text))

    def group(position):
        total, operation, position = None, None, position
        while position < len(items):
            item = items[position]
            if item == ")":
                return total, position + 1
            negative = item == "~"
            if negative:
                position += 1
                item = items[position]
            if item == "(":
                value, position = group(position + 1)
            else:
                value, position = Fraction(item), position + 1
            if negative:
                value = -value
            while position < len(items) and items[position] == "%":
                value, position = value / 100, position + 1
            total = value if operation is None else BINARY[operation](total, value)
            if position < len(items) and items[position] != ")":
                operation, position = items[position], position + 1
        return total, position

    return group(0)[0]


def show(value):
    """docs/SPEC.md section 2.3, written again."""
    if value == 0:
        return "0"
    exact = Decimal(value.numerator) / Decimal(value.denominator) if value.denominator != 1 \
        else Decimal(value.numerator)
    exact = WIDE.plus(exact) if value.denominator != 1 else exact
    rounded = DISPLAY.plus(exact)
    if not -99 <= rounded.adjusted() <= 99:
        return "NaN"
    rounded = rounded.normalize(Context(prec=20))
    magnitude = rounded.adjusted()
    if magnitude >= 20 or magnitude < -8:
        sign, digits, _ = rounded.as_tuple()
        text = "".join(map(str, digits))
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return ("-" if sign else "") + mantissa + "e" + str(magnitude)
    return format(rounded, ",f")


def main():
    order = sys.argv[1]
    evaluate = evaluate_math if order == "math" else evaluate_left
    for line in sys.argv[2:] or sys.stdin.read().splitlines():
        try:
            print(show(Fraction(evaluate(line))))
        except (NotANumber, ZeroDivisionError):
            print("NaN")
        except Inexact:
            print("inexact")


if __name__ == "__main__":
    main()
