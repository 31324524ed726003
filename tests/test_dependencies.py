"""pyproject.toml's run-time dependencies are exactly what annotator/ imports.

scipy and krippendorff are test oracles (the ``test`` extra): the statistics are checked
against them, so the app never imports them; an install of the app does not carry them.
"""

from __future__ import annotations

import re
import sys
import tomllib
from functools import cache
from importlib.metadata import packages_distributions

from tests.package_modules import PACKAGE, imported_names, module_name, modules
from tests.requirements import FULL_EXTRA_MODULES

PYPROJECT = PACKAGE.parent / "pyproject.toml"
TEST_ORACLES = {"scipy", "krippendorff"}
TEST_TOOLS = {"pandas", "frictionless", "mlcroissant", "datasets", "jsonschema"}
"""The tools that read the published dataset and the citation file in the tests; the app
writes those files without them."""


def canonical(name: str) -> str:
    """A distribution name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(extra: str | None = None) -> set[str]:
    """The distributions pyproject.toml requires at run time, or in ``extra``."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    specs = project["dependencies"] if extra is None else project["optional-dependencies"][extra]
    return {canonical(re.match(r"[A-Za-z0-9._-]+", spec).group()) for spec in specs}


@cache
def third_party_imports() -> dict[str, set[str]]:
    """Each top-level package from outside the standard library, and who imports it."""
    found: dict[str, set[str]] = {}
    for path in modules():
        for name in imported_names(path):
            top = name.split(".")[0]
            if top != "annotator" and top not in sys.stdlib_module_names:
                found.setdefault(top, set()).add(module_name(path))
    return found


def test_no_module_imports_a_test_oracle() -> None:
    imports = third_party_imports()
    assert "numpy" in imports and "sqlite_utils" in imports  # the walk sees third parties
    wrong = {name: users for name, users in imports.items()
             if name in TEST_ORACLES | TEST_TOOLS}
    assert not wrong, f"test oracles imported by the app: {wrong}"


def test_test_oracles_come_with_the_test_extras_only() -> None:
    assert declared("test") | declared("test-full") >= TEST_ORACLES | TEST_TOOLS
    assert not (TEST_ORACLES | TEST_TOOLS) & declared()


def test_the_full_extra_is_the_test_extra_and_what_needs_full_extra_checks_for() -> None:
    full = declared("test-full")
    assert "caption-rating-annotator" in full  # the test extra, by reference
    assert full - {"caption-rating-annotator"} == {canonical(m) for m in FULL_EXTRA_MODULES}
    assert not declared("test") & {canonical(m) for m in FULL_EXTRA_MODULES}  # kept light


def test_run_time_dependencies_are_what_the_code_imports() -> None:
    providers = packages_distributions()
    runtime = declared()
    imports = third_party_imports()
    undeclared = {name: users for name, users in imports.items()
                  if not runtime & {canonical(d) for d in providers.get(name, [])}}
    assert not undeclared, f"imported, not a run-time dependency in pyproject: {undeclared}"
    used = {canonical(d) for name in imports for d in providers.get(name, [])}
    assert runtime <= used, f"run-time dependencies nothing imports: {runtime - used}"
