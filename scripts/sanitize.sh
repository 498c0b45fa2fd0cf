#!/usr/bin/env bash
# The C shims under AddressSanitizer and UndefinedBehaviorSanitizer (clang -fsanitize=address,undefined
# -fno-sanitize-recover=undefined: any undefined behaviour ends the run).
#
#   scripts/sanitize.sh c       the C harnesses of Tests/Sanitize, compiled with clang straight from the
#                               sources (Sources/CScrollKit*/, Sources/CICUBreak): the pixel kernels and
#                               platform calls, ICU's break iterators, X Present against a private Xvfb,
#                               the Wayland presenter against weston nested on it. About 30 s; `make test`
#                               runs it.
#   scripts/sanitize.sh swift   the package built with `swift build --sanitize=address` and, for the C
#                               targets, `-Xcc -fsanitize=undefined` (swiftc refuses -sanitize=undefined on
#                               Linux) in its own scratch path, then the suites that
#                               drive the shims from Swift: the accessibility bridge on a real bus, the
#                               presenters in real windows (X Present, weston), the canvas's pixel and
#                               damage tests, the damage renderer's tests.
#   scripts/sanitize.sh all     both (`make sanitize`).
#
# Leaks are checked in the harnesses (LeakSanitizer) except inside the system libraries they load
# (Tests/Sanitize/lsan.supp). Prints each step's time; exits 1 on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-all}"
OUT="${OUT:-out}/sanitize"
mkdir -p "$OUT"
# The Swift toolchain's own clang (its sanitizer runtimes are the ones `swift build --sanitize` uses).
CC="${SANITIZE_CC:-$(dirname "$(command -v swift || echo /usr/bin/swift)")/clang}"
[ -x "$CC" ] || CC=clang
FLAGS=(-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
       -Wall -Wextra -Werror -ITests/Sanitize -ISources/CScrollKitPixels/include -ISources/CScrollKitX11/include
       -ISources/CScrollKitWayland/include -ISources/CICUBreak/include)
# lld when the toolchain has it (gold warns about every ASan helper symbol).
if "$CC" -fuse-ld=lld -x c -o /dev/null - <<<'int main(void){return 0;}' 2>/dev/null; then FLAGS+=(-fuse-ld=lld); fi
# Slow unwinding for mallocs: the system libraries have no frame pointers, and a leak inside them must
# show the frame that names them (lsan.supp).
export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitize/lsan.supp:print_suppressions=0"

started=$(date +%s)
step() { echo "sanitize: $1 ($(( $(date +%s) - started )) s)"; }

PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    if [ -n "${RUNTIME:-}" ]; then rm -rf "$RUNTIME"; fi
    if [ -n "${XNUM:-}" ]; then rm -f "/tmp/.X11-unix/X$XNUM" "/tmp/.X$XNUM-lock"; fi
}
trap cleanup EXIT

# A private Xvfb on the first free display from :230 (apart from the Swift tests' :140 and :200 ranges).
start_xvfb() {
    XNUM=230
    while [ -e "/tmp/.X11-unix/X$XNUM" ] || [ -e "/tmp/.X$XNUM-lock" ]; do XNUM=$((XNUM + 1)); done
    Xvfb ":$XNUM" -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
    PIDS+=($!)
    for _ in $(seq 200); do [ -e "/tmp/.X11-unix/X$XNUM" ] && return 0; sleep 0.05; done
    echo "error: Xvfb did not start on :$XNUM" >&2
    exit 1
}

# weston on its X11 backend on that Xvfb, with the Swift tests' settings (Tests/ScrollKitGalleryTests/Weston.swift).
start_weston() {
    RUNTIME=$(mktemp -d /tmp/scrollkit-sanitize-XXXXXX)
    chmod 700 "$RUNTIME"
    printf '[core]\nrepaint-window=10\nidle-time=0\n[shell]\npanel-position=none\n' > "$RUNTIME/weston.ini"
    DISPLAY=":$XNUM" XDG_RUNTIME_DIR="$RUNTIME" WAYLAND_DISPLAY= weston --backend=x11-backend.so --use-pixman \
        --socket=wl-sanitize --width=640 --height=480 --config="$RUNTIME/weston.ini" >/dev/null 2>&1 &
    PIDS+=($!)
    for _ in $(seq 400); do [ -e "$RUNTIME/wl-sanitize" ] && { sleep 0.3; return 0; }; sleep 0.05; done
    echo "error: weston did not start on :$XNUM" >&2
    exit 1
}

run_c() {
    command -v "$CC" >/dev/null || { echo "error: $CC is not installed (the sanitizer harnesses need clang)" >&2; exit 1; }
    "$CC" "${FLAGS[@]}" Tests/Sanitize/pixels_test.c Sources/CScrollKitPixels/sk_pixels.c \
        Sources/CScrollKitPixels/sk_scale.c Sources/CScrollKitPixels/sk_platform.c -lSDL2 -lm -o "$OUT/pixels_test"
    "$CC" "${FLAGS[@]}" Tests/Sanitize/text_test.c Sources/CICUBreak/sk_wordbreak.c -licuuc -licudata -o "$OUT/text_test"
    "$CC" "${FLAGS[@]}" Tests/Sanitize/present_test.c \
        -lxcb -lxcb-present -lxcb-shm -lxcb-xfixes -lxcb-randr -o "$OUT/present_test"
    "$CC" "${FLAGS[@]}" Tests/Sanitize/wayland_test.c Sources/CScrollKitPixels/sk_platform.c \
        -lSDL2 -lwayland-client -o "$OUT/wayland_test"
    step "C harnesses built"
    "$OUT/pixels_test"
    "$OUT/text_test"
    start_xvfb
    DISPLAY=":$XNUM" "$OUT/present_test"
    start_weston
    env -u DISPLAY XDG_RUNTIME_DIR="$RUNTIME" WAYLAND_DISPLAY=wl-sanitize "$OUT/wayland_test"
    step "C harnesses passed"
}

run_swift() {
    local scratch=.build-sanitize
    local flags=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --scratch-path "$scratch")
    swift build --build-tests "${flags[@]}"
    step "package built with --sanitize=address, C targets with -fsanitize=undefined"
    # Swift's runtime keeps its metadata caches to the end: leaks are not checked here. The demo processes the
    # window tests start are the sanitized build's too.
    ASAN_OPTIONS="detect_leaks=0" SDL_VIDEODRIVER=dummy swift test --skip-build "${flags[@]}" \
        --filter '^DamageTests\.|AccessibilityBusTests|PresentWindowTests|WaylandWindowTests|DamageTrackingTests|CanvasTests|BlendFillKernelTests|ScaleKernelTests|OffscreenCanvasTests'
    step "Swift suites passed"
}

case "$MODE" in
    c) run_c ;;
    swift) run_swift ;;
    all) run_c; run_swift ;;
    *) echo "error: unknown mode '$MODE' (c, swift or all)" >&2; exit 2 ;;
esac
