#!/usr/bin/python3
# Measures what a client walking a huge list costs the demo: inside a private D-Bus session (dbus-run-session) it
# starts the AT-SPI bus, runs the demo in a window on $DISPLAY with --items N, and measures the demo's resident memory
# and its CPU time per second of scrolling (xdotool wheel events over the list) before and after a pyatspi client
# walks the list's items one by one for --seconds (name and states of each), then times one GetChildren and one
# GetAccessibleAtPoint of the list. Prints one JSON object.
#
#   dbus-run-session -- python3 scripts/atspi-walk.py DEMO [--items N] [--seconds S] [--report FILE]
import json, os, subprocess, sys, time

import pyatspi
from atspi_common import arg, error_line, pump, stop_children, wait_for
from gi.repository import Gio, GLib



demo = sys.argv[1]
items = arg("--items", 1_000_000)
walk_seconds = arg("--seconds", 60.0)
report = {"errors": [], "items": items}
children = []




def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return -1


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def scrolling_cost(pid, window, seconds=4.0):
    """The demo's CPU seconds per second while the list scrolls (wheel clicks down then up, 20 a second)."""
    subprocess.run(["xdotool", "mousemove", "--window", window, "400", "300"], capture_output=True, timeout=10)
    start_cpu, start = cpu_seconds(pid), time.time()
    n = 0
    while time.time() - start < seconds:
        button = "5" if (n // 20) % 2 == 0 else "4"
        subprocess.run(["xdotool", "click", button], capture_output=True, timeout=10)
        n += 1
        pump(0.03)
    pump(0.5)
    return round((cpu_seconds(pid) - start_cpu) / (time.time() - start), 3)


try:
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    children.append(launcher)
    ask = ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus"]
    if not wait_for(lambda: subprocess.run(ask + ["org.a11y.Bus.GetAddress"], capture_output=True).returncode == 0):
        raise RuntimeError("the AT-SPI bus did not start")
    subprocess.run(ask + ["org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                          "variant:boolean:true"], check=True, capture_output=True)
    address = subprocess.run(ask + ["org.a11y.Bus.GetAddress"], capture_output=True, text=True).stdout.split('"')[1]
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    env = dict(os.environ, SDL_VIDEODRIVER="x11")
    env.pop("SCROLLKIT_ACCESSIBILITY", None)
    app_process = subprocess.Popen([demo, "--items", str(items)], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
    children.append(app_process)
    pid = app_process.pid

    def the_app():
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "scrollkit-demo":
                return app
        return None

    start = time.time()
    app = wait_for(the_app, 120)
    if app is None:
        raise RuntimeError("no application named scrollkit-demo on the AT-SPI bus")
    report["connect_seconds"] = round(time.time() - start, 2)
    frame = app.getChildAtIndex(0)

    def find(node, depth=0):
        if node is None or depth > 30:
            return None
        if node.getRoleName() == "list":
            return node
        for i in range(min(node.childCount, 64)):
            hit = find(node.getChildAtIndex(i), depth + 1)
            if hit is not None:
                return hit
        return None

    the_list = wait_for(lambda: find(frame), 60)
    report["child_count"] = the_list.childCount
    window = subprocess.run(["xdotool", "search", "--sync", "--name", "ScrollKit"], capture_output=True, text=True,
                            timeout=20).stdout.split()[0]
    pump(1)
    report["before"] = {"rss_mb": rss_mb(pid), "cpu_per_second_scrolling": scrolling_cost(pid, window)}

    # The walk: item after item, its name and states, as a screen reader's review or a test tool does.
    walked, start = 0, time.time()
    n = the_list.childCount
    while time.time() - start < walk_seconds and walked < n:
        item = the_list.getChildAtIndex(walked)
        if item is not None:
            item.name
            item.getState()
        walked += 1
        if walked % 2000 == 0:
            pump(0.01)   # frames go on meanwhile
    report["walked"] = {"items": walked, "seconds": round(time.time() - start, 2), "rss_mb": rss_mb(pid)}
    pump(1)
    profiler = None
    if os.environ.get("WALK_PERF"):   # a profile of the scrolling after the walk (perf record -g)
        profiler = subprocess.Popen(["perf", "record", "-F", "499", "-g", "-p", str(pid), "-o", os.environ["WALK_PERF"]],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    report["after_walk"] = {"rss_mb": rss_mb(pid), "cpu_per_second_scrolling": scrolling_cost(pid, window)}
    if profiler:
        profiler.send_signal(2)
        profiler.wait(timeout=30)

    def timed(interface, method, sig, args):
        start, before = time.time(), rss_mb(pid)
        try:
            reply = bus.call_sync(the_list.app.bus_name, the_list.path, interface, method,
                                  GLib.Variant(sig, args) if sig else None, None, Gio.DBusCallFlags.NO_AUTO_START,
                                  300_000, None)
            size = len(reply.unpack()[0]) if method == "GetChildren" else None
        except GLib.Error as error:
            return {"error": error.message[:120], "seconds": round(time.time() - start, 2)}
        return {"seconds": round(time.time() - start, 3), "rss_mb_added": round(rss_mb(pid) - before, 1),
                "children": size}

    report["get_children"] = timed("org.a11y.atspi.Accessible", "GetChildren", None, None)
    e = the_list.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    report["at_point"] = timed("org.a11y.atspi.Component", "GetAccessibleAtPoint", "(iiu)",
                               (e.x + e.width // 2, e.y + e.height // 2, 0))
    pump(1)
    report["end"] = {"rss_mb": rss_mb(pid), "cpu_per_second_scrolling": scrolling_cost(pid, window),
                     "running": app_process.poll() is None}
except Exception as error:
    report["errors"].append(error_line(error))
finally:
    stop_children(children)

ours = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "").encode()
for entry in os.listdir("/proc"):
    if entry.isdigit() and ours and int(entry) not in (os.getpid(), os.getppid()):
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if b"DBUS_SESSION_BUS_ADDRESS=" + ours + b"\0" in environ.read():
                    os.kill(int(entry), 9)
        except OSError:
            pass

text = json.dumps(report)
if "--report" in sys.argv:
    with open(sys.argv[sys.argv.index("--report") + 1], "w") as out:
        out.write(text + "\n")
else:
    print(text)
