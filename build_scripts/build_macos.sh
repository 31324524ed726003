#!/usr/bin/env bash
# Build the macOS app bundle and a .dmg, on a Mac (arm64 on Apple silicon, x86_64 on Intel:
# the bundle has the architecture of the Python that builds it).
#
#   build_scripts/build_macos.sh
#
# Produces dist/Caption Rating Annotator.app and dist/CaptionRatingAnnotator-<version>-macos-<arch>.dmg.
#
# Signing and notarization (needed so Gatekeeper opens the app without a warning):
#   MACOS_SIGN_IDENTITY="Developer ID Application: Your Lab (TEAMID)"  signs every binary and
#       the .app with the hardened runtime (PyInstaller's codesign_identity, see the spec), then
#       the .dmg. The certificate must be in the keychain.
#   MACOS_NOTARY_PROFILE=name  also notarizes and staples the .dmg; create the profile once with
#       xcrun notarytool store-credentials name --apple-id you@lab.org --team-id TEAMID
# Without them the app is ad-hoc signed only: on first start the tagger right-clicks it, picks
# Open and confirms once (or runs: xattr -dr com.apple.quarantine "/Applications/Caption Rating Annotator.app").
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv-build/bin/python}"
[ -x "$PYTHON" ] || { python3 -m venv .venv-build; PYTHON=.venv-build/bin/python; }

"$PYTHON" -m pip install -q -e ".[build]"
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build_scripts/annotator.spec
APP="dist/Caption Rating Annotator.app"

# Smoke test of the frozen app, offscreen.
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/annotator" --self-test

VERSION=$("$PYTHON" -c 'import annotator; print(annotator.__version__)')
DMG="dist/CaptionRatingAnnotator-$VERSION-macos-$(uname -m).dmg"
STAGING=build/dmg
rm -rf "$STAGING" "$DMG"
mkdir -p "$STAGING"
cp -R "$APP" "$STAGING/"
ln -s /Applications "$STAGING/Applications"   # drag the app onto it to install
hdiutil create -volname "Caption Rating Annotator $VERSION" -srcfolder "$STAGING" \
    -ov -format UDZO "$DMG"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
    codesign --force --timestamp --sign "$MACOS_SIGN_IDENTITY" "$DMG"
    if [ -n "${MACOS_NOTARY_PROFILE:-}" ]; then
        xcrun notarytool submit "$DMG" --keychain-profile "$MACOS_NOTARY_PROFILE" --wait
        xcrun stapler staple "$DMG"
    fi
fi
echo "Built $DMG ($(du -h "$DMG" | cut -f1)); the app folder is $(du -sh "$APP" | cut -f1)."
