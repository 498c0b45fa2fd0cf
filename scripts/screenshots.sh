#!/usr/bin/env bash
# Regenerates the README's screenshots (docs/screenshots/) with the headless demo: stills, and short
# scripted runs of each scene as animated GIFs (every frame recorded with --record at 25 Hz, then
# turned into a GIF by ffmpeg with a palette made for the clip: apt-get install ffmpeg).
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
"$demo" --headless --scene photos --frames 30 --screenshot "$out/photos.png" >/dev/null
"$demo" --headless --scene list --help-overlay --frames 5 --screenshot "$out/help.png" >/dev/null
# Reader: a timed scroll to the "Maps" heading (centred), through blocks measured on the way.
cat >"$tmp/reader.json" <<EOF
{"events": [
  {"t": 0.1, "type": "scrollToItem", "index": 45, "position": "center", "duration": 1.2, "curve": "smoothstep"},
  {"t": 1.6, "type": "screenshot", "path": "$out/reader.png"}
]}
EOF
"$demo" --headless --scene reader --script "$tmp/reader.json" --frames 100 >/dev/null
# Grid: 10^7 cards in sections; section 2's header pushing section 1's pinned header up (hand-over half done).
cat >"$tmp/grid.json" <<EOF
{"events": [
  {"t": 0.1, "type": "scrollTo", "x": 0, "y": 2110},
  {"t": 0.5, "type": "screenshot", "path": "$out/grid.png"}
]}
EOF
"$demo" --headless --scene grid --items 10000000 --script "$tmp/grid.json" --frames 40 >/dev/null
# Chat: flicked up a little, then two messages arrive below (the pill counts them).
cat >"$tmp/chat.json" <<EOF
{"events": [
  {"t": 0.2, "type": "down", "x": 400, "y": 300}, {"t": 0.25, "type": "move", "x": 400, "y": 380},
  {"t": 0.3, "type": "move", "x": 400, "y": 480}, {"t": 0.35, "type": "up", "x": 400, "y": 480},
  {"t": 1.6, "type": "insert", "index": 400, "count": 2},
  {"t": 1.9, "type": "screenshot", "path": "$out/chat.png"}
]}
EOF
"$demo" --headless --scene chat --script "$tmp/chat.json" --frames 130 >/dev/null
# Home: focus moved down one shelf and along to the third card (the ring), the list scrolled a little.
cat >"$tmp/home.json" <<EOF
{"events": [
  {"t": 0.1, "type": "key", "key": "Down"},
  {"t": 0.2, "type": "key", "key": "Down"},
  {"t": 0.3, "type": "key", "key": "Right"},
  {"t": 0.4, "type": "key", "key": "Right"},
  {"t": 0.5, "type": "wheel", "dy": -1, "x": 400, "y": 300},
  {"t": 1.2, "type": "screenshot", "path": "$out/home.png"}
]}
EOF
"$demo" --headless --scene home --script "$tmp/home.json" --frames 80 >/dev/null
"$demo" curves --screenshot "$out/curves-gallery.png" >/dev/null
# Motion: a short run of each scene at 25 Hz, recorded frame by frame, as a GIF 360 px wide.
if command -v ffmpeg >/dev/null 2>&1; then
    gif() {   # gif NAME FRAMES DEMO-ARGS...
        local name=$1 frames=$2; shift 2
        rm -rf "$tmp/rec"
        "$demo" --headless --hz 25 --frames "$frames" --record "$tmp/rec" "$@" >/dev/null
        ffmpeg -loglevel error -y -framerate 25 -i "$tmp/rec/frame-%05d.png" \
            -vf "scale=360:-1:flags=lanczos,split[a][b];[a]palettegen=max_colors=48:stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle" \
            "$out/$name.gif"
    }
    # List: a fling, then the 2 s scroll to the end.
    cat > "$tmp/list-motion.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 400, "y": 520},
  {"t": 0.36, "type": "move", "x": 400, "y": 440},
  {"t": 0.42, "type": "move", "x": 400, "y": 330},
  {"t": 0.46, "type": "up",   "x": 400, "y": 300},
  {"t": 1.60, "type": "scrollToEnd", "duration": 2, "curve": "smoothstep"}
]}
JSON
    gif list-motion 95 --scene list --script "$tmp/list-motion.json"
    # Paging: a flick forward and one back, one page each.
    cat > "$tmp/paging-motion.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 600, "y": 300}, {"t": 0.36, "type": "move", "x": 450, "y": 300},
  {"t": 0.40, "type": "up",   "x": 380, "y": 300},
  {"t": 1.20, "type": "down", "x": 200, "y": 300}, {"t": 1.26, "type": "move", "x": 380, "y": 300},
  {"t": 1.30, "type": "up",   "x": 440, "y": 300}
]}
JSON
    gif paging-motion 55 --scene paging --script "$tmp/paging-motion.json"
    # Picker: a flick that lands exactly on a face.
    cat > "$tmp/picker-motion.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 600, "y": 300}, {"t": 0.35, "type": "move", "x": 520, "y": 300},
  {"t": 0.40, "type": "move", "x": 420, "y": 300}, {"t": 0.43, "type": "up", "x": 380, "y": 300}
]}
JSON
    gif picker-motion 60 --scene picker --script "$tmp/picker-motion.json"
    gif sprites-motion 30 --scene sprites --sprites 150 --seed 7
else
    echo "note: ffmpeg not found (apt-get install ffmpeg): the animated GIFs were not remade" >&2
fi
echo "wrote $(ls "$out" | wc -l) screenshots to $out/"
