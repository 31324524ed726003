"""An input with its analysis: what every section of the pane is built from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from annotator.analysis.alpha import Level
from annotator.analysis.checks import check_spec
from annotator.analysis.metrics import METRICS_FILE, MetricScores, load_metrics_csv
from annotator.analysis.report import analyze, to_json
from annotator.analysis.table import RatingTable
from annotator.reporting.source import PaneInput

LOW_RETEST_ALPHA = 0.667
"""Below this retest α a tagger is flagged: Krippendorff's lowest acceptable α for drawing
tentative conclusions (Content Analysis, 2004, §11.4)."""


@dataclass(frozen=True)
class Analysed:
    """``result`` is :func:`analyze`'s dictionary (arrays included); ``report`` its JSON
    form, where an undefined figure is ``None`` and ``report["reasons"]`` says why."""

    input: PaneInput
    result: dict[str, Any]
    report: dict[str, Any]
    metrics: MetricScores | None = None

    @property
    def table(self) -> RatingTable:
        return self.input.table

    def reasons(self, *prefixes: str) -> tuple[str, ...]:
        """One line per distinct reason for the undefined figures under ``prefixes``."""
        found: dict[str, list[str]] = {}
        for pointer, reason in self.report["reasons"].items():
            if pointer.startswith(prefixes):
                found.setdefault(reason, []).append(pointer.rsplit("/", 1)[-1])
        return tuple(f"n/a for {', '.join(sorted(set(names)))} ({len(names)} "
                     f"figure{'s' if len(names) > 1 else ''}): {reason}."
                     for reason, names in sorted(found.items()))

    def low_retest(self) -> set[str]:
        """Taggers whose retest α is defined and below :data:`LOW_RETEST_ALPHA`."""
        return {name for name, entry in self.report["retest"].items()
                if entry["alpha"] is not None and entry["alpha"] < LOW_RETEST_ALPHA}


def analyse(pane_input: PaneInput, *, level: Level = "ordinal", seed: int = 0,
            exclude_failed_checks: bool = False) -> Analysed:
    """Every statistic of DESIGN §9 on ``pane_input`` (100 virtual-rater repetitions,
    1,000 bootstrap resamples, as ``annotator analyze``), with the project's attention
    checks and its ``metrics.csv`` when it has them."""
    project = pane_input.project
    checks = check_spec(project) if project is not None else None
    metrics_file = project.root / METRICS_FILE if project is not None else None
    metrics = (load_metrics_csv(metrics_file, pane_input.table.item_ids)
               if metrics_file is not None and metrics_file.is_file() else None)
    result = analyze(pane_input.table, level=level, seed=seed, checks=checks,
                     exclude_failed_checks=exclude_failed_checks and checks is not None,
                     metrics=metrics)
    return Analysed(pane_input, result, to_json(result), metrics)
