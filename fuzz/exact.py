#!/usr/bin/env python3
"""The true value of what was typed, from mpmath at 300 digits, as the display must show it.

docs/SPEC.md section 16: every result shown is the true value of what was typed, rounded once,
half-up, to 20 significant digits. This script computes that display apart from the Swift
core, for the tests in Tests/ReliabilityTests/ExactnessTests.swift:

    fuzz/exact.py --table fuzz/cancellation.txt    # each line's keys and expected display
    fuzz/exact.py --chains --seed 1 --count 10000  # random function chains, see below

The table's lines are `KEYS<TAB>EXPRESSION` (`#` starts a comment): the keys a user types, and
what they mean, written as a Python expression over mpmath (`pi`, `e`, `sqrt`, `log`, `sin`…,
`mpf('3.14')` for a typed number, `F('1.5')` for an exact fraction, `nan` for NaN). The
expected display is the expression's value at 300 digits, rounded half-up to 20 digits by
fuzz/crosscheck.py's `show`; a value below 1e-99 in magnitude shows 0 (the zero of section
16), one of 1e100 or more is NaN. A value so close to a rounding tie that 300 digits do not
decide it stops the script: write it as an exact fraction.

A chain is a start (a typed number, π or e, in degrees or radians) followed by unary functions
and binary operations, each finished with `=`, every step taken on the previous result. The
keys' rules (docs/SPEC.md sections 2 and 6: domains, the range, left to right) are written
again below. Where the rules leave a choice, every choice is followed and each gives an
acceptable display: a true value below 1e-99 in magnitude shows 0 or NaN (0 when it cannot be
told from 0, NaN when it is proven not to be), and an argument within 1e-99 of a domain edge
(1 for cos⁻¹, a whole number for x!) may count as the edge. Each chain is computed at 300 and
at 400 digits; when the two disagree the chain is `unstable` (the reference cannot decide it)
and is not checked. Writes one line per chain: keys, the acceptable displays separated by `|`,
and `checked` or `unstable`.
"""

import argparse
import math
import random
import sys
from decimal import Decimal, localcontext
from fractions import Fraction as F

import mpmath
from mpmath import mp, mpf

from crosscheck import show

DIGITS = 300
TINY = F(1, 10**99)  # below this a result shows 0 (or NaN when proven not 0)
HUGE = F(10**100)  # at or above this a result is NaN


class Tie(Exception):
    """A value too near a rounding tie for the digits it was computed with."""


def real(value):
    """A Fraction or an mpmath number as an mpmath number."""
    if isinstance(value, F):
        return mpf(value.numerator) / value.denominator
    return value


def tiny(value):
    """Whether |value| is below 1e-99."""
    if isinstance(value, F):
        return abs(value) < TINY
    return abs(value) < real(TINY)


def huge(value):
    """Whether |value| is 1e100 or more."""
    if isinstance(value, F):
        return abs(value) >= HUGE
    return abs(value) >= real(HUGE)


def display(value):
    """The display of an mpmath number, a Fraction or None (NaN), half-up to 20 digits."""
    if value is None:
        return "NaN"
    if not isinstance(value, F) and (mpmath.isnan(value) or mpmath.isinf(value)):
        return "NaN"
    if huge(value):
        return "NaN"
    if tiny(value):
        return "0"
    if isinstance(value, F):
        with localcontext() as context:
            context.prec = 400  # terminating decimals exactly; others far past 20 digits
            return show(Decimal(value.numerator) / Decimal(value.denominator))
    text = mpmath.nstr(value, DIGITS - 10, strip_zeros=False, min_fixed=1, max_fixed=0)
    significant = text.lstrip("-").split("e")[0].replace(".", "").lstrip("0")
    # Digit 21 on decides the rounding: a 5 then zeros, or a 4 then nines, is too near a tie.
    tail = set(significant[21:-5])
    if (significant[20:21] == "5" and tail <= {"0"}) or (
        significant[20:21] == "4" and tail <= {"9"}
    ):
        raise Tie(text)
    return show(Decimal(text))


# ---- the table ----

def sind(x):
    return mpmath.sinpi(x / 180)


def cosd(x):
    return mpmath.cospi(x / 180)


def tand(x):
    return sind(x) / cosd(x)


NAMES = {
    "pi": mp.pi, "e": mp.e, "sqrt": mpmath.sqrt, "cbrt": mpmath.cbrt, "log": mpmath.log,
    "log10": mpmath.log10, "exp": mpmath.exp, "sin": mpmath.sin, "cos": mpmath.cos,
    "tan": mpmath.tan, "asin": mpmath.asin, "acos": mpmath.acos, "atan": mpmath.atan,
    "sind": sind, "cosd": cosd, "tand": tand, "gamma": mpmath.gamma, "mpf": mpf, "F": F,
    "nan": None, "root": mpmath.root, "sinh": mpmath.sinh, "tanh": mpmath.tanh,
}


def table(path):
    mp.dps = DIGITS
    names = dict(NAMES, pi=mp.pi, e=mp.e)
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        keys, expression = line.split("\t", 1)
        value = eval(expression.strip(), {"__builtins__": {}}, names)  # the table's own text
        try:
            print(f"{keys.strip()}\t{display(value)}")
        except Tie:
            sys.exit(f"exact.py: {keys}: too near a rounding tie at {DIGITS} digits: use F()")


# ---- random chains ----

FUNCTIONS = [
    "sq", "cube", "recip", "sqrt", "cbrt", "exp", "pow10", "pow2", "ln", "log", "log2", "fact",
    "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh",
]
OPERATIONS = ["+", "-", "*", "/", "[pow]", "[ypow]", "[root]", "[logy]", "[ee]"]


class Choice(Exception):
    """More than `LIMIT` ways through a chain."""


LIMIT = 64


def near(x, value):
    """Whether x is within 1e-99 of value (or is it)."""
    if isinstance(x, F) and isinstance(value, F):
        return abs(x - value) < TINY
    return tiny(real(x) - real(value))


def whole(x):
    """(whether x may count as a whole number, that number, whether it may also not)."""
    if isinstance(x, F):
        return x.denominator == 1, F(round(x)), False
    n = F(int(mpmath.nint(x)))
    if x == real(n):
        return True, n, False
    return near(x, n), n, near(x, n)


def exact_root(x, index):
    """The `index`-th root of a Fraction when it is one, else None."""
    if not isinstance(x, F) or x < 0:
        return None
    roots = []
    for part in (x.numerator, x.denominator):
        guess = int(mpmath.nint(mpmath.root(part, index))) if part else 0
        found = next((r for r in (guess - 1, guess, guess + 1) if r >= 0 and r**index == part), None)
        if found is None:
            return None
        roots.append(found)
    return F(roots[0], roots[1])


def integer_power(x, n):
    """x to a whole power n, a Fraction when x is one (and the size stays reasonable)."""
    if isinstance(x, F) and abs(n) <= 2000:
        if x == 0 and n < 0:
            return None
        return x**int(n)
    return mpmath.power(real(x), int(n))


def function(name, x, degrees):
    """The results `name` of x may show: a list of values (None is NaN)."""
    r = real(x)
    from_radians = (lambda t: t * 180 / mp.pi) if degrees else (lambda t: t)
    if name == "sq":
        return [integer_power(x, 2)]
    if name == "cube":
        return [integer_power(x, 3)]
    if name == "recip":
        return [None if x == 0 else integer_power(x, -1)]
    if name == "sqrt":
        return [None if x < 0 else exact_root(x, 2) or mpmath.sqrt(r)]
    if name == "cbrt":
        root = exact_root(abs(x), 3) if isinstance(x, F) else None
        if root is not None:
            return [root if x >= 0 else -root]
        return [mpmath.sign(r) * mpmath.cbrt(abs(r))]  # the real root, not mpmath's principal one
    if name == "exp":
        return [F(1) if x == 0 else mpmath.exp(r)]
    if name in ("pow10", "pow2"):
        base = 10 if name == "pow10" else 2
        if isinstance(x, F) and x.denominator == 1 and abs(x) <= 1000:
            return [F(base) ** int(x)]
        return [mpmath.power(base, r)]
    if name in ("ln", "log", "log2"):
        if x <= 0:
            return [None]
        if x == 1:
            return [F(0)]
        return [mpmath.log(r) if name == "ln" else mpmath.log(r, 10 if name == "log" else 2)]
    if name == "fact":
        is_whole, n, maybe = whole(x)
        values = []
        if is_whole:
            values.append(None if n < 0 or n > 69 else F(math.factorial(int(n))))
        if not is_whole or maybe:
            values.append(None if r > 70 or r < -200 else mpmath.gamma(r + 1))
        return values
    if name in ("sin", "cos", "tan"):
        turns = r / 180 if degrees else r / mp.pi  # the angle in half turns
        sine, cosine = mpmath.sinpi(turns), mpmath.cospi(turns)
        if name == "sin":
            return [sine]
        if name == "cos":
            return [cosine]
        return [None if tiny(cosine) else sine / cosine]
    if name in ("asin", "acos"):
        edge = near(abs(x), F(1))
        inverse = mpmath.asin if name == "asin" else mpmath.acos
        values = []
        if edge:
            values += [from_radians(inverse(mpmath.sign(r))), None]
        if abs(x) <= 1:
            values.append(from_radians(inverse(r)))
        elif not edge:
            values.append(None)
        return values
    if name == "atan":
        return [from_radians(mpmath.atan(r))]
    if name in ("sinh", "tanh", "asinh"):
        return [F(0) if x == 0 else getattr(mpmath, name)(r)]
    if name == "cosh":
        return [F(1) if x == 0 else mpmath.cosh(r)]
    if name == "acosh":
        if x == 1:
            return [F(0)]
        if near(x, F(1)):
            return [F(0), None]
        return [None if x < 1 else mpmath.acosh(r)]
    if name == "atanh":
        if x == 0:
            return [F(0)]
        if abs(x) >= 1:
            return [None]
        # Within 1e-99 of ±1 it may count as ±1: NaN.
        return ([None] if near(abs(x), F(1)) else []) + [mpmath.atanh(r)]
    raise ValueError(name)


def operation(name, x, y):
    """The results of x `name` y: a list of values (None is NaN); y is typed or a constant."""
    exact = isinstance(x, F) and isinstance(y, F)
    if name == "+":
        return [x + y if exact else real(x) + real(y)]
    if name == "-":
        return [x - y if exact else real(x) - real(y)]
    if name == "*":
        return [x * y if exact else real(x) * real(y)]
    if name == "/":
        if y == 0:
            return [None]
        return [x / y if exact else real(x) / real(y)]
    if name == "[ee]":
        if x == 0:
            return [F(0)]  # 0 × 10^y is 0, whatever y
        if isinstance(y, F) and y.denominator == 1:
            if abs(y) > 300:
                return [None]
            return [x * F(10) ** int(y) if isinstance(x, F) else real(x) * mpf(10) ** int(y)]
        return [real(x) * mpmath.power(10, real(y))]
    if name == "[ypow]":
        return power(y, x)
    if name == "[pow]":
        return power(x, y)
    if name == "[root]":
        if y == 0:
            return [None]
        if x == 0:
            return [None if y < 0 else F(0)]
        if x < 0:
            is_whole, n, maybe = whole(y)
            values = [None] if maybe or not is_whole else []
            if is_whole and int(n) % 2 != 0:
                values += [-v if v is not None else None for v in root(-x, n)]
            elif is_whole:
                values.append(None)
            return values
        return root(x, y)
    if name == "[logy]":
        if x <= 0 or y <= 0:
            return [None]
        values = []
        if near(y, F(1)):
            values.append(None)
            if y == 1:
                return values
        if x == 1:
            return values + [F(0)]
        if near(x, F(1)):
            values.append(F(0))
        values.append(mpmath.log(real(x)) / mpmath.log(real(y)))
        return values
    raise ValueError(name)


def root(x, y):
    """x^(1/y) for x above 0."""
    if isinstance(x, F) and isinstance(y, F) and y.denominator == 1 and 0 < abs(y) <= 64:
        found = exact_root(x, int(abs(y)))
        if found is not None:
            return [found if y > 0 else 1 / found]
    return [mpmath.power(real(x), 1 / real(y))]


def power(x, y):
    if y == 0:
        return [F(1)]
    if x == 0:
        return [None if y < 0 else F(0)]
    is_whole, n, maybe = whole(y)
    if x < 0:
        values = [None] if maybe or not is_whole else []
        if is_whole:
            magnitude = integer_power(-x, n)
            values.append(None if magnitude is None else (-magnitude if int(n) % 2 else magnitude))
        return values
    if is_whole and not maybe:
        if isinstance(x, F) and abs(int(n) * mpmath.log(real(x), 2)) > 4000:
            return [None]  # far out of range: no need to compute 2^100000 exactly
        return [integer_power(x, n)]
    if isinstance(x, F) and isinstance(y, F) and y.denominator <= 64:
        found = exact_root(x, y.denominator)
        if found is not None and abs(y.numerator) <= 2000:
            return [integer_power(found, y.numerator)]
    return [mpmath.power(real(x), real(y))]


def settle(values):
    """Each value as the calculator may hold it: NaN out of range, 0 or NaN below 1e-99."""
    settled = []
    for value in values:
        if isinstance(value, mpmath.mpc):
            raise ValueError(f"a complex value: {value}")  # a bug of this model
        if value is None or (not isinstance(value, F)
                             and (mpmath.isnan(value) or mpmath.isinf(value))):
            settled.append(None)
        elif huge(value):
            settled.append(None)
        elif isinstance(value, F) and value == 0:
            settled.append(F(0))
        elif tiny(value):  # an mpmath 0 may be a value below its digits
            settled += [F(0), None]
        else:
            settled.append(value)
    return settled


def same(a, b):
    if a is None or b is None:
        return a is b
    return type(a) is type(b) and a == b


def run(chain, digits):
    """The displays the chain may end on, computed at `digits` digits."""
    with mp.workdps(digits):
        degrees, start, steps = chain
        states = settle([value_of(start)])
        for step in steps:
            following = []
            for x in states:
                if x is None:
                    following.append(None)  # NaN stays NaN
                elif step[0] == "function":
                    following += settle(function(step[1], x, degrees))
                else:
                    following += settle(operation(step[1], x, value_of(step[2])))
            states = []
            for value in following:
                if not any(same(value, other) for other in states):
                    states.append(value)
            if len(states) > LIMIT:
                raise Choice()
        return sorted({display(value) for value in states})


def value_of(operand):
    """A typed number as the Fraction it is; π and e as mpmath numbers."""
    if operand == "[pi]":
        return +mp.pi
    if operand == "[e]":
        return +mp.e
    return F(operand)


def typed(random, small=False):
    """A number a user types, as text: up to 20 digits, maybe negative; or π or e.

    Mostly of moderate size, where most functions have a value; `small` for an exponent or
    an index (below 10 in magnitude, mostly).
    """
    kind = random.random()
    if kind < 0.15:
        text = random.choice(["1", "2", "3", "5", "10", "30", "45", "60", "90", "180", "0.5",
                              "0.25", "1.5"])
    elif kind < 0.25:
        return random.choice(["[pi]", "[e]"])
    else:
        count = random.randint(1, 20)
        digits = "".join(random.choice("0123456789") for _ in range(count)).lstrip("0") or "7"
        # The power of ten of the first digit: mostly -3 to 3, sometimes -20 to 19.
        if small:
            magnitude = random.choice([-2, -1, 0, 0, 0])
        elif random.random() < 0.7:
            magnitude = random.randint(-3, 3)
        else:
            magnitude = random.randint(-20, 19)
        magnitude = max(magnitude, len(digits) - 21)  # 20 typed digits at most
        if magnitude < 0:
            text = "0." + "0" * (-magnitude - 1) + digits
        elif magnitude + 1 >= len(digits):
            text = digits + "0" * (magnitude + 1 - len(digits))
        else:
            text = digits[: magnitude + 1] + "." + digits[magnitude + 1 :]
        if len(text.replace(".", "").lstrip("0")) > 20 or len(text.replace("0.", "", 1)) > 20:
            text = digits
    if random.random() < 0.1:
        text = "-" + text
    return text


def keys_of(operand):
    if operand.startswith("["):
        return operand
    return operand.lstrip("-") + ("n" if operand.startswith("-") else "")


def shown_as_typed(value):
    """The display of `value` as a number the keys can type, or None (scientific, too long)."""
    try:
        text = display(value).replace(",", "")
    except Tie:
        return None
    if text in ("NaN", "0") or "e" in text:
        return None
    unsigned = text.lstrip("-")
    counted = len(unsigned) - 2 if unsigned.startswith("0.") else len(unsigned.replace(".", ""))
    return text if counted <= 20 else None


def chain(random):
    """One random chain: its keys and its steps."""
    degrees = random.random() < 0.5
    start = typed(random)
    steps = []
    keys = ("" if degrees else "[rad]") + keys_of(start)
    current = value_of(start)
    with mp.workdps(60):
        for _ in range(random.randint(1, 6)):
            if random.random() < 0.55:
                name = random.choice(FUNCTIONS)
                steps.append(("function", name))
                keys += f"[{name}]"
                values = settle(function(name, current, degrees))
            else:
                name = random.choice(OPERATIONS)
                operand = typed(random, small=name not in ("+", "-", "*", "/"))
                # Half the differences and quotients take the shown value: the cancellation of
                # docs/SPEC.md section 16 (√2 − 1.4142135623730950488).
                if name in ("-", "/") and random.random() < 0.5:
                    operand = shown_as_typed(current) or operand
                steps.append(("operation", name, operand))
                keys += f"{name}{keys_of(operand)}="
                values = settle(operation(name, current, value_of(operand)))
            values = [value for value in values if value is not None]
            if not values:
                break  # NaN: the rest would stay NaN
            current = values[0]
    return keys, (degrees, start, steps)


def chains(seed, count):
    generator = random.Random(seed)
    for _ in range(count):
        keys, steps = chain(generator)
        try:
            first, second = run(steps, DIGITS), run(steps, DIGITS + 100)
        except (Choice, Tie):
            print(f"{keys}\t\tunstable", flush=True)
            continue
        verdict = "checked" if first == second else "unstable"
        print(f"{keys}\t{'|'.join(first)}\t{verdict}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--table")
    parser.add_argument("--chains", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10_000)
    arguments = parser.parse_args()
    if arguments.table:
        table(arguments.table)
    elif arguments.chains:
        chains(arguments.seed, arguments.count)
    else:
        parser.error("--table FILE or --chains")


if __name__ == "__main__":
    main()
