"""The ratings-CSV loader as it was before issue 19 (every row parsed in Python, rows kept
as lists of strings), kept as the reference the streaming loader is held to: the same
table from every file both accept, the same refusal from every file either refuses."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from annotator.analysis.rating_table import RatingTable, build_table
from annotator.analysis.ratings_csv import _DATA_PHASES, _PHASE_NAMES, _PHASES, SKIP
from annotator.errors import AnnotatorError
from annotator.project.csv_reader import read_table
from annotator.project.row_checks import RowChecks, parse_cells

CSV_COLUMNS = ("item_id", "tagger", "round", "rating")
CSV_OPTIONAL = ("source", "phase")


def legacy_load_ratings_csv(path: Path) -> RatingTable:
    """A long table ``item_id,tagger,round,rating`` (optional ``source``, ``phase``).

    ``rating`` is a number, or ``skip`` (binary protocol, Levinboim et al., NAACL 2021). Every
    bad row is reported, with its line number, in one :class:`AnnotatorError`.
    """
    path = Path(path)
    table = read_table(path, required=CSV_COLUMNS, known=CSV_OPTIONAL, skip_bad_rows=False)
    items, taggers, round_texts, ratings, sources, phase_texts = (
        list(map(str.strip, table.column(name))) for name in (*CSV_COLUMNS, *CSV_OPTIONAL))
    phase_texts = list(map(str.lower, phase_texts))
    checks = RowChecks(table)
    checks.add((n for n, item in enumerate(items) if not item), lambda _: "item_id is empty.")
    checks.add((n for n, tagger in enumerate(taggers) if not tagger),
               lambda _: "tagger is empty.")
    rounds, failed = parse_cells(round_texts, int)
    checks.add(failed, lambda n: f"round {round_texts[n]!r} is not a whole number.")
    checks.add((n for n, rnd in enumerate(rounds) if rnd is not None and rnd < 1),
               lambda _: "rounds are numbered from 1.")
    phases = list(map(_PHASES.get, phase_texts))
    checks.add((n for n, phase in enumerate(phases) if phase is None),
               lambda n: f"phase {phase_texts[n]!r} is not one of {_PHASE_NAMES}.")
    # A skip parses to None, like a failed cell; mypy would solve T = float | None to float.
    values, failed = parse_cells(ratings, cast("Callable[[str], float]", _rating))
    checks.add(failed, lambda n: f"rating {ratings[n]!r} is not a number (or 'skip').")
    checks.add((n for n, value in enumerate(values) if value is not None
                and not math.isfinite(value)),
               lambda n: f"rating {ratings[n]!r} is not a finite number.")
    checks.add_repeats(
        zip(taggers, items, rounds, strict=True),
        lambda n, first: f"{taggers[n]} rated {items[n]} twice in round {rounds[n]} (first on "
                         f"line {table.lines[first]}).",
        counted=(value is not None and phase in _DATA_PHASES
                 for value, phase in zip(values, phase_texts, strict=True)))
    checks.refuse()
    rated = [n for n, value in enumerate(values) if value is not None]
    if not rated:
        raise AnnotatorError("The ratings CSV has no ratings.", file=path)
    skips = Counter((items[n], int(rounds[n] or 0)) for n, value in enumerate(values)
                    if value is None)
    source_of = {item: source for item, source in zip(items, sources, strict=True) if source}

    def pick(column: list[Any]) -> list[Any]:
        return [column[n] for n in rated]

    return build_table(item_ids=pick(items), taggers=pick(taggers), rounds=pick(rounds),
                       values=pick(values), phases=pick(phases), sources=source_of or None,
                       skips=dict(skips))


def _rating(text: str) -> float | None:
    """A rating cell: a number, or None for ``skip``; ValueError for anything else."""
    return None if text.lower() == SKIP else float(text)
