#!/usr/bin/env bash
# Installs the system packages ScrollKit builds against, if any are missing.
# Debian/Ubuntu: apt-get (through sudo when not root). Elsewhere: says what to install, exits 1.
# --test: also what the tests and benchmarks run (Linux): Xvfb for the real-window tests, xdotool for the
# scripted input of `make bench`, a C compiler for the tests' independent X client, weston (the Wayland tests run
# it nested on Xvfb) with libdecor's cairo plugin, HarfBuzz's hb-shape (the shaping tests' oracle), ImageMagick
# (the Wayland test's screenshot of weston's screen), GNU time (the weston bench's CPU and peak RSS), and D-Bus,
# the AT-SPI bus and pyatspi (the accessibility tests' screen-reader client), and the KMS tests' VM
# (scripts/kms-vm.sh): QEMU, a kernel whose modules are installed, and a static busybox for its initramfs.
set -euo pipefail

TEST_TOOLS=0
[ "${1:-}" = "--test" ] && TEST_TOOLS=1

APT_PKGS=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libunibreak-dev
          libxcb-present-dev libxcb-shm0-dev libxcb-xfixes0-dev libxcb-randr0-dev
          libwayland-dev wayland-protocols libdrm-dev libxkbcommon-dev xkb-data libatk1.0-dev libatk-bridge2.0-dev libdbus-1-dev
          libharfbuzz-dev libfreetype-dev libfribidi-dev libfontconfig-dev libicu-dev
          fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
DNF_PKGS="pkgconf-pkg-config libdrm-devel libxkbcommon-devel SDL2-devel SDL2_ttf-devel SDL2_image-devel libunibreak-devel libxcb-devel wayland-devel wayland-protocols-devel harfbuzz-devel freetype-devel fribidi-devel fontconfig-devel libicu-devel google-noto-sans-fonts google-noto-sans-cjk-fonts google-noto-emoji-color-fonts"
BREW_PKGS="pkg-config sdl2 sdl2_ttf sdl2_image libunibreak harfbuzz freetype fribidi fontconfig icu4c"

have_all() {
    command -v pkg-config >/dev/null 2>&1 || return 1
    pkg-config --exists sdl2 SDL2_ttf SDL2_image libunibreak 2>/dev/null || return 1
    # Linux: X11's Present extension through xcb (frames on the display's vblank).
    [ "$(uname)" != "Linux" ] || pkg-config --exists xcb-present xcb-shm xcb-xfixes xcb-randr 2>/dev/null || return 1
    # Linux: Wayland frame callbacks and presentation feedback (wayland-client, the presentation-time protocol).
    [ "$(uname)" != "Linux" ] || pkg-config --exists wayland-client 2>/dev/null || return 1
    [ "$(uname)" != "Linux" ] || [ -f /usr/share/wayland-protocols/stable/presentation-time/presentation-time.xml ] || return 1
    # Linux: frames on a bare console through KMS (libdrm: dumb buffers, page flips).
    [ "$(uname)" != "Linux" ] || pkg-config --exists libdrm 2>/dev/null || return 1
    # Linux: the console's keyboard layouts and typed text (xkbcommon, with xkb-data's layouts).
    [ "$(uname)" != "Linux" ] || { pkg-config --exists xkbcommon 2>/dev/null && [ -d /usr/share/X11/xkb/symbols ]; } || return 1
    # Linux: the view tree on AT-SPI2 for screen readers (ATK, atk-bridge, libdbus).
    [ "$(uname)" != "Linux" ] || pkg-config --exists atk atk-bridge-2.0 dbus-1 2>/dev/null || return 1
    # Text for every script: shaping (HarfBuzz), glyphs (FreeType), bidi (FriBidi), word breaks for Thai, Lao,
    # Khmer and Burmese (ICU's dictionaries), font fallback (fontconfig), and the Noto fonts.
    pkg-config --exists harfbuzz freetype2 fribidi fontconfig icu-uc 2>/dev/null || return 1
    if [ "$(uname)" = "Linux" ] && command -v fc-list >/dev/null 2>&1; then
        for family in "Noto Sans Arabic" "Noto Sans CJK SC" "Noto Color Emoji"; do
            [ -n "$(fc-list "$family" file 2>/dev/null)" ] || return 1
        done
    fi
    if [ "$TEST_TOOLS" = 1 ] && [ "$(uname)" = "Linux" ]; then
        command -v Xvfb >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 || return 1
        command -v weston >/dev/null 2>&1 && command -v hb-shape >/dev/null 2>&1 || return 1
        command -v import >/dev/null 2>&1 && [ -x /usr/bin/time ] || return 1
        [ -n "$(ls /usr/lib/*/libdecor/plugins-1/libdecor-cairo.so 2>/dev/null)" ] || return 1
        # The accessibility tests: a private session bus, the AT-SPI bus and pyatspi as the client.
        command -v dbus-run-session >/dev/null 2>&1 && [ -x /usr/libexec/at-spi-bus-launcher ] || return 1
        /usr/bin/python3 -c "import pyatspi" >/dev/null 2>&1 || return 1
        # The KMS tests' VM: QEMU (TCG), a bootable kernel with its modules, busybox for the initramfs.
        command -v qemu-system-x86_64 >/dev/null 2>&1 && [ -x /bin/busybox ] || return 1
        [ -n "$(for k in $(ls /lib/modules 2>/dev/null); do [ -f "/boot/vmlinuz-$k" ] && echo "$k"; done)" ] || return 1
    fi
}

if ! command -v swift >/dev/null 2>&1; then
    echo "error: no 'swift' on PATH. Install Swift 6.1 or later from swift.org, then run this again." >&2
    exit 1
fi

if have_all; then
    exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            SUDO="sudo"
        else
            echo "error: missing system packages and not root, and no sudo: run 'apt-get install ${APT_PKGS[*]}' as root." >&2
            exit 1
        fi
    fi
    [ "$TEST_TOOLS" = 1 ] && APT_PKGS+=(xvfb xdotool gcc weston libdecor-0-plugin-1-cairo libharfbuzz-bin imagemagick time
                                        dbus at-spi2-core python3-pyatspi qemu-system-x86 linux-image-amd64 busybox-static)
    echo "Installing system packages: ${APT_PKGS[*]}"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${APT_PKGS[@]}" >/dev/null
    have_all || { echo "error: SDL2, libunibreak, xcb, wayland, text (HarfBuzz, FreeType, FriBidi, fontconfig, ICU) development packages or the Noto fonts still not found after installing." >&2; exit 1; }
    exit 0
fi

echo "error: SDL2, SDL2_ttf, SDL2_image, libunibreak and text (HarfBuzz, FreeType, FriBidi, fontconfig) development packages are missing. Install them with one of:" >&2
echo "  apt:      apt-get install ${APT_PKGS[*]}" >&2
echo "  dnf:      dnf install ${DNF_PKGS}" >&2
echo "  Homebrew: brew install ${BREW_PKGS}" >&2
exit 1
