#!/usr/bin/env bash
# Builds scripts/consumer — a package that depends on ScrollKit by path, as a user's app would — from a
# clean scratch folder, fails if the build prints any warning (ScrollKit's own or SDL's pkg-config's),
# then runs it headless: ScrollKit inside the app's own SDL loop through the CSDL2 product.
#   scripts/check-consumer.sh [debug|release]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFIG="${1:-debug}"
SCRATCH="$ROOT/.build-consumer"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
rm -rf "$SCRATCH/$CONFIG"
# SwiftPM keeps the build description beside the products; a stale one misses files added to ScrollKit since.
rm -f "$SCRATCH/$CONFIG.yaml" "$SCRATCH/build.db"
if ! swift build --package-path "$ROOT/scripts/consumer" --scratch-path "$SCRATCH" -c "$CONFIG" >"$LOG" 2>&1; then
    cat "$LOG" >&2
    echo "error: the consumer package (ScrollKit as a dependency) does not build" >&2
    exit 1
fi
if grep -E "warning:" "$LOG" >&2; then
    echo "error: building ScrollKit as a dependency printed warnings (above)" >&2
    exit 1
fi
SDL_VIDEODRIVER=dummy "$SCRATCH/$CONFIG/Consumer" 120
