#!/usr/bin/env bash
# Installs the virtual screen that tests/ui/test_screen_fit.py opens the app on: Xvfb (an X
# server without a monitor), Debian's openbox (a window manager, so windows get the title
# bar and placement a tagger's laptop gives them) and the X libraries Qt's xcb platform
# plugin loads. The app itself needs none of it beyond what a desktop already has.
#
# Does nothing when every package is installed. On Debian/Ubuntu it installs the missing
# ones (sudo only when not root); the package lists are refreshed only if the install fails
# on stale or missing lists. Anywhere else it says how and exits 0: the screen-fit test then
# skips, saying why (it fails under CI=true), and the rest of the test command runs.
set -euo pipefail

packages=(xvfb openbox xauth fonts-dejavu-core libfontconfig1 libdbus-1-3 libegl1 libgl1
          libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
          libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1)

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    if command -v Xvfb >/dev/null 2>&1 && command -v openbox >/dev/null 2>&1; then
        echo "install_display: Xvfb and openbox are already installed"
        exit 0
    fi
    echo "install_display: no apt-get here, so nothing installed; the screen-fit test will" >&2
    echo "  skip. To run it, install Xvfb and openbox with your package manager so that 'Xvfb'" >&2
    echo "  and 'openbox' are on PATH (it runs on Linux and other X11 systems only)." >&2
    exit 0
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install_display: Xvfb, openbox and Qt's X libraries are already installed"
    exit 0
fi

# shellcheck source=build_scripts/apt_install.sh
source "$(dirname "$0")/apt_install.sh"
apt_install install_display "${missing[@]}"
