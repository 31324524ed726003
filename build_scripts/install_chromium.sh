#!/usr/bin/env bash
# Installs the headless Chromium that tests/reporting/test_html_chromium.py renders the HTML
# report with (a browser is the only honest check that the report displays). The app itself
# never needs a browser.
#
# Does nothing when a `chromium` is already on PATH. On Debian/Ubuntu it installs the
# distribution's package (sudo only when not root); the package lists are refreshed only if
# the install fails on stale or missing lists. Anywhere else (macOS, Windows, another Linux)
# it says how to install it and exits 0: the Chromium tests then skip, saying why (they fail
# under CI=true), and the rest of the test command runs.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "install_chromium: $(command -v chromium) is already installed"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_chromium: no apt-get here, so nothing installed; the Chromium tests will" >&2
    echo "  skip. To run them, install Chromium with your package manager (e.g. 'brew install" >&2
    echo "  --cask chromium' or 'dnf install chromium') so that a 'chromium' command is on PATH." >&2
    exit 0
fi

# shellcheck source=build_scripts/apt_install.sh
source "$(dirname "$0")/apt_install.sh"
apt_install install_chromium chromium
echo "install_chromium: $(command -v chromium) is on PATH"
