#!/usr/bin/env python3
"""Writes a history tape of COUNT calculations, as a window that was used for years leaves it.

usage: bench/tape.py COUNT [--chain N] [--version 1|2|3] [--seed S] > history

Each calculation is two to five rows of numbers like 1,234.5 joined by + − × ÷, computed
strictly left to right (docs/SPEC.md section 2.4) and shown as the display shows a number
(fuzz/crosscheck.py's `show`); some continue the calculation before them (`^`, section 8.6),
some are in Math Order (version 3; computed in that order). Identities are wall-clock
nanoseconds from 2024-01-01 UTC, a few minutes apart, so the tape spans years of days. The
last N calculations (--chain, default 0) form one chain: each continues the one before it
with `+ 1`, the first starting from 1, so an edit of the chain's first number recomputes all
of them. The same arguments always write the same file. make bench and the tests of a
100,000-calculation tape (docs/SPEC.md section 15) use it.
"""

import argparse
import os
import random
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
import crosscheck  # noqa: E402

GLYPHS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
START = 1_704_067_200 * 10**9  # 2024-01-01T00:00:00Z


def apply(operation, left, right):
    if left is None or right is None:
        return None
    if operation == "+":
        return left + right
    if operation == "-":
        return left - right
    if operation == "*":
        return left * right
    if right == 0:
        return None
    return crosscheck.EXACT.divide(left, right)


def evaluate(first, terms, math):
    """Left to right, or with × ÷ before + − (Math Order, docs/SPEC.md section 12)."""
    if not math:
        value = first
        for operation, operand in terms:
            value = apply(operation, value, operand)
        return value
    sums = [("+", first)]
    for operation, operand in terms:
        if operation in "*/":
            sign, value = sums[-1]
            sums[-1] = (sign, apply(operation, value, operand))
        else:
            sums.append((operation, operand))
    total = Decimal(0)
    for operation, value in sums:
        total = apply(operation, total, value)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("--chain", type=int, default=0)
    parser.add_argument("--version", type=int, choices=(1, 2, 3), default=3)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    random.seed(arguments.seed)
    out = sys.stdout
    out.write("circlecalc history %d\n" % arguments.version)
    stamp = START
    previous = None  # (identity, result value, result text)
    lines = []
    for index in range(arguments.count):
        stamp += random.randrange(60, 900) * 10**9 + random.randrange(10**9)
        chained = index >= arguments.count - arguments.chain
        math = arguments.version == 3 and not chained and random.random() < 0.2
        source = None
        if chained:
            first_value = Decimal(1) if index == arguments.count - arguments.chain else previous[1]
            if index > arguments.count - arguments.chain:
                source = previous[0]
            terms = [("+", Decimal(1))]
        else:
            if previous and previous[1] is not None and random.random() < 0.1:
                source = previous[0]
                first_value = previous[1]
            else:
                first_value = Decimal(random.randrange(1, 100_000)) / (10 if random.random() < 0.3 else 1)
            terms = []
            for _ in range(random.randrange(1, 5)):
                operation = random.choice("+-*/")
                value = Decimal(random.randrange(1, 10_000))
                if random.random() < 0.3:
                    value /= 10
                terms.append((operation, value))
        result = evaluate(first_value, terms, math)
        rows = [crosscheck.show(first_value)] + [GLYPHS[operation] + " " + crosscheck.show(value) for operation, value in terms]
        result_text = crosscheck.show(result)
        # A result shown rounded is what the next calculation carries.
        carried = None if result is None else Decimal(result_text.replace(",", ""))
        fields = []
        if arguments.version >= 2:
            fields.append(str(stamp) + ("^%d" % source if source is not None else ""))
        if arguments.version == 3:
            fields.append("math" if math else "left")
        lines.append("\t".join(fields + rows + ["= " + result_text]) + "\n")
        previous = (stamp, carried, result_text)
        if len(lines) >= 4096:
            out.write("".join(lines))
            lines = []
    out.write("".join(lines))


if __name__ == "__main__":
    main()
