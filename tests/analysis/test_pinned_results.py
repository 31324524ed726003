"""The typed results give exactly the JSON, CSV tables, printed summary and pane tables the
analysis gave as one dictionary (commit 826ac7a), on simulated panels, the reference
datasets and sample projects (:mod:`tests.analysis.pinned`).

Floats may differ in the last bits from one machine's BLAS to another's, so they are
compared to 1e-9 relative; keys (in order), types, strings, counts and ``reasons`` must be
equal. Text that cited our internal notes is replaced by citations of the papers, so old
lines that did are only checked to be gone.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.analysis.pinned.generate import EXPECTED, run_case
from tests.analysis.pinned.inputs import CASES, Case

INTERNAL = ("seeds/", "DESIGN")


def assert_same(expected: Any, actual: Any, where: str = "") -> None:
    if isinstance(expected, float):
        assert isinstance(actual, float), f"{where}: {actual!r} is not a float"
        assert math.isclose(actual, expected, rel_tol=1e-9, abs_tol=1e-12), \
            f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not an object"
        assert list(actual) == list(expected), f"{where}: keys {list(actual)} != {list(expected)}"
        for key, value in expected.items():
            assert_same(value, actual[key], f"{where}/{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list), f"{where}: {actual!r} is not a list"
        assert len(actual) == len(expected), f"{where}: {len(actual)} != {len(expected)} items"
        for n, (one, other) in enumerate(zip(expected, actual, strict=True)):
            assert_same(one, other, f"{where}/{n}")
    else:
        assert type(actual) is type(expected) and actual == expected, \
            f"{where}: {actual!r} != {expected!r}"


def assert_same_text(expected: str, actual: str, where: str) -> None:
    """Equal, unless the old text cited internal notes: then the new one must not."""
    if any(word in expected for word in INTERNAL):
        assert not any(word in actual for word in INTERNAL), f"{where}: {actual!r}"
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def assert_same_pane(expected: dict, actual: dict) -> None:
    assert (actual["title"], actual["notes"]) == (expected["title"], expected["notes"])
    assert [s["name"] for s in actual["sections"]] == [s["name"] for s in expected["sections"]]
    for old, new in zip(expected["sections"], actual["sections"], strict=True):
        where = f"pane/{old['name']}"
        assert new["title"] == old["title"]
        assert len(new["summary"]) == len(old["summary"]), f"{where}: {new['summary']}"
        for n, (line, now) in enumerate(zip(old["summary"], new["summary"], strict=True)):
            assert_same_text(line, now, f"{where}/summary/{n}")
        assert [t["name"] for t in new["tables"]] == [t["name"] for t in old["tables"]]
        for table, now in zip(old["tables"], new["tables"], strict=True):
            at = f"{where}/{table['name']}"
            assert now["title"] == table["title"]
            assert_same_text(table["description"], now["description"], f"{at}/description")
            assert [c[:3] for c in now["columns"]] == [c[:3] for c in table["columns"]]
            for column, new_column in zip(table["columns"], now["columns"], strict=True):
                assert_same_text(column[3], new_column[3], f"{at}/{column[0]}")
            assert_same(table["rows"], now["rows"], f"{at}/rows")
        assert [c["name"] for c in new["charts"]] == [c["name"] for c in old["charts"]]
        for chart, now in zip(old["charts"], new["charts"], strict=True):
            at = f"{where}/{chart['name']}"
            assert (now["title"], now["group"]) == (chart["title"], chart["group"])
            assert_same_text(chart["description"], now["description"], f"{at}/description")
            if not any(word in chart["description"] for word in INTERNAL):
                assert now["svg_sha256"] == chart["svg_sha256"], f"{at}: the SVG differs"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_analyze_gives_the_pinned_output(case: Case, tmp_path: Path) -> None:
    expected = json.loads((EXPECTED / f"{case.name}.json").read_text(encoding="utf-8"))
    actual = run_case(case, tmp_path)
    assert actual["args"] == expected["args"]
    assert_same(expected["json"], actual["json"], "json")
    assert actual["items_csv"] == expected["items_csv"]
    assert actual["taggers_csv"] == expected["taggers_csv"]
    assert actual["stdout"] == expected["stdout"]
    if case.pane is not None:
        assert_same_pane(expected["pane"], actual["pane"])


def test_the_pinned_cases_cover_every_block() -> None:
    """Between them the cases give every block of the report a defined value."""
    reports = [json.loads((EXPECTED / f"{case.name}.json").read_text(encoding="utf-8"))["json"]
               for case in CASES]
    for key in reports[0]:
        if key != "reasons":
            assert any(report[key] not in (None, {}, []) for report in reports), key
    assert any(r["checks"] and r["checks"]["excluded"] for r in reports)
    assert any(r["binary"] and r["binary"]["stability"] for r in reports)
    assert any(r["metrics"] and r["metrics"]["comparisons"] for r in reports)
    assert any(r["questions"] and any(q["change"] for q in r["questions"].values())
               for r in reports)
