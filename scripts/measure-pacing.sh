#!/usr/bin/env bash
# Measures the window host's frame pacing and idle CPU (the README's performance figures).
#
#   scripts/measure-pacing.sh            # builds the release demo, uses $DISPLAY or starts Xvfb :99
#   DEMO=path/to/scrollkit-demo FRAMES=600 HZ=60 IDLE_SECONDS=10 scripts/measure-pacing.sh
#
# 1. Pacing: `scrollkit-demo --hz $HZ --frames $FRAMES --stats` in a window; the stats' "pacing" line
#    gives the mean, standard deviation, p99 and max of the intervals between presents, and the drift
#    of the last frame from start + k x period.
# 2. Idle CPU: the demo in a window with nothing moving (it sleeps in SDL_WaitEventTimeout); CPU time
#    (utime + stime from /proc/PID/stat) over $IDLE_SECONDS seconds, as a percentage of one core.
#
# Figures, not a test: run it on a quiet machine (other builds running will show up as jitter).
set -euo pipefail

FRAMES="${FRAMES:-600}"
HZ="${HZ:-60}"
IDLE_SECONDS="${IDLE_SECONDS:-10}"
SETTLE_SECONDS="${SETTLE_SECONDS:-3}"
SWIFT="${SWIFT:-swift}"

cd "$(dirname "$0")/.."

if [ -z "${DEMO:-}" ]; then
    # shellcheck disable=SC2086
    "$SWIFT" build -c release ${BUILD_FLAGS:-} --product scrollkit-demo >&2
    # shellcheck disable=SC2086
    DEMO="$("$SWIFT" build -c release ${BUILD_FLAGS:-} --show-bin-path)/scrollkit-demo"
fi
[ -x "$DEMO" ] || { echo "measure-pacing: no demo binary at $DEMO" >&2; exit 2; }

XVFB_PID=""
DEMO_PID=""
cleanup() {
    [ -n "$DEMO_PID" ] && kill "$DEMO_PID" 2>/dev/null || true
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT

if [ -z "${DISPLAY:-}" ]; then
    command -v Xvfb >/dev/null || { echo "measure-pacing: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2; exit 2; }
    Xvfb :99 -screen 0 1024x768x24 >/dev/null 2>&1 &
    XVFB_PID=$!
    export DISPLAY=:99
    sleep 1
fi
unset SDL_VIDEODRIVER

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), display $DISPLAY"
echo "== pacing: window host, --hz $HZ, $FRAMES frames"
"$DEMO" --hz "$HZ" --frames "$FRAMES" --stats

echo "== idle CPU: window host, nothing moving, ${IDLE_SECONDS} s"
"$DEMO" --hz "$HZ" >/dev/null &
DEMO_PID=$!
sleep "$SETTLE_SECONDS"
ticks_per_second=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$DEMO_PID/stat"; }
before=$(cpu_ticks)
start=$(date +%s.%N)
sleep "$IDLE_SECONDS"
after=$(cpu_ticks)
end=$(date +%s.%N)
awk -v b="$before" -v a="$after" -v s="$start" -v e="$end" -v hz="$ticks_per_second" \
    'BEGIN { cpu = (a - b) / hz; wall = e - s; printf "idle CPU: %.3f s of CPU in %.2f s = %.2f%% of one core\n", cpu, wall, 100 * cpu / wall }'
kill "$DEMO_PID" 2>/dev/null || true
wait "$DEMO_PID" 2>/dev/null || true
DEMO_PID=""
