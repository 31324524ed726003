#!/usr/bin/env bash
# Installs the headless Chromium that tests/reporting/test_html_chromium.py renders the HTML
# report with (a browser is the only honest check that the report displays). The app itself
# never needs a browser.
#
# Does nothing when a `chromium` is already on PATH. On Debian/Ubuntu it installs the
# distribution's package (sudo only when not root); the package lists are refreshed only if
# the install fails on stale or missing lists. Anywhere else it says how and exits 1.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "install_chromium: $(command -v chromium) is already installed"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_chromium: no apt-get here. Install Chromium with your package manager" >&2
    echo "  (e.g. 'brew install --cask chromium' or 'dnf install chromium') so that a" >&2
    echo "  'chromium' command is on PATH, then run the tests again." >&2
    exit 1
fi

# shellcheck source=build_scripts/apt_install.sh
source "$(dirname "$0")/apt_install.sh"
apt_install install_chromium chromium
echo "install_chromium: $(command -v chromium) is on PATH"
