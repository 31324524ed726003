"""The modules of the ``annotator`` package and what each imports, read from the source
(for the layering and the dependency tests)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "annotator"


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def non_ui_modules() -> list[Path]:
    return [path for path in modules() if "ui" not in path.relative_to(PACKAGE).parts]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names
