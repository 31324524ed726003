"""An input with its analysis: what every section of the pane is built from."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from annotator.analysis.alpha import Level
from annotator.analysis.checks import check_spec
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

    @property
    def table(self) -> RatingTable:
        return self.input.table

    def reasons(self, *prefixes: str) -> tuple[str, ...]:
        """One line per distinct reason for the undefined figures under ``prefixes``."""
        found = Counter(reason for pointer, reason in self.report["reasons"].items()
                        if pointer.startswith(prefixes))
        return tuple(f"n/a ({count} figure{'s' if count > 1 else ''}): {reason}."
                     for reason, count in sorted(found.items()))

    def low_retest(self) -> set[str]:
        """Taggers whose retest α is defined and below :data:`LOW_RETEST_ALPHA`."""
        return {name for name, entry in self.report["retest"].items()
                if entry["alpha"] is not None and entry["alpha"] < LOW_RETEST_ALPHA}


def analyse(pane_input: PaneInput, *, level: Level = "ordinal", seed: int = 0,
            exclude_failed_checks: bool = False) -> Analysed:
    """Every statistic of DESIGN §9 on ``pane_input`` (100 virtual-rater repetitions,
    1,000 bootstrap resamples, as ``annotator analyze``), with the project's attention
    checks when it has any."""
    project = pane_input.project
    checks = check_spec(project) if project is not None else None
    result = analyze(pane_input.table, level=level, seed=seed, checks=checks,
                     exclude_failed_checks=exclude_failed_checks and checks is not None)
    return Analysed(pane_input, result, to_json(result))
