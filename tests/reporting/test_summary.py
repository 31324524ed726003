"""The command's printed summary and CSV tables, read from the typed results."""

from __future__ import annotations

import csv
import io

from annotator.analysis.report import analyze
from annotator.analysis.table import build_table
from annotator.reporting.summary import items_table, summary_text, taggers_table


def test_undefined_figures_read_n_a_and_blank_cells() -> None:
    table = build_table(item_ids=["a", "a", "b"], taggers=["ana", "ben", "ana"],
                        rounds=[1, 1, 1], values=[2, 4, 3], levels=(1, 2, 3, 4, 5))
    results = analyze(table, reps=3, bootstrap=20)
    text = summary_text(results)
    assert "3 ratings (game/retest) by 2 taggers on 2 items; levels 1, 2, 3, 4, 5" in text
    assert "  tau_x_yz                      n/a | n/a" in text
    assert text.endswith(f"{len(results.reasons())} figures are undefined (null); the JSON's "
                         "'reasons' says why.")
    taggers = list(csv.DictReader(io.StringIO(taggers_table(results.taggers))))
    assert [(row["tagger"], row["n"], row["score"]) for row in taggers] == [
        ("ana", "2", ""), ("ben", "1", "")]  # a table built by hand stores no points
    assert taggers[1]["ea"] == "0" and taggers[1]["bias"] == "2"
    items = list(csv.DictReader(io.StringIO(items_table(table, results.items.summary))))
    assert [(row["item_id"], row["n"], row["mean"], row["sd"]) for row in items] == [
        ("a", "2", "3", "1.41421"), ("b", "1", "3", "")]
