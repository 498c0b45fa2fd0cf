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
"$demo" --headless --scene world --frames 5 --screenshot "$out/world.png" >/dev/null
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
# Photo: two fingers pinch the fit out to 4x (67 %) about the dragonfly's wing.
cat >"$tmp/photo.json" <<EOF
{"events": [
  {"t": 0.1, "type": "touchDown", "id": 1, "x": 300, "y": 320},
  {"t": 0.11, "type": "touchDown", "id": 2, "x": 500, "y": 320},
  {"t": 0.120, "type": "touchMove", "id": 1, "x": 290.00, "y": 320},
  {"t": 0.125, "type": "touchMove", "id": 2, "x": 510.00, "y": 320},
  {"t": 0.130, "type": "touchMove", "id": 1, "x": 280.00, "y": 320},
  {"t": 0.135, "type": "touchMove", "id": 2, "x": 520.00, "y": 320},
  {"t": 0.140, "type": "touchMove", "id": 1, "x": 270.00, "y": 320},
  {"t": 0.145, "type": "touchMove", "id": 2, "x": 530.00, "y": 320},
  {"t": 0.150, "type": "touchMove", "id": 1, "x": 260.00, "y": 320},
  {"t": 0.155, "type": "touchMove", "id": 2, "x": 540.00, "y": 320},
  {"t": 0.160, "type": "touchMove", "id": 1, "x": 250.00, "y": 320},
  {"t": 0.165, "type": "touchMove", "id": 2, "x": 550.00, "y": 320},
  {"t": 0.170, "type": "touchMove", "id": 1, "x": 240.00, "y": 320},
  {"t": 0.175, "type": "touchMove", "id": 2, "x": 560.00, "y": 320},
  {"t": 0.180, "type": "touchMove", "id": 1, "x": 230.00, "y": 320},
  {"t": 0.185, "type": "touchMove", "id": 2, "x": 570.00, "y": 320},
  {"t": 0.190, "type": "touchMove", "id": 1, "x": 220.00, "y": 320},
  {"t": 0.195, "type": "touchMove", "id": 2, "x": 580.00, "y": 320},
  {"t": 0.200, "type": "touchMove", "id": 1, "x": 210.00, "y": 320},
  {"t": 0.205, "type": "touchMove", "id": 2, "x": 590.00, "y": 320},
  {"t": 0.210, "type": "touchMove", "id": 1, "x": 200.00, "y": 320},
  {"t": 0.215, "type": "touchMove", "id": 2, "x": 600.00, "y": 320},
  {"t": 0.220, "type": "touchMove", "id": 1, "x": 190.00, "y": 320},
  {"t": 0.225, "type": "touchMove", "id": 2, "x": 610.00, "y": 320},
  {"t": 0.230, "type": "touchMove", "id": 1, "x": 180.00, "y": 320},
  {"t": 0.235, "type": "touchMove", "id": 2, "x": 620.00, "y": 320},
  {"t": 0.240, "type": "touchMove", "id": 1, "x": 170.00, "y": 320},
  {"t": 0.245, "type": "touchMove", "id": 2, "x": 630.00, "y": 320},
  {"t": 0.250, "type": "touchMove", "id": 1, "x": 160.00, "y": 320},
  {"t": 0.255, "type": "touchMove", "id": 2, "x": 640.00, "y": 320},
  {"t": 0.260, "type": "touchMove", "id": 1, "x": 150.00, "y": 320},
  {"t": 0.265, "type": "touchMove", "id": 2, "x": 650.00, "y": 320},
  {"t": 0.270, "type": "touchMove", "id": 1, "x": 140.00, "y": 320},
  {"t": 0.275, "type": "touchMove", "id": 2, "x": 660.00, "y": 320},
  {"t": 0.280, "type": "touchMove", "id": 1, "x": 130.00, "y": 320},
  {"t": 0.285, "type": "touchMove", "id": 2, "x": 670.00, "y": 320},
  {"t": 0.290, "type": "touchMove", "id": 1, "x": 120.00, "y": 320},
  {"t": 0.295, "type": "touchMove", "id": 2, "x": 680.00, "y": 320},
  {"t": 0.300, "type": "touchMove", "id": 1, "x": 110.00, "y": 320},
  {"t": 0.305, "type": "touchMove", "id": 2, "x": 690.00, "y": 320},
  {"t": 0.310, "type": "touchMove", "id": 1, "x": 100.00, "y": 320},
  {"t": 0.315, "type": "touchMove", "id": 2, "x": 700.00, "y": 320},
  {"t": 0.320, "type": "touchMove", "id": 1, "x": 90.00, "y": 320},
  {"t": 0.325, "type": "touchMove", "id": 2, "x": 710.00, "y": 320},
  {"t": 0.330, "type": "touchMove", "id": 1, "x": 80.00, "y": 320},
  {"t": 0.335, "type": "touchMove", "id": 2, "x": 720.00, "y": 320},
  {"t": 0.340, "type": "touchMove", "id": 1, "x": 70.00, "y": 320},
  {"t": 0.345, "type": "touchMove", "id": 2, "x": 730.00, "y": 320},
  {"t": 0.350, "type": "touchMove", "id": 1, "x": 60.00, "y": 320},
  {"t": 0.355, "type": "touchMove", "id": 2, "x": 740.00, "y": 320},
  {"t": 0.360, "type": "touchMove", "id": 1, "x": 50.00, "y": 320},
  {"t": 0.365, "type": "touchMove", "id": 2, "x": 750.00, "y": 320},
  {"t": 0.370, "type": "touchMove", "id": 1, "x": 40.00, "y": 320},
  {"t": 0.375, "type": "touchMove", "id": 2, "x": 760.00, "y": 320},
  {"t": 0.380, "type": "touchMove", "id": 1, "x": 30.00, "y": 320},
  {"t": 0.385, "type": "touchMove", "id": 2, "x": 770.00, "y": 320},
  {"t": 0.390, "type": "touchMove", "id": 1, "x": 20.00, "y": 320},
  {"t": 0.395, "type": "touchMove", "id": 2, "x": 780.00, "y": 320},
  {"t": 0.400, "type": "touchMove", "id": 1, "x": 10.00, "y": 320},
  {"t": 0.405, "type": "touchMove", "id": 2, "x": 790.00, "y": 320},
  {"t": 0.410, "type": "touchMove", "id": 1, "x": 0.00, "y": 320},
  {"t": 0.415, "type": "touchMove", "id": 2, "x": 800.00, "y": 320},
  {"t": 0.5, "type": "touchUp", "id": 2, "x": 800, "y": 320},
  {"t": 0.5, "type": "touchUp", "id": 1, "x": 0, "y": 320},
  {"t": 1.0, "type": "screenshot", "path": "$out/photo.png"}
]}
EOF
"$demo" --headless --scene photo --script "$tmp/photo.json" --frames 70 >/dev/null
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
# Inbox: a message swiped open on its trailing actions (Archive, Delete).
cat > "$tmp/inbox.json" <<JSON
{"events": [
  {"t": 0.10, "type": "down", "x": 600, "y": 320}, {"t": 0.14, "type": "move", "x": 560, "y": 321},
  {"t": 0.18, "type": "move", "x": 480, "y": 322}, {"t": 0.45, "type": "up", "x": 470, "y": 322},
  {"t": 1.20, "type": "screenshot", "path": "$out/inbox.png"}
]}
JSON
"$demo" --headless --scene inbox --script "$tmp/inbox.json" --frames 80 >/dev/null
# Contacts: "jos" typed into the search field, then an input method composing "é" (underlined, its own cursor).
cat > "$tmp/contacts.json" <<JSON
{"events": [
  {"t": 0.10, "type": "text", "text": "jos"}, {"t": 0.30, "type": "compose", "text": "é", "cursor": 1}
]}
JSON
"$demo" --headless --scene contacts --script "$tmp/contacts.json" --frames 60 --screenshot "$out/contacts.png" >/dev/null
# Contacts on a phone-sized window: a touch on the search field slides up the on-screen keyboard.
cat > "$tmp/contacts-keyboard.json" <<JSON
{"events": [
  {"t": 0.10, "type": "text", "text": "jos"},
  {"t": 0.40, "type": "touchDown", "id": 1, "x": 300, "y": 120}, {"t": 0.45, "type": "touchUp", "id": 1, "x": 300, "y": 120}
]}
JSON
"$demo" --headless --scene contacts --size 430x860 --script "$tmp/contacts-keyboard.json" --frames 90 \
    --screenshot "$out/contacts-keyboard.png" >/dev/null
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
    # Inbox: a swipe that opens a row, a full swipe that deletes one, a swipe right (Read/Unread).
    cat > "$tmp/inbox-swipe.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 600, "y": 320}, {"t": 0.34, "type": "move", "x": 570, "y": 321},
  {"t": 0.38, "type": "move", "x": 520, "y": 322}, {"t": 0.42, "type": "move", "x": 470, "y": 322},
  {"t": 0.46, "type": "move", "x": 440, "y": 323}, {"t": 0.70, "type": "up", "x": 440, "y": 323},
  {"t": 1.40, "type": "down", "x": 760, "y": 408}, {"t": 1.44, "type": "move", "x": 650, "y": 408},
  {"t": 1.48, "type": "move", "x": 450, "y": 409}, {"t": 1.52, "type": "move", "x": 250, "y": 410},
  {"t": 1.54, "type": "up", "x": 200, "y": 410},
  {"t": 2.40, "type": "down", "x": 100, "y": 232}, {"t": 2.44, "type": "move", "x": 140, "y": 232},
  {"t": 2.48, "type": "move", "x": 190, "y": 233}, {"t": 2.52, "type": "move", "x": 230, "y": 233},
  {"t": 2.80, "type": "up", "x": 230, "y": 233}
]}
JSON
    gif inbox-swipe 80 --scene inbox --script "$tmp/inbox-swipe.json"
    # Inbox: a pull past the threshold; three new messages after 1 s; a scroll up to them.
    cat > "$tmp/inbox-refresh.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 400, "y": 150}, {"t": 0.36, "type": "move", "x": 400, "y": 210},
  {"t": 0.42, "type": "move", "x": 400, "y": 280}, {"t": 0.48, "type": "move", "x": 400, "y": 350},
  {"t": 0.54, "type": "move", "x": 400, "y": 420}, {"t": 0.60, "type": "move", "x": 400, "y": 450},
  {"t": 0.75, "type": "up", "x": 400, "y": 450},
  {"t": 2.20, "type": "scrollTo", "x": 0, "y": 0, "duration": 0.6}
]}
JSON
    gif inbox-refresh 80 --scene inbox --script "$tmp/inbox-refresh.json"
    # Inbox: a long press lifts the first message; dragged down three rows and dropped.
    cat > "$tmp/inbox-reorder.json" <<JSON
{"events": [
  {"t": 0.20, "type": "down", "x": 300, "y": 144},
  {"t": 0.80, "type": "move", "x": 302, "y": 180}, {"t": 0.90, "type": "move", "x": 304, "y": 240},
  {"t": 1.00, "type": "move", "x": 305, "y": 300}, {"t": 1.10, "type": "move", "x": 305, "y": 360},
  {"t": 1.20, "type": "move", "x": 305, "y": 410}, {"t": 1.60, "type": "up", "x": 305, "y": 410}
]}
JSON
    gif inbox-reorder 55 --scene inbox --script "$tmp/inbox-reorder.json"
    # Inbox: a tap pushes a message, its body scrolls (the large title collapses into the bar), an edge swipe
    # from the left goes back.
    cat > "$tmp/inbox-navigate.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 300, "y": 320}, {"t": 0.35, "type": "up", "x": 300, "y": 320},
  {"t": 1.30, "type": "down", "x": 400, "y": 500}, {"t": 1.40, "type": "move", "x": 400, "y": 470},
  {"t": 1.50, "type": "move", "x": 400, "y": 440}, {"t": 1.60, "type": "move", "x": 400, "y": 420},
  {"t": 1.80, "type": "up", "x": 400, "y": 420},
  {"t": 2.40, "type": "down", "x": 6, "y": 320}, {"t": 2.55, "type": "move", "x": 120, "y": 322},
  {"t": 2.70, "type": "move", "x": 260, "y": 324}, {"t": 2.85, "type": "move", "x": 420, "y": 326},
  {"t": 2.90, "type": "up", "x": 470, "y": 326}
]}
JSON
    gif inbox-navigate 95 --scene inbox --script "$tmp/inbox-navigate.json"
    # Inbox: Compose raises the recipients sheet to half height; one drag up raises it to full height and then
    # scrolls the list; back down, the list returns to its top and then the sheet follows; a fling dismisses it.
    cat > "$tmp/inbox-sheet.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 736, "y": 72}, {"t": 0.35, "type": "up", "x": 736, "y": 72},
  {"t": 1.20, "type": "down", "x": 400, "y": 520}, {"t": 1.40, "type": "move", "x": 400, "y": 420},
  {"t": 1.60, "type": "move", "x": 400, "y": 300}, {"t": 1.80, "type": "move", "x": 400, "y": 180},
  {"t": 2.00, "type": "move", "x": 400, "y": 100}, {"t": 2.30, "type": "move", "x": 400, "y": 200},
  {"t": 2.60, "type": "move", "x": 400, "y": 330}, {"t": 2.80, "type": "move", "x": 400, "y": 330},
  {"t": 2.85, "type": "up", "x": 400, "y": 330},
  {"t": 3.30, "type": "down", "x": 400, "y": 380}, {"t": 3.34, "type": "move", "x": 400, "y": 420},
  {"t": 3.37, "type": "up", "x": 400, "y": 450}
]}
JSON
    gif inbox-sheet 100 --scene inbox --script "$tmp/inbox-sheet.json"
    # Inbox with reduced motion: a tap pushes the message as a 0.2 s cross-fade, Escape pops it the same way, and
    # the Compose sheet fades in and (Backspace) out; a fling still coasts.
    cat > "$tmp/inbox-reduced.json" <<JSON
{"events": [
  {"t": 0.30, "type": "down", "x": 300, "y": 320}, {"t": 0.35, "type": "up", "x": 300, "y": 320},
  {"t": 1.20, "type": "key", "key": "Escape"},
  {"t": 2.00, "type": "down", "x": 736, "y": 72}, {"t": 2.05, "type": "up", "x": 736, "y": 72},
  {"t": 2.90, "type": "key", "key": "Backspace"},
  {"t": 3.40, "type": "down", "x": 400, "y": 520}, {"t": 3.46, "type": "move", "x": 400, "y": 440},
  {"t": 3.52, "type": "move", "x": 400, "y": 330}, {"t": 3.56, "type": "up", "x": 400, "y": 300}
]}
JSON
    gif inbox-reduced-motion 125 --scene inbox --reduce-motion --script "$tmp/inbox-reduced.json"
    # Contacts: a finger runs down the A–Z index (the bubble names each letter), then a tap opens a person's card.
    cat > "$tmp/contacts-index.json" <<JSON
{"events": [
  {"t": 0.30, "type": "touchDown", "id": 1, "x": 780, "y": 170},
  {"t": 0.50, "type": "touchMove", "id": 1, "x": 780, "y": 230}, {"t": 0.70, "type": "touchMove", "id": 1, "x": 780, "y": 290},
  {"t": 0.90, "type": "touchMove", "id": 1, "x": 780, "y": 350}, {"t": 1.10, "type": "touchMove", "id": 1, "x": 780, "y": 410},
  {"t": 1.30, "type": "touchMove", "id": 1, "x": 780, "y": 470}, {"t": 1.50, "type": "touchMove", "id": 1, "x": 780, "y": 520},
  {"t": 1.90, "type": "touchUp", "id": 1, "x": 780, "y": 520},
  {"t": 2.40, "type": "down", "x": 200, "y": 300}, {"t": 2.50, "type": "up", "x": 200, "y": 300}
]}
JSON
    gif contacts-index 90 --scene contacts --script "$tmp/contacts-index.json"
else
    echo "note: ffmpeg not found (apt-get install ffmpeg): the animated GIFs were not remade" >&2
fi
echo "wrote $(ls "$out" | wc -l) screenshots to $out/"
