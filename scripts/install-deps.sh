#!/usr/bin/env bash
# Installs the system packages ScrollKit builds against, if any are missing.
# Debian/Ubuntu: apt-get (through sudo when not root). Elsewhere: says what to install, exits 1.
# --test: also what the tests and benchmarks run (Linux): Xvfb for the real-window tests, xdotool for the
# scripted input of `make bench`, a C compiler for the tests' independent X client.
set -euo pipefail

TEST_TOOLS=0
[ "${1:-}" = "--test" ] && TEST_TOOLS=1

APT_PKGS=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libunibreak-dev
          libxcb-present-dev libxcb-shm0-dev libxcb-xfixes0-dev libxcb-randr0-dev)
DNF_PKGS="pkgconf-pkg-config SDL2-devel SDL2_ttf-devel SDL2_image-devel libunibreak-devel libxcb-devel"
BREW_PKGS="pkg-config sdl2 sdl2_ttf sdl2_image libunibreak"

have_all() {
    command -v pkg-config >/dev/null 2>&1 || return 1
    pkg-config --exists sdl2 SDL2_ttf SDL2_image libunibreak 2>/dev/null || return 1
    # Linux: X11's Present extension through xcb (frames on the display's vblank).
    [ "$(uname)" != "Linux" ] || pkg-config --exists xcb-present xcb-shm xcb-xfixes xcb-randr 2>/dev/null || return 1
    if [ "$TEST_TOOLS" = 1 ] && [ "$(uname)" = "Linux" ]; then
        command -v Xvfb >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 || return 1
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
    [ "$TEST_TOOLS" = 1 ] && APT_PKGS+=(xvfb xdotool gcc)
    echo "Installing system packages: ${APT_PKGS[*]}"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${APT_PKGS[@]}" >/dev/null
    have_all || { echo "error: SDL2, libunibreak or xcb development packages still not found by pkg-config after installing." >&2; exit 1; }
    exit 0
fi

echo "error: SDL2, SDL2_ttf, SDL2_image and libunibreak development packages are missing. Install them with one of:" >&2
echo "  apt:      apt-get install ${APT_PKGS[*]}" >&2
echo "  dnf:      dnf install ${DNF_PKGS}" >&2
echo "  Homebrew: brew install ${BREW_PKGS}" >&2
exit 1
