"""Runs Orca on a window and reports, flow by flow, what Orca spoke.

Usage (inside dbus-run-session, DISPLAY set to a private X server):
  orca-session.py --report FILE --folder DIR [--flow NAME KEYS UNTIL]... -- COMMAND...

It starts metacity, then Orca with a fresh preferences folder in DIR (its one customization:
the debug log written line by line) and its debug log as the transcript (no sound device is
needed: Orca logs each utterance as `SPEECH OUTPUT:` whether speech-dispatcher runs or not), then
COMMAND, and activates its window. Each flow types KEYS (xdotool's key names, separated by
spaces, none for a flow that only listens; `click:X,Y` clicks the window there; `clip:TEXT`
puts TEXT, without spaces, on the clipboard, owned by xclip), each key once
Orca has handled the one before it and gone quiet, and waits, at most --deadline seconds, until
Orca speaks UNTIL; everything Orca spoke after the flow before
it, up to that line, is the flow's transcript. Then it counts the window's wake-ups and CPU time second by second over a
few idle seconds, with Orca still attached. The report is JSON; the expectations are the Swift
test's.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

SPEECH = re.compile(r"SPEECH OUTPUT: (.*)$")
# Orca has handled a key: the end of its processing of the key's release.
RELEASED = re.compile(r"^\^+ PROCESS ATSPI_KEY_RELEASED_EVENT: '(.*)' \(\d+\) \^+$")
MODIFIERS = {"Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Super_L",
             "Super_R", "ISO_Level3_Shift", "Meta_L", "Meta_R"}
# Seconds to wait for what should happen; only a failing test waits this long (the machine
# may be running a second `make test` beside this one).
PATIENCE = 60
# What follows the utterance: the voice, as a dict or a list of dicts.
VOICE = re.compile(r"\s*(\{.*\}|\[\{.*\}\])\s*$")


def utterance(rest):
    """The spoken text of a `SPEECH OUTPUT:` line: `'15.'{'established': False}` → `15.`."""
    rest = VOICE.sub("", rest).strip()
    if len(rest) >= 2 and rest[0] == "'" and rest[-1] == "'":
        rest = rest[1:-1]
    return rest.strip()


class Transcript:
    """Orca's debug log, read as it grows."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.pending = ""
        self.spoken = []
        self.events = []  # what Orca's event manager received, line by line
        self.keys = 0  # the keys (not modifiers) whose release Orca has handled

    def read(self):
        try:
            with open(self.path, "rb") as log:
                log.seek(self.offset)
                data = log.read()
        except FileNotFoundError:
            return
        self.offset += len(data)
        text = self.pending + data.decode("utf-8", "replace")
        lines = text.split("\n")
        self.pending = lines.pop()
        for line in lines:
            if "EVENT MANAGER: " in line and " for [" in line:
                self.events.append(line.split("EVENT MANAGER: ", 1)[1])
            match = SPEECH.search(line)
            if match:
                self.spoken.append(utterance(match.group(1)))
            released = RELEASED.match(line)
            if released and released.group(1) not in MODIFIERS:
                self.keys += 1

    def wait_quiet(self, quiet, seconds):
        """Waits until the log has not grown for `quiet` seconds (Orca has handled every event),
        at most `seconds`."""
        deadline = time.monotonic() + seconds
        grown = time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - grown < quiet:
            offset = self.offset
            self.read()
            if self.offset != offset:
                grown = time.monotonic()
            time.sleep(0.05)

    def wait_for_key(self, keys, seconds):
        """Waits until Orca has handled the release of more than `keys` keys; True when it has."""
        deadline = time.monotonic() + seconds
        while True:
            self.read()
            if self.keys > keys:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)

    def wait_for(self, line, start, seconds):
        """Waits until `line` is spoken at or after index `start`; True when it was."""
        deadline = time.monotonic() + seconds
        while True:
            self.read()
            if line in self.spoken[start:]:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=PATIENCE)


def wake_ups(pid):
    """Context switches of all the process's threads so far, and the CPU time (ns) they ran."""
    switches = 0
    ran = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as status:
            for line in status:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    switches += int(line.split()[1])
        with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
            ran += int(schedstat.read().split()[0])
    return switches, ran


def own_orcas_only(folder):
    """The environment for Orca, with a `pgrep` that sees only the Orcas on this display.

    Orca will not start while another Orca of the same user runs (it asks `pgrep -u UID -x
    orca`), but a session here is a display, a D-Bus session and an accessibility bus of its
    own: an Orca of another session beside it (a second test run) is none of its business.
    """
    tools = os.path.join(folder, "bin")
    os.makedirs(tools, exist_ok=True)
    shim = os.path.join(tools, "pgrep")
    with open(shim, "w") as script:
        script.write("#!/bin/sh\n"
                     "for pid in $(/usr/bin/pgrep \"$@\"); do\n"
                     "    tr '\\0' '\\n' < /proc/$pid/environ 2>/dev/null |\n"
                     "        grep -qxF \"DISPLAY=$DISPLAY\" && echo $pid\n"
                     "done\n"
                     "exit 0\n")
    os.chmod(shim, 0o755)
    environment = dict(os.environ)
    environment["PATH"] = tools + os.pathsep + environment.get("PATH", "")
    return environment


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--folder", required=True, help="Orca's preferences and log go here")
    parser.add_argument("--flow", nargs=3, action="append", default=[],
                        metavar=("NAME", "KEYS", "UNTIL"))
    parser.add_argument("--idle", type=int, default=4, help="seconds to count wake-ups over")
    parser.add_argument("--deadline", type=float, default=PATIENCE,
                        help="seconds a flow may take")
    parser.add_argument("--ready", default="Screen reader on.",
                        help="what Orca says once it runs, in its language")
    parser.add_argument("command", nargs="+")
    options = parser.parse_args()

    report = {"flows": [], "error": None}
    children = []

    def start(arguments, **keywords):
        child = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 **keywords)
        children.append(child)
        return child

    log = os.path.join(options.folder, "orca.log")
    transcript = Transcript(log)
    errors = open(os.path.join(options.folder, "circlecalc.stderr"), "w+")
    try:
        start(["metacity", "--replace", "--sm-disable"], stderr=subprocess.DEVNULL)
        preferences = os.path.join(options.folder, "preferences")
        os.makedirs(preferences, exist_ok=True)
        # Orca's one customization here: its debug log written line by line, not in 8 KiB
        # blocks, so the transcript can be read while Orca runs.
        with open(os.path.join(preferences, "orca-customizations.py"), "w") as custom:
            custom.write("import orca.debug\n"
                         "if orca.debug.debugFile:\n"
                         "    orca.debug.debugFile.reconfigure(line_buffering=True)\n")
        start(["orca", "--user-prefs", preferences, "--debug-file", log],
              stderr=subprocess.DEVNULL, env=own_orcas_only(options.folder))
        if not transcript.wait_for(options.ready, 0, PATIENCE):
            raise RuntimeError("Orca did not start")
        window_process = start(options.command, stderr=errors)
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                str(window_process.pid)], capture_output=True, text=True,
                               timeout=PATIENCE)
        window = found.stdout.split()[0]
        xdotool("windowactivate", "--sync", window)
        cursor = transcript.spoken.index(options.ready) + 1
        clip_owner = None
        for name, keys, until in options.flow:
            events = len(transcript.events)
            for key in keys.split():
                if key.startswith("clip:"):
                    text = key[len("clip:"):]
                    if clip_owner is not None:
                        clip_owner.terminate()
                        clip_owner.wait(timeout=PATIENCE)
                    clip_owner = subprocess.Popen(
                        ["xclip", "-quiet", "-selection", "clipboard"], stdin=subprocess.PIPE,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    children.append(clip_owner)
                    clip_owner.stdin.write(text.encode())
                    clip_owner.stdin.close()
                    deadline = time.monotonic() + PATIENCE
                    while subprocess.run(["xclip", "-o", "-selection", "clipboard"],
                                         capture_output=True, timeout=PATIENCE).stdout \
                            != text.encode():
                        if time.monotonic() > deadline:
                            raise RuntimeError("xclip did not take the clipboard")
                        time.sleep(0.05)
                    continue
                if key.startswith("click:"):
                    # Orca may still be busy with the flow before: a focus change it is not
                    # ready for goes unspoken. Its log rests for a second when it is done.
                    transcript.wait_quiet(1, PATIENCE)
                    x, y = key[len("click:"):].split(",")
                    xdotool("mousemove", "--window", window, x, y, "click", "1")
                    continue
                # A brisk typist: each key heard before the next. Orca has handled the key,
                # then what it made the window say, once its log rests a moment.
                keys_heard = transcript.keys
                xdotool("key", key)
                if not transcript.wait_for_key(keys_heard, PATIENCE):
                    raise RuntimeError(f"Orca never handled the key {key}")
                transcript.wait_quiet(0.3, PATIENCE)
            heard = transcript.wait_for(until, cursor, options.deadline)
            end = transcript.spoken.index(until, cursor) + 1 if heard else len(transcript.spoken)
            report["flows"].append(
                {"name": name, "spoken": transcript.spoken[cursor:end], "heard": heard,
                 # What reached Orca when it said nothing of it: what to look at first.
                 "events": [] if heard else transcript.events[events:][:20]})
            cursor = end
        # Second by second: Orca asks about the last flow's events for a moment, then all rests.
        samples = [wake_ups(window_process.pid)]
        for _ in range(int(options.idle)):
            time.sleep(1)
            samples.append(wake_ups(window_process.pid))
        report["idle_wake_ups"] = [b[0] - a[0] for a, b in zip(samples, samples[1:])]
        report["idle_cpu_ns"] = [b[1] - a[1] for a, b in zip(samples, samples[1:])]
        report["running"] = window_process.poll() is None
    except Exception as error:  # reported, with what was heard so far
        report["error"] = f"{type(error).__name__}: {error}"
    finally:
        for child in reversed(children):
            if child.poll() is None:
                child.terminate()
        for child in reversed(children):
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        errors.seek(0)
        report["stderr"] = errors.read()
        report["transcript"] = transcript.spoken
        with open(options.report, "w") as file:
            json.dump(report, file, indent=1)


if __name__ == "__main__":
    sys.exit(main())
