#!/usr/bin/env bash
# Builds scripts/consumer — a package that depends on ScrollKit by path, as a user's app would — from a
# clean scratch folder, fails if the build prints any warning (ScrollKit's own or SDL's pkg-config's) or if it
# resolved a package that only the tests or the docs need, then runs it headless: ScrollKit inside the app's
# own loop, with no C module imported (ScrollKit exports none); then its tests of a small app of its own on
# ScrollKitTesting.
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
# The consumer imports no C module (SDL stays inside ScrollKitSDL).
if grep -nE "^\s*(@[a-zA-Z_]+ )*import +C[A-Z]" "$ROOT"/scripts/consumer/Sources/Consumer/*.swift >&2; then
    echo "error: the consumer imports a C module (above)" >&2
    exit 1
fi
# What a user's package resolves: ScrollKit alone, nothing that only the gallery's command line
# (swift-argument-parser), the tests (swift-property-based) or the docs (swift-docc-plugin) need. SwiftPM 6.3
# skips a dependency's package dependencies that no product of it uses, and resolves (not builds) those that
# any product uses, even one the user does not depend on: so scrollkit-demo is an executable target, not a
# product, and the ScrollKitGallery library uses no package.
DEPS="$(swift package --package-path "$ROOT/scripts/consumer" --scratch-path "$SCRATCH" show-dependencies 2>&1)"
echo "$DEPS" | grep -E "^[ .│├└─]" | sed 's/^/consumer dependencies: /'
for name in swift-argument-parser swift-property-based swift-docc-plugin; do
    if echo "$DEPS" | grep -qi "$name"; then
        echo "error: a package depending on ScrollKit resolves $name" >&2
        exit 1
    fi
done
SDL_VIDEODRIVER=dummy "$SCRATCH/$CONFIG/Consumer" 120
# The user's tests of their own app (Tests/MarketTests) on ScrollKitTesting, as the README's "Testing your app".
if ! SDL_VIDEODRIVER=dummy swift test --package-path "$ROOT/scripts/consumer" --scratch-path "$SCRATCH" -c "$CONFIG" \
    >"$LOG" 2>&1; then
    cat "$LOG" >&2
    echo "error: the consumer's tests on ScrollKitTesting failed" >&2
    exit 1
fi
if grep -E "warning:" "$LOG" >&2; then
    echo "error: building the consumer's tests printed warnings (above)" >&2
    exit 1
fi
grep -E "Test run with|passed after|failed after" "$LOG" | tail -3 | sed 's/^/consumer tests: /'
