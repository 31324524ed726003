"""The layering of DESIGN.md §2 / STYLE.md: Qt only in ui/, imports go one way only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.package_modules import PACKAGE, imported_names, module_name, non_ui_modules

QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "qtpy")

# For each layer, the annotator layers it must never import.
# commands/ sits on top beside ui/ (importing the layers below inside its bodies, which the
# no-Qt and `annotator --help` tests check); nothing below may import it.
FORBIDDEN = {
    "project": {"store", "session", "analysis", "planning", "reporting", "ui", "cli", "commands"},
    "store": {"session", "analysis", "planning", "reporting", "ui", "cli", "commands"},
    "session": {"analysis", "planning", "reporting", "ui", "cli", "commands"},
    "analysis": {"session", "planning", "reporting", "ui", "cli", "commands"},
    "planning": {"session", "reporting", "ui", "cli", "commands"},
    "reporting": {"session", "ui", "cli", "commands"},
}


@pytest.mark.parametrize("path", non_ui_modules(), ids=module_name)
def test_no_qt_import_outside_ui(path: Path) -> None:
    qt = {name for name in imported_names(path) if name.split(".")[0] in QT_MODULES}
    assert not qt, f"{module_name(path)} imports {qt}"


@pytest.mark.parametrize("path", non_ui_modules(), ids=module_name)
def test_imports_go_one_way(path: Path) -> None:
    layer = path.relative_to(PACKAGE).parts[0]
    forbidden = FORBIDDEN.get(layer, set())
    wrong = {
        name for name in imported_names(path)
        if name.startswith("annotator.") and name.split(".")[1] in forbidden
    }
    assert not wrong, f"{module_name(path)} ({layer}) imports {wrong}"


def test_importing_every_non_ui_module_loads_no_qt() -> None:
    # annotator.__main__ would run the app; its one line is checked by the ast tests above.
    names = [module_name(p) for p in non_ui_modules() if p.name != "__main__.py"]
    assert "annotator.cli" in names and "annotator.store.session_file" in names
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {QT_MODULES!r})\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "", f"Qt loaded by non-UI modules: {result.stdout}"
