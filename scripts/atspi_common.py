# What the AT-SPI scripts (atspi-probe.py, atspi-hostile.py, atspi-walk.py) share: GLib's main loop pumped for a
# while, a wait on a condition, and a command-line option with a default.
import sys, time

from gi.repository import GLib


def pump(seconds):
    """Runs GLib's main context (pyatspi's events arrive there) for `seconds`."""
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        if not context.iteration(False):
            time.sleep(0.01)


def wait_for(predicate, seconds=15):
    """The first truthy value of `predicate()` within `seconds` (pumping between tries), else None."""
    end = time.time() + seconds
    while time.time() < end:
        value = predicate()
        if value:
            return value
        pump(0.1)
    return None


def arg(name, default):
    """The value after `name` on the command line, of `default`'s type; `default` when it is absent."""
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def error_line(error):
    """One line for the report: the exception's type, text and the script's line it came from."""
    import traceback
    return f"{type(error).__name__}: {error} at line {traceback.extract_tb(error.__traceback__)[-1].lineno}"


def stop_children(children):
    """Ends the processes the script started, newest first (the first, the bus launcher, with its process group)."""
    import os, signal, subprocess
    for child in reversed(children):
        if child is children[0]:
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except OSError:
                pass
        child.terminate()
        try:
            child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            child.kill()
