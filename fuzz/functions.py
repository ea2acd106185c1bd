#!/usr/bin/env python3
"""Recomputes the number engine's results with mpmath and reports every difference.

Reads lines written by Tests/ReliabilityTests/FunctionCrossCheckTests.swift, tab-separated:

    subject  x  y  result  exact  display  microseconds

where subject names a function (`sqrt`, `sin.deg`, `sin.rad`, ...) or a binary operation
(`add`, `pow`, `root`, `logy`, `ee`, ...), x and y are the operands as `digits e exponent`
(y is empty for a function), result is the engine's 38-digit value in the same form or
`NaN:domain`, `NaN:outOfRange`, `NaN:divisionByZero`, exact is 1 when the engine marks the
result exact, display is what the calculator shows. Writes one line per subject,

    subject  cases  mismatches  undecided  worst-microseconds

then one line per mismatch, starting with `MISMATCH`, and exits 1 if there was any.

The expected result is computed here from docs/SPEC.md sections 6.3 and 16, written again: domain
errors, the range 1e-99 <= |x| < 1e100 (every digit the true value's: no zero rule), exact results
found with Python's
integers and fractions (a power is rational only when the root is, a logarithm only when
x^q = y^p, sin/cos/tan in degrees only at 0, ±1/2, ±1 by Niven's theorem), and every other
value with mpmath at 60 digits or more, raised until it decides both the 38-digit cut toward
zero and the 20-digit half-up display (each value is computed at two precisions, and twice
their difference is taken as the error of the more precise one). A value that no precision up to 4,000 digits decides is
`undecided` and counts against the engine.

    fuzz/functions.py --input cases.tsv    (or on stdin)
    fuzz/functions.py --one sin.deg 30       # the expected result of one case
"""

import argparse
import math
import multiprocessing
import sys
from decimal import Decimal, localcontext
from fractions import Fraction

import mpmath
from mpmath import mp

from crosscheck import show

STORED = 38  # docs/SPEC.md section 6.3: a function's result is cut toward zero to 38 digits
SHOWN = 20  # and shown rounded half-up to 20
TOP = Fraction(10**100)
BOTTOM = Fraction(1, 10**99)


class Domain(Exception):
    pass


class OutOfRange(Exception):
    pass


class DivisionByZero(Exception):
    pass


def fraction(text):
    return Fraction(Decimal(text))


def magnitude(value):
    """floor(log10 |value|) of a non-zero Fraction, exactly."""
    top, bottom = abs(value.numerator), value.denominator
    guess = int((top.bit_length() - bottom.bit_length()) * 0.30103)

    def at_least(exponent):  # |value| >= 10**exponent
        if exponent >= 0:
            return top >= bottom * 10**exponent
        return top * 10**-exponent >= bottom

    while not at_least(guess):
        guess -= 1
    while at_least(guess + 1):
        guess += 1
    return guess


def scaled(value, exponent):
    """(floor(|value| / 10**exponent), whether that was exact), with integers only."""
    top, bottom = abs(value.numerator), value.denominator
    if exponent >= 0:
        bottom *= 10**exponent
    else:
        top *= 10**-exponent
    whole, rest = divmod(top, bottom)
    return whole, rest, bottom


def cut(value, digits=STORED):
    """(sign, integer of `digits` digits, exponent, exact) of a non-zero Fraction cut toward
    zero: value ~ sign * integer * 10**exponent."""
    exponent = magnitude(value) - digits + 1
    whole, rest, _ = scaled(value, exponent)
    return (value < 0, whole, exponent, rest == 0)


def rounded(value, digits=SHOWN):
    """A non-zero Fraction rounded half-up (ties away from zero) to `digits` digits."""
    exponent = magnitude(value) - digits + 1
    whole, rest, bottom = scaled(value, exponent)
    if 2 * rest >= bottom:
        whole += 1
    return (-1 if value < 0 else 1) * whole * Fraction(10) ** exponent


def decimal(value):
    """A Fraction with a finite decimal expansion (at most 200 digits) as a Decimal."""
    with localcontext() as context:
        context.prec = 200
        return Decimal(value.numerator) / Decimal(value.denominator)


def decimal_text(negative, whole, exponent):
    return ("-" if negative else "") + str(whole) + "e" + str(exponent)


def in_range(value):
    return value == 0 or BOTTOM <= abs(value) < TOP


def iroot(n, k):
    """The integer k-th root of n >= 0 when n is a perfect k-th power, else None."""
    if n < 2:
        return n
    guess = 1 << (n.bit_length() // k + 1)  # above the root: Newton's method comes down to it
    while True:
        better = ((k - 1) * guess + n // guess ** (k - 1)) // k
        if better >= guess:
            break
        guess = better
    return guess if guess**k == n else None


def rational_power(x, y):
    """x**y as a Fraction when it is rational (x > 0, y a Fraction), else None."""
    p, q = y.numerator, y.denominator
    if x == 1:
        return Fraction(1)
    if q > 1000 or abs(p) > 100000:
        return None
    top, bottom = iroot(x.numerator, q), iroot(x.denominator, q)
    if top is None or bottom is None:
        return None
    root = Fraction(top, bottom)
    if root != 1 and abs(p) * max(len(str(top)), len(str(bottom))) > 20000:
        return None
    return root**p


def rational_logarithm(x, base):
    """log_base x as a Fraction when it is rational, else None: x**q == base**p."""
    if x == 1:
        return Fraction(0)
    with mp.workdps(80):  # a base within 1e-38 of 1 still has a logarithm
        estimate = mpmath.log(mpf(x)) / mpmath.log(mpf(base))
    if not mpmath.isfinite(estimate) or abs(estimate) > 1000:
        return None
    guess = Fraction(str(mpmath.nstr(estimate, 30))).limit_denominator(1000)
    p, q = guess.numerator, guess.denominator
    if abs(p) > 1000 or p == 0:
        return None
    if x**q == base**p:
        return guess
    return None


def whole(value):
    return value.denominator == 1


def niven_degrees(function, x):
    """sin, cos or tan of x degrees where it is rational (0, ±1/2, ±1), else None."""
    turn = x % 360
    if not whole(turn):
        return None
    sines = {0: 0, 30: Fraction(1, 2), 90: 1, 150: Fraction(1, 2), 180: 0, 210: Fraction(-1, 2),
             270: -1, 330: Fraction(-1, 2)}
    if function == "sin":
        return sines.get(int(turn))
    if function == "cos":
        return sines.get(int((90 - turn) % 360))
    tangents = {0: 0, 45: 1, 135: -1, 180: 0, 225: 1, 315: -1}
    if int(turn) % 180 == 90:
        raise Domain()
    return tangents.get(int(turn))


def mpf(value):
    return mpmath.mpf(value.numerator) / value.denominator


def digits_of(value):
    """Digits to add for an argument's integer part (sin 1e99 needs its 100 digits)."""
    if value == 0:
        return 0
    return max(magnitude(value), 0)


def expected(subject, x, y):
    """Fraction (exact), ("value", function of the working precision, extra digits),
    ("cut", Fraction) (a value known to lie just inside a 38-digit boundary), or raises."""
    name, _, unit = subject.partition(".")
    degrees = unit == "deg"
    extra = digits_of(x) + (digits_of(y) if y is not None else 0)

    def value(function, more=0):
        return ("value", function, extra + more)

    if name in ("add", "sub", "mul", "div"):
        if name == "div" and y == 0:
            raise DivisionByZero()
        return {"add": x + y, "sub": x - y, "mul": x * y, "div": x / y if y else 0}[name]
    if name in ("sq", "cube", "recip"):
        if name == "recip" and x == 0:
            raise Domain()
        return x ** {"sq": 2, "cube": 3, "recip": -1}[name]
    if name in ("pow", "ypow", "pow10", "pow2", "sqrt", "cbrt", "root"):
        base, exponent = {
            "pow": (x, y), "ypow": (y, x), "pow10": (Fraction(10), x), "pow2": (Fraction(2), x),
            "sqrt": (x, Fraction(1, 2)), "cbrt": (x, Fraction(1, 3)),
            "root": (x, 1 / y if y else None),
        }[name]
        if exponent is None:
            raise Domain()  # the 0th root
        if exponent == 0:
            return Fraction(1)
        if base == 0:
            if exponent < 0:
                raise Domain()
            return Fraction(0)
        sign = 1
        if base < 0:
            # A real power of a negative base: whole exponents, and odd roots (ʸ√x, ∛x).
            odd_root = name in ("root", "cbrt") and exponent.numerator in (1, -1) and \
                exponent.denominator % 2 == 1
            if not (whole(exponent) or odd_root):
                raise Domain()
            if name == "root" and not (whole(y) and y % 2 == 1):
                raise Domain()
            sign = -1 if (odd_root or exponent.numerator % 2 == 1) else 1
            base = -base
        exact = rational_power(base, exponent)
        if exact is not None:
            return sign * exact
        scale = abs(float(exponent)) * (1 + abs(math.log(float(base))))
        more = int(math.log10(scale)) + 5 if scale > 1 else 0
        return value(lambda: sign * mpmath.power(mpf(base), mpf(exponent)), more)
    if name in ("ln", "log10", "log2", "logy"):
        base = {"ln": None, "log10": Fraction(10), "log2": Fraction(2), "logy": y}[name]
        if x <= 0 or (base is not None and (base <= 0 or base == 1)):
            raise Domain()
        if x == 1:
            return Fraction(0)
        if base is None:
            return value(lambda: mpmath.log(mpf(x)))
        exact = rational_logarithm(x, base)
        if exact is not None:
            return exact
        near_one = abs(base - 1)  # ln of a base near 1 loses that many digits
        more = -magnitude(near_one) + 5 if near_one < Fraction(1, 10) else 0
        return value(lambda: mpmath.log(mpf(x)) / mpmath.log(mpf(base)), more)
    if name == "exp":
        if x == 0:
            return Fraction(1)
        if x > 300 or x < -300:
            raise OutOfRange()
        return value(lambda: mpmath.exp(mpf(x)))
    if name == "fact":
        if whole(x):
            if x < 0:
                raise Domain()
            if x > 1000:
                raise OutOfRange()
            return Fraction(math.factorial(int(x)))
        if x > 1000 or x < -1000:
            raise OutOfRange()  # Γ(x+1) beyond 1e2000 or, between poles, below 1e-2000
        return value(lambda: mpmath.gamma(mpf(x) + 1))
    if name in ("sin", "cos", "tan"):
        if degrees:
            exact = niven_degrees(name, x)
            if exact is not None:
                return Fraction(exact)
            turn = x % 360
            function = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan}[name]
            return value(lambda: function(mpmath.pi * mpf(turn) / 180))
        if x == 0:
            return Fraction(1 if name == "cos" else 0)
        function = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan}[name]
        return value(lambda: function(mpf(x)))
    if name in ("asin", "acos", "atan"):
        if name != "atan" and abs(x) > 1:
            raise Domain()
        table = {"asin": {0: 0, Fraction(1, 2): 30, 1: 90, Fraction(-1, 2): -30, -1: -90},
                 "acos": {1: 0, Fraction(1, 2): 60, 0: 90, Fraction(-1, 2): 120, -1: 180},
                 "atan": {0: 0, 1: 45, -1: -45}}[name]
        if x in table and (degrees or table[x] == 0):
            return Fraction(table[x])
        function = {"asin": mpmath.asin, "acos": mpmath.acos, "atan": mpmath.atan}[name]
        if degrees:
            return value(lambda: function(mpf(x)) * 180 / mpmath.pi)
        return value(lambda: function(mpf(x)))
    if name in ("sinh", "cosh", "tanh"):
        if x == 0:
            return Fraction(1 if name == "cosh" else 0)
        if name == "tanh" and abs(x) > 100:
            # 1 - tanh|x| = 2 / (e^(2|x|) + 1) < 1e-86: just inside ±1, cut to 38 nines.
            return ("cut", Fraction(1 if x > 0 else -1))
        if name != "tanh" and abs(x) > 300:
            raise OutOfRange()
        function = {"sinh": mpmath.sinh, "cosh": mpmath.cosh, "tanh": mpmath.tanh}[name]
        return value(lambda: function(mpf(x)))
    if name in ("asinh", "acosh", "atanh"):
        if (name == "acosh" and x < 1) or (name == "atanh" and abs(x) >= 1):
            raise Domain()
        if x == (1 if name == "acosh" else 0):
            return Fraction(0)
        function = {"asinh": mpmath.asinh, "acosh": mpmath.acosh, "atanh": mpmath.atanh}[name]
        return value(lambda: function(mpf(x)))
    if name == "ee":
        if x == 0:
            return Fraction(0)
        if whole(y):
            if abs(y) > 400:
                raise OutOfRange()
            return x * Fraction(10) ** int(y)
        if abs(y) > 400:
            raise OutOfRange()
        return value(lambda: mpf(x) * mpmath.power(10, mpf(y)))
    raise ValueError("unknown subject " + subject)


def exact_result(value):
    """(result text, exact flag, display) for an exact Fraction."""
    if value == 0:
        return "0", True, "0"
    if not in_range(value):
        return "NaN:outOfRange", None, "NaN"
    negative, digits, exponent, exact = cut(value)
    return decimal_text(negative, digits, exponent), exact, show(decimal(rounded(value)))


def to_fraction(value):
    """An mpmath number (finite) as the Fraction it is exactly."""
    negative, mantissa, exponent, _ = value._mpf_
    result = Fraction(mantissa * 2**exponent) if exponent >= 0 else Fraction(mantissa, 2**-exponent)
    return -result if negative else result


def decide(subject, x, function, extra):
    """(result text, display) of a value only mpmath knows, or None when undecided."""
    digits = 60 + extra
    while digits <= 4000:
        with mp.workdps(digits):
            first = function()
        with mp.workdps(digits + 15):
            second = function()
        if not (mpmath.isfinite(first) and mpmath.isfinite(second)):
            if mpmath.isinf(second):
                return "NaN:outOfRange", "NaN"
            digits *= 2
            continue
        # Far outside the range (1e-99 to 1e100) needs no digits.
        if abs(second) > mpmath.mpf(10) ** 101:
            return "NaN:outOfRange", "NaN"
        if abs(second) < mpmath.mpf(10) ** -101 and second != 0:
            return "NaN:outOfRange", "NaN"
        # The value at the higher precision, with twice the change from the lower one as its
        # error (the change is the lower one's error, arguments' rounding included).
        center = to_fraction(second)
        error = 2 * abs(to_fraction(first) - center) + abs(center) / Fraction(10) ** digits
        low, high = center - error, center + error
        largest = max(abs(low), abs(high))
        if largest < BOTTOM:
            return "NaN:outOfRange", "NaN"
        if min(abs(low), abs(high)) >= TOP and (low > 0) == (high > 0):
            return "NaN:outOfRange", "NaN"
        if (low > 0) == (high > 0) and low != 0:
            low_cut, high_cut = cut(low), cut(high)
            low_shown, high_shown = rounded(low), rounded(high)
            if low_cut[:3] == high_cut[:3] and low_shown == high_shown:
                text = decimal_text(*low_cut[:3])
                if not in_range(Fraction(low_cut[1]) * Fraction(10) ** low_cut[2]):
                    return "NaN:outOfRange", "NaN"
                display = show(decimal(low_shown))
                return text, display
        digits *= 2
    return None


def check(line):
    """(subject, microseconds, verdict, report): verdict is ok, mismatch or undecided."""
    fields = line.rstrip("\n").split("\t")
    subject, x_text, y_text, result, exact, display, micros = fields
    x = fraction(x_text)
    y = fraction(y_text) if y_text else None
    try:
        answer = expected(subject, x, y)
    except Domain:
        answer = ("error", "NaN:domain")
    except OutOfRange:
        answer = ("error", "NaN:outOfRange")
    except DivisionByZero:
        answer = ("error", "NaN:divisionByZero")
    if isinstance(answer, Fraction):
        want, want_exact, want_display = exact_result(answer)
    elif answer[0] == "error":
        want, want_exact, want_display = answer[1], None, "NaN"
    elif answer[0] == "cut":
        # Just inside the boundary: the 38-digit number below it in magnitude.
        boundary = answer[1]
        negative, digits, exponent, _ = cut(boundary * (1 - Fraction(1, 10**60)))
        want, want_exact = decimal_text(negative, digits, exponent), False
        want_display = show(decimal(boundary))
    else:
        decided = decide(subject, x, answer[1], answer[2])
        if decided is None:
            return subject, int(micros), "undecided", line.strip()
        (want, want_display), want_exact = decided, False
    got = result if result.startswith("NaN") else normalized(result)
    want = want if want.startswith("NaN") else normalized(want)
    good = got == want and display == want_display
    if want_exact is not None and not want.startswith("NaN"):
        good = good and (exact == "1") == want_exact
    report = "%s\tx=%s y=%s: engine %s (exact %s, shows %s), expected %s (exact %s, shows %s)" % (
        subject, x_text, y_text, result, exact, display, want, want_exact, want_display)
    return subject, int(micros), "ok" if good else "mismatch", report


def normalized(text):
    """The value of `digits e exponent` in one form, so 1500e-3 and 15e-1 compare equal."""
    with localcontext() as context:
        context.prec = 200
        value = Decimal(text)
        return "0" if value == 0 else str(value.normalize())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", help="read the cases from this file instead of stdin")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (one a core)")
    parser.add_argument("--one", nargs="+", metavar=("SUBJECT", "X"),
                        help="print the expected result of one case and exit")
    arguments = parser.parse_args()
    if arguments.one:
        subject, x = arguments.one[0], arguments.one[1]
        y = arguments.one[2] if len(arguments.one) > 2 else ""
        line = "\t".join([subject, x, y, "NaN:none", "0", "?", "0"])
        print(check(line)[3].split("expected ")[-1])
        return 0
    tallies = {}
    reports = []
    lines = [line for line in (open(arguments.input) if arguments.input else sys.stdin)
             if line.strip()]
    with multiprocessing.Pool(arguments.jobs) as pool:
        verdicts = pool.imap(check, lines, chunksize=200) if arguments.jobs != 1 else map(
            check, lines)
        for subject, micros, verdict, report in verdicts:
            tally = tallies.setdefault(subject, [0, 0, 0, 0])
            tally[0] += 1
            tally[3] = max(tally[3], micros)
            if verdict == "mismatch":
                tally[1] += 1
                reports.append("MISMATCH " + report)
            elif verdict == "undecided":
                tally[2] += 1
                reports.append("UNDECIDED " + report)
    for subject, (cases, mismatches, undecided, worst) in tallies.items():
        print("%s\t%d\t%d\t%d\t%d" % (subject, cases, mismatches, undecided, worst))
    for report in reports:
        print(report)
    return 1 if reports else 0


if __name__ == "__main__":
    sys.exit(main())
