"""Simulated taggers play the real flow and leave ordinary session files behind."""

from __future__ import annotations

import csv
import statistics
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path

import pytest

from annotator.cli import main
from annotator.project.folder import open_project
from annotator.session.simulate import SimulatedTagger, simulate
from annotator.store.records import Phase
from annotator.store.session_file import SessionStore

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def stored(project, path: Path):
    store = SessionStore.open(path, project_id=project.project_id, laptop_id="reader",
                              create=False)
    try:
        return store.ratings()
    finally:
        store.close()


def test_each_tagger_plays_tutorial_game_and_retest_into_their_own_file(
    make_project_folder,
) -> None:
    folder = make_project_folder(15, flow={}, tutorial=[2, 3, 4, 5, 1] * 2,
                                 probation=[3] * 20)
    project = open_project(folder)
    result = simulate(project, taggers=3, rounds=2, seed=11, start=START)
    assert [t.file.parent for t in result.taggers] == [folder / "sessions"] * 3
    for tally in result.taggers:
        rows = stored(project, tally.file)
        assert {r.tagger for r in rows} == {tally.tagger.name}
        phases = Counter(r.phase for r in rows)
        assert phases[Phase.TUTORIAL] == 10
        assert phases[Phase.GAME] == 15 and phases[Phase.RETEST] == 15
        assert phases[Phase.PROBATION] == 20 * tally.probations
        assert tally.ratings == len(rows)
        assert all(r.ms_on_screen >= 3000 for r in rows), "the 3 s dwell holds"
        retest = [r for r in rows if r.phase is Phase.RETEST]
        assert all(r.points is None for r in retest), "round 2 is blind by default"
        assert min(r.shown_at for r in retest) - max(r.submitted_at for r in rows
                                                      if r.round == 1) > (START - START)
    later = [r for r in stored(project, result.taggers[-1].file) if r.phase is Phase.GAME]
    assert any(r.consensus_n for r in later), "later taggers are scored against earlier ones"


def test_the_same_seed_repeats_the_simulation(make_project_folder) -> None:
    runs = []
    for _ in range(2):
        folder = make_project_folder(10, flow={"tutorial": False})
        project = open_project(folder)
        result = simulate(project, taggers=2, seed=5, start=START)
        runs.append([[(r.item_id, r.value, r.phase, r.ms_on_screen)
                      for r in stored(project, t.file)] for t in result.taggers])
    assert runs[0] == runs[1]


def test_a_careless_tagger_is_sent_to_probation_and_a_careful_one_is_not(
    make_project_folder,
) -> None:
    folder = make_project_folder(20, tutorial=[1, 5] * 5, probation=[1, 5, 3, 2] * 5)
    project = open_project(folder)
    careful = SimulatedTagger("Careful", bias=0.0, noise=0.05, median_seconds=8)
    careless = SimulatedTagger("Careless", bias=2.5, noise=0.1, median_seconds=4)
    result = simulate(project, taggers=2, seed=3, start=START, panel=[careful, careless])
    good, bad = result.taggers
    assert good.probations == 0
    assert Counter(r.phase for r in stored(project, good.file)) == {Phase.TUTORIAL: 10,
                                                                     Phase.GAME: 20}
    assert bad.probations == 1 and bad.gave_up
    phases = Counter(r.phase for r in stored(project, bad.file))
    assert phases[Phase.PROBATION] == 20 * 3 and phases[Phase.GAME] == 0  # left after 3 tries


def test_ratings_follow_the_hidden_truth_written_beside_the_sessions(make_project_folder) -> None:
    folder = make_project_folder(40, flow={"tutorial": False})
    project = open_project(folder)
    panel = [SimulatedTagger(f"T{i}", bias=0.0, noise=0.4, median_seconds=8) for i in range(5)]
    result = simulate(project, taggers=5, seed=9, start=START, panel=panel)
    with result.truth_file.open(encoding="utf-8") as handle:
        truth = {row["item_id"]: float(row["quality_value"]) for row in csv.DictReader(handle)}
    assert set(truth) == {item.item_id for item in project.items}
    means = defaultdict(list)
    for tally in result.taggers:
        for rating in stored(project, tally.file):
            means[rating.item_id].append(rating.value)
    ids = sorted(truth)
    r = statistics.correlation([truth[i] for i in ids], [statistics.mean(means[i]) for i in ids])
    assert r > 0.8


def test_simulate_command_prints_the_panel(make_project_folder, capsys) -> None:
    folder = make_project_folder(5, flow={"tutorial": False})
    assert main(["simulate", str(folder), "--taggers", "2", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    assert "Simulated tagger 01" in out and "Simulated tagger 02" in out
    assert "--seed 4" in err
    assert len(list((folder / "sessions").glob("simulated-4-*.sqlite"))) == 2


@pytest.mark.parametrize("argv", [["--taggers", "0"], ["--taggers", "two"]])
def test_simulate_refuses_bad_counts(make_project_folder, argv, capsys) -> None:
    folder = make_project_folder(2)
    with pytest.raises(SystemExit):
        main(["simulate", str(folder), *argv])
    assert "at least 1" in capsys.readouterr().err


def test_simulate_on_a_folder_that_is_not_a_project(tmp_path, capsys) -> None:
    assert main(["simulate", str(tmp_path), "--taggers", "2"]) == 2
    assert "not a project folder" in capsys.readouterr().err
