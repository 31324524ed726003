"""Rating tables for the analysis tests, built from plain rows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from annotator.analysis.table import RatingTable, build_table
from annotator.store.records import Phase
from tests.analysis.sessions import rate, session

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


@pytest.fixture
def panel_project(make_project_folder) -> Path:
    """Two laptops' session files: game, tutorial and retest ratings with points."""
    root = make_project_folder(6)
    one, two = session(root, "lab-1"), session(root, "lab-2")
    rate(one, "ana", "item000", 3, points=2)
    rate(one, "ana", "item001", 4, points=1)
    rate(one, "ana", "item005", 2, phase=Phase.TUTORIAL, points=2)
    rate(one, "ana", "item000", 3, rnd=2, phase=Phase.RETEST)
    rate(two, "ben", "item000", 5, points=-1, seconds=6.0)
    rate(two, "ben", "item001", 4, points=2)
    one.close(), two.close()
    return root


