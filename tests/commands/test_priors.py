"""``annotator priors``: priors.csv from a pilot's ratings, marked as people's, checked."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import numpy as np

from annotator.analysis.pilot_priors import pilot_priors
from annotator.cli import main
from annotator.commands.contract import ExitCode
from annotator.project.briefing import briefing
from annotator.project.folder import open_project
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "priors.csv").open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_a_pilot_primes_each_rated_item_with_its_consensus(make_project_folder, tmp_path,
                                                           capsys) -> None:
    pilot = make_project_folder(4)
    one, two = session(pilot, "lab-1"), session(pilot, "lab-2")
    rate(one, "ana", "item000", 3)
    rate(two, "ben", "item000", 4)  # mean 3.5: halves go up, as in the game
    rate(one, "ana", "item001", 2)
    rate(two, "ben", "item001", 2)
    rate(one, "ana", "item002", 5, phase=Phase.TUTORIAL)  # not data: no prior
    project = tmp_path / "study"
    shutil.copytree(pilot, project, ignore=shutil.ignore_patterns("sessions"))
    assert main(["priors", str(project), "--from", str(pilot)]) == ExitCode.DONE
    out, err = capsys.readouterr()
    assert out.strip() == str(project / "priors.csv")
    rows = _rows(project)
    assert [(row["item_id"], row["rating"]) for row in rows] == [
        ("item000", "4"), ("item000", "4"), ("item001", "2"), ("item001", "2")]
    assert all("pilot ratings by people" in row["source"] for row in rows)
    assert "for 2 of 4 items from 4 pilot ratings" in err and "2 items the pilot" in err
    opened = open_project(project)
    assert opened.problems == () and opened.priors["item000"] == (4.0, 4.0)
    notes = briefing(opened, snapshots=0)
    assert any("2 of 4 of the pairs" in note.message for note in notes)


def test_an_existing_priors_file_is_kept_unless_replaced(make_project_folder, capsys) -> None:
    folder = make_project_folder(2)
    rate(session(folder, "lab-1"), "ana", "item000", 3)
    (folder / "priors.csv").write_text("item_id,rating,source\nitem001,5,model\n",
                                       encoding="utf-8")
    assert main(["priors", str(folder), "--from", str(folder)]) == ExitCode.REFUSED
    assert "--replace" in capsys.readouterr().err
    assert "model" in (folder / "priors.csv").read_text(encoding="utf-8")
    assert main(["priors", str(folder), "--from", str(folder), "--replace",
                 "--per-item", "1"]) == ExitCode.DONE
    assert [(row["item_id"], row["rating"]) for row in _rows(folder)] == [("item000", "3")]


def test_a_pilot_of_other_items_writes_nothing(make_project_folder, tmp_path, capsys) -> None:
    folder = make_project_folder(2)
    other = make_project_folder(2, folder=tmp_path / "other")
    rate(session(other, "lab-1"), "ana", "item000", 3, phase=Phase.TUTORIAL)
    assert main(["priors", str(folder), "--from", str(other)]) == ExitCode.REFUSED
    assert "no game or retest rating" in capsys.readouterr().err
    assert not (folder / "priors.csv").exists()


def test_each_prior_is_the_level_nearest_the_items_pilot_mean(simulated_project) -> None:
    from annotator.analysis.pipeline import AnalysisSource, load_source

    table = load_source(AnalysisSource(simulated_project)).table
    priors = pilot_priors(table, table.item_ids, per_item=2)
    levels = set(table.levels.tolist())
    assert {value for _, value in priors.ratings} <= levels
    data = table.data()
    step = float(np.diff(np.sort(table.levels)).min())
    for item_id, value in priors.ratings[::2]:
        mean = data.values[data.item == data.item_ids.index(item_id)].mean()
        assert abs(value - mean) <= step / 2 + 1e-9
    assert priors.ratings_used == len(data)
