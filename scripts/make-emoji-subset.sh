#!/usr/bin/env bash
# Regenerates the picker scene's emoji font: the 79 faces U+1F601...U+1F64F of Noto Color Emoji
# (SIL OFL 1.1, Debian package fonts-noto-color-emoji), subset with fonttools (pip install fonttools).
set -euo pipefail
src=${1:-/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf}
out=Assets/Fonts/NotoColorEmoji-Faces.ttf
pyftsubset "$src" --unicodes=U+1F601-1F64F --output-file="$out"
echo "wrote $out"
