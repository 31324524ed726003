"""The power table: the model matches the pilot, and the stated intervals are the ones
studies of that size get."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from annotator.analysis.alpha import alpha, bootstrap_ci
from annotator.analysis.rating_table import build_table
from annotator.cli import main
from annotator.planning.design import block_design
from annotator.planning.power import (
    AgreementModel,
    model_from_alpha,
    model_from_pilot,
    power_table,
    simulate_study,
)
from annotator.resources import sample_project_dir
from tests.project_ratings import project_ratings


def study_alpha(model: AgreementModel, n: int, k: int, taggers: int, seed: int) -> float:
    counts = simulate_study(model, block_design(n, taggers, k, seed=seed),
                            np.random.default_rng(seed))
    return float(alpha(counts, np.asarray(model.levels), "ordinal"))


def test_a_stated_alpha_is_the_alpha_of_the_model() -> None:
    model = model_from_alpha(0.6, levels=5, taggers=8)
    assert model.noise > 0 and model.biases == (0.0,) * 8
    assert study_alpha(model, 30_000, 3, 8, seed=4) == pytest.approx(0.6, abs=0.01)


def test_a_pilot_gives_its_alpha_biases_and_distribution() -> None:
    truth = AgreementModel(levels=(1.0, 2.0, 3.0, 4.0, 5.0),
                           distribution=(0.1, 0.2, 0.3, 0.25, 0.15),
                           biases=(-0.8, 0.0, 0.0, 0.8), noise=0.6, alpha=0.0, source="test")
    design = block_design(3000, 4, 3, seed=1)
    counts_rng = np.random.default_rng(2)
    truth_levels = counts_rng.choice(5, size=3000, p=np.asarray(truth.distribution))
    codes = np.clip(np.rint(truth_levels[:, None] + np.asarray(truth.biases)[design.blocks]
                            + 0.6 * counts_rng.standard_normal(design.blocks.shape)), 0, 4)
    table = build_table(item_ids=np.repeat(np.arange(3000), 3).astype(str),
                        taggers=design.blocks.ravel().astype(str), rounds=np.ones(9000),
                        values=codes.ravel() + 1, levels=truth.levels)
    model = model_from_pilot(table, source="pilot")
    assert np.allclose(model.biases, (-0.8, 0.0, 0.0, 0.8), atol=0.15)
    pilot_alpha = float(alpha(np.bincount(table.item * 5 + table.level,
                                          minlength=3000 * 5).reshape(3000, 5),
                              np.asarray(truth.levels), "ordinal"))
    assert model.alpha == pytest.approx(pilot_alpha)
    assert study_alpha(model, 30_000, 3, 4, seed=5) == pytest.approx(pilot_alpha, abs=0.015)
    marginal = np.bincount(table.level, minlength=5) / len(table)
    assert np.allclose(model.distribution, marginal)


def test_intervals_narrow_with_items_as_one_over_root_n() -> None:
    model = model_from_alpha(0.7, levels=5, taggers=6)
    table = power_table(model, ratings_per_item=[3], items=[250, 1000], taggers=6, reps=30,
                        bootstrap=300, seed=1)
    small, large = table.rows
    assert small.alpha == pytest.approx(0.7, abs=0.02) and large.alpha == pytest.approx(
        0.7, abs=0.02)
    assert large.width == pytest.approx(small.width / 2, rel=0.2)


@pytest.mark.slow
def test_the_stated_intervals_cover_the_alpha_of_studies_simulated_at_the_same_settings(
        tmp_path) -> None:
    """Pilot: a simulated Rating Game (6 taggers, 3 per pair). Then 400 studies of 300
    items × 3 ratings are simulated at the table's settings and analysed as `annotator
    analyze` does (α and its 1,000-resample bootstrap interval)."""
    folder = tmp_path / "pilot"
    shutil.copytree(sample_project_dir(), folder)
    assert main(["plan", str(folder), "--ratings-per-item", "3", "--laptops", "6",
                 "--seed", "1"]) == 0
    assert main(["simulate", str(folder), "--taggers", "6", "--seed", "3"]) == 0
    model = model_from_pilot(project_ratings(folder), source="pilot", seed=1)
    (row,) = power_table(model, ratings_per_item=[3], items=[300], taggers=6, reps=100,
                         seed=2).rows
    levels = np.asarray(model.levels)
    design = block_design(300, 6, 3, seed=2)
    rng = np.random.default_rng(99)
    population = float(alpha(simulate_study(model, block_design(60_000, 6, 3, seed=3), rng),
                             levels, "ordinal"))
    values, widths, covered = [], [], 0
    for _ in range(400):
        counts = simulate_study(model, design, rng)
        value = float(alpha(counts, levels, "ordinal"))
        low, high = bootstrap_ci(counts, levels, "ordinal", resamples=1000, rng=rng)
        values.append(value)
        widths.append(high - low)
        covered += low <= population <= high
    within = np.mean(np.abs(np.array(values) - row.alpha) <= row.half_width)
    print(f"stated α {row.alpha:.3f} ± {row.half_width:.3f}; studies within it {within:.1%}; "
          f"their own intervals {np.mean(widths):.3f} wide, covering α {covered / 4:.1f}%")
    assert row.alpha == pytest.approx(np.mean(values), abs=0.01)
    assert np.mean(widths) == pytest.approx(row.width, rel=0.08)
    assert abs(within - 0.95) <= 0.03
    assert abs(covered / 400 - 0.95) <= 0.03
