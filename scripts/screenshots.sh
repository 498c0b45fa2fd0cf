#!/usr/bin/env bash
# Regenerates the README's screenshots (docs/screenshots/) with the headless demo.
# Usage: scripts/screenshots.sh [path/to/scrollkit-demo]
set -euo pipefail
cd "$(dirname "$0")/.."
demo=${1:-}
if [ -z "$demo" ]; then
    swift build -c release --product scrollkit-demo >/dev/null
    demo=$(swift build -c release --show-bin-path)/scrollkit-demo
fi
out=docs/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SDL_VIDEODRIVER=dummy

# List: one second into a 2 s smoothstep scroll to the end (the counter shows the rows configured so far).
cat > "$tmp/list.json" <<JSON
{"events": [
  {"t": 0.2, "type": "scrollToEnd", "duration": 2, "curve": "smoothstep"},
  {"t": 1.2, "type": "screenshot", "path": "$out/list.png"}
]}
JSON
"$demo" --headless --scene list --script "$tmp/list.json" --frames 80 --hud >/dev/null

# Paging: a drag halfway between two cards.
cat > "$tmp/paging.json" <<JSON
{"events": [
  {"t": 0.10, "type": "down", "x": 600, "y": 300},
  {"t": 0.15, "type": "move", "x": 500, "y": 300},
  {"t": 0.20, "type": "move", "x": 380, "y": 302},
  {"t": 0.25, "type": "move", "x": 300, "y": 303},
  {"t": 0.30, "type": "screenshot", "path": "$out/paging.png"}
]}
JSON
"$demo" --headless --scene paging --script "$tmp/paging.json" --frames 24 >/dev/null

"$demo" --headless --scene picker --frames 30 --screenshot "$out/picker.png" >/dev/null
"$demo" --headless --scene sprites --sprites 150 --seed 7 --frames 90 --screenshot "$out/sprites.png" >/dev/null
"$demo" --headless --scene curves --frames 30 --screenshot "$out/curves.png" >/dev/null
"$demo" --headless --scene list --help-overlay --frames 5 --screenshot "$out/help.png" >/dev/null
"$demo" curves --screenshot "$out/curves-gallery.png" >/dev/null
echo "wrote $(ls "$out" | wc -l) screenshots to $out/"
