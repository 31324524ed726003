"""Build a :class:`RatingTable` from a ratings CSV (legacy data, a published dataset's
``ratings.csv``), every value checked and every bad row named by line.

Kept apart from :mod:`annotator.analysis.loading` so that analysing a CSV loads neither
SQLite nor the project folder's readers.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np

from annotator.analysis.csv_columns import CodedColumn, read_columns
from annotator.analysis.rating_table import PHASES, RatingTable, blocks, coded_table, sorted_names
from annotator.errors import AnnotatorError
from annotator.names import MAX_NAME, clean_name, name_key, name_problem
from annotator.project.row_checks import RowChecks
from annotator.store.records import Phase

CSV_COLUMNS = ("item_id", "tagger", "round", "rating")
CSV_OPTIONAL = ("source", "phase", "skip", "counted")
_PHASES = {"": Phase.GAME, **{phase.value: phase for phase in Phase}}
_PHASE_NAMES = ", ".join(phase.value for phase in Phase)
_DATA_PHASES = frozenset(text for text, phase in _PHASES.items() if phase.is_data)
SKIP = "skip"
T = TypeVar("T")


def _check_flags(checks: RowChecks, flags: CodedColumn, kept: CodedColumn,
                 ratings: CodedColumn) -> None:
    """The true/false columns ``skip`` and ``counted``, and a skip that also has a rating."""
    checks.add(flags.rows_where(_not_a_flag),
               lambda n: f"skip {flags.cell(n)!r} is not true or false.")
    checks.add(kept.rows_where(_not_a_flag),
               lambda n: f"counted {kept.cell(n)!r} is not true or false.")
    flagged = flags.where(lambda t: t == "true")
    checks.add(np.flatnonzero(flagged & ratings.where(lambda t: t.lower() not in ("", SKIP)))
               .tolist(),
               lambda n: f"skip is true but the rating is {ratings.cell(n)!r}; leave it empty.")


def load_ratings_csv(path: Path, levels: Sequence[float] | None = None) -> RatingTable:
    """A long table ``item_id,tagger,round,rating`` (optional ``source``, ``phase``, ``skip``).

    ``rating`` is a number, or ``skip`` (binary protocol, Levinboim et al., NAACL 2021); a
    published dataset's ``ratings.csv`` says a SKIP answer with ``skip`` true and an empty
    rating; a row whose ``counted`` is false (an answer given again on another laptop,
    as the dataset marks it) is in no figure.
    ``levels`` is the scale (``--levels``, or a project's rubric): a rating off it is
    refused; without it the distinct values rated are the scale. Every bad row is
    reported, with its line number, in one :class:`AnnotatorError`. The file is read a
    column at a time (:mod:`annotator.analysis.csv_columns`) and every check and
    conversion runs once per distinct cell, so millions of ratings load in seconds.
    """
    path = Path(path)
    read = read_columns(path, required=CSV_COLUMNS, known=CSV_OPTIONAL)
    items, round_texts, ratings, sources = (
        read[name].mapped(str.strip) for name in ("item_id", "round", "rating", "source"))
    spelling: dict[str, str] = {}  # one tagger, one spelling: the file's first (names.py)
    taggers = read["tagger"].mapped(
        lambda text: spelling.setdefault(name_key(text), clean_name(text)))
    phases = read["phase"].mapped(lambda text: text.strip().lower())
    flags = read["skip"].mapped(lambda text: text.strip().lower())
    flagged = flags.where(lambda t: t == "true")
    kept = read["counted"].mapped(lambda text: text.strip().lower())
    again = kept.where(lambda t: t == "false")
    round_of = _parsed(round_texts, int)
    value_of = _parsed(ratings, _rating)
    round_values = np.array([round_of.get(t, 0) for t in round_texts.texts], dtype=np.int64)
    rounds = round_values[round_texts.codes]
    skip = np.flatnonzero((ratings.where(lambda t: t.lower() == SKIP) | flagged)
                          & ~again).tolist()
    checks = RowChecks(read.table)
    _check_flags(checks, flags, kept, ratings)
    checks.add(items.rows_where(lambda t: not t), lambda _: "item_id is empty.")
    checks.add(taggers.rows_where(lambda t: not t), lambda _: "tagger is empty.")
    checks.add(taggers.rows_where(lambda t: len(t) > MAX_NAME),
               lambda n: str(name_problem(taggers.cell(n), what="tagger's name")))
    checks.add(round_texts.rows_where(lambda t: t not in round_of),
               lambda n: f"round {round_texts.cell(n)!r} is not a whole number.")
    checks.add(round_texts.rows_where(lambda t: round_of.get(t, 1) < 1),
               lambda _: "rounds are numbered from 1.")
    checks.add(phases.rows_where(lambda t: t not in _PHASES),
               lambda n: f"phase {phases.cell(n)!r} is not one of {_PHASE_NAMES}.")
    checks.add(np.flatnonzero(ratings.where(lambda t: t not in value_of) & ~flagged).tolist(),
               lambda n: f"rating {ratings.cell(n)!r} is not a number (or 'skip').")
    checks.add(ratings.rows_where(lambda t: not math.isfinite(value_of.get(t) or 0.0)),
               lambda n: f"rating {ratings.cell(n)!r} is not a finite number.")
    if levels is not None:
        scale = np.unique(np.asarray(levels, dtype=float))
        on_scale = set(scale.tolist())
        off_scale = {t for t, value in value_of.items() if value is not None
                     and math.isfinite(value) and value not in on_scale}
        checks.add(ratings.rows_where(off_scale.__contains__),
                   lambda n: f"rating {ratings.cell(n)!r} is not on the scale "
                             f"({', '.join(f'{v:g}' for v in scale)}).")
    counted = phases.where(lambda t: t in _DATA_PHASES) & ~again
    counted[skip] = False
    # Each row's round as the index of its number ("1" and "01" are one round); 32-bit
    # like the other codes, as the repeat check needs no more.
    by_round = np.unique(round_values, return_inverse=True)[1].astype(np.int32)
    _add_repeats(checks, counted, (items.codes, taggers.codes, by_round[round_texts.codes]),
                 lambda n, first: f"{taggers.cell(n)} rated {items.cell(n)} twice in round "
                                  f"{rounds[n]} (first on line {read.table.lines[first]}).")
    checks.refuse()
    if len(skip) + int(again.sum()) == read.rows:
        raise AnnotatorError("The ratings CSV has no ratings.", file=path)
    rated: np.ndarray | slice = slice(None)  # without SKIP answers, every row (no copies)
    if skip or again.any():
        rated = ~again
        rated[skip] = False
    skips = Counter(zip(map(items.texts.__getitem__, items.codes[skip].tolist()),
                        rounds[skip].tolist(), strict=True))
    # Per distinct text, then per row: a level, a tagger's index.
    value = np.array([value_of.get(t) or 0.0 for t in ratings.texts])
    rating = ratings.codes[rated]
    if levels is None:
        scale = np.unique(value[np.bincount(rating, minlength=len(value)) > 0])
    item_ids, item = sorted_names(items.texts, items.codes[rated])
    tagger_ids, tagger = _rated_names(taggers, rated)
    phase = np.array([PHASES.index(_PHASES[t]) for t in phases.texts], dtype=np.int8)
    return coded_table(
        item=item, item_ids=item_ids, tagger=tagger, taggers=tagger_ids,
        rounds=rounds[rated], level=np.searchsorted(scale, value)[rating], levels=scale,
        phase=phase[phases.codes[rated]], sources=_sources(items, sources) or None,
        skips=dict(skips))


def _rated_names(column: CodedColumn, rated: np.ndarray | slice
                 ) -> tuple[tuple[str, ...], np.ndarray]:
    """The texts of ``column`` in the ``rated`` rows, sorted (:func:`sorted_names`), and
    each such row's index among them."""
    codes = column.codes[rated]
    used = np.flatnonzero(np.bincount(codes, minlength=len(column.texts)))
    names, rank = sorted_names([column.texts[c] for c in used.tolist()], np.arange(len(used)))
    index = np.zeros(len(column.texts), dtype=np.int64)
    index[used] = rank
    return names, index[codes]


def _parsed(column: CodedColumn, parse: Callable[[str], T]) -> dict[str, T]:
    """``parse`` of each distinct cell of ``column``; a cell it refuses (ValueError) is left
    out."""
    parsed: dict[str, T] = {}
    for text in column.texts:
        try:
            parsed[text] = parse(text)
        except ValueError:
            continue
    return parsed


def _add_repeats(checks: RowChecks, counted: np.ndarray, keys: tuple[np.ndarray, ...],
                 message: Callable[[int, int], str]) -> None:
    """``message(row, first)`` for each counted row, not already wrong, whose key (the
    codes ``keys`` together) an earlier such row has: :meth:`RowChecks.add_repeats` by
    one sort of whole numbers instead of a dictionary of tuples."""
    rows: np.ndarray | slice = slice(None)  # the usual file: every row is counted
    if checks.found or not counted.all():
        rows = np.flatnonzero(counted)
        if checks.found:
            rows = rows[~np.isin(rows, list(checks.found))]
    ordered = _key(keys, rows)
    ordered.sort()  # in place: at millions of rows, a new array is mostly fresh memory
    if len(ordered) < 2 or not (ordered[1:] == ordered[:-1]).any():
        return
    key = _key(keys, rows)  # a repeat: its rows are found in file order
    rows = np.arange(len(counted))[rows]
    order = np.argsort(key, kind="stable")
    starts = np.r_[True, key[order][1:] != key[order][:-1]]
    first = rows[order][np.maximum.accumulate(np.where(starts, np.arange(len(order)), 0))]
    repeat = dict(zip(rows[order][~starts].tolist(), first[~starts].tolist(), strict=True))
    checks.add(sorted(repeat), lambda n: message(n, repeat[n]))


def _key(keys: tuple[np.ndarray, ...], rows: np.ndarray | slice) -> np.ndarray:
    """The codes ``keys`` of ``rows`` together as one whole number (the first one most
    significant), built in place."""
    key = np.array(keys[0][rows], dtype=np.int64)
    for codes in keys[1:]:
        key *= int(codes.max(initial=0)) + 1
        key += codes[rows]
    return key


def _sources(items: CodedColumn, sources: CodedColumn) -> dict[str, str]:
    """Each item's caption source: the last non-empty one given for it."""
    named = sources.where(bool)
    last = np.full(len(items.texts), -1)
    for block in blocks(len(named)):  # each item's last row with a source
        rows = np.flatnonzero(named[block])
        np.maximum.at(last, items.codes[block][rows], rows + block.start)
    item = np.flatnonzero(last >= 0)
    return dict(zip(map(items.texts.__getitem__, item.tolist()),
                    map(sources.texts.__getitem__, sources.codes[last[item]].tolist()),
                    strict=True))


def _not_a_flag(text: str) -> bool:
    return text not in ("", "true", "false")


def _rating(text: str) -> float | None:
    """A rating cell: a number, or None for ``skip``; ValueError for anything else."""
    return None if text.lower() == SKIP else float(text)
