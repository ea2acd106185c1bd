#!/usr/bin/python3
"""Drives circlecalc through AT-SPI as a screen reader does, and prints what it saw as JSON.

Run it with the system Python (Debian's python3-pyatspi) inside a D-Bus session
(dbus-run-session) on an X display without a window manager:

    atspi-client.py --report FILE [--move X,Y] [--click NAME]... [--focus NAME] [--idle SECONDS]
                    -- circlecalc ARGS

It listens for name, checked and focused events and announcements before it starts circlecalc,
finds the application by its process id, moves the window, clicks the keys or menu items named
by --click through their `click` action, moves the focus with --focus, then closes the window
with Ctrl+Q. It only reports, into FILE (the bus's daemons share stdout);
AccessibilityEndToEndTests.swift holds the expectations.
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
    "object:announcement",
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True, help="where the JSON report goes")
    parser.add_argument("--move", default=None, help="X,Y: move the window there first")
    parser.add_argument("--click", action="append", default=[],
                        help="a key or menu item to click, by name")
    parser.add_argument("--focus", default=None, help="a key to give the focus, by name")
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
                       "detail1": event.detail1, "data": data})

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


def is_on(element, state):
    return fresh(element).getState().contains(state)


def find_application(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    found = []

    def look():
        for application in children(desktop):
            if application is not None and application.get_process_id() == pid:
                found.append(application)
                return True
        return False

    pump(15, look)
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
    report["frame"] = {"name": frame.name, "role": frame.getRoleName(),
                       "screen": extents(frame, pyatspi.DESKTOP_COORDS),
                       "states": sorted(pyatspi.stateToString(state)
                                        for state in frame.getState().getStates())}
    elements = children(frame)
    report["roles"] = [element.getRoleName() for element in elements]
    label = next(element for element in elements if element.getRoleName() == "label")
    # Tip & Split has no strip: its first label is the Bill field.
    strip = next((element for element in elements if element.getRoleName() == "list"), None)
    keys = [element for element in elements if element.getRoleName() == "push button"]
    report["keys"] = []
    for key in keys:
        action = key.queryAction()
        report["keys"].append({
            "name": key.name,
            "actions": [action.getName(index) for index in range(action.nActions)],
            "screen": extents(key, pyatspi.DESKTOP_COORDS),
            "window": extents(key, pyatspi.WINDOW_COORDS),
            "states": sorted(pyatspi.stateToString(state)
                             for state in key.getState().getStates()),
        })
    report["display"] = label.name

    report["steps"] = []
    for name in options.click:
        target = next((element for element in actionable(frame) if element.name == name), None)
        if target is None:
            report["error"] = f"nothing named {name!r} to click"
            return
        target.queryAction().doAction(0)
        now = actionable(frame)
        report["steps"].append({
            "click": name,
            "display": fresh(label).name,
            "checked": [element.name for element in now if is_on(element, pyatspi.STATE_CHECKED)],
            "menu": [element.name for element in now if element.getRoleName() == "menu item"],
        })
    report["final_keys"] = [element.name for element in actionable(frame)
                            if element.getRoleName() == "push button"]
    report["history"] = [row.name for row in children(fresh(strip))] if strip else []
    final = fresh(label).name
    # The events of the last click, name change and announcement, may still be on their way.
    pump(5, lambda: all(any(event["type"] == kind and event["data"] == final for event in events)
                        for kind in (EVENTS[0], "object:announcement")))

    if options.focus:
        key = next(key for key in keys if fresh(key).name == options.focus)
        key.queryComponent().grabFocus()
        report["focused"] = [key.name for key in keys if is_on(key, pyatspi.STATE_FOCUSED)]
        pump(5, lambda: any(event["type"] == "object:state-changed:focused"
                            and event["source"] == options.focus for event in events))

    if options.idle > 0:
        pump(0.5)
        before = wake_ups(process.pid)
        time.sleep(options.idle)
        report["idle_wake_ups"] = wake_ups(process.pid) - before

    # Ctrl+Q; without a window manager the keyboard focus follows the pointer.
    xdotool("mousemove", "--window", window, "1", "1")
    xdotool("key", "--clearmodifiers", "ctrl+q")
    try:
        report["status"] = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        report["error"] = "circlecalc did not quit on Ctrl+Q"


if __name__ == "__main__":
    sys.exit(main())
