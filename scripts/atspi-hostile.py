#!/usr/bin/python3
# A hostile AT-SPI client: inside a private D-Bus session (dbus-run-session) it starts the AT-SPI bus, turns
# accessibility on, runs the demo in a window on $DISPLAY, and in every scene of the gallery calls every method of
# every interface of a sample of the scene's elements (each role and interface set, at most --per-scene of them)
# with hostile arguments: NaN, ±inf, ±1e300, ±9.3e18, offsets of ±10^9, int32 and uint32 extremes (a granularity of
# 2^32-1), reversed ranges, unknown action and child indices, a --big character insert, "a" and --marks combining
# marks, U+FFFF. Methods are found by D-Bus introspection of each object (the interfaces atk-bridge serves), and
# called raw on the AT-SPI bus, so no client library filters an argument. Prints (or writes to --report FILE) one
# JSON object: calls made, refusals (D-Bus errors), the slowest calls, calls that timed out, whether the demo
# still ran after each scene and a final GetName round trip's time.
#
#   dbus-run-session -- python3 scripts/atspi-hostile.py DEMO [--items N] [--per-scene K] [--big N] [--marks N]
#                                                          [--timeout SECONDS] [--noncharacters] [--report FILE]
# --noncharacters adds U+FFFF, U+FDD0 and U+10FFFF to the strings (text after another character with U+FFFF tripped a
# libunibreak assertion before the text engine gave it U+FFFE instead).
import json, math, os, subprocess, sys, time
import xml.etree.ElementTree as ET

import pyatspi
from atspi_common import arg, error_line, pump, stop_children, wait_for
from gi.repository import Gio, GLib



demo = sys.argv[1]
items = arg("--items", 1000)
per_scene = arg("--per-scene", 8)
big = arg("--big", 1_000_000)
marks = arg("--marks", 100_000)
call_timeout = arg("--timeout", 10.0)
report = {"errors": [], "calls": 0, "refused": 0, "slowest": [], "timeouts": [], "scenes": []}
children = []

INT32 = [0, -1, 1, 10**9, -10**9, 2**31 - 1, -2**31, 7]
VALUES = {
    "i": INT32,
    "u": [0, 2**32 - 1, 2**31, 1, 4],
    "n": [0, -1, 32767, -32768], "q": [0, 65535],
    "x": [0, -1, 2**63 - 1, -2**63], "t": [0, 2**64 - 1],
    "d": [math.nan, math.inf, -math.inf, 1e300, -1e300, 9.3e18, -9.3e18, 0.0],
    "b": [True, False],
    "y": [0, 255],
    "s": ["", "a" * big, "a" + "\u0301" * marks, "\U0001F469\u200d\U0001F4BB", "click"]
         + (["a\uffff", "\ufdd0b\U0010ffff"] if "--noncharacters" in sys.argv else []),
    "as": [[], ["x", ""]],
    "au": [[], [0, 2**32 - 1]],
    "ai": [[], [-1, 10**9]],
}
# Two int32 arguments in a row: reversed and huge ranges too.
RANGES = [(10**9, -10**9), (5, 2), (-1, 10**9), (2**31 - 1, 2**31 - 1), (-10**9, -1)]




def split_signature(sig):
    """The complete types of a D-Bus signature, in order."""
    out, i = [], 0
    while i < len(sig):
        j = i
        depth = 0
        while True:
            c = sig[j]
            if c in "({":
                depth += 1
            elif c in ")}":
                depth -= 1
            j += 1
            if depth == 0 and c != "a":
                break
        out.append(sig[i:j])
        i = j
    return out


def tuples(types):
    """The argument tuples for a method taking `types`: the k-th hostile value of every argument at once, and the
    reversed and huge ranges where two int32 follow each other. None when a type has no hostile values here."""
    if any(t not in VALUES for t in types):
        return None
    if not types:
        return [()]
    width = max(len(VALUES[t]) for t in types)
    out = [tuple(VALUES[t][(k + n) % len(VALUES[t])] for n, t in enumerate(types)) for k in range(width)]
    out += [tuple(VALUES[t][k % len(VALUES[t])] for t in types) for k in range(width)]
    for n in range(len(types) - 1):
        if types[n] == "i" and types[n + 1] == "i":
            for a, b in RANGES:
                row = [VALUES[t][0] for t in types]
                row[n], row[n + 1] = a, b
                out.append(tuple(row))
    seen, unique = set(), []
    for row in out:
        key = repr(row)
        if key not in seen:
            seen.add(key)
            unique.append(row)
    return unique


def describe(row):
    return [("str(%d chars)" % len(v)) if isinstance(v, str) and len(v) > 40 else
            (repr(v) if isinstance(v, float) else v) for v in row]


def call(bus, name, path, interface, method, sig, row, timeout):
    """One raw call; returns (seconds, 'ok' | 'refused' | 'timeout', detail)."""
    start = time.time()
    try:
        bus.call_sync(name, path, interface, method, GLib.Variant("(" + sig + ")", row) if sig else None, None,
                      Gio.DBusCallFlags.NO_AUTO_START, int(timeout * 1000), None)
        return time.time() - start, "ok", None
    except GLib.Error as error:
        kind = "timeout" if "Timeout" in error.message or error.code == Gio.IOErrorEnum.TIMED_OUT else "refused"
        return time.time() - start, kind, error.message[:160]


def methods(bus, name, path):
    """{interface: [(method, signature)]} of the object, by introspection (org.a11y.atspi.* only)."""
    reply = bus.call_sync(name, path, "org.freedesktop.DBus.Introspectable", "Introspect", None,
                          GLib.VariantType("(s)"), Gio.DBusCallFlags.NO_AUTO_START, 10000, None)
    found = {}
    for interface in ET.fromstring(reply.unpack()[0]).findall("interface"):
        iname = interface.get("name")
        if not iname.startswith("org.a11y.atspi."):
            continue
        for m in interface.findall("method"):
            sig = "".join(a.get("type") for a in m.findall("arg") if a.get("direction", "in") == "in")
            found.setdefault(iname, []).append((m.get("name"), sig))
        for p in interface.findall("property"):   # properties: read through Get
            found.setdefault("property", []).append((iname, p.get("name")))
    return found


def sample(frame, limit, skip):
    """Up to `limit` elements of the scene under `frame`, one per (role, interfaces) kind first: a list's first,
    second, showing and last items, never the nodes `skip` says to leave out."""
    kinds, extra, queue, seen = {}, [], [(frame, 0)], 0
    while queue and seen < 400:
        node, depth = queue.pop(0)
        seen += 1
        try:
            role = node.getRoleName()
            skipped = skip(node)
            if skipped and depth > 0:   # the gallery's tab bar: hammered once, in the first scene
                continue
            if not skipped:
                key = (role, tuple(sorted(node.get_interfaces())))
                (extra if key in kinds else kinds.setdefault(key, [])).append(node)
            n = node.childCount
        except Exception:
            continue
        if depth > 20:
            continue
        indices = range(min(n, 24))
        if role in ("list", "table") and n > 24:
            indices = list(range(3)) + [n // 2, n - 1]
        for i in indices:
            try:
                child = node.getChildAtIndex(i)
            except Exception:
                child = None
            if child is not None:
                queue.append((child, depth + 1))
    chosen = [nodes[0] for nodes in kinds.values()]
    return (chosen + extra)[:limit]


def round_trip(bus, name, path):
    start = time.time()
    bus.call_sync(name, path, "org.freedesktop.DBus.Properties", "Get",
                  GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name")), None,
                  Gio.DBusCallFlags.NO_AUTO_START, 10000, None)
    return time.time() - start


def hammer(bus, node, scene):
    """Every method of every interface of `node`, with every hostile tuple."""
    name, path = node.app.bus_name, node.path
    try:
        found = methods(bus, name, path)
    except GLib.Error as error:
        report["refused"] += 1
        return
    for interface, entries in found.items():
        if interface == "property":
            for iname, prop in entries:
                spent, kind, detail = call(bus, name, path, "org.freedesktop.DBus.Properties", "Get", "ss",
                                           (iname, prop), call_timeout)
                note(scene, path, iname + "." + prop, (), spent, kind, detail)
            continue
        for method, sig in entries:
            rows = tuples(split_signature(sig))
            if rows is None:
                continue
            for row in rows:
                spent, kind, detail = call(bus, name, path, interface, method, sig, row, call_timeout)
                note(scene, path, interface.rsplit(".", 1)[1] + "." + method, row, spent, kind, detail)
                if kind == "timeout":
                    return   # the app is busy or gone: the scene's check below says which


def note(scene, path, method, row, spent, kind, detail):
    report["calls"] += 1
    if kind == "refused":
        report["refused"] += 1
    entry = {"scene": scene, "path": path, "method": method, "args": describe(row), "seconds": round(spent, 3)}
    if kind == "timeout":
        report["timeouts"].append(dict(entry, detail=detail))
    slowest = report["slowest"]
    slowest.append(entry)
    slowest.sort(key=lambda e: -e["seconds"])
    del slowest[10:]


try:
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    children.append(launcher)
    ask = ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus"]
    if not wait_for(lambda: subprocess.run(ask + ["org.a11y.Bus.GetAddress"], capture_output=True).returncode == 0):
        raise RuntimeError("the AT-SPI bus did not start")
    subprocess.run(ask + ["org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                          "variant:boolean:true"], check=True, capture_output=True)
    address = subprocess.run(ask + ["org.a11y.Bus.GetAddress"], capture_output=True, text=True).stdout
    address = address.split('"')[1]
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)

    env = dict(os.environ, SDL_VIDEODRIVER="x11")
    env.pop("SCROLLKIT_ACCESSIBILITY", None)
    log = open(os.environ["PROBE_DEMO_LOG"], "w") if os.environ.get("PROBE_DEMO_LOG") else subprocess.DEVNULL
    app_process = subprocess.Popen([demo, "--items", str(items)], env=env, stdout=log, stderr=log)
    children.append(app_process)

    def the_app():
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "scrollkit-demo":
                return app
        return None

    app = wait_for(the_app, 30)
    if app is None:
        raise RuntimeError("no application named scrollkit-demo on the AT-SPI bus")
    frame = app.getChildAtIndex(0)
    frame_path, app_name = frame.path, frame.app.bus_name
    # The gallery's tab bar: a page tab list of more than five tabs, anywhere under the frame.
    def find(node, match, depth=0):
        if node is None or depth > 30:
            return None
        if match(node):
            return node
        for i in range(min(node.childCount, 64)):
            hit = find(node.getChildAtIndex(i), match, depth + 1)
            if hit is not None:
                return hit
        return None
    tabs = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "page tab list" and n.childCount > 5), 15)
    if tabs is None:
        raise RuntimeError("no gallery tab bar")
    titles = [tabs.getChildAtIndex(i).name for i in range(tabs.childCount)]
    tab_paths = {tabs.path} | {tabs.getChildAtIndex(i).path for i in range(tabs.childCount)}
    started = time.time()
    for t, title in enumerate(titles):
        tabs.getChildAtIndex(t).queryAction().doAction(0)
        pump(0.8)
        scene_start, calls_before = time.time(), report["calls"]
        nodes = sample(frame, per_scene, lambda n: n.path in tab_paths or n.getRoleName() == "frame")
        if t == 0:
            nodes = [frame, tabs] + nodes
        for node in nodes:
            try:
                hammer(bus, node, title)
            except Exception as error:
                report["errors"].append(f"{title}: {type(error).__name__}: {error}")
            if app_process.poll() is not None:
                break
        alive = app_process.poll() is None
        entry = {"scene": title, "elements": len(nodes), "calls": report["calls"] - calls_before,
                 "seconds": round(time.time() - scene_start, 2), "running": alive}
        if alive:
            try:
                entry["round_trip"] = round(round_trip(bus, app_name, frame_path), 3)
            except GLib.Error as error:
                entry["round_trip_error"] = error.message[:160]
        report["scenes"].append(entry)
        if not alive:
            report["errors"].append(f"the demo ended in scene {title} (exit {app_process.returncode})")
            break
    report["seconds"] = round(time.time() - started, 2)
    if app_process.poll() is None:
        report["final_round_trip"] = round(round_trip(bus, app_name, frame_path), 3)
        report["running"] = True
    else:
        report["running"] = False
except Exception as error:
    report["errors"].append(error_line(error))
finally:
    stop_children(children)


def on_our_bus():
    """The processes the session bus activated (found by the bus address they were given)."""
    ours = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "").encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and ours:
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if b"DBUS_SESSION_BUS_ADDRESS=" + ours + b"\0" in environ.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


for pid in [p for p in on_our_bus() if p != os.getpid() and p != os.getppid()]:
    try:
        os.kill(pid, 9)
    except OSError:
        pass

text = json.dumps(report, ensure_ascii=False)
if "--report" in sys.argv:
    with open(sys.argv[sys.argv.index("--report") + 1], "w") as out:
        out.write(text + "\n")
else:
    print(text)
