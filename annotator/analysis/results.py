"""The analysis results as frozen dataclasses, one per block of the JSON report.

Field names are the report's JSON keys, in the report's order, so :meth:`Results.to_json`
is one generic walk (:func:`~annotator.analysis.json_form.json_form`). Figures are plain
fractions (not × 100). A field marked :data:`NOT_IN_JSON` holds arrays for the tables; one
marked :data:`OMITTED_WHEN_NONE` is left out of its object when None (a stage a question
was not asked in).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from annotator import __version__
from annotator.analysis.alpha import Level
from annotator.analysis.json_form import NOT_IN_JSON, OMITTED_WHEN_NONE, json_form
from annotator.analysis.question_results import (
    ByStage,
    ChoiceFigures,
    FlagFigures,
    NoteFigures,
    QuestionFigures,
)
from annotator.analysis.undefined import Figure, Interval, Undefined

# The panel -------------------------------------------------------------------------------

@dataclass(frozen=True)
class AlphaFigures:
    """Krippendorff's α of all data ratings with its 95 % bootstrap interval."""

    value: Figure
    ci95: Interval
    level: Level
    bootstrap: int
    method: str = "percentile interval over items resampled with replacement"


@dataclass(frozen=True)
class Spread:
    """Mean and sd (n − 1) of a figure over repeated draws."""

    mean: Figure
    sd: Figure


@dataclass(frozen=True)
class VirtualRaters:
    """Agreement of virtual raters X ≤ Y ≤ Z (Narins et al. 2023, VICR, Table 3) over
    ``reps`` draws, on the ``n_items`` items with 3 or more ratings."""

    reps: int
    n_items: int
    tau_x_yz: Spread
    tau_y_xz: Spread
    tau_z_xy: Spread
    kendall_w: Spread
    fleiss_kappa: Spread
    fleiss_kappa_45: Spread

    @property
    def figures(self) -> tuple[tuple[str, Spread], ...]:
        """Every figure with its report key, in the report's order."""
        return (("tau_x_yz", self.tau_x_yz), ("tau_y_xz", self.tau_y_xz),
                ("tau_z_xy", self.tau_z_xy), ("kendall_w", self.kendall_w),
                ("fleiss_kappa", self.fleiss_kappa), ("fleiss_kappa_45", self.fleiss_kappa_45))


@dataclass(frozen=True)
class TaggerFigures:
    """One tagger against the panel: ratings, exact / adjacent / lack of agreement with
    the others' rounded mean, bias, points, seconds, and ratings per level."""

    n: int
    n_compared: int
    ea: Figure
    aa: Figure
    la: Figure
    bias: Figure
    score: Figure
    tutorial_score: Figure
    median_seconds: Figure
    distribution: Mapping[str, int]


@dataclass(frozen=True, eq=False)
class ItemSummary:
    """Per item, indexed like the table's ``item_ids``: data ratings ``n``, ``mean``,
    majority ``vote`` and ``sd`` (n − 1); NaN where undefined (n = 0, or sd below 2)."""

    n: np.ndarray
    mean: np.ndarray
    vote: np.ndarray
    sd: np.ndarray


@dataclass(frozen=True)
class DisputedItem:
    item_id: str
    n: int
    mean: float
    sd: float


@dataclass(frozen=True)
class Items:
    """The most disputed items; ``summary`` has every item (the tables); ``csv`` is where
    ``annotator analyze`` wrote items.csv (None outside the command)."""

    most_disputed: tuple[DisputedItem, ...]
    summary: ItemSummary = field(metadata=NOT_IN_JSON)
    csv: str | Undefined | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclass(frozen=True)
class SourceFigures:
    """One caption source: its rated items and ratings, the mean of its items' means and
    of their majority votes."""

    n: int
    n_ratings: int
    mean: float
    vote: float


# Test–retest and the binary protocol --------------------------------------------------

@dataclass(frozen=True)
class RetestFigures:
    """One tagger's first two rounds: α and τ_b on the items rated in both, and
    ``table[a][b]``, the items rated level a in the first round and b in the second."""

    alpha: Figure
    tau: Figure
    n_items: int
    rounds: tuple[int, int]
    table: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Histogram:
    edges: tuple[float, ...]
    counts: tuple[int, ...]


@dataclass(frozen=True)
class RoundStability:
    """How far item means moved between the panel's first two rounds."""

    rounds: tuple[int, int]
    n_items: int
    mean: float
    sd: float
    within_quarter_range: float
    histogram: Histogram
    n_taggers: int
    """The taggers who rated in both rounds: the only ones whose ratings are compared."""


@dataclass(frozen=True)
class PHatStability:
    """p̂ in the first round minus p̂ in the second, on the items with both."""

    rounds: tuple[int, int]
    n_items: int
    mean: float
    sd: float
    within_0_25: float


@dataclass(frozen=True)
class BinaryProtocol:
    """The yes/no protocol of Levinboim et al. (2021): items set aside for too many skips
    (in either of the first two rounds, each item counted once), p̂ per item in the first
    round, and its stability between rounds."""

    dropped_items: int
    p_hat_distribution: Mapping[str, int]
    stability: PHatStability | Undefined


# Attention checks ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TaggerChecks:
    rated: int
    failed: int
    failed_items: tuple[str, ...]


@dataclass(frozen=True)
class Excluded:
    """The taggers left out of every figure for failing the checks, and their ratings."""

    taggers: tuple[str, ...]
    ratings: int


@dataclass(frozen=True)
class AttentionChecks:
    rule: str
    n_check_pairs: int
    taggers: Mapping[str, TaggerChecks]
    failed_taggers: tuple[str, ...]
    excluded: Excluded | None = None


# The metric benchmark ---------------------------------------------------------------------

@dataclass(frozen=True)
class Estimate:
    value: Figure
    ci95: Interval


@dataclass(frozen=True)
class Ceiling:
    """The human ceiling: one held-out rating per item against the others (τ_c)."""

    mean: Figure
    sd: Figure
    n_items: int


@dataclass(frozen=True)
class PrecisionRecall:
    """0/1 scales: precision and recall of "score ≥ threshold" at every distinct score."""

    n_items: int
    n_positive: int
    tied_left_out: int
    average_precision: float
    thresholds: tuple[float, ...]
    precision: tuple[float, ...]
    recall: tuple[float, ...]


@dataclass(frozen=True)
class MetricResult:
    """One metric against the panel (see :mod:`annotator.analysis.metrics`)."""

    n_items: int
    n_ratings: int
    tau_c: Estimate
    tau_b: Estimate
    spearman: Estimate
    pearson: Estimate
    ceiling: Ceiling
    pr: PrecisionRecall | Undefined


@dataclass(frozen=True)
class Comparison:
    """τ_c(a) − τ_c(b) on the items both metrics score."""

    a: str
    b: str
    n_items: int
    difference: Figure
    ci95: Interval


@dataclass(frozen=True)
class MetricBenchmark:
    file: str | None
    n_metrics: int
    unknown_items: int
    unknown_item_examples: tuple[str, ...]
    bootstrap: int
    ceiling_reps: int
    by_metric: Mapping[str, MetricResult]
    comparisons: tuple[Comparison, ...]


# The whole report ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Results:
    """Every statistic of one analysis; ``levels`` is the scale, ``seed`` fixed every
    random choice. Keys of the mappings are tagger names, rounds, levels, sources,
    questions and metric names. ``skipped_after_error``: pairs taggers skipped because
    saving them failed, in no figure (set by the pipeline, which reads them; left out of
    the JSON when there are none). ``answered_again``: data answers a tagger gave again to
    a pair in a round on another laptop, kept in the panel and the published dataset but
    in no figure, which count the earlier answer (likewise set by the pipeline, left out
    when there are none). ``flags``, ``choices`` and ``notes``: the rubric's yes/no,
    choice and free-text questions by id (:mod:`annotator.analysis.answer_figures`),
    left out when none was answered."""

    n_items: int
    n_taggers: int
    n_ratings: int
    levels: tuple[float, ...]
    seed: int
    alpha: AlphaFigures
    alpha_by_round: Mapping[str, Figure]
    alpha_by_round_ci95: Mapping[str, Interval]
    alpha_leave_one_out: Mapping[str, Figure]
    fleiss_kappa: Figure
    percent_agreement: Figure
    gwet_ac1: Figure
    virtual_raters: VirtualRaters
    virtual_raters_chance: VirtualRaters
    retest: Mapping[str, RetestFigures]
    retest_stability: RoundStability | Undefined
    taggers: Mapping[str, TaggerFigures]
    items: Items
    sources: Mapping[str, SourceFigures] | Undefined
    distribution: Mapping[str, int]
    binary: BinaryProtocol | Undefined
    checks: AttentionChecks | Undefined
    questions: Mapping[str, QuestionFigures] | Undefined
    metrics: MetricBenchmark | Undefined
    skipped_after_error: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    answered_again: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    flags: Mapping[str, ByStage[FlagFigures]] | None = field(
        default=None, metadata=OMITTED_WHEN_NONE)
    choices: Mapping[str, ByStage[ChoiceFigures]] | None = field(
        default=None, metadata=OMITTED_WHEN_NONE)
    notes: Mapping[str, ByStage[NoteFigures]] | None = field(
        default=None, metadata=OMITTED_WHEN_NONE)

    def to_json(self) -> dict[str, Any]:
        """The report as ``json.dump`` takes it: the version of the app that computed it,
        undefined figures ``null``, their reasons under ``reasons``."""
        report, reasons = self._json_form
        return {"app_version": __version__, **report, "reasons": dict(reasons)}

    def reasons(self) -> dict[str, str]:
        """The reason of every undefined figure, by its JSON Pointer."""
        return dict(self._json_form[1])

    @cached_property
    def _json_form(self) -> tuple[Any, dict[str, str]]:
        """One walk of the results serves the JSON and the summary's count of reasons."""
        return json_form(self)
