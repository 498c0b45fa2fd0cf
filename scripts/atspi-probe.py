#!/usr/bin/python3
# The accessibility tests' AT-SPI client: inside a private D-Bus session (dbus-run-session) it starts the AT-SPI
# bus, turns accessibility on as a screen reader does (org.a11y.Status IsEnabled), runs the demo in a window on
# $DISPLAY, and uses pyatspi as a screen reader or UI test tool would. Prints one JSON object of what it found.
#
#   dbus-run-session -- python3 scripts/atspi-probe.py DEMO [--items N] [--tabs K] [--report FILE]
# The report goes to FILE when given (services the session bus starts keep its stdout open after it ends).
import json, os, subprocess, sys, time

import pyatspi
from gi.repository import GLib

demo = sys.argv[1]
items = sys.argv[sys.argv.index("--items") + 1] if "--items" in sys.argv else "1000"
tab_presses = int(sys.argv[sys.argv.index("--tabs") + 1]) if "--tabs" in sys.argv else 3
report = {"errors": []}
children = []


def pump(seconds):
    """Runs GLib's main context (pyatspi's events arrive there) for `seconds`."""
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        if not context.iteration(False):
            time.sleep(0.01)


def wait_for(predicate, seconds=15):
    end = time.time() + seconds
    while time.time() < end:
        value = predicate()
        if value:
            return value
        pump(0.1)
    return None


def states(node):
    return sorted(pyatspi.stateToString(s) for s in node.getState().getStates())


def find(node, match, depth=0):
    if node is None or depth > 30:
        return None
    if match(node):
        return node
    for i in range(min(node.childCount, 64)):
        found = find(node.getChildAtIndex(i), match, depth + 1)
        if found is not None:
            return found
    return None


def extents(node):
    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return [e.x, e.y, e.width, e.height]


try:
    # Its own process group (the launcher's bus daemon is killed with it), its output away from ours.
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    children.append(launcher)
    ask = ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus"]
    if not wait_for(lambda: subprocess.run(ask + ["org.a11y.Bus.GetAddress"], capture_output=True).returncode == 0):
        raise RuntimeError("the AT-SPI bus did not start")
    subprocess.run(ask + ["org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                          "variant:boolean:true"], check=True, capture_output=True)

    events = []

    def on_event(event):
        try:
            name, role = event.source.name, event.source.getRoleName()
        except Exception:
            name, role = None, None
        events.append({"type": event.type, "detail1": event.detail1, "name": name, "role": role,
                       "time": time.time()})

    pyatspi.Registry.registerEventListener(on_event, "focus:", "object:state-changed:focused")

    env = dict(os.environ, SDL_VIDEODRIVER="x11")
    env.pop("SCROLLKIT_ACCESSIBILITY", None)   # the demo must see the bus's IsEnabled itself
    app_process = subprocess.Popen([demo, "--items", items], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
    children.append(app_process)

    def the_app():
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "scrollkit-demo":
                return app
        return None

    app = wait_for(the_app, 20)
    if app is None:
        raise RuntimeError("no application named scrollkit-demo on the AT-SPI bus")
    report["app"] = app.name
    frame = app.getChildAtIndex(0)
    report["frame"] = {"role": frame.getRoleName(), "name": frame.name, "extents": extents(frame)}

    # The list scene's list: its item count and the items showing, by name.
    the_list = find(frame, lambda n: n.getRoleName() == "list")
    report["list"] = {"count": the_list.childCount, "extents": extents(the_list)}
    showing = []
    for i in range(min(the_list.childCount, 40)):
        item = the_list.getChildAtIndex(i)
        if "showing" in states(item):
            showing.append({"index": i, "name": item.name, "role": item.getRoleName(), "extents": extents(item)})
    report["list"]["showing"] = showing
    far = the_list.getChildAtIndex(the_list.childCount - 1)
    report["list"]["last"] = {"name": far.name, "states": states(far)}

    # The gallery's tabs: page tabs named as the tab bar shows them.
    tabs = find(frame, lambda n: n.getRoleName() == "page tab list" and n.childCount > 5)
    report["tabs"] = [tabs.getChildAtIndex(i).name for i in range(tabs.childCount)]

    # Press "Grid" through its action: the scene changes (a table of cards shows, the list is gone).
    grid_tab = next(tabs.getChildAtIndex(i) for i in range(tabs.childCount) if tabs.getChildAtIndex(i).name == "Grid")
    action = grid_tab.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    report["grid_actions"] = names
    action.doAction(names.index("click"))
    table = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "table"), 10)
    report["after_grid"] = {
        "selected": "selected" in states(grid_tab),
        "table": table is not None,
        "table_count": table.childCount if table is not None else -1,
        "cell_role": table.getChildAtIndex(0).getRoleName() if table is not None and table.childCount else None,
        "list_left": find(frame, lambda n: n.getRoleName() == "list") is not None,
    }

    # Tab presses (xdotool, a real X keyboard): each moves focus, with a focus event.
    window = subprocess.run(["xdotool", "search", "--sync", "--name", "ScrollKit"], capture_output=True,
                            text=True, timeout=20).stdout.split()
    if window:   # where X says the window is: the frame's extents must match it
        shell = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window[0]], capture_output=True,
                               text=True, timeout=10).stdout
        geometry = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        report["x_window"] = [int(geometry.get(k, -1)) for k in ("X", "Y", "WIDTH", "HEIGHT")]
    if window:
        subprocess.run(["xdotool", "windowfocus", "--sync", window[0]], capture_output=True, timeout=10)
    pump(0.5)
    presses = []
    for _ in range(tab_presses):
        before = len(events)
        subprocess.run(["xdotool", "key", "Tab"], check=True, timeout=10)
        wait_for(lambda: len(events) > before and any(e["type"].startswith("focus") for e in events[before:]), 5)
        pump(0.3)
        presses.append([e for e in events[before:] if e["type"].startswith("focus")
                        or e["detail1"] == 1])
    report["tab_presses"] = [[{"name": e["name"], "role": e["role"], "type": e["type"]} for e in p] for p in presses]
except Exception as error:  # the report says what failed; the Swift test fails on it
    report["errors"].append(f"{type(error).__name__}: {error}")
finally:
    for child in reversed(children):
        if child is children[0]:
            try:
                os.killpg(child.pid, 9)
            except OSError:
                pass
        child.terminate()
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()


def descendants(root):
    """The processes under `root` (from /proc), deepest last."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    found, frontier = [], [root]
    while frontier:
        children_of = [pid for pid, parent in parents.items() if parent in frontier]
        found += children_of
        frontier = children_of
    return found


# The session bus dbus-run-session started (our sibling) and the services it started: SIGKILL, since a bus
# started from a test runner's thread may have SIGTERM blocked and outlive the session.
def on_our_bus():
    """The processes the session bus activated (they are daemonised: found by the bus address they were given)."""
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


for pid in [p for p in set(descendants(os.getppid()) + on_our_bus()) if p != os.getpid()]:
    try:
        os.kill(pid, 9)
    except OSError:
        pass

if "--report" in sys.argv:
    with open(sys.argv[sys.argv.index("--report") + 1], "w") as out:
        out.write(json.dumps(report) + "\n")
else:
    print(json.dumps(report))
