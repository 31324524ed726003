"""``annotator plan power``: how precisely K ratings on N items will measure α.

The model. Each item has a true level drawn from the pilot's distribution of ratings;
tagger t rates it ``round(true level + b_t + σ·ε)``, clipped to the scale, with the
pilot's tagger biases b_t (in level steps, each tagger's mean difference from the others
on the same items) and one noise σ for everyone, set so that the model's α equals the
pilot's. Without a pilot, a stated α on L levels: true levels uniform, no biases.

The table. For each K and N, the items are planned as ``annotator plan`` would
(:func:`~annotator.planning.design.block_design` over T taggers), the ratings drawn
``reps`` times, and each simulated study analysed as ``annotator analyze`` does: α
(Krippendorff 2011) and its 95 % bootstrap interval over items
(:func:`annotator.analysis.alpha.bootstrap_ci`). The table gives the mean α over ``reps``
studies and the mean width of the interval (over the first :data:`INTERVAL_REPS`): what a
study of that size will report. Bootstrapping items keeps the taggers fixed, as the planned
panel is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from annotator.analysis.alpha import Level, alpha, bootstrap_ci
from annotator.analysis.rating_table import RatingTable, item_counts
from annotator.analysis.undefined import Undefined
from annotator.errors import AnnotatorError
from annotator.planning.design import BlockDesign, block_design

CALIBRATION_ITEMS = 20_000
"""Items of the large simulated panel on which the noise is set to give the pilot's α."""
MAX_NOISE = 20.0
INTERVAL_REPS = 20
"""Simulated studies whose bootstrap interval is computed: widths vary little between
studies of one size (a few per cent), so their mean over 20 is close to that over all, and
the intervals are the slow part."""


@dataclass(frozen=True)
class AgreementModel:
    """How simulated taggers rate: see the module."""

    levels: tuple[float, ...]
    distribution: tuple[float, ...]
    biases: tuple[float, ...]
    noise: float
    alpha: float
    """The α the model was set to: the pilot's, or the one stated."""
    source: str


@dataclass(frozen=True)
class PowerRow:
    """One setting: ``alpha`` the mean α of the simulated studies, ``width`` the mean width
    of their 95 % intervals, ``alpha_sd`` the sd of α between studies."""

    ratings_per_item: int
    items: int
    alpha: float
    width: float
    alpha_sd: float

    @property
    def half_width(self) -> float:
        return self.width / 2


@dataclass(frozen=True)
class PowerTable:
    model: AgreementModel
    taggers: int
    reps: int
    bootstrap: int
    seed: int
    rows: tuple[PowerRow, ...]


def model_from_pilot(table: RatingTable, *, source: str, level: Level = "ordinal",
                     seed: int = 0) -> AgreementModel:
    """The model of a pilot's data ratings (see the module)."""
    data = table.data()
    if len(data) < 2:
        raise AnnotatorError("The pilot has fewer than two data ratings: nothing to learn "
                             "agreement from.")
    pilot = alpha(item_counts(data), data.levels, level)
    if isinstance(pilot, Undefined):
        raise AnnotatorError(f"The pilot's α is not defined ({pilot.reason}); it cannot "
                             "stand for the study.")
    k = data.n_levels
    distribution = np.bincount(data.level, minlength=k) / len(data)
    biases = _biases(data)
    per_item = np.bincount(data.item, minlength=data.n_items)
    ratings_per_item = max(2, round(float(per_item[per_item > 0].mean())))
    noise = _noise_for(pilot, data.levels, distribution, biases, ratings_per_item, level, seed)
    return AgreementModel(tuple(float(v) for v in data.levels), tuple(distribution.tolist()),
                          tuple(biases.tolist()), noise, pilot, source)


def model_from_alpha(value: float, *, levels: int, taggers: int, level: Level = "ordinal",
                     seed: int = 0) -> AgreementModel:
    """A model with the stated α on ``levels`` levels: true levels uniform, no biases."""
    if not 0 < value < 1:
        raise AnnotatorError("--alpha must lie between 0 and 1, like 0.7.")
    if levels < 2:
        raise AnnotatorError("--levels must be at least 2.")
    scale = np.arange(1.0, levels + 1)
    distribution = np.full(levels, 1 / levels)
    biases = np.zeros(taggers)
    noise = _noise_for(value, scale, distribution, biases, 2, level, seed)
    return AgreementModel(tuple(scale.tolist()), tuple(distribution.tolist()),
                          tuple(biases.tolist()), noise, value, f"α = {value:g} stated")


def _biases(data: RatingTable) -> np.ndarray:
    """Each tagger's mean difference (in level steps) from the mean of the others who rated
    the same items; centred, so the panel as a whole has none."""
    n = np.bincount(data.item, minlength=data.n_items).astype(float)
    total = np.bincount(data.item, weights=data.level, minlength=data.n_items)
    shared = n[data.item] >= 2
    others = (total[data.item] - data.level) / np.maximum(n[data.item] - 1, 1)
    difference = np.where(shared, data.level - others, 0.0)
    counted = np.bincount(data.tagger, weights=shared, minlength=len(data.taggers))
    summed = np.bincount(data.tagger, weights=difference, minlength=len(data.taggers))
    biases = np.divide(summed, counted, out=np.zeros_like(summed), where=counted > 0)
    return np.asarray(biases - biases[counted > 0].mean() if (counted > 0).any() else biases)


def _noise_for(target: float, levels: np.ndarray, distribution: np.ndarray,
               biases: np.ndarray, k: int, level: Level, seed: int) -> float:
    """The σ at which a large simulated panel has α = ``target`` (bisection with the same
    draws throughout, so α falls steadily as σ grows); 0 when the biases alone already
    bring α below it."""
    rng = np.random.default_rng(seed)
    n, t = CALIBRATION_ITEMS, len(biases)
    truth = rng.choice(len(levels), size=n, p=distribution)
    raters = (np.argsort(rng.random((n, t)), axis=1)[:, :k] if t >= k
              else rng.integers(t, size=(n, k)))
    shocks = rng.standard_normal((n, k))

    def agreement(noise: float) -> float:
        codes = _codes(truth, biases[raters], noise * shocks, len(levels))
        value = alpha(_counts(codes, len(levels)), levels, level)
        return -1.0 if isinstance(value, Undefined) else float(value)

    low, high = 0.0, MAX_NOISE
    if agreement(low) <= target:
        return 0.0
    for _ in range(40):
        middle = (low + high) / 2
        if agreement(middle) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _codes(truth: np.ndarray, bias: np.ndarray, noise: np.ndarray, k: int) -> np.ndarray:
    """Level indices of simulated ratings (items × raters)."""
    return np.asarray(np.clip(np.rint(truth[:, None] + bias + noise), 0, k - 1), dtype=np.int64)


def _counts(codes: np.ndarray, k: int) -> np.ndarray:
    n = len(codes)
    flat = np.repeat(np.arange(n), codes.shape[1]) * k + codes.ravel()
    return np.bincount(flat, minlength=n * k).reshape(n, k)


def simulate_study(model: AgreementModel, design: BlockDesign, rng: np.random.Generator
                   ) -> np.ndarray:
    """One simulated study on ``design``: items × levels counts of its ratings."""
    k = len(model.levels)
    truth = rng.choice(k, size=len(design.blocks), p=np.asarray(model.distribution))
    biases = np.asarray(model.biases)[design.blocks]
    codes = _codes(truth, biases, model.noise * rng.standard_normal(design.blocks.shape), k)
    return _counts(codes, k)


def panel_biases(model: AgreementModel, taggers: int, rng: np.random.Generator
                 ) -> AgreementModel:
    """The model for a panel of ``taggers``: the pilot's own taggers when the number is
    theirs, else biases drawn from theirs."""
    if taggers == len(model.biases):
        return model
    drawn = rng.choice(np.asarray(model.biases), size=taggers, replace=True)
    return AgreementModel(model.levels, model.distribution, tuple(drawn.tolist()), model.noise,
                          model.alpha, model.source)


def power_table(model: AgreementModel, *, ratings_per_item: Sequence[int],
                items: Sequence[int], taggers: int, reps: int = 100, bootstrap: int = 1000,
                seed: int = 0, level: Level = "ordinal",
                progress: Callable[[str], None] | None = None) -> PowerTable:
    """Expected α and 95 % interval width for every K × N (see the module); ``progress``
    is told which setting is being simulated."""
    if taggers < max(ratings_per_item):
        raise AnnotatorError(f"{max(ratings_per_item)} ratings per item need at least "
                             f"{max(ratings_per_item)} taggers; --taggers is {taggers}.")
    streams = np.random.default_rng(seed)
    panel = panel_biases(model, taggers, streams)
    levels = np.asarray(model.levels)
    rows: list[PowerRow] = []
    settings = len(ratings_per_item) * len(items)
    for k in ratings_per_item:
        for n in items:
            if progress is not None:
                progress(f"Simulating {reps} studies of {k} ratings on {n:,} items (setting "
                         f"{len(rows) + 1} of {settings})…")
            design = block_design(n, taggers, k, seed=seed)
            rng = np.random.default_rng([seed, k, n])
            values, widths = [], []
            for rep in range(reps):
                counts = simulate_study(panel, design, rng)
                value = alpha(counts, levels, level)
                if isinstance(value, Undefined):
                    continue
                values.append(value)
                if rep < INTERVAL_REPS:
                    interval = bootstrap_ci(counts, levels, level, resamples=bootstrap, rng=rng)
                    if not isinstance(interval, Undefined):
                        widths.append(interval[1] - interval[0])
            if not values or not widths:
                raise AnnotatorError(f"With {k} ratings on {n} items α is never defined in "
                                     "the simulated studies; plan more ratings.")
            rows.append(PowerRow(k, n, float(np.mean(values)), float(np.mean(widths)),
                                 float(np.std(values, ddof=1)) if len(values) > 1 else 0.0))
    return PowerTable(panel, taggers, reps, bootstrap, seed, tuple(rows))
