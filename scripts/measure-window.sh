#!/usr/bin/env bash
# The window demo's memory and CPU targets (issue 18, item 5), measured in a real window under Xvfb.
# Used by `make bench` (scripts/bench.sh); runs alone too:
#
#   scripts/measure-window.sh                       # builds the release demo; uses $DISPLAY or starts Xvfb
#   DEMO=path/to/scrollkit-demo RUNS=3 scripts/measure-window.sh
#
# Prints one "Target ..." line per target with the measured figure (the median of RUNS runs, with
# min-max) and its ratio to the target, and exits 1 when one is missed (2: it could not measure).
#
# 1. Peak RSS (/usr/bin/time's "Maximum resident set size", else the demo's own VmHWM) of the demo
#    in a window at 10^7 list items, scrolling for 300 frames; target <= 60 MB. The same run headless
#    is printed beside it (the window's extra cost).
# 2. Animating CPU: the list at 10^7 items scrolling without a pause at 60 Hz; the CPU time of all its
#    threads (/proc/PID/task/*/schedstat, in nanoseconds) over MEASURE_SECONDS, after SETTLE_SECONDS;
#    target <= 4 % of one core.
# 3. Idle CPU: the demo in a window with nothing moving, over IDLE_SECONDS; target 0 (under 0.1 % of
#    one core: no timer ticks, SDL_WaitEventTimeout's 500 ms bound is all that wakes it).
# 4. With GPU_PROBE=path/to/gpu-probe (Benchmarks; make bench passes it), and when the display has an
#    accelerated renderer: whether a cached texture would help it (information, no target). The list's
#    whole frame through that renderer (SCROLLKIT_RENDERER=gpu, --stats: CPU p50 across threads) against
#    what gpu-probe measures a frame of a texture cache to cost before it draws anything.
set -euo pipefail

RUNS="${RUNS:-3}"
SETTLE_SECONDS="${SETTLE_SECONDS:-2}"
MEASURE_SECONDS="${MEASURE_SECONDS:-10}"
IDLE_SECONDS="${IDLE_SECONDS:-5}"
RSS_TARGET_MB=60
CPU_TARGET=4
IDLE_TARGET=0.1
SWIFT="${SWIFT:-swift}"

cd "$(dirname "$0")/.."
if [ -z "${DEMO:-}" ]; then
    "$SWIFT" build -c release --product scrollkit-demo >&2
    DEMO="$("$SWIFT" build -c release --show-bin-path)/scrollkit-demo"
fi
[ -x "$DEMO" ] || { echo "measure-window: no demo binary at $DEMO" >&2; exit 2; }

WORK="$(mktemp -d)"
XVFB_PID=""
DEMO_PID=""
cleanup() {
    [ -n "$DEMO_PID" ] && kill "$DEMO_PID" 2>/dev/null || true
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

if [ -z "${DISPLAY:-}" ]; then
    command -v Xvfb >/dev/null || { echo "measure-window: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2; exit 2; }
    # A display number nobody uses (other Xvfbs may be running).
    for n in $(seq 90 140); do [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] || { display=":$n"; break; }; done
    Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
    XVFB_PID=$!
    export DISPLAY="$display"
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
fi
unset SDL_VIDEODRIVER SDL_RENDER_DRIVER

# A scroll that lasts longer than any run: the list never stops moving.
cat >"$WORK/scroll.json" <<'EOF'
{"events": [
  {"t": 0.05, "type": "scrollToEnd", "duration": 120, "curve": "linear"}
]}
EOF

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'; }

# Peak RSS in MB of one run of the demo with these arguments.
peak_rss() {
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$WORK/rss" "$DEMO" "$@" >/dev/null 2>"$WORK/demo.err" || { cat "$WORK/demo.err" >&2; return 1; }
        awk '{ printf "%.1f\n", $1 / 1024 }' "$WORK/rss"
    else   # the demo's own high-water mark, read just before it exits (its last frame)
        "$DEMO" "$@" >/dev/null 2>"$WORK/demo.err" &
        local pid=$! hwm=0
        while kill -0 "$pid" 2>/dev/null; do
            hwm=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo "$hwm"); sleep 0.05
        done
        wait "$pid"
        awk -v k="$hwm" 'BEGIN { printf "%.1f\n", k / 1024 }'
    fi
}

# CPU seconds used so far by the process PID: the scheduler's own nanosecond count of every thread
# (/proc/PID/task/*/schedstat), else utime + stime from /proc/PID/stat (whole clock ticks: 10 ms, which
# is 0.2 % of a core over 5 s, too coarse for the idle target).
cpu_seconds() {
    local pid=$1
    if [ -r "/proc/$pid/schedstat" ]; then
        cat /proc/"$pid"/task/*/schedstat 2>/dev/null | awk '{ ns += $1 } END { printf "%.9f\n", ns / 1e9 }'
    else
        awk -v hz="$(getconf CLK_TCK)" '{ printf "%.9f\n", ($14 + $15) / hz }' "/proc/$pid/stat"
    fi
}

# Percent of one core used by the process PID over SECONDS.
cpu_percent() {
    local pid=$1 seconds=$2 before after start end
    before=$(cpu_seconds "$pid"); start=$(date +%s.%N)
    sleep "$seconds"
    after=$(cpu_seconds "$pid"); end=$(date +%s.%N)
    awk -v b="$before" -v a="$after" -v s="$start" -v e="$end" \
        'BEGIN { printf "%.2f\n", 100 * (a - b) / (e - s) }'
}

list=(--scene list --items 10000000 --hz 60)
echo "Window figures: $DEMO under DISPLAY=$DISPLAY, $RUNS runs each, load average $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$WORK/window"; : >"$WORK/headless"; : >"$WORK/anim"; : >"$WORK/idle"; : >"$WORK/frame"
for _ in $(seq "$RUNS"); do
    peak_rss "${list[@]}" --frames 300 --script "$WORK/scroll.json" >>"$WORK/window"
    SDL_VIDEODRIVER=dummy peak_rss "${list[@]}" --headless --frames 300 --script "$WORK/scroll.json" >>"$WORK/headless"

    # The same frames headless, in the same period: CPU per frame (p50) as % of a core at 60 Hz.
    SDL_VIDEODRIVER=dummy "$DEMO" "${list[@]}" --headless --frames 600 --script "$WORK/scroll.json" --stats 2>/dev/null \
        | sed -n 's/^frame cost, CPU time across threads: p50 \([0-9.]*\) ms.*/\1/p' \
        | awk '{ printf "%.2f\n", $1 * 60 / 10 }' >>"$WORK/frame"

    frames=$(( (SETTLE_SECONDS + MEASURE_SECONDS + 2) * 60 ))
    "$DEMO" "${list[@]}" --frames "$frames" --script "$WORK/scroll.json" >/dev/null 2>&1 &
    DEMO_PID=$!
    sleep "$SETTLE_SECONDS"
    cpu_percent "$DEMO_PID" "$MEASURE_SECONDS" >>"$WORK/anim"
    kill "$DEMO_PID" 2>/dev/null || true; wait "$DEMO_PID" 2>/dev/null || true; DEMO_PID=""

    "$DEMO" "${list[@]}" >/dev/null 2>&1 &
    DEMO_PID=$!
    sleep "$SETTLE_SECONDS"
    cpu_percent "$DEMO_PID" "$IDLE_SECONDS" >>"$WORK/idle"
    kill "$DEMO_PID" 2>/dev/null || true; wait "$DEMO_PID" 2>/dev/null || true; DEMO_PID=""
done

ok=0
report() {   # label, file, target, unit
    local med rng ratio verdict
    med=$(median <"$2"); rng=$(range <"$2")
    ratio=$(awk -v m="$med" -v t="$3" 'BEGIN { printf "%.2f", m / t }')
    if awk -v m="$med" -v t="$3" 'BEGIN { exit !(m <= t) }'; then verdict=met; else verdict=MISSED; ok=1; fi
    echo "Target $1 <= $3$4: $med$4 (median; min-max $rng$4), ratio to target $ratio, $verdict"
}
report "window demo peak RSS at 10^7 items (Xvfb)" "$WORK/window" "$RSS_TARGET_MB" " MB"
echo "    the same run headless: $(median <"$WORK/headless") MB (min-max $(range <"$WORK/headless") MB); window / headless $(awk -v w="$(median <"$WORK/window")" -v h="$(median <"$WORK/headless")" 'BEGIN { printf "%.2f", w / h }')"
report "animating list in a window at 60 Hz, CPU" "$WORK/anim" "$CPU_TARGET" " % of a core"
echo "    the same frames headless (p50 CPU a frame x 60): $(median <"$WORK/frame") % of a core (min-max $(range <"$WORK/frame")); window / headless $(awk -v w="$(median <"$WORK/anim")" -v h="$(median <"$WORK/frame")" 'BEGIN { printf "%.2f", w / h }') (the rest is waiting, events and the present)"
report "idle window, CPU" "$WORK/idle" "$IDLE_TARGET" " % of a core"

if [ -n "${GPU_PROBE:-}" ] && [ -x "$GPU_PROBE" ]; then
    if "$GPU_PROBE" 600 >"$WORK/gpu" 2>&1; then
        whole=$(SCROLLKIT_RENDERER=gpu "$DEMO" "${list[@]}" --frames 600 --script "$WORK/scroll.json" --stats 2>/dev/null \
            | sed -n 's/^frame cost, CPU time across threads: p50 \([0-9.]*\) ms.*/\1/p' || true)
        cached=$(sed -n 's/^cached: CPU p50 \([0-9.]*\) ms.*/\1/p' "$WORK/gpu")
        present=$(sed -n 's/^present: CPU p50 \([0-9.]*\) ms.*/\1/p' "$WORK/gpu")
        echo "Info GPU renderer, $(head -1 "$WORK/gpu" | sed 's/^gpu-probe: renderer \(.*\), [0-9]*x[0-9]*, .*/\1/'): whole list frame CPU p50 ${whole:-?} ms;" \
             "a cached texture's frame before drawing anything (two window copies, present) ${cached:-?} ms;" \
             "present alone ${present:-?} ms; cached / whole $(awk -v c="${cached:-0}" -v w="${whole:-0}" 'BEGIN { if (w > 0) printf "%.2f", c / w; else print "?" }')"
    else
        echo "Info GPU renderer: not measured ($(head -1 "$WORK/gpu"))"
    fi
fi
exit "$ok"
