"""Rating tables for the analysis tests, built from plain rows."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from annotator.analysis.rating_table import RatingTable, build_table
from annotator.store.records import Phase

MakeTable = Callable[..., RatingTable]


@pytest.fixture
def make_table() -> MakeTable:
    """``make_table([(item, tagger, round, value), ...], levels=..., phases=..., ...)``."""

    def make(rows: Sequence[tuple], *, levels: Sequence[float] | None = (1, 2, 3, 4, 5),
             phases: Sequence[Phase] | None = None, **extra) -> RatingTable:
        items, taggers, rounds, values = zip(*rows, strict=True) if rows else ((),) * 4
        return build_table(item_ids=items, taggers=taggers, rounds=rounds, values=values,
                           levels=levels, phases=phases, **extra)

    return make
