"""What several sections read from an analysis: the reasons for its undefined figures and
the taggers flagged for a low retest α."""

from __future__ import annotations

from annotator.analysis.checks import without_taggers
from annotator.analysis.pipeline import Analysis
from annotator.analysis.rating_table import RatingTable
from annotator.analysis.results import AttentionChecks
from annotator.analysis.undefined import Undefined

LOW_RETEST_ALPHA = 0.667
"""Below this retest α a tagger is flagged: Krippendorff's lowest acceptable α for drawing
tentative conclusions (Content Analysis, 2004, §11.4)."""


def reasons(analysis: Analysis, *prefixes: str) -> tuple[str, ...]:
    """One line per distinct reason for the undefined figures whose JSON Pointer starts
    with one of ``prefixes`` (``"/taggers"``)."""
    found: dict[str, list[str]] = {}
    for pointer, reason in analysis.results.reasons().items():
        if pointer.startswith(prefixes):
            found.setdefault(reason, []).append(pointer.rsplit("/", 1)[-1])
    return tuple(f"n/a for {', '.join(sorted(set(names)))} ({len(names)} "
                 f"figure{'s' if len(names) > 1 else ''}): {reason}."
                 for reason, names in sorted(found.items()))


def low_retest(analysis: Analysis) -> set[str]:
    """Taggers whose retest α is defined and below :data:`LOW_RETEST_ALPHA`."""
    return {name for name, entry in analysis.results.retest.items()
            if not isinstance(entry.alpha, Undefined) and entry.alpha < LOW_RETEST_ALPHA}


def analysed_data(analysis: Analysis, *, every_question: bool = False) -> RatingTable:
    """The data ratings every figure rests on: game and retest, without the taggers left out
    for failing the attention checks; with ``every_question``, the answers to every
    question and stage of a multi-question rubric, not only the overall one with the image."""
    checks = analysis.results.checks
    table = analysis.table
    if isinstance(checks, AttentionChecks) and checks.excluded is not None:
        table = without_taggers(table, checks.excluded.taggers)
    return table.answers() if every_question else table.data()
