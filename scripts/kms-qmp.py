#!/usr/bin/env python3
"""QEMU's monitor (QMP) for scripts/kms-vm.sh's VM: screendumps, keys and pointer events.

    kms-qmp.py SOCKET screendump OUT.ppm     the scanout (the console's framebuffer) as a PPM
    kms-qmp.py SOCKET key NAME [NAME ...]    press and release each key (QEMU's qcode names: down, up, a, ...)
    kms-qmp.py SOCKET chord NAME [NAME ...]  press the keys in order, then release them in reverse (shift y)
    kms-qmp.py SOCKET hold NAME SECONDS      press a key, hold it SECONDS, release it (key repeat)
    kms-qmp.py SOCKET tap X Y                the tablet: move to (X, Y) in 0..32767 and click the left button

One `error:` line and exit 2 when the monitor cannot be reached or refuses a command.
"""
import json, socket, sys, time


def main(argv):
    if len(argv) < 3:
        print("error: usage: kms-qmp.py SOCKET screendump FILE | key NAME... | chord NAME... | hold NAME SECONDS | tap X Y", file=sys.stderr)
        return 2
    path, verb, args = argv[1], argv[2], argv[3:]
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(30)
        s.connect(path)
        f = s.makefile("rw")

        def reply():
            while True:
                line = f.readline()
                if not line:
                    raise OSError("the monitor closed the connection")
                msg = json.loads(line)
                if "return" in msg:
                    return msg["return"]
                if "error" in msg:
                    raise OSError(msg["error"].get("desc", "refused"))

        def cmd(name, **arguments):
            f.write(json.dumps({"execute": name, "arguments": arguments}) + "\n")
            f.flush()
            return reply()

        pressed = set()
        json.loads(f.readline())  # the greeting
        cmd("qmp_capabilities")
        if verb == "screendump" and len(args) == 1:
            cmd("screendump", filename=args[0])
        elif verb == "key" and args:
            for name in args:
                for down in (True, False):
                    cmd("input-send-event", events=[{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": name}}}])
                    time.sleep(0.05)
        elif verb == "chord" and args:
            for name in args + args[::-1]:
                down = name not in pressed
                pressed.add(name) if down else pressed.discard(name)
                cmd("input-send-event", events=[{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": name}}}])
                time.sleep(0.05)
        elif verb == "hold" and len(args) == 2:
            for down in (True, False):
                cmd("input-send-event", events=[{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": args[0]}}}])
                if down:
                    time.sleep(float(args[1]))
        elif verb == "tap" and len(args) == 2:
            x, y = int(args[0]), int(args[1])
            cmd("input-send-event", events=[{"type": "abs", "data": {"axis": "x", "value": x}},
                                            {"type": "abs", "data": {"axis": "y", "value": y}}])
            for down in (True, False):
                cmd("input-send-event", events=[{"type": "btn", "data": {"down": down, "button": "left"}}])
                time.sleep(0.05)
        else:
            print(f"error: unknown QMP verb or arguments: {verb} {' '.join(args)}", file=sys.stderr)
            return 2
    except (OSError, ValueError) as e:
        print(f"error: QMP on {path}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
