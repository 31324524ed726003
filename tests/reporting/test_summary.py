"""The command's printed summary and its ``--csv-dir`` tables, read from the typed results."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from annotator.analysis.pipeline import AnalysisOptions, LoadedInput, SourceKind, analyse_input
from annotator.analysis.rating_table import build_table
from annotator.reporting.items_table import items_table
from annotator.reporting.sections.taggers import taggers_table
from annotator.reporting.summary import summary_text


def test_undefined_figures_read_n_a_and_blank_cells() -> None:
    table = build_table(item_ids=["a", "a", "b"], taggers=["ana", "ben", "ana"],
                        rounds=[1, 1, 1], values=[2, 4, 3], levels=(1, 2, 3, 4, 5))
    analysis = analyse_input(LoadedInput(Path("ratings.csv"), SourceKind.RATINGS_CSV, table),
                             AnalysisOptions(reps=3, bootstrap=20))
    results = analysis.results
    text = summary_text(results)
    assert "3 ratings (game/retest) by 2 taggers on 2 items; levels 1, 2, 3, 4, 5" in text
    assert "  tau_x_yz                      n/a | n/a" in text
    assert text.endswith(f"{len(results.reasons())} figures are undefined (null); the JSON's "
                         "'reasons' says why.")
    taggers = list(csv.DictReader(io.StringIO(taggers_table(analysis).csv_text())))
    assert [(row["tagger"], row["ratings"], row["n_compared"], row["score"])
            for row in taggers] == [("ana", "2", "1", ""), ("ben", "1", "1", "")]
    assert taggers[1]["ea"] == "0" and taggers[1]["bias"] == "2"  # no points stored by hand
    items = list(csv.DictReader(io.StringIO(items_table(analysis).csv_text())))
    assert [(row["item_id"], row["n"], row["mean"], row["median"], row["sd"], row["consensus"])
            for row in items] == [("a", "2", "3", "3", "1.414213562", "3"),
                                  ("b", "1", "3", "3", "", "3")]
