# shellcheck shell=bash
# Sourced by install_chromium.sh and install_display.sh: apt_install NAME PACKAGE... installs
# Debian/Ubuntu packages without questions (sudo only when not root), refreshing the package
# lists only if the install fails on stale or missing lists; NAME prefixes its messages.

apt_install() {
    local name=$1
    shift
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        sudo=(sudo)
    fi
    local start=$SECONDS
    if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q --no-install-recommends "$@"; then
        echo "$name: install failed; refreshing the package lists and trying again" >&2
        "${sudo[@]}" apt-get update -q
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q --no-install-recommends "$@"
    fi
    echo "$name: $* installed in $(( SECONDS - start )) s"
}
