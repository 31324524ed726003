"""Simulated taggers play the real flow and leave ordinary session files behind."""

from __future__ import annotations

import csv
import statistics
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

from annotator.analysis.loading import load_project
from annotator.analysis.report import analyze
from annotator.project.folder import open_project
from annotator.project.round_start import start_round
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


def test_retest_rounds_are_blind_in_a_fresh_order_one_washout_later(
    make_project_folder,
) -> None:
    folder = make_project_folder(12, flow={"tutorial": False})
    project = open_project(folder)
    result = simulate(project, taggers=3, rounds=3, seed=21, start=START)
    rows = [r for t in result.taggers for r in stored(project, t.file)]
    for rnd in (2, 3):
        previous_end = max(r.submitted_at for r in rows if r.round == rnd - 1)
        begins = min(r.shown_at for r in rows if r.round == rnd)
        assert begins - previous_end >= timedelta(days=42), "no washout warning would fire"
        assert all(r.phase is Phase.RETEST and r.points is None and r.consensus is None
                   for r in rows if r.round == rnd)
    for tally in result.taggers:
        store = SessionStore.open(tally.file, project_id=project.project_id, laptop_id="reader",
                                  create=False)
        orders = [store.order(tally.tagger.name, rnd) for rnd in (1, 2, 3)]
        store.close()
        assert len({tuple(order) for order in orders}) == 3
        assert all(sorted(order) == sorted(orders[0]) for order in orders)


def test_test_retest_agreement_follows_each_taggers_noise(make_project_folder) -> None:
    folder = make_project_folder(80, flow={"tutorial": False})
    panel = [SimulatedTagger("Steady", bias=0.0, noise=0.15, median_seconds=8),
             SimulatedTagger("Shaky", bias=0.0, noise=1.3, median_seconds=8)]
    simulate(open_project(folder), taggers=2, rounds=2, seed=8, start=START, panel=panel)
    retest = analyze(load_project(folder), reps=5, bootstrap=10).retest
    steady, shaky = retest["Steady"], retest["Shaky"]
    assert steady.n_items == shaky.n_items == 80
    assert steady.alpha > 0.85 > shaky.alpha + 0.2
    assert steady.tau > shaky.tau


def test_simulation_follows_the_rounds_the_project_records(
    make_project_folder, tmp_path
) -> None:
    folder = make_project_folder(10, flow={"tutorial": False})
    subset = tmp_path / "subset.csv"
    subset.write_text("item_id\nitem002\nitem005\nitem007\n", encoding="utf-8")
    start_round(folder, now=START, subset=subset, feedback=True)
    project = open_project(folder)
    result = simulate(project, taggers=2, rounds=2, seed=2, start=START)
    rows = [r for t in result.taggers for r in stored(project, t.file)]
    assert {r.item_id for r in rows if r.round == 2} == {"item002", "item005", "item007"}
    assert any(r.consensus_n for r in rows if r.round == 2), "round 2 has feedback here"
