"""Real session files for the analysis tests, written through the app's own store."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from annotator.project.folder import open_project
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

T0 = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def rate(store: SessionStore, tagger: str, item: str, value: float, *, rnd: int = 1,
         phase: Phase = Phase.GAME, points: int | None = None, seconds: float = 4.0,
         question: str = "") -> None:
    store.record_rating(Rating(
        rating_id=str(uuid.uuid4()), tagger=tagger, item_id=item, round=rnd, phase=phase,
        value=value, shown_at=T0, submitted_at=T0 + timedelta(seconds=seconds),
        ms_on_screen=int(seconds * 1000), points=points, question=question))


def session(project_root: Path, name: str) -> SessionStore:
    project = open_project(project_root)
    return SessionStore.open(project.sessions_dir / f"{name}.sqlite",
                             project_id=project.project_id, laptop_id=name, laptop_name=name)
