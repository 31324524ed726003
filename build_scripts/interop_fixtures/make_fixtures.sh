#!/usr/bin/env bash
# Make the real-tool fixtures of tests/project/fixtures/interop/real/: install Label Studio
# and Potato 2.x from PyPI into throwaway venvs under /tmp, run each on 127.0.0.1 only
# (analytics, error reporting and version checks off), give it the lab's own six tasks
# (lab_tasks.py: image + caption, no item_id), annotate through its HTTP API as three
# users, export in every format it offers, stop it, and copy the outputs in. Then, into the
# tool's questions/ folder, the same for the tasks `annotator export-tasks` writes for
# questions-project/ (a rubric of several questions, all asked with the image): the tool
# gets our own config unchanged, so it validates what we write.
#
#   build_scripts/interop_fixtures/make_fixtures.sh            # the current releases
#   LS_VERSION=1.23.2 POTATO_VERSION=2.12.1 build_scripts/interop_fixtures/make_fixtures.sh
#   QUESTIONS_ONLY=1 ...   # only the questions/ folders; the others are left as they are
#
# ANNOTATOR_PYTHON: a Python with this app's dependencies, run from the repository root
# for export-tasks (default python3).
#
# Each tool gets at most 10 minutes; its server is stopped (SIGINT, then SIGKILL) whatever
# happens. Needs python3 (3.10+) and a package index; writes nothing outside /tmp and the
# fixtures folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
fixtures="$repo/tests/project/fixtures/interop/real"
scratch="$(mktemp -d /tmp/interop-fixtures.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT

make_one() {  # make_one NAME PACKAGE VERSION DRIVER QUESTIONS_DRIVER EXPORT_TASKS_ARGS...
    local name=$1 package=$2 version=$3 driver=$4 questions_driver=$5
    shift 5
    python3 -m venv "$scratch/$name-venv"
    "$scratch/$name-venv/bin/pip" install -q --disable-pip-version-check \
        "$package${version:+==$version}"
    local installed
    installed="$("$scratch/$name-venv/bin/python" -c \
        "import importlib.metadata as m; print(m.version('$package'))")"
    local out="$fixtures/$name-$installed"
    if [ -z "${QUESTIONS_ONLY:-}" ]; then
        rm -rf "$out" && mkdir -p "$out"
        timeout 600 "$scratch/$name-venv/bin/python" "$here/$driver" "$scratch/$name-work" "$out"
    fi
    (cd "$repo" && "${ANNOTATOR_PYTHON:-python3}" -m annotator export-tasks \
        "$fixtures/questions-project" --to "$name" --out "$scratch/$name-tasks" "$@")
    rm -rf "$out/questions"
    timeout 600 "$scratch/$name-venv/bin/python" "$here/$questions_driver" \
        "$scratch/$name-questions-work" "$out/questions" "$scratch/$name-tasks"
    echo "$name $installed: $(find "$out" -type f | wc -l) files in $out"
}

python3 -c "import sys; sys.path.insert(0, '$here'); import lab_tasks, pathlib; \
lab_tasks.write_images(pathlib.Path('$fixtures/images'))"
make_one label-studio label-studio "${LS_VERSION:-}" drive_label_studio.py \
    drive_label_studio_questions.py --image-prefix "/data/local-files/?d="
make_one potato potato-annotation "${POTATO_VERSION:-}" drive_potato.py \
    drive_potato_questions.py --images copy
