#!/usr/bin/env python3
"""The history tape after an edit, computed apart from the Swift core.

Reads cases from the arguments (one each) or else from stdin (one a line), each tab-separated:
a --keys sequence, the index of a finished calculation (0 is the oldest), the index of one of
its rows, and the number that row gets.
Writes one line a case, tab-separated: `stable` or `unstable`, then every calculation on the
tape after the edit, oldest first, as `circlecalc --history` prints it, each preceded by
`^N ` when it continues calculation N (an index), and `refused` in place of the calculations
when the row cannot be edited.
Tests/CalculatorCoreTests/RecomputeTests.swift feeds the same cases to the core and compares.

    fuzz/tape.py "$(printf '2*3=+4=\\t0\\t1\\t5')"     # stable  2 × 5 = 10  ^0 10 + 4 = 14

The rules are docs/SPEC.md section 8, written again here:
- `=` that changes the calculator and leaves two rows or more puts the calculation on the tape:
  its rows as the strip shows them (the first number, then `operator number`), and its result.
- An operator right after the `=` that finished a calculation (keys that change neither the
  entry nor the strip in between) starts a strip with that result as its first row: the new
  calculation continues that one. A strip emptied (a digit after a result, AC) continues none.
  The link holds when `=` finishes the new calculation with the source's result as first row.
- An edit gives an operand row a new number (not `= result`, not a carried first row) and
  computes the calculation again from its rows as shown, strictly left to right; a calculation
  continued from one whose result changed takes the new result as its first row and is
  computed again too, down the chain.
The keys go through crosscheck.py's calculator (docs/SPEC.md section 2); the arithmetic is
its `exact` model, and a case is `stable` when its `down38` model (every result cut to 38
digits, as the core declares) gives the same lines.
"""

import os
import sys
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crosscheck  # noqa: E402

GLYPHS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
OPERATIONS = {glyph: token for token, glyph in GLYPHS.items()}


def number(text):
    """A number as the strip shows it, back to a value: None for NaN."""
    if text == "NaN":
        return None
    return Decimal(text.replace(",", ""))


def rows_of(terms):
    return [
        (GLYPHS[operation] + " " if operation else "") + crosscheck.show(value)
        for operation, value in terms
    ]


def snapshot(calculator):
    return (calculator.entry, list(calculator.terms), calculator.pending)


def finish(keys, model):
    """The calculations the keys finish: [rows, result, source index or None]."""
    calculator = crosscheck.Calculator(crosscheck.MODELS[model])
    tape = []
    finished = None  # the calculation `=` just finished, while it shows
    continued = None  # the calculation the strip's first row comes from
    for token in keys:
        before = snapshot(calculator)
        calculator.press(token)
        after = snapshot(calculator)
        if token == "=" and after != before and len(calculator.terms) >= 2:
            rows = rows_of(calculator.terms)
            result = calculator.display()
            source = continued if continued is not None and tape[continued][1] == rows[0] else None
            tape.append([rows, result, source])
            finished, continued = len(tape) - 1, None
        elif after != before:
            if token in crosscheck.OPERATIONS and finished is not None and len(calculator.terms) == 1:
                continued = finished
            elif not calculator.terms and calculator.pending is None:
                continued = None
            finished = None
    return tape


def compute(rows, arithmetic):
    """A calculation's rows, strictly left to right: the result as the display shows it."""
    total = number(rows[0])
    for row in rows[1:]:
        glyph, text = row.split(" ")
        total = arithmetic.apply(OPERATIONS[glyph], total, number(text))
    return crosscheck.show(total)


def edited(keys, calculation, row, new, model):
    tape = finish(keys, model)
    rows, result, source = tape[calculation]
    if row >= len(rows) or (row == 0 and source is not None):
        return None
    arithmetic = crosscheck.MODELS[model]
    shown = crosscheck.show(number(new))
    glyph = rows[row].split(" ")[0] + " " if " " in rows[row] else ""
    rows[row] = glyph + shown
    changed = {calculation: compute(rows, arithmetic)}
    if changed[calculation] == result:
        changed = {}
    tape[calculation][1] = compute(rows, arithmetic)
    for index in range(calculation + 1, len(tape)):
        rows, result, source = tape[index]
        if source in changed:
            rows[0] = changed[source]
            tape[index][1] = compute(rows, arithmetic)
            if tape[index][1] != result:
                changed[index] = tape[index][1]
    return [
        ("^%d " % source if source is not None else "") + " ".join(rows + ["= " + result])
        for rows, result, source in tape
    ]


def main():
    for line in sys.argv[1:] or sys.stdin:
        keys, calculation, row, new = line.rstrip("\n").split("\t")
        exact = edited(keys, int(calculation), int(row), new, "exact")
        cut = edited(keys, int(calculation), int(row), new, "down38")
        verdict = "stable" if exact == cut else "unstable"
        print("\t".join([verdict] + (exact if exact is not None else ["refused"])))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
