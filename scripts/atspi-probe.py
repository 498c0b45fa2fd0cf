#!/usr/bin/python3
# The accessibility tests' AT-SPI client: inside a private D-Bus session (dbus-run-session) it starts the AT-SPI
# bus, turns accessibility on as a screen reader does (org.a11y.Status IsEnabled), runs the demo in a window on
# $DISPLAY, and uses pyatspi as a screen reader or UI test tool would. Prints one JSON object of what it found.
#
#   dbus-run-session -- python3 scripts/atspi-probe.py DEMO [--items N] [--tabs K] [--report FILE]
#   dbus-run-session -- python3 scripts/atspi-probe.py DEMO --table     (every scene's roles, states, actions,
#                                                                        interfaces: a Markdown table)
# The report goes to FILE when given (services the session bus starts keep its stdout open after it ends);
# PROBE_DEMO_LOG=FILE keeps the demo's output (a crash's backtrace). After the list, the tabs and the Tab presses,
# it opens the contacts scene, types into its search field through EditableText and with xdotool, and checks the
# list against the contacts search rule (contacts-search-oracle.py).
import importlib.util, json, os, subprocess, sys, time

import pyatspi
from atspi_common import error_line, pump, stop_children, wait_for
from gi.repository import GLib

demo = sys.argv[1]
items = sys.argv[sys.argv.index("--items") + 1] if "--items" in sys.argv else "1000"
tab_presses = int(sys.argv[sys.argv.index("--tabs") + 1]) if "--tabs" in sys.argv else 3
report = {"errors": []}
children = []




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


def contacts_oracle():
    """scripts/contacts-search-oracle.py, as a module (its fold is the contacts search rule)."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("contacts_oracle", os.path.join(here, "contacts-search-oracle.py"))
    oracle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oracle)
    return oracle


def oracle_count(query):
    """How many people of people.csv the contacts search rule finds for `query`."""
    here = os.path.dirname(os.path.abspath(__file__))
    oracle = contacts_oracle()
    import csv
    with open(os.path.join(here, "..", "Assets", "Contacts", "people.csv"), encoding="utf-8", newline="") as fh:
        keys = [oracle.fold(r["given"] + " " + r["family"]) for r in csv.DictReader(fh)]
    return sum(1 for k in keys if oracle.fold(query) in k)


def list_rows(the_list, query=""):
    """The contacts list's items (the first 200): people (named by a name the folded query is in) and the
    others (section headers, named by their letter)."""
    fold = contacts_oracle().fold
    people, headings = [], []
    for i in range(min(the_list.childCount, 200)):
        item = the_list.getChildAtIndex(i)
        if item is None:   # gone while we walked (the list changed)
            continue
        is_person = item.getRoleName() == "list item" and fold(query) in fold(item.name) and len(item.name) > 2
        (people if is_person else headings).append(item.name)
    return {"count": the_list.childCount, "people": people, "headings": headings}


def reset_alert(frame, tabs, window):
    """Opens the settings scene, activates "Reset all settings" through its action, finds the alert with focus in
    it, closes it with Escape (xdotool) and checks the demo runs on."""
    out = {}
    tab = next((tabs.getChildAtIndex(i) for i in range(tabs.childCount) if tabs.getChildAtIndex(i).name == "Settings"), None)
    if tab is None:
        raise RuntimeError("no Settings page tab")
    tab.queryAction().doAction(0)
    button = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "push button" and n.name == "Reset all settings"), 20)
    if button is None:
        raise RuntimeError("no push button named Reset all settings in the settings scene")
    button.queryAction().doAction(0)
    alert = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "alert"), 10)
    if alert is None:
        raise RuntimeError("no alert after activating Reset all settings")
    pump(0.5)
    focused = find(alert, lambda n: "focused" in states(n))
    out["alert"] = {"name": alert.name, "description": alert.description,
                    "buttons": [alert.getChildAtIndex(i).name for i in range(alert.childCount)],
                    "focused": focused.name if focused is not None else None,
                    "focused_role": focused.getRoleName() if focused is not None else None}
    if window:
        subprocess.run(["xdotool", "windowfocus", "--sync", window[0]], capture_output=True, timeout=10)
    subprocess.run(["xdotool", "key", "Escape"], check=True, timeout=10)
    gone = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "alert") is None, 10)
    out["dismissed"] = bool(gone)
    out["alive"] = frame.name is not None and find(frame, lambda n: n.name == "Reset all settings") is not None
    return out


def type_into_contacts(frame, tabs, window, events):
    """Opens the contacts scene, types into its search field through EditableText and with xdotool."""
    out = {}
    contacts_tab = next((tabs.getChildAtIndex(i) for i in range(tabs.childCount)
                         if tabs.getChildAtIndex(i).name == "Contacts"), None)
    if contacts_tab is None:
        raise RuntimeError("no Contacts page tab")
    contacts_tab.queryAction().doAction(0)
    field = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "text" and n.name == "Search"), 20)
    if field is None:
        raise RuntimeError("no text field named Search in the contacts scene")
    the_list = find(frame, lambda n: n.getRoleName() == "list")
    out["field"] = {"states": states(field), "extents": extents(field)}
    out["before"] = {"count": the_list.childCount, "oracle": oracle_count("")}
    editable, text = field.queryEditableText(), field.queryText()

    def settle(query):
        want = oracle_count(query)
        if want > 150:   # the whole book: its people and headings are more than the rows walked
            wait_for(lambda: the_list.childCount >= want, 20)
        else:
            wait_for(lambda: len(list_rows(the_list, query)["people"]) == want, 20)
        pump(0.8)   # the animated batch update ends
        if want <= 150:   # a busy machine: the last rows may still be coming in
            wait_for(lambda: len(list_rows(the_list, query)["people"]) == want, 20)
        rows = list_rows(the_list, query)
        rows.update({"query": query, "oracle": want, "text": text.getText(0, -1), "caret": text.caretOffset,
                     "characters": text.characterCount})
        return rows

    # Through EditableText: insert "nguy" (length in bytes, as AT-SPI counts it).
    mark = len(events)
    editable.insertText(0, "nguy", len("nguy".encode()))
    caret_moved = lambda: any(e["type"] == "object:text-caret-moved" for e in events[mark:])
    wait_for(caret_moved, 20)   # the events come after the app's next frame
    out["inserted"] = settle("nguy")
    out["inserted"]["events"] = [e for e in events[mark:] if e["type"].startswith("object:text")]

    # With a real keyboard: "en" typed by xdotool into the focused field.
    if "focused" not in states(field):
        field.queryComponent().grabFocus()
        pump(0.3)
    mark = len(events)
    subprocess.run(["xdotool", "type", "--delay", "120", "en"], check=True, timeout=10)
    wait_for(lambda: sum(e["type"] == "object:text-caret-moved" for e in events[mark:]) >= 2, 20)
    out["typed"] = settle("nguyen")
    out["typed"]["events"] = [e for e in events[mark:] if e["type"].startswith("object:text")]

    # Code points, not bytes: "müller" is 6 characters (7 UTF-8 bytes).
    mark = len(events)
    editable.setTextContents("")
    editable.insertText(0, "müller", len("müller".encode()))
    wait_for(lambda: any(e["data"] == "müller" for e in events[mark:]) and caret_moved(), 20)
    out["muller"] = settle("müller")
    out["muller"]["events"] = [e for e in events[mark:] if e["type"].startswith("object:text")]
    word = text.getTextAtOffset(2, pyatspi.TEXT_BOUNDARY_WORD_START)
    out["muller"]["word"] = [word[0], word[1], word[2]]
    box = text.getCharacterExtents(1, pyatspi.DESKTOP_COORDS)
    out["muller"]["box"] = [box[0], box[1], box[2], box[3]]
    out["muller"]["at_point"] = text.getOffsetAtPoint(box[0] + box[2] // 2, box[1] + box[3] // 2, pyatspi.DESKTOP_COORDS)
    text.setSelection(0, 0, 3) if text.getNSelections() else text.addSelection(0, 3)
    pump(0.2)
    selection = text.getSelection(0)
    out["muller"]["selection"] = [selection[0], selection[1]]
    text.setCaretOffset(6)
    pump(0.2)

    # Ctrl+Z (xdotool) undoes the last edit made through AT-SPI, as it would a person's.
    subprocess.run(["xdotool", "key", "ctrl+z"], check=True, timeout=10)
    out["undone"] = settle("")
    # An emoji ZWJ sequence is 3 code points (5 UTF-16 units).
    editable.setTextContents("👩‍💻")
    pump(0.3)
    out["emoji"] = {"characters": text.characterCount, "caret": text.caretOffset, "text": text.getText(0, -1)}
    editable.setTextContents("")
    pump(0.3)
    return out


def scene_table(frame):
    """For every page tab of the gallery: click it, walk the scene's tree, and gather per role the states,
    actions and interfaces seen."""
    tabs = wait_for(lambda: find(frame, lambda n: n.getRoleName() == "page tab list" and n.childCount > 5), 10)
    rows = []
    n_tabs = tabs.childCount

    def is_gallery_tabs(node):
        return node.getRoleName() == "page tab list" and node.childCount == n_tabs

    for t in range(-1, n_tabs):
        # The first row: the window and the gallery's tab bar; then each scene without them.
        scene = "(window, gallery tabs)" if t < 0 else tabs.getChildAtIndex(t).name
        if t >= 0:
            tabs.getChildAtIndex(t).queryAction().doAction(0)
            pump(1.0)
        seen = {}

        def walk(node, depth):
            if node is None or depth > 25:
                return
            if t >= 0 and is_gallery_tabs(node):
                return
            role = node.getRoleName()
            if t >= 0 and role == "frame":   # the window is in the first row
                for i in range(min(node.childCount, 64)):
                    walk(node.getChildAtIndex(i), depth + 1)
                return
            entry = seen.setdefault(role, {"count": 0, "states": set(), "actions": set(), "interfaces": set()})
            entry["count"] += 1
            entry["states"].update(states(node))
            entry["interfaces"].update(i for i in node.get_interfaces() if i not in ("Accessible", "Collection"))
            try:
                action = node.queryAction()
                entry["actions"].update(action.getName(i) for i in range(action.nActions))
            except NotImplementedError:
                pass
            showing = role in ("list", "table")
            for i in range(min(node.childCount, 400 if showing else 64)):
                child = node.getChildAtIndex(i)
                if showing and "showing" not in states(child):
                    continue
                walk(child, depth + 1)

        if t < 0:
            walk(frame, 25)    # the frame alone (at the depth limit: its children are not walked)
            walk(tabs, 0)
        else:
            walk(frame, 0)
        rows.append({"scene": scene, "roles": {role: {"count": e["count"], "states": sorted(e["states"]),
                                                         "actions": sorted(e["actions"]),
                                                         "interfaces": sorted(e["interfaces"])}
                                                  for role, e in sorted(seen.items())}})
    return rows


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
        data = event.any_data if isinstance(event.any_data, str) else None
        events.append({"type": event.type, "detail1": event.detail1, "detail2": event.detail2, "data": data,
                       "name": name, "role": role, "time": time.time()})

    pyatspi.Registry.registerEventListener(on_event, "focus:", "object:state-changed:focused",
                                           "object:text-changed:insert", "object:text-changed:delete",
                                           "object:text-caret-moved")

    env = dict(os.environ, SDL_VIDEODRIVER="x11")
    env.pop("SCROLLKIT_ACCESSIBILITY", None)   # the demo must see the bus's IsEnabled itself
    log = open(os.environ["PROBE_DEMO_LOG"], "w") if os.environ.get("PROBE_DEMO_LOG") else subprocess.DEVNULL
    app_process = subprocess.Popen([demo, "--items", items], env=env, stdout=log, stderr=log)
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
    if "--table" in sys.argv:
        report["table"] = scene_table(frame)
        raise SystemExit
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

    report["contacts"] = type_into_contacts(frame, tabs, window, events)
    report["settings"] = reset_alert(frame, tabs, window)
except SystemExit:
    pass
except Exception as error:  # the report says what failed; the Swift test fails on it
    report["errors"].append(error_line(error))
finally:
    stop_children(children)


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

# The events the bridge reports (Sources/ScrollKitSDL/Accessibility/AccessibilityBridge+Events.swift), by what an
# element is: every element its state and name changes, moves, and focus when it can take it.
EVERY_ELEMENT = ["state-changed", "property-change:accessible-name", "bounds-changed"]
EVENTS_BY_ROLE = {
    "list": ["visible-data-changed"], "table": ["visible-data-changed"], "page tab list": ["selection-changed"],
    "slider": ["value-changed", "property-change:accessible-value"],
    "text": ["text-changed:insert", "text-changed:delete", "text-caret-moved", "text-selection-changed"],
}


def events_of(role, entry):
    events = list(EVERY_ELEMENT)
    if "focusable" in entry["states"]:
        events.insert(0, "focus:")
    if role == "frame":
        events.append("window:create, window:activate")
    return events + EVENTS_BY_ROLE.get(role, [])


def markdown(table):
    """The scene table as Markdown: one row per scene and role."""
    lines = ["| Scene | Role (count) | States | Actions | Interfaces | Events |", "|---|---|---|---|---|---|"]
    for scene in table:
        for role, e in scene["roles"].items():
            lines.append(f"| {scene['scene']} | {role} ({e['count']}) | {', '.join(e['states'])} | "
                         f"{', '.join(e['actions'])} | {', '.join(e['interfaces'])} | {', '.join(events_of(role, e))} |")
    return "\n".join(lines)


if "--report" in sys.argv:
    with open(sys.argv[sys.argv.index("--report") + 1], "w") as out:
        out.write(json.dumps(report, ensure_ascii=False) + "\n")
elif "--table" in sys.argv and "table" in report:
    print(markdown(report["table"]))
    if report["errors"]:
        print("\n".join(report["errors"]), file=sys.stderr)
else:
    print(json.dumps(report, ensure_ascii=False))
