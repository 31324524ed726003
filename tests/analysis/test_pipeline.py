"""One pipeline for the command, the pane and the self-test: sources, their project,
checks and metrics, and the JSON form of the typed results."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from annotator.analysis.pipeline import (
    AnalysisOptions,
    AnalysisSource,
    SourceKind,
    analyse,
    load_source,
)
from annotator.analysis.undefined import Undefined
from annotator.cli import main
from annotator.errors import AnnotatorError
from annotator.reporting.build import prepare_pane

QUICK = AnalysisOptions(reps=5, bootstrap=20)


def test_one_session_file_alone_uses_the_values_rated(panel_project: Path,
                                                      tmp_path: Path) -> None:
    alone = tmp_path / "alone.sqlite"
    shutil.copy(panel_project / "sessions" / "lab-2.sqlite", alone)
    loaded = load_source(AnalysisSource(alone))
    assert (loaded.kind, loaded.project) == (SourceKind.SESSION, None)
    assert loaded.table.levels.tolist() == [4, 5] and loaded.table.item_sources is None


def test_a_session_file_in_its_project_is_read_on_the_project_rubric(
        panel_project: Path) -> None:
    loaded = load_source(AnalysisSource(panel_project / "sessions" / "lab-2.sqlite"))
    assert loaded.project is not None and loaded.project.root == panel_project
    assert loaded.table.levels.tolist() == [1, 2, 3, 4, 5]
    assert loaded.table.item_sources is not None


def test_a_panel_database_finds_its_project_folder(simulated_project: Path,
                                                   tmp_path: Path) -> None:
    folder = tmp_path / "project"
    shutil.copytree(simulated_project, folder)
    panel = folder / "panel.sqlite"
    assert main(["merge", str(panel), str(folder / "sessions")]) == 0
    from_panel = analyse(AnalysisSource(panel), QUICK)
    from_folder = analyse(AnalysisSource(folder), QUICK)
    assert from_panel.input.kind == SourceKind.PANEL and from_panel.input.project is not None
    assert np.array_equal(from_panel.table.levels, from_folder.table.levels)
    assert from_panel.results.alpha == from_folder.results.alpha
    assert from_panel.results.taggers == from_folder.results.taggers
    assert from_panel.metrics is not None  # the project's metrics.csv
    alone = tmp_path / "elsewhere" / "panel.sqlite"
    alone.parent.mkdir()
    shutil.copy(panel, alone)
    away = analyse(AnalysisSource(alone), QUICK)
    assert away.input.project is None and away.metrics is None
    assert isinstance(away.results.metrics, Undefined)


def test_simulated_taggers_are_known_from_inside_the_files_through_a_merge(
        simulated_project: Path, panel_project: Path, tmp_path: Path) -> None:
    folder = tmp_path / "project"
    shutil.copytree(simulated_project, folder)
    for path in (folder / "sessions").glob("simulated-*.sqlite"):
        path.rename(path.with_name(f"laptop-{path.name[-10:]}"))  # the name is no clue
    names = tuple(f"Simulated tagger {n:02d}" for n in range(1, 5))
    assert load_source(AnalysisSource(folder)).simulated == names
    one = next((folder / "sessions").glob("laptop-*.sqlite"))
    assert len(load_source(AnalysisSource(one)).simulated) == 1
    panel = folder / "panel.sqlite"
    assert main(["merge", str(panel), str(folder / "sessions")]) == 0
    loaded = load_source(AnalysisSource(panel))
    assert loaded.simulated == names
    assert "4 of the 4 taggers are simulated" in loaded.warnings[-1]
    people = tmp_path / "people.sqlite"
    assert main(["merge", str(people), str(panel_project / "sessions")]) == 0
    assert load_source(AnalysisSource(people)).simulated == ()
    assert load_source(AnalysisSource(panel_project)).warnings == ()


def test_leaving_out_failed_checks_needs_checks(checked_project: Path,
                                                panel_project: Path) -> None:
    options = replace(QUICK, exclude_failed_checks=True)
    kept = analyse(AnalysisSource(checked_project), options).results
    assert not isinstance(kept.checks, Undefined) and kept.checks.excluded is not None
    assert kept.checks.excluded.taggers == ("ben",) and "ben" not in kept.taggers
    with pytest.raises(AnnotatorError, match=r"needs a project folder with attention checks"):
        analyse(AnalysisSource(panel_project), options)


def test_a_metrics_file_replaces_the_projects(panel_project: Path, tmp_path: Path) -> None:
    (panel_project / "metrics.csv").write_text(
        "item_id,metric,score\nitem000,words,3\nitem001,words,9\n", encoding="utf-8")
    other = tmp_path / "other.csv"
    other.write_text("item_id,metric,score\nitem000,clip,1\nitem001,clip,2\n",
                     encoding="utf-8")
    own = analyse(AnalysisSource(panel_project), QUICK).results.metrics
    given = analyse(AnalysisSource(panel_project), replace(QUICK, metrics_file=other)).results
    assert not isinstance(own, Undefined) and list(own.by_metric) == ["words"]
    assert not isinstance(given.metrics, Undefined) and list(given.metrics.by_metric) == ["clip"]


def test_a_ratings_csv_source(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    path.write_text("item_id,tagger,round,rating\na,x,1,1\na,y,1,2\nb,x,1,2\n",
                    encoding="utf-8")
    analysis = analyse(AnalysisSource(path, ratings_csv=True), QUICK)
    assert analysis.input.kind == SourceKind.RATINGS_CSV and analysis.results.n_ratings == 3


def test_the_command_and_the_pane_give_the_same_figures(panel_project: Path,
                                                         tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert main(["analyze", str(panel_project), "--json", str(out), "--seed", "4"]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    pane, _ = prepare_pane(panel_project, seed=4)
    from_pane = pane.results.to_json()
    assert written.pop("items").pop("csv") is None  # only the command writes the table
    assert written["reasons"].pop("/items/csv") == "no --csv-dir was given"
    from_pane.pop("items")
    assert written == from_pane
