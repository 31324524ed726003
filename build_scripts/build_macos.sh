#!/usr/bin/env bash
# Build the macOS app bundle and a .dmg, on a Mac (arm64 on Apple silicon, x86_64 on Intel:
# the bundle has the architecture of the Python that builds it).
#
#   build_scripts/build_macos.sh
#
# Produces, in dist/:
#   Caption Rating Annotator.app              the app (the tagger's window); its executable,
#                                             Contents/MacOS/annotator, is also the command
#   Caption Rating Annotator (lab lead).app   a small launcher of the lab lead's window
#                                             (`annotator lead`) in the installed app
#   CaptionRatingAnnotator-<version>-macos-<arch>.dmg   both, and a link to Applications
#
# Signing and notarization (needed so Gatekeeper opens the app without a warning):
#   MACOS_SIGN_IDENTITY="Developer ID Application: Your Lab (TEAMID)"  signs every binary and
#       the .app with the hardened runtime (PyInstaller's codesign_identity, see the spec),
#       then the launcher and the .dmg. The certificate must be in the keychain.
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
LEAD="dist/Caption Rating Annotator (lab lead).app"
VERSION=$("$PYTHON" -c 'import annotator; print(annotator.__version__)')

# Smoke test of the frozen app, offscreen, and its notices against what it holds.
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/annotator" --self-test
"$PYTHON" build_scripts/check_notices.py "$APP"

# The lab lead's launcher: opens a new window of the installed app (found by its bundle
# id, wherever it was dragged) as `annotator lead`.
rm -rf "$LEAD"
mkdir -p "$LEAD/Contents/MacOS" "$LEAD/Contents/Resources"
cat > "$LEAD/Contents/MacOS/lead" <<'SCRIPT'
#!/bin/sh
# Opens Caption Rating Annotator's lab-lead window (the app itself must be installed too).
exec /usr/bin/open -n -b org.captionrating.annotator --args lead
SCRIPT
chmod +x "$LEAD/Contents/MacOS/lead"
cp resources/icons/annotator.icns "$LEAD/Contents/Resources/"
cat > "$LEAD/Contents/Info.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>CFBundleIdentifier</key><string>org.captionrating.annotator.lead</string>
    <key>CFBundleName</key><string>Caption Rating Annotator (lab lead)</string>
    <key>CFBundleExecutable</key><string>lead</string>
    <key>CFBundleIconFile</key><string>annotator.icns</string>
    <key>CFBundlePackageType</key><string>APPL</string>
    <key>CFBundleShortVersionString</key><string>$VERSION</string>
    <key>CFBundleVersion</key><string>$VERSION</string>
    <key>LSMinimumSystemVersion</key><string>11.0</string>
</dict>
</plist>
PLIST
plutil -lint "$LEAD/Contents/Info.plist"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
    codesign --force --timestamp --options runtime --sign "$MACOS_SIGN_IDENTITY" "$LEAD"
fi

DMG="dist/CaptionRatingAnnotator-$VERSION-macos-$(uname -m).dmg"
STAGING=build/dmg
rm -rf "$STAGING" "$DMG"
mkdir -p "$STAGING"
cp -R "$APP" "$LEAD" "$STAGING/"
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
