"""The rating table: every rating as parallel numpy arrays, whatever its source.

Loaders (a project's session files, one session file, a merged panel database, a ratings
CSV) build one of these; the statistics never see where the ratings came from. Strings are
coded once to integer indices so that all later work is ``np.bincount`` over small integer
arrays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np

from annotator.project.answer_model import OVERALL
from annotator.store.records import STAGES, Phase


class Skip(NamedTuple):
    """A stored SKIP answer (``phase`` as stored: its :class:`Phase` value)."""

    item_id: str
    tagger: str
    round: int
    phase: str
    seconds: float


STAGE_NAMES = STAGES
"""Stage codes in a table index this: "" for a single-question protocol."""
PHASES: tuple[Phase, ...] = tuple(Phase)
"""Phase codes in the table are indices into this tuple."""
DATA_PHASES = np.array([phase.is_data for phase in PHASES])
GAME = PHASES.index(Phase.GAME)
TUTORIAL = PHASES.index(Phase.TUTORIAL)
PROBATION = PHASES.index(Phase.PROBATION)


@dataclass(frozen=True, eq=False)
class RatingTable:
    """Ratings as arrays; ``level`` indexes ``levels`` (the scale's values, ascending: from
    its worst level to its best, whichever end the rubric lists first, since a rubric's
    values rise towards its best level; so ordinal α, τ and every mean read it as declared).

    ``points`` and ``seconds`` are NaN where the source has none (e.g. a ratings CSV);
    ``item_sources`` gives each item's caption source, or is None when the input has none.
    ``skips`` counts SKIP answers per item and round (binary protocol, Levinboim et al.
    2021); ``skipped`` lists each stored one (a :class:`Skip`) for the published dataset,
    when the source has them.

    A multi-question protocol (Kreiss et al. 2024, ContextRef) gives each answer a
    ``question`` (index into ``questions``, whose first entry is "") and a ``stage`` (index
    into :data:`STAGE_NAMES`); both are None for the usual single question. Its main
    figures rest on the "overall" answers given with the image (:meth:`data`);
    :meth:`answers` has them all.
    """

    item: np.ndarray
    tagger: np.ndarray
    round: np.ndarray
    level: np.ndarray
    phase: np.ndarray
    points: np.ndarray
    seconds: np.ndarray
    item_ids: tuple[str, ...]
    taggers: tuple[str, ...]
    levels: np.ndarray
    item_sources: tuple[str, ...] | None = None
    skips: dict[tuple[int, int], int] = field(default_factory=dict)
    skipped: tuple[Skip, ...] = ()
    question: np.ndarray | None = None
    stage: np.ndarray | None = None
    questions: tuple[str, ...] = ("",)
    stores_points: bool = True
    """Whether the source stores points (session files and the panel do; a ratings CSV
    does not): a game rating without them had no consensus to be scored against."""

    @property
    def n_items(self) -> int:
        return len(self.item_ids)

    @property
    def n_levels(self) -> int:
        return len(self.levels)

    @property
    def values(self) -> np.ndarray:
        return np.asarray(self.levels[self.level])

    def __len__(self) -> int:
        return len(self.item)

    def select(self, mask: np.ndarray) -> RatingTable:
        """The same items, taggers and scale, keeping only the ratings where ``mask``."""
        return RatingTable(
            item=self.item[mask], tagger=self.tagger[mask], round=self.round[mask],
            level=self.level[mask], phase=self.phase[mask], points=self.points[mask],
            seconds=self.seconds[mask], item_ids=self.item_ids, taggers=self.taggers,
            levels=self.levels, item_sources=self.item_sources, skips=self.skips,
            skipped=self.skipped,
            question=None if self.question is None else self.question[mask],
            stage=None if self.stage is None else self.stage[mask], questions=self.questions,
            stores_points=self.stores_points,
        )

    def data(self) -> RatingTable:
        """Only the ratings that are data: game and retest phases; of a
        multi-question protocol, the "overall" answers given with the image."""
        mask = DATA_PHASES[self.phase]
        if self.question is not None and self.stage is not None:
            main = np.isin(np.asarray(self.questions, dtype=object), ["", OVERALL])
            mask = mask & main[self.question] & (self.stage != STAGE_NAMES.index("pre"))
        return self if mask.all() else self.select(mask)  # arrays are never changed in place

    def answers(self) -> RatingTable:
        """Every data answer, of every question and stage (game and retest phases)."""
        return self.select(DATA_PHASES[self.phase])

    @cached_property
    def round_numbers(self) -> np.ndarray:
        """The rounds the table has, ascending."""
        counted = _counted(self.round)
        # Else np.unique by sorting (asked for counts): its default, a hash table, takes
        # 5–10 times as long on millions of whole numbers.
        return counted if counted is not None else np.unique(self.round, return_counts=True)[0]

    @cached_property
    def pairs(self) -> Pairs:
        """The table's (item, tagger) pairs, found once for every figure that needs them
        (per tagger agreement, leave-one-out α)."""
        return rating_pairs(self.item, self.tagger, len(self.taggers))


@dataclass(frozen=True, eq=False)
class Pairs:
    """A tagger's ratings of one item, in every round, are one pair: ``of_rating`` gives
    each rating's pair; ``item``, ``tagger`` and ``n_ratings`` each pair's item, tagger
    and number of ratings. Pairs are numbered by item, then tagger, so a table kept in
    item order (as files usually are) reads them in order.
    """

    of_rating: np.ndarray
    item: np.ndarray
    tagger: np.ndarray
    n_ratings: np.ndarray


def rating_pairs(item: np.ndarray, tagger: np.ndarray, n_taggers: int) -> Pairs:
    """The pairs of ratings given by their ``item`` and ``tagger`` codes."""
    n_taggers = max(n_taggers, 1)
    key = np.multiply(item, n_taggers, dtype=np.int64)
    key += tagger
    key, of_rating = distinct_keys(key)
    return Pairs(of_rating, *np.divmod(key, n_taggers),
                 np.bincount(of_rating, minlength=len(key)))


def distinct_keys(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(key, return_inverse=True)`` of whole numbers.

    Keys from 0 to about twice their number are counted (np.bincount), not sorted. Others
    are sorted, stably when they come mostly in order (ratings in item order, as the
    dataset export writes them, give pair keys in order but for a few), which merges
    their runs in about one pass where ``np.unique``'s quicksort sorts them all.
    """
    values = _counted(key)
    if values is not None:
        code = np.zeros(values[-1] + 1 if len(values) else 0, dtype=np.intp)
        code[values] = np.arange(len(values))
        return values, code[key]
    mostly_in_order = np.count_nonzero(key[1:] < key[:-1]) <= len(key) // 16
    order = np.argsort(key, kind="stable" if mostly_in_order else "quicksort")
    ordered = key[order]
    new = np.empty(len(key), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    values = ordered[new]
    del ordered  # the ranks take its memory's place at the peak (5 M keys: 40 MB)
    # the rank of each sorted key among the distinct ones (writing them into the sorted
    # keys' buffer instead saved 4 ms of CPU at 5 M keys, 0.04 % of that analysis)
    rank = np.cumsum(new, dtype=np.intp)
    rank -= 1
    inverse = np.empty(len(key), dtype=np.intp)
    inverse[order] = rank
    return values, inverse


BLOCK = 1 << 16
"""Rows a loop over a table's ratings takes at once (:func:`blocks`). The arrays of a
block stay in the CPU's cache; arrays as long as the table would be, at millions of
ratings, memory the system must give afresh (page faults), most of their cost."""


def blocks(n: int) -> Iterator[slice]:
    """Slices of :data:`BLOCK` rows covering ``range(n)``."""
    return (slice(start, start + BLOCK) for start in range(0, n, BLOCK))


def build_table(
    *,
    item_ids: Sequence[str],
    taggers: Sequence[str],
    rounds: Sequence[int] | np.ndarray,
    values: Sequence[float] | np.ndarray,
    phases: Sequence[Phase] | None = None,
    levels: Sequence[float] | np.ndarray | None = None,
    points: Sequence[float | None] | None = None,
    seconds: Sequence[float] | np.ndarray | None = None,
    sources: dict[str, str] | None = None,
    skips: dict[tuple[str, int], int] | None = None,
    skipped: Sequence[Skip] = (),
    questions: Sequence[str] | None = None,
    stages: Sequence[str] | None = None,
) -> RatingTable:
    """Code parallel columns into a :class:`RatingTable`.

    ``levels`` is the scale (a rubric's values); without it the distinct values rated
    are the scale. A value that is not a level raises ``ValueError``.
    """
    n = len(values)
    rated_ids = np.asarray(item_ids, dtype=object).astype(str).reshape(n)
    skipped_ids = np.array(sorted({item for item, _ in skips or {}}), dtype=str)
    item_names = np.unique(np.concatenate([rated_ids, skipped_ids]))  # a pair only skipped
    item = np.searchsorted(item_names, rated_ids)  # is an item too: the skips count
    tagger_names, tagger = np.unique(np.asarray(taggers, dtype=object).astype(str),
                                     return_inverse=True)
    value_array = np.asarray(values, dtype=float)
    scale = np.unique(value_array) if levels is None else np.unique(np.asarray(levels, float))
    level = np.searchsorted(scale, value_array)
    bad = (level >= len(scale)) | (scale[np.minimum(level, len(scale) - 1)] != value_array)
    if n and bad.any():
        raise ValueError(f"{value_array[bad][0]:g} is not a level of the scale "
                         f"({', '.join(f'{v:g}' for v in scale)})")
    phase_codes = (np.full(n, GAME, dtype=np.int8) if phases is None else
                   np.array([PHASES.index(p) for p in phases], dtype=np.int8).reshape(n))
    return coded_table(
        item=item.reshape(n), item_ids=tuple(item_names.tolist()), tagger=tagger.reshape(n),
        taggers=tuple(tagger_names.tolist()), rounds=np.asarray(rounds).reshape(n),
        level=level, levels=scale, phase=phase_codes,
        points=None if points is None else _floats(points, n),
        seconds=_floats(seconds, n), sources=sources, skips=skips, skipped=tuple(skipped),
        **_coded_questions(questions, stages, n),
    )


def coded_table(*, item: np.ndarray, item_ids: tuple[str, ...], tagger: np.ndarray,
                taggers: tuple[str, ...], rounds: np.ndarray, level: np.ndarray,
                levels: np.ndarray, phase: np.ndarray, points: np.ndarray | None = None,
                seconds: np.ndarray | None = None, sources: dict[str, str] | None = None,
                skips: dict[tuple[str, int], int] | None = None, **rest: Any) -> RatingTable:
    """A table from columns already coded: ``item`` and ``tagger`` index ``item_ids`` and
    ``taggers`` (sorted, see :func:`sorted_names`), ``level`` indexes ``levels``; points
    and seconds are NaN when not given. ``rest``: the remaining fields of the table."""
    n = len(level)
    return RatingTable(
        item=np.asarray(item, dtype=np.int64), tagger=np.asarray(tagger, dtype=np.int64),
        round=np.asarray(rounds, dtype=np.int64), level=np.asarray(level, dtype=np.int64),
        phase=np.asarray(phase, dtype=np.int8),
        points=_unknown(n) if points is None else points,
        seconds=_unknown(n) if seconds is None else seconds,
        item_ids=item_ids, taggers=taggers, levels=levels,
        item_sources=None if sources is None else tuple(sources.get(i, "") for i in item_ids),
        skips=_coded_skips(skips, item_ids), stores_points=points is not None, **rest,
    )


def _counted(key: np.ndarray) -> np.ndarray | None:
    """The distinct values of ``key``, ascending, found by counting (np.bincount) when they
    are whole numbers from 0 to about twice their number; else None."""
    size = int(key.max(initial=-1)) + 1
    if size > max(2 * len(key), 1 << 16) or key.min(initial=0) < 0:
        return None
    return np.flatnonzero(np.bincount(key, minlength=size))


def _unknown(n: int) -> np.ndarray:
    """n NaNs as one value seen n times (read-only): a column the source does not have
    costs no memory, where 5 M ratings would take 40 MB."""
    return np.broadcast_to(np.float64(np.nan), (n,))


def sorted_names(names: Sequence[str], codes: np.ndarray) -> tuple[tuple[str, ...], np.ndarray]:
    """Distinct ``names`` in the order ``np.unique`` gives (by code point), and ``codes``
    (indices into ``names``) renumbered to match: for a loader that coded each string
    as it read it."""
    order = sorted(range(len(names)), key=names.__getitem__)
    rank = np.empty(len(names), dtype=np.int64)
    rank[order] = np.arange(len(names))
    return tuple(names[n] for n in order), rank[codes]


def _coded_questions(questions: Sequence[str] | None, stages: Sequence[str] | None,
                     n: int) -> dict[str, Any]:
    """The question and stage arrays, or nothing when every answer is to the one question."""
    if questions is None or stages is None or not any(questions):
        return {}
    names, codes = np.unique(np.asarray(["", *questions], dtype=str), return_inverse=True)
    return {"question": codes[1:].astype(np.int64).reshape(n),
            "stage": np.array([STAGE_NAMES.index(s) for s in stages], dtype=np.int8).reshape(n),
            "questions": tuple(names.tolist())}


def _floats(column: Sequence[float | None] | np.ndarray | None, n: int) -> np.ndarray:
    if column is None:
        return np.full(n, np.nan)
    return np.array([np.nan if v is None else v for v in column], dtype=float).reshape(n)


def _coded_skips(skips: dict[tuple[str, int], int] | None,
                 item_ids: tuple[str, ...]) -> dict[tuple[int, int], int]:
    if not skips:
        return {}
    index = {item_id: n for n, item_id in enumerate(item_ids)}
    return {(index[item], rnd): count for (item, rnd), count in skips.items() if item in index}


def item_counts(table: RatingTable, where: np.ndarray | None = None) -> np.ndarray:
    """Per-item value counts, shape (items, levels): the input of every agreement figure;
    ``where``: of those ratings only (a mask), without copying the table."""
    k = table.n_levels
    item, level = (table.item, table.level) if where is None else (table.item[where],
                                                                   table.level[where])
    code = np.multiply(item, k, dtype=np.int64)  # in place: one array, not two
    code += level
    return np.bincount(code, minlength=table.n_items * k).reshape(table.n_items, k)


def levels_item_by_item(counts: np.ndarray) -> np.ndarray:
    """Every rating's level code, item after item and ascending within an item, from the
    per-item counts (n_items × n_levels): a canonical order, whatever the order of the
    rows the ratings came in, for draws that pick a rating by its position."""
    n_items, k = counts.shape
    return np.repeat(np.tile(np.arange(k), n_items), counts.ravel())
