#!/usr/bin/env bash
# Build the one-folder Linux bundle: dist/annotator/annotator (run it with --self-test).
#
#   build_scripts/build_linux.sh            # uses .venv/bin/python, or PYTHON=... to choose
#
# Linux is not shipped to taggers; this build exists so CI can prove the frozen app starts,
# finds its resources and records a rating. Needs only the pip registry (pyinstaller).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
[ -x "$PYTHON" ] || { python3 -m venv .venv; PYTHON=.venv/bin/python; }

start=$(date +%s)
"$PYTHON" -m pip install -q -e ".[build]"
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build_scripts/annotator.spec
echo "Built dist/annotator in $(( $(date +%s) - start )) s:" \
     "$(du -sh dist/annotator | cut -f1) on disk, $(find dist/annotator -type f | wc -l) files."
