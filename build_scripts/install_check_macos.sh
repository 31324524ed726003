#!/usr/bin/env bash
# Install the macOS disk image silently, check and smoke-test what it installed, remove it
# and check that nothing of it is left. The installer workflow runs this on a fresh runner.
#
#   build_scripts/install_check_macos.sh dist/CaptionRatingAnnotator-0.1.0-macos-arm64.dmg [LABEL]
#
# "Installing" is what a person does: copy both apps from the disk image to /Applications,
# and (lab leads, docs/install.md) link the command into /usr/local/bin. Needs python3 for
# build_scripts/smoke_test.py, which appends its figures to $GITHUB_STEP_SUMMARY when set.
set -euo pipefail
cd "$(dirname "$0")/.."
DMG=$1
LABEL=${2:-"macOS $(uname -m)"}
PYTHON=${PYTHON:-python3}
APP="/Applications/Caption Rating Annotator.app"
LEAD="/Applications/Caption Rating Annotator (lab lead).app"
COMMAND=/usr/local/bin/annotator
problems=0
expect() {  # expect DESCRIPTION COMMAND...: run the check, report it, count failures
    local what=$1; shift
    if "$@"; then echo "[ok]   $what"; else echo "[FAIL] $what"; problems=$((problems + 1)); fi
}
stop_if_failed() {
    if [ "$problems" -gt 0 ]; then echo "$1: $problems problem(s)"; exit 1; fi
}
plist() { /usr/bin/plutil -extract "$2" raw -o - "$1/Contents/Info.plist" 2>/dev/null; }

expect "nothing installed before" test ! -e "$APP" -a ! -e "$LEAD" -a ! -e "$COMMAND"
stop_if_failed "before installing"

# --- install: copy from the disk image, link the command ---------------------------------
MOUNT=$(mktemp -d)
hdiutil attach -nobrowse -readonly -mountpoint "$MOUNT" "$DMG" >/dev/null
ditto "$MOUNT/Caption Rating Annotator.app" "$APP"
ditto "$MOUNT/Caption Rating Annotator (lab lead).app" "$LEAD"
expect "the disk image links Applications" test -L "$MOUNT/Applications"
hdiutil detach "$MOUNT" >/dev/null
sudo mkdir -p /usr/local/bin
sudo ln -sf "$APP/Contents/MacOS/annotator" "$COMMAND"

expect "the app opens .crproject shortcuts" \
    test "$(plist "$APP" CFBundleDocumentTypes.0.LSItemContentTypes.0)" = org.captionrating.crproject
expect "the app declares the .crproject type" \
    test "$(plist "$APP" UTExportedTypeDeclarations.0.UTTypeIdentifier)" = org.captionrating.crproject
expect "project.toml: the app is offered under Open With only" \
    test "$(plist "$APP" CFBundleDocumentTypes.1.LSHandlerRank)" = Alternate
expect "the lead's launcher opens annotator lead in the installed app" \
    grep -q -- "-b org.captionrating.annotator --args lead" "$LEAD/Contents/MacOS/lead"
expect "the lead's launcher is a valid app" /usr/bin/plutil -lint -s "$LEAD/Contents/Info.plist"
expect "a terminal finds annotator at $COMMAND" test "$(command -v annotator)" = "$COMMAND"
expect "the third-party notices are installed" \
    test -f "$APP/Contents/Resources/resources/licenses/THIRD-PARTY-NOTICES.txt"
stop_if_failed "after installing"

# --- the installed app: the command on PATH, its self-test, figures ----------------------
smoke=(build_scripts/smoke_test.py --console annotator --sample "$APP/Contents/Frameworks/sample_projects/vicr-demo"
       --self-test --installed "$APP" --installer "$DMG" --label "$LABEL")
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then smoke+=(--summary "$GITHUB_STEP_SUMMARY"); fi
expect "the installed app passes its smoke test" "$PYTHON" "${smoke[@]}"
stop_if_failed "testing the installed app"

# --- remove, as a person would (Bin the apps, unlink the command), look for leftovers ----
rm -rf "$APP" "$LEAD"
sudo rm -f "$COMMAND"
expect "the apps are gone" test ! -e "$APP" -a ! -e "$LEAD"
expect "the command is gone" test ! -e "$COMMAND" -a ! -L "$COMMAND"
# Settings and logs are this user's and stay by design; anything else the app wrote is a leftover.
left=$(find "$HOME/Library" -maxdepth 3 \( -iname "*captionrating*" -o -iname "*caption rating*" \) \
       -not -path "$HOME/Library/Application Support/CaptionRatingAnnotator" \
       -not -path "$HOME/Library/Logs/CaptionRatingAnnotator" 2>/dev/null || true)
expect "nothing else of the app in ~/Library${left:+: $left}" test -z "$left"
for kept in "$HOME/Library/Application Support/CaptionRatingAnnotator" "$HOME/Library/Logs/CaptionRatingAnnotator"; do
    if [ -e "$kept" ]; then echo "kept by design (this user's settings and logs): $kept"; fi
done
stop_if_failed "after removing"
echo "Installed, tested and removed cleanly."
