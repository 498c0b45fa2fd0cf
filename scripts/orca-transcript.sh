#!/bin/bash
# What Orca speaks for the demo: runs Orca (the GNOME screen reader) against scrollkit-demo in a private D-Bus
# session, with speech-dispatcher's generic module writing every utterance to a transcript (and espeak-ng to a WAV)
# instead of a sound card. Not part of `make test` (Orca is large and slow to start); needs orca, speech-dispatcher
# and espeak-ng (apt-get install orca speech-dispatcher espeak-ng), Xvfb and xdotool.
#
#   bash scripts/orca-transcript.sh [DEMO] [OUT]     (DEMO: .build/debug/scrollkit-demo; OUT: out/orca)
#
# It plays two runs: the list scene (Tab ×3, Down ×2), and the contacts scene (types "nguy" one key at a time,
# Backspace, Tab). OUT/spoken.txt is what reached speech; OUT/orca.log Orca's debug log ("SPEECH OUTPUT:" lines).
set -eu
DEMO=${1:-.build/debug/scrollkit-demo}
OUT=$(mkdir -p "${2:-out/orca}" && cd "${2:-out/orca}" && pwd)
DEMO=$(cd "$(dirname "$DEMO")" && pwd)/$(basename "$DEMO")
for tool in orca speech-dispatcher espeak-ng Xvfb xdotool dbus-run-session; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 2; }
done
[ -x "$DEMO" ] || { echo "error: no demo at $DEMO (swift build first)" >&2; exit 2; }
rm -rf "$OUT"/{home,config,run} "$OUT"/spoken.txt "$OUT"/orca.log
mkdir -p "$OUT"/home "$OUT"/config/speech-dispatcher/modules "$OUT"/run
chmod 700 "$OUT"/run
cat > "$OUT"/config/speech-dispatcher/speechd.conf <<EOF
AddModule "transcript" "sd_generic" "transcript.conf"
DefaultModule transcript
LanguageDefaultModule "en" "transcript"
AudioOutputMethod "libao"
EOF
cat > "$OUT"/config/speech-dispatcher/modules/transcript.conf <<EOF
GenericExecuteSynth "printf '%s\\\\n' \\'\$DATA\\' >> $OUT/spoken.txt; espeak-ng -w $OUT/last.wav \\'\$DATA\\'"
AddVoice "en" "MALE1" "en"
GenericLanguage "en" "en" "utf-8"
EOF
# Orca's echo by character: typed text is spoken from the field's text-changed:insert events (key echo needs key
# events from the application, which ScrollKit does not send to the AT-SPI registry).
mkdir -p "$OUT"/home/.local/share/orca
cat > "$OUT"/home/.local/share/orca/user-settings.conf <<'EOF'
{"general": {"enableEchoByCharacter": true}, "pronunciations": {}, "keybindings": {},
 "profiles": {"default": {"profile": ["Default", "default"], "enableEchoByCharacter": true}}}
EOF

Xvfb :97 -screen 0 1280x1024x24 >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 1
export HOME="$OUT"/home XDG_CONFIG_HOME="$OUT"/config XDG_RUNTIME_DIR="$OUT"/run DISPLAY=:97
dbus-run-session -- bash -c '
    OUT=$1; DEMO=$2
    /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
    for i in $(seq 50); do
        dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
        sleep 0.1
    done
    for p in IsEnabled ScreenReaderEnabled; do
        dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set \
            string:org.a11y.Status string:$p variant:boolean:true >/dev/null
    done
    orca --replace --debug-file "$OUT"/orca.log >/dev/null 2>&1 &
    ORCA=$!
    sleep 6
    focus() { W=$(xdotool search --sync --name ScrollKit | head -1); xdotool windowfocus --sync "$W"; sleep 2; }
    echo "=== list scene: Tab x3, Down x2" >> "$OUT"/spoken.txt
    SDL_VIDEODRIVER=x11 "$DEMO" --items 1000 >/dev/null 2>&1 &
    APP=$!; sleep 5; focus
    for k in Tab Tab Tab Down Down; do xdotool key $k; sleep 1.5; done
    kill $APP; sleep 2
    echo "=== contacts scene: type n g u y, BackSpace, Tab" >> "$OUT"/spoken.txt
    SDL_VIDEODRIVER=x11 "$DEMO" --scene contacts >/dev/null 2>&1 &
    APP=$!; sleep 5; focus
    for c in n g u y; do xdotool type $c; sleep 6; done
    xdotool key BackSpace; sleep 3
    xdotool key Tab; sleep 25
    kill $APP; sleep 1
    kill $ORCA
' _ "$OUT" "$DEMO"
echo "Orca spoke (speech-dispatcher's transcript, $OUT/spoken.txt):"
cat "$OUT"/spoken.txt
