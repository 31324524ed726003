"""The typed results give exactly the JSON, CSV tables, printed summary and pane tables the
analysis gave as one dictionary (commit 826ac7a), on simulated panels, the reference
datasets and sample projects (:mod:`tests.analysis.pinned`).

Floats may differ in the last bits from one machine's BLAS to another's, so they are
compared to 1e-9 relative; keys (in order), types, strings, counts and ``reasons`` must be
equal. Text that cited our internal notes is replaced by citations of the papers, so old
lines that did are only checked to be gone.

Since the pins, the JSON gained ``app_version``, and the tables took one schema per file name
(issue 20): ``--csv-dir`` writes the pane's ``items`` and ``taggers`` tables at full
precision, which gained columns; ``panel_alpha`` has the round and the tagger left out in
columns of their own; the × 100 columns of ``virtual_raters`` say so in their names. Every
pinned column is still checked, under its new name (:data:`RENAMED`), value by value.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from annotator import __version__
from tests.analysis.pinned.generate import EXPECTED, run_case
from tests.analysis.pinned.inputs import CASES, Case

INTERNAL = ("seeds/", "DESIGN")
RENAMED = {("taggers", "n"): "ratings",
           **{("virtual_raters", key): f"{key}_x100"
              for key in ("real_mean", "real_sd", "chance_mean", "chance_sd")}}
"""(table, pinned column) → the column's name now; ``n`` of the command's taggers.csv is
the pane's ``ratings``."""


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
            assert_same_columns(table, tidy(now), at)
        assert [c["name"] for c in new["charts"]] == [c["name"] for c in old["charts"]]
        for chart, now in zip(old["charts"], new["charts"], strict=True):
            at = f"{where}/{chart['name']}"
            assert (now["title"], now["group"]) == (chart["title"], chart["group"])
            assert_same_text(chart["description"], now["description"], f"{at}/description")
            if not any(word in chart["description"] for word in INTERNAL):
                assert now["svg_sha256"] == chart["svg_sha256"], f"{at}: the SVG differs"


def assert_same_columns(old: dict, new: dict, where: str) -> None:
    """Every pinned column is in ``new`` (by its name now) with its title, kind, description
    and every value, row by row; ``new`` may have more columns."""
    keys = [c[0] for c in new["columns"]]
    for n, column in enumerate(old["columns"]):
        at = f"{where}/{column[0]}"
        key = RENAMED.get((old["name"], column[0]), column[0])
        assert key in keys, f"{at}: no column {key} in {keys}"
        now = new["columns"][keys.index(key)]
        assert now[1:3] == column[1:3], f"{at}: {now[1:3]} != {column[1:3]}"
        assert_same_text(column[3], now[3], f"{at}/description")
        assert_same([row[n] for row in old["rows"]],
                    [row[keys.index(key)] for row in new["rows"]], f"{at}/rows")


def tidy(table: dict) -> dict:
    """``panel_alpha`` with its pinned ``combination`` column written back from the round
    and the tagger left out, so the pinned text is checked too."""
    if table["name"] != "panel_alpha":
        return table
    keys = [c[0] for c in table["columns"]]
    assert keys[:2] == ["round", "left_out"]

    def combination(rnd: int | None, left_out: str | None) -> str:
        if left_out is not None:
            return f"All except {left_out}, all rounds"
        return "All taggers, " + ("all rounds" if rnd is None else f"round {rnd}")

    return {**table, "columns": [["combination", "Combination", "text", ""],
                                 *table["columns"][2:]],
            "rows": [[combination(*row[:2]), *row[2:]] for row in table["rows"]]}


def assert_same_csv(expected: str, actual: str, key: str, where: str) -> None:
    """A pinned table of ``--csv-dir`` (6 significant digits) against the one written now
    (full precision, a byte-order mark, possibly another row order and more columns)."""
    old = {row[key]: row for row in csv.DictReader(io.StringIO(expected))}
    new = {row[key]: row for row in csv.DictReader(io.StringIO(actual.removeprefix("\ufeff")))}
    assert list(new) == list(old) or set(new) == set(old), f"{where}: {set(new) ^ set(old)}"
    for name, row in old.items():
        for column, value in row.items():
            now = new[name][RENAMED.get(("taggers", column), column) if key == "tagger"
                            else column]
            at = f"{where}/{name}/{column}"
            if re.fullmatch(r"-?[0-9.]+(e[-+][0-9]+)?", value):
                assert math.isclose(float(now), float(value), rel_tol=1e-5, abs_tol=1e-9), at
            else:
                assert now == value, f"{at}: {now!r} != {value!r}"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_analyze_gives_the_pinned_output(case: Case, tmp_path: Path) -> None:
    expected = json.loads((EXPECTED / f"{case.name}.json").read_text(encoding="utf-8"))
    actual = run_case(case, tmp_path)
    assert actual["args"] == expected["args"]
    assert actual["json"].pop("app_version") == __version__
    assert_same(expected["json"], actual["json"], "json")
    assert_same_csv(expected["items_csv"], actual["items_csv"], "item_id", "items.csv")
    assert_same_csv(expected["taggers_csv"], actual["taggers_csv"], "tagger", "taggers.csv")
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
