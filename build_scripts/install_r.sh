#!/usr/bin/env bash
# Installs R and its RSQLite and jsonlite packages from Debian, with which
# tests/test_docs_recipes.py runs the R recipe of docs/files.md on a real session file (a lab
# reading ratings in R must get every one) and tests/reporting/dataset/test_card.py runs the
# dataset card's R lines (jsonlite reads its JSON Lines). Neither the app nor its installers
# need R.
#
# Does nothing when Rscript with RSQLite and jsonlite is already there. On Debian/Ubuntu it
# installs the missing packages (sudo only when not root); anywhere else it says how and exits
# 0: the R tests then skip, saying why (they fail under CI=true), and the rest of the test
# command runs.
set -euo pipefail

if command -v Rscript >/dev/null 2>&1 &&
        [ "$(Rscript -e "cat(all(sapply(c('RSQLite', 'jsonlite'), requireNamespace, quietly = TRUE)))" 2>/dev/null)" = TRUE ]; then
    echo "install_r: R, RSQLite and jsonlite are already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_r: no apt-get here, so nothing installed; the R tests will skip. To run" >&2
    echo "  them, install R and its RSQLite and jsonlite packages" >&2
    echo "  (install.packages(c('RSQLite', 'jsonlite'))) so that 'Rscript' is on PATH." >&2
    exit 0
fi

# shellcheck source=build_scripts/apt_install.sh
source "$(dirname "$0")/apt_install.sh"
apt_install install_r r-base-core r-cran-rsqlite r-cran-jsonlite
