"""The dataset's items.csv per question × stage (ContextRef) and with Caption-Quality's
``dropped`` explicit; each group recomputed from the exported ratings.csv, and the codebook
saying which answers each column aggregates."""

from __future__ import annotations

import csv
import json
import statistics
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.aggregates import item_aggregates
from annotator.analysis.rating_table import build_table
from annotator.analysis.retest import binary_protocol
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.reporting.question_columns import question_groups
from tests.analysis.pinned.inputs import contextref_project


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_items_csv_has_a_group_per_question_and_stage(tmp_path: Path, capsys) -> None:
    folder = Path(contextref_project(tmp_path / "made")[0])
    out = tmp_path / "dataset"
    assert main(["export", str(folder), "--out", str(out)]) == ExitCode.DONE
    capsys.readouterr()
    answers: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for row in read_csv(out / "ratings.csv"):
        if row["phase"] in ("game", "retest") and row["rating"]:
            answers[(row["item_id"], row["question"], row["stage"])].append(float(row["rating"]))
    groups = sorted({(q, s) for _, q, s in answers})
    assert ("overall", "post") in groups and ("imaginability", "pre") in groups
    assert ("imaginability", "post") not in groups  # never asked with the image
    items = read_csv(out / "items.csv")
    header = list(items[0])
    assert header[:3] == ["item_id", "source", "n"]  # the main columns keep their names
    for question, stage in groups:
        for figure in ("n", "mean", "sd"):
            assert f"{question}_{stage}_{figure}" in header
    for row in items:
        for question, stage in groups:
            values = answers.get((row["item_id"], question, stage), [])
            prefix = f"{question}_{stage}_"
            assert int(row[f"{prefix}n"]) == len(values)
            if values:
                assert float(row[f"{prefix}mean"]) == pytest.approx(statistics.mean(values))
            if len(values) > 1:
                assert float(row[f"{prefix}sd"]) == pytest.approx(statistics.stdev(values))
        main_n = len(answers.get((row["item_id"], "overall", "post"), []))
        assert int(row["n"]) == main_n
    book = json.loads((out / "codebook.json").read_text(encoding="utf-8"))
    described = json.dumps(book, ensure_ascii=False)
    assert "answers to 'relevance' before the image was shown" in described
    assert "Mean of the answers to 'overall' with the image" in described


def table_of(rows, **extra):
    items, taggers, rounds, values = zip(*rows, strict=True)
    return build_table(item_ids=items, taggers=taggers, rounds=rounds, values=values, **extra)


def test_a_single_question_rubric_keeps_its_columns() -> None:
    table = table_of([("a", "t1", 1, 3), ("a", "t2", 1, 4)], levels=(1, 2, 3, 4, 5))
    assert question_groups(table.answers()) == ()


def test_dropped_is_the_rule_of_more_than_two_skips_in_either_first_round() -> None:
    rows = [(f"i{i}", f"t{j}", rnd, (i + j) % 2) for rnd in (1, 2) for i in range(5)
            for j in range(4)]
    skips = {("i0", 1): 3, ("i1", 2): 4, ("i2", 1): 2, ("i3", 3): 5}
    table = table_of(rows, levels=(0, 1), skips=skips)
    aggregates = item_aggregates(table.data())
    assert aggregates.dropped is not None
    assert aggregates.dropped.tolist() == [True, True, False, False, False]
    assert int(aggregates.dropped.sum()) == binary_protocol(table).dropped_items
    assert np.isnan(aggregates.p_hat[0]) and not np.isnan(aggregates.p_hat[1])
