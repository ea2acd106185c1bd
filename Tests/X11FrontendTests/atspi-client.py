#!/usr/bin/python3
"""Drives circlecalc through AT-SPI as a screen reader does, and prints what it saw as JSON.

Run it with the system Python (Debian's python3-pyatspi) inside a D-Bus session
(dbus-run-session) on an X display without a window manager:

    atspi-client.py --report FILE [--move X,Y] [--click NAME | --key KEYS]... [--focus NAME]
                    [--announcements N] [--each-announces] [--idle SECONDS] -- circlecalc ARGS

It listens for name, state, text and focus events and announcements before it starts
circlecalc, finds the application by its process id, moves the window, then takes the steps in
order: --click presses a key or menu item by name through its `click` action, --key types keys
into the window with xdotool (`ctrl+3`, or several: `k m Return`), and --until TEXT after a step
waits, before the step is read, until a label or the focused element is named TEXT (what keys
typed together end with: the first event they cause is no sign that the last was handled). After the steps --focus gives the focus to a key or a
field by name, the client waits until circlecalc has made N announcements (what the test
expects to hear: the last may come after the last step's answer), then Ctrl+Q closes the window.
With --each-announces every step waits for its own announcement before the next step: an
announcement's text is the notification's name when the client reads it, which the next step's
would already have replaced.
Every wait is for an event, with a deadline only a failure reaches (PATIENCE). The display it reads is the label the calculator
shows its number in, or in Tip & Split (whose fields are entries) the per-person amount. It only
reports, into FILE (the bus's daemons share stdout); AccessibilityEndToEndTests.swift holds the
expectations.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib

EVENTS = [
    "object:property-change:accessible-name",
    "object:state-changed:checked",
    "object:state-changed:focused",
    "object:state-changed:selected",
    "object:text-changed:insert",
    "object:text-changed:delete",
    "object:state-changed:showing",
    "focus:",
]


MENU_ITEMS = ("menu item", "radio menu item", "check menu item")

# Seconds to wait for an event that should come; only a failing test waits this long (the
# machine may be running a second `make test` beside this one).
PATIENCE = 60


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True, help="where the JSON report goes")
    parser.add_argument("--move", default=None, help="X,Y: move the window there first")
    parser.add_argument("--click", dest="steps", action="append", default=[],
                        type=lambda name: ("click", name),
                        help="a key or menu item to click, by name")
    parser.add_argument("--key", dest="steps", action="append", type=lambda keys: ("key", keys),
                        help="keys to type into the window (xdotool's names)")
    parser.add_argument("--until", dest="steps", action="append",
                        type=lambda text: ("until", text),
                        help="after a step: wait until a label or the focus is named TEXT")
    parser.add_argument("--until-announced", dest="steps", action="append_const",
                        const=("until", None),
                        help="after a step: wait for its announcement before the next step, whose"
                             " own would rename the notification before this one is read")
    parser.add_argument("--focus", default=None, help="a key or field to give the focus, by name")
    parser.add_argument("--announcements", type=int, default=0,
                        help="how many announcements to wait for before quitting")
    parser.add_argument("--each-announces", action="store_true",
                        help="each step waits for its own announcement before the next")
    parser.add_argument("--idle", type=float, default=0, help="seconds to count wake-ups over")
    parser.add_argument("command", nargs="+")
    options = parser.parse_args()

    events = []

    def on_event(event):
        try:
            source, role = event.source.name, event.source.getRoleName()
        except Exception:  # a removed history row
            source, role = None, None
        data = event.any_data if isinstance(event.any_data, str) else None
        events.append({"type": event.type, "source": source, "role": role,
                       "detail1": event.detail1, "detail2": event.detail2, "data": data})

    # Listening first: the application learns the listeners when it registers.
    pyatspi.Registry.registerEventListener(on_event, *EVENTS)
    errors = tempfile.TemporaryFile()
    process = subprocess.Popen(options.command, stderr=errors, stdout=subprocess.DEVNULL)
    report = {"pid": process.pid}
    try:
        run(options, process, events, report)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        errors.seek(0)
        report["stderr"] = errors.read().decode("utf-8", "replace")
        report["events"] = events
        with open(options.report, "w") as file:
            json.dump(report, file)


def pump(seconds, until=lambda: False):
    """Runs the GLib loop (AT-SPI events) until `until()` or `seconds` pass."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while True:
        while context.iteration(False):
            pass
        if until() or time.monotonic() >= deadline:
            return until()
        time.sleep(0.01)


def settle(frame):
    """Returns once every event circlecalc sent before now has been handled.

    A method call is answered after the events the application sent before it, on the same
    connection in the same order: they wait in the queue while the call blocks, and one turn of
    the loop hands them out. circlecalc sends the events of a click or a focus request right
    after answering it, before it reads the next call."""
    frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    pump(0)


def announcements(events):
    """What circlecalc said: each notification that showed (as AccessibilityEndToEndTests reads them)."""
    return [event for event in events
            if event["type"] == "object:state-changed:showing" and event["role"] == "notification"]


def children(accessible):
    return [accessible.getChildAtIndex(index) for index in range(accessible.childCount)]


def extents(accessible, coordinates):
    box = accessible.queryComponent().getExtents(coordinates)
    return [box.x, box.y, box.width, box.height]


def fresh(accessible):
    """The accessible with its cached name, states and children dropped."""
    accessible.clear_cache()
    return accessible


def actionable(frame):
    """The frame's push buttons, then the items of an open menu, fresh."""
    found = []
    for element in children(fresh(frame)):
        role = element.getRoleName()
        if role == "push button":
            found.append(element)
        elif role == "menu":
            found += children(element)
    return found


def with_role(frame, role):
    return [element for element in children(fresh(frame)) if element.getRoleName() == role]


def find_display(frame):
    """The label that shows the calculator's number, or in Tip & Split, whose fields are
    entries, the per-person amount; None when there is none."""
    labels = with_role(frame, "label")
    if with_role(frame, "entry"):
        return next((label for label in labels if label.name.startswith("Per person, ")), None)
    return labels[0] if len(labels) == 1 else None


def states(element):
    return sorted(pyatspi.stateToString(state) for state in fresh(element).getState().getStates())


def targets(element, relation_type):
    """The targets of the element's relations of one type."""
    found = []
    for relation in element.getRelationSet():
        if relation.getRelationType() == relation_type:
            found += [relation.getTarget(index) for index in range(relation.getNTargets())]
    return found


def describe_entry(frame, entry):
    """An entry as a screen reader reads it: its label, text, caret, states and box."""
    text = entry.queryText()
    labels = targets(entry, pyatspi.RELATION_LABELLED_BY)
    box = extents(entry, pyatspi.WINDOW_COORDS)
    # What lies at the entry's centre: the entry, drawn over its label.
    at_centre = frame.queryComponent().getAccessibleAtPoint(
        box[0] + box[2] // 2, box[1] + box[3] // 2, pyatspi.WINDOW_COORDS)
    return {
        "name": entry.name,
        "text": text.getText(0, -1),
        "characters": text.characterCount,
        "caret": text.caretOffset,
        "line": text.getStringAtOffset(0, pyatspi.TEXT_GRANULARITY_LINE)[0],
        "labelled_by": [[label.getRoleName(), label.name] for label in labels],
        "label_for": [target.name for label in labels
                      for target in targets(label, pyatspi.RELATION_LABEL_FOR)],
        "states": states(entry),
        "window": box,
        "at_centre": [at_centre.getRoleName(), at_centre.name] if at_centre else None,
    }


def describe_entries(frame):
    return [describe_entry(frame, entry) for entry in with_role(frame, "entry")]


def everything(frame):
    """The frame's children and an open menu's items, fresh."""
    found = children(fresh(frame))
    return found + [item for menu in with_role(frame, "menu") for item in children(menu)]


def paths_with_state(elements, state):
    """Which elements have `state`, by their object paths: a renamed element is the same."""
    return [element.path for element in elements if fresh(element).getState().contains(state)]


def roles_and_names_with_state(elements, state):
    return [[element.getRoleName(), element.name] for element in elements
            if fresh(element).getState().contains(state)]


def names_with_state(elements, state):
    return [element.name for element in elements if fresh(element).getState().contains(state)]


def shows(frame, text):
    """Whether a label, or the element with the focus, is named `text`."""
    elements = everything(frame)
    return any(element.name == text and (element.getRoleName() == "label"
                                         or element.getState().contains(pyatspi.STATE_FOCUSED))
               for element in elements)


def find_application(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    found = []

    def look():
        for application in children(desktop):
            if application is not None and application.get_process_id() == pid:
                found.append(application)
                return True
        return False

    pump(PATIENCE, look)
    return found[0] if found else None


def xdotool(*arguments):
    return subprocess.run(["xdotool", *arguments], check=True, capture_output=True,
                          text=True).stdout


def wake_ups(pid):
    """Context switches of all the process's threads so far."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as status:
            for line in status:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def run(options, process, events, report):
    application = find_application(process.pid)
    if application is None:
        report["error"] = "no application with the process id of circlecalc on the bus"
        return
    window = xdotool("search", "--sync", "--onlyvisible", "--pid", str(process.pid)).split()[0]
    if options.move:
        x, y = options.move.split(",")
        xdotool("windowmove", "--sync", window, x, y)

    report["application"] = {"name": application.name, "role": application.getRoleName()}
    frame = children(application)[0]
    # The application is on the desktop before atk-bridge has learnt that a screen reader
    # listens; until then nothing has the focus. Its first focus event says it listens: a step
    # taken earlier would find that event only after the step, its source already renamed.
    pump(PATIENCE, lambda: any(event["type"] == "focus:" for event in events))
    report["frame"] = {"name": frame.name, "role": frame.getRoleName(),
                       "screen": extents(frame, pyatspi.DESKTOP_COORDS),
                       "states": states(frame)}
    report["roles"] = [element.getRoleName() for element in children(frame)]
    report["keys"] = []
    def name_at(x, y):
        found = frame.queryComponent().getAccessibleAtPoint(x, y, pyatspi.WINDOW_COORDS)
        return found.name if found else None

    for key in with_role(frame, "push button"):
        action = key.queryAction()
        box = extents(key, pyatspi.WINDOW_COORDS)
        report["keys"].append({
            "name": key.name,
            "actions": [action.getName(index) for index in range(action.nActions)],
            "screen": extents(key, pyatspi.DESKTOP_COORDS),
            "window": box,
            "states": states(key),
            # What lies at the centre of the key's box, and 2 px inside its top left corner
            # (outside the circle, where a click presses nothing).
            "at_centre": name_at(box[0] + box[2] // 2, box[1] + box[3] // 2),
            "at_corner": name_at(box[0] + 2, box[1] + 2),
        })
    display = find_display(frame)
    report["display"] = display.name if display else None

    report["steps"] = []
    focused_before = paths_with_state(everything(frame), pyatspi.STATE_FOCUSED)
    steps = []
    for kind, name in options.steps:
        if kind == "until" and steps:
            steps[-1][2].append(name)
        elif kind != "until":
            steps.append((kind, name, []))
    for kind, name, untils in steps:
        focus_events = sum(1 for event in events if event["type"] == "focus:")
        announced = len(announcements(events))
        if kind == "click":
            target = next((element for element in actionable(frame) if element.name == name),
                          None)
            if target is None:
                report["error"] = f"nothing named {name!r} to click"
                return
            target.queryAction().doAction(0)
        else:
            # Without a window manager the keyboard focus follows the pointer. The keys reach
            # circlecalc through X, not AT-SPI: wait for the first event they cause.
            count = len(events)
            xdotool("mousemove", "--window", window, "1", "1")
            xdotool("key", "--clearmodifiers", *name.split())
            pump(PATIENCE, lambda: len(events) > count)
        settle(frame)
        if options.each_announces and not pump(
                PATIENCE, lambda: len(announcements(events)) > announced):
            report["error"] = f"after {kind} {name!r}: no announcement"
            return
        for text in untils:
            if text is None:
                if not pump(PATIENCE, lambda: len(announcements(events)) > announced):
                    report["error"] = f"after {kind} {name!r}: no announcement"
                    return
                continue
            if not pump(PATIENCE, lambda: shows(frame, text)):
                report["error"] = f"after {kind} {name!r}: nothing named {text!r}"
                return
        # A newly focused element has sent its focus event, but it may still be on its way: take
        # it now, while its source can still be read, not after the next step removes it.
        focused = paths_with_state(everything(frame), pyatspi.STATE_FOCUSED)
        if focused and focused != focused_before:
            pump(PATIENCE,
                 lambda: sum(1 for e in events if e["type"] == "focus:") > focus_events)
        focused_before = focused
        now = actionable(frame)
        display = find_display(frame)
        entries = with_role(frame, "entry")
        report["steps"].append({
            kind: name,
            "display": display.name if display else None,
            "checked": names_with_state(now, pyatspi.STATE_CHECKED),
            "menu": [element.name for element in now if element.getRoleName() in MENU_ITEMS],
            "menu_roles": [element.getRoleName() for element in now
                           if element.getRoleName() in MENU_ITEMS],
            "roles": [element.getRoleName() for element in children(frame)],
            "fields": [entry.queryText().getText(0, -1) for entry in entries],
            "selected": names_with_state(entries, pyatspi.STATE_SELECTED),
            "focused": roles_and_names_with_state(everything(frame), pyatspi.STATE_FOCUSED),
            "labels": [label.name for label in with_role(frame, "label")],
        })
    report["final_keys"] = [element.name for element in actionable(frame)
                            if element.getRoleName() == "push button"]
    strip = next(iter(with_role(frame, "list")), None)
    report["history"] = [row.name for row in children(fresh(strip))] if strip else []

    if options.focus:
        focusable = with_role(frame, "push button") + with_role(frame, "entry")
        target = next(element for element in focusable if element.name == options.focus)
        focus_events = sum(1 for event in events if event["type"] == "focus:")
        target.queryComponent().grabFocus()
        settle(frame)
        # The request is answered at once and carried out by circlecalc's loop: its events may
        # come after the answer.
        pump(PATIENCE,
             lambda: sum(1 for e in events if e["type"] == "focus:") > focus_events)
        focusable = with_role(frame, "push button") + with_role(frame, "entry")
        report["focused"] = names_with_state(focusable, pyatspi.STATE_FOCUSED)
        report["focused_entries"] = describe_entries(frame)

    # The last step's announcement is sent after circlecalc answered the step: wait for it.
    pump(PATIENCE, lambda: len(announcements(events)) >= options.announcements)

    if options.idle > 0:
        pump(0.5)
        before = wake_ups(process.pid)
        time.sleep(options.idle)
        report["idle_wake_ups"] = wake_ups(process.pid) - before

    # Ctrl+Q; without a window manager the keyboard focus follows the pointer.
    xdotool("mousemove", "--window", window, "1", "1")
    xdotool("key", "--clearmodifiers", "ctrl+q")
    try:
        report["status"] = process.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        report["error"] = "circlecalc did not quit on Ctrl+Q"


if __name__ == "__main__":
    sys.exit(main())
