#!/usr/bin/env python3
"""Checks `circlecalc --history --format csv|json` against `--history` and the file itself.

usage: history-export.py HISTORY TEXT CSV JSON ZONE

HISTORY is the history file (docs/SPEC.md section 8.3, version 3), TEXT, CSV and JSON what
`circlecalc --history` printed with no format, `--format csv` and `--format json`, with `TZ` set
to ZONE. The CSV is read with Python's csv module and the JSON with json; each calculation must
be the text's line (`rows = result`) and the file's line (identity, link, order, rows, result),
and its time the identity's second on ZONE's clock (zoneinfo, not the C library). Prints `ok`
and the count, or the first difference, and exits 1.
"""

import csv
import datetime
import json
import sys
import zoneinfo


def fail(message):
    print(message)
    sys.exit(1)


def main():
    history, text, table, document, zone = sys.argv[1:6]
    clock = zoneinfo.ZoneInfo(zone)
    with open(history, encoding="utf-8") as file:
        header, *lines = file.read().split("\n")[:-1]
    if header != "circlecalc history 3":
        fail("not a version 3 file: " + header)
    saved = []
    for line in lines:
        identity, order, *rows = line.split("\t")
        identity, _, source = identity.partition("^")
        saved.append((identity, source or None, order, rows[:-1], rows[-1][2:]))
    with open(text, encoding="utf-8") as file:
        printed = file.read().split("\n")
    if printed[-1] != "" or len(printed) - 1 != len(saved):
        fail("--history printed %d lines for %d calculations" % (len(printed) - 1, len(saved)))
    with open(table, encoding="utf-8", newline="") as file:
        raw = file.read()
    if raw.count("\r\n") != raw.count("\n"):
        fail("a CSV line does not end in CR LF")
    records = list(csv.reader(raw.splitlines(keepends=True)))
    if records[0] != ["time", "expression", "result"]:
        fail("CSV header: %r" % records[0])
    with open(document, encoding="utf-8") as file:
        objects = json.load(file)
    if len(records) - 1 != len(saved) or len(objects) != len(saved):
        fail("%d records, %d objects for %d" % (len(records) - 1, len(objects), len(saved)))
    fields = ["id", "time", "rows", "result", "order", "continues"]
    for index, (line, record, item, kept) in enumerate(zip(printed, records[1:], objects, saved)):
        identity, source, order, rows, result = kept
        when = datetime.datetime.fromtimestamp(int(identity) // 10**9, clock)
        if list(item) != fields:
            fail("object %d has the fields %r" % (index, list(item)))
        expected = {"id": identity, "rows": rows, "result": result, "order": order,
                    "continues": source}
        if dict(item, time=None) != dict(expected, time=None):
            fail("object %d: %r, not %r" % (index, item, expected))
        if record != [item["time"], " ".join(rows), result]:
            fail("record %d: %r" % (index, record))
        # The same instant and the same offset (an hour that comes twice in autumn is told
        # apart by its offset; aware datetimes there do not compare equal across zones).
        shown = datetime.datetime.fromisoformat(item["time"])
        if (shown.timestamp(), shown.utcoffset()) != (when.timestamp(), when.utcoffset()):
            fail("object %d: time %s, not %s" % (index, item["time"], when.isoformat()))
        if line != " ".join(rows) + " = " + result:
            fail("line %d: %r" % (index, line))
    print("ok", len(saved))


main()
