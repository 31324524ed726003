"""Per tagger (EA/AA/LA vs the leave-self-out consensus), per item, sources, distribution."""

from __future__ import annotations

import numpy as np
import pytest

from annotator.analysis import tagger_figures
from annotator.analysis.results import SourceFigures
from annotator.analysis.undefined import Undefined
from annotator.store.records import Phase
from tests.bench._panels import synthetic_panel


def test_nearest_level_rounds_halves_up() -> None:
    levels = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    assert tagger_figures.nearest_level(np.array([2.5, 2.49, 1.0, 4.5, 5.0]), levels).tolist() == [
        2, 1, 0, 4, 4]
    quarters = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
    assert tagger_figures.nearest_level(np.array([0.625, 0.6]), quarters).tolist() == [3, 2]


def _nearest_by_table(means: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """The rule as first written: every distance, the highest level within 1e-9 of the
    smallest."""
    distance = np.abs(np.asarray(means, float)[:, None] - levels[None, :])
    nearest = distance <= distance.min(axis=1, keepdims=True) + 1e-9
    return np.asarray(len(levels) - 1 - np.argmax(nearest[:, ::-1], axis=1))


@pytest.mark.parametrize("levels", [
    [0.0, 1.0], [1.0, 2.0, 3.0, 4.0, 5.0], [0.0, 0.25, 0.5, 0.75, 1.0],
    list(np.arange(0.0, 101.0)), [-3.0, -0.1, 0.0, 0.3, 7.0, 1e6], [2.0],
    [1.0, 1.0 + 4e-10, 1.0 + 8e-10, 2.0, 2.0 + 1e-9, 3.0]])  # closer than the tolerance
def test_nearest_level_is_the_distance_table_rule(levels: list[float], monkeypatch) -> None:
    monkeypatch.setattr("annotator.analysis.rating_table.BLOCK", 1000)  # many blocks
    levels_ = np.array(levels)
    rng = np.random.default_rng(7)
    halfway = (levels_[1:] + levels_[:-1]) / 2
    near = np.concatenate([halfway + d for d in (0.0, 1e-9, -1e-9, 5e-10, -5e-10, 4e-10,
                                                 -6e-10, 1e-12, -1e-12, 2e-9, -2e-9)])
    spread = levels_[-1] - levels_[0] + 1
    means = np.concatenate([
        near, np.nextafter(near, np.inf), np.nextafter(near, -np.inf), levels_,
        rng.uniform(levels_[0] - spread, levels_[-1] + spread, 5_000),
        rng.choice(levels_, 5_000) + rng.choice([-1e-9, 0.0, 1e-9, 5e-10], 5_000),
        [np.nan, np.inf, -np.inf, levels_[0] - 1e9, levels_[-1] + 1e9]])
    means = rng.permutation(means)
    assert np.array_equal(tagger_figures.nearest_level(means, levels_),
                          _nearest_by_table(means, levels_))
    assert tagger_figures.nearest_level(np.zeros(0), levels_).tolist() == []


def test_per_tagger_figures_are_the_same_in_blocks(monkeypatch) -> None:
    # Items rated once (not compared), retests (a pair of two ratings) and levels whose
    # sums are not exact in binary: blocks of 7 ratings give the figures of one block.
    table = synthetic_panel(n_items=150, n_taggers=9, n_ratings=700, low=1, high=8,
                            levels=np.array([0.1, 0.2, 0.7, 1.3]), noise=0.8, seed=3,
                            retest_items=20)
    whole = tagger_figures.taggers(table)
    monkeypatch.setattr("annotator.analysis.rating_table.BLOCK", 7)
    assert tagger_figures.taggers(table) == whole
    assert any(f.n_compared < f.n for f in whole.values())  # some rated alone


def test_agreement_with_the_leave_self_out_consensus(make_table) -> None:
    # Item a: ana 3, ben 3, cy 5 → for ana the others' mean is 4 (AA), for ben 4 (AA),
    # for cy 3 (LA). Item b: ana 2, ben 2 → EA for both. Item c: only cy → not compared.
    table = make_table([("a", "ana", 1, 3), ("a", "ben", 1, 3), ("a", "cy", 1, 5),
                        ("b", "ana", 1, 2), ("b", "ben", 1, 2), ("c", "cy", 1, 1)])
    got = tagger_figures.taggers(table)
    assert (got["ana"].ea, got["ana"].aa, got["ana"].la) == (0.5, 0.5, 0.0)
    assert got["ana"].bias == pytest.approx(((3 - 4) + 0) / 2)
    assert (got["cy"].n, got["cy"].n_compared) == (2, 1)
    assert (got["cy"].ea, got["cy"].la, got["cy"].bias) == (0.0, 1.0, 2.0)
    assert got["cy"].distribution == {"1": 1, "2": 0, "3": 0, "4": 0, "5": 1}


def test_own_retest_ratings_never_count_as_consensus(make_table) -> None:
    table = make_table([("a", "ana", 1, 1), ("a", "ana", 2, 1), ("a", "ben", 1, 5)])
    got = tagger_figures.taggers(table)
    assert got["ana"].la == 1.0 and got["ana"].n_compared == 2
    assert got["ben"].bias == pytest.approx(4.0)


def test_scores_and_seconds_from_the_stored_rows(make_table) -> None:
    rows = [("g1", "ana", 1, 3), ("t1", "ana", 1, 2), ("t2", "ana", 1, 4), ("g1", "ben", 1, 3),
            ("g2", "ana", 1, 3)]
    phases = [Phase.GAME, Phase.TUTORIAL, Phase.TUTORIAL, Phase.GAME, Phase.GAME]
    table = make_table(rows, phases=phases, points=[2, 1, 2, None, -1],
                       seconds=[4.0, 9.0, 9.0, 3.0, 6.0])
    got = tagger_figures.taggers(table)
    assert got["ana"].score == 1.0  # 2 − 1 over game rows only
    assert got["ana"].tutorial_score == 3.0
    assert got["ana"].median_seconds == 5.0  # game rows 4 s and 6 s; tutorial is not data
    assert got["ben"].score == Undefined(
        "none of the game ratings was scored: the game showed no consensus for them "
        "(feedback off, or too few earlier ratings by others and priors)")
    assert got["ben"].tutorial_score == Undefined("no tutorial ratings")
    assert got["ana"].n == 2
    unscored = make_table(rows[:1], phases=phases[:1])  # a source with no points at all
    assert tagger_figures.taggers(unscored)["ana"].score == Undefined(
        "no points are stored for the game ratings (e.g. a ratings CSV)")


def test_the_score_starts_again_after_a_probation_as_on_the_taggers_screen(make_table) -> None:
    rows = [("g1", "ana", 1, 3), ("g2", "ana", 1, 3), ("p1", "ana", 1, 2), ("g3", "ana", 1, 4),
            ("g4", "ana", 1, 4), ("g1", "ben", 1, 3)]
    phases = [Phase.GAME, Phase.GAME, Phase.PROBATION, Phase.GAME, Phase.GAME, Phase.GAME]
    table = make_table(rows, phases=phases, points=[2, 2, 1, 1, -1, 2])
    got = tagger_figures.taggers(table)
    assert got["ana"].score == 0.0  # 1 − 1 after the probation; the 4 before it were reset
    assert got["ben"].score == 2.0


def test_no_other_tagger_and_no_time_are_undefined(make_table) -> None:
    got = tagger_figures.taggers(make_table([("a", "ana", 1, 3)]))["ana"]
    assert isinstance(got.ea, Undefined) and isinstance(got.bias, Undefined)
    assert isinstance(got.median_seconds, Undefined)


def test_item_summary_vote_ties_are_random_but_seeded(make_table) -> None:
    rows = [("a", "t1", 1, 1), ("a", "t2", 1, 5), ("b", "t1", 1, 2), ("b", "t2", 1, 2),
            ("b", "t3", 1, 4), ("c", "t1", 1, 3)]
    data = make_table(rows)
    votes = {tagger_figures.item_summary(data, np.random.default_rng(s)).vote[0] for s in range(40)}
    assert votes == {1.0, 5.0}
    one = tagger_figures.item_summary(data, np.random.default_rng(3))
    again = tagger_figures.item_summary(data, np.random.default_rng(3))
    assert np.array_equal(one.vote, again.vote)
    assert one.vote[1] == 2.0
    assert one.n.tolist() == [2, 3, 1]
    assert one.mean[1] == pytest.approx(8 / 3)
    assert one.sd[1] == pytest.approx(np.std([2, 2, 4], ddof=1))
    assert np.isnan(one.sd[2])
    disputed = tagger_figures.items(data, one).most_disputed
    assert [d.item_id for d in disputed] == ["a", "b"]


def test_sources_and_distribution(make_table) -> None:
    rows = [("a", "t1", 1, 1), ("a", "t2", 1, 2), ("b", "t1", 1, 5), ("c", "t1", 1, 4)]
    data = make_table(rows, sources={"a": "model-x", "b": "model-x", "c": "human"})
    summary = tagger_figures.item_summary(data, np.random.default_rng(0))
    tie_a = summary.vote[0]  # item a's vote: 1 or 2, tie broken by the rng
    assert tie_a in (1.0, 2.0)
    assert tagger_figures.sources(data, summary) == {
        "human": SourceFigures(n=1, n_ratings=1, mean=4.0, vote=4.0),
        "model-x": SourceFigures(n=2, n_ratings=3, mean=(1.5 + 5) / 2, vote=(tie_a + 5) / 2),
    }
    assert tagger_figures.distribution(data, summary) == {"1": 0, "2": 1, "3": 0, "4": 1, "5": 1}
    assert isinstance(tagger_figures.sources(make_table(rows), summary), Undefined)
