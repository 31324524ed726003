"""One rating as its stored row and back, by column name: the content the hash chain links
(:data:`~annotator.store.chain.CONTENT_COLUMNS`), and the times as the app writes them."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

from annotator.project.answer_model import AnswerKind
from annotator.store.records import Phase, Rating


def to_iso(moment: datetime) -> str:
    """UTC ISO-8601 with milliseconds: sortable as text and unambiguous across laptops."""
    if moment.tzinfo is None:
        raise ValueError("times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def from_iso(text: str) -> datetime:
    return datetime.fromisoformat(text)


def stored_row(rating: Rating, laptop_id: str) -> dict[str, Any]:
    """``rating`` as the values of its row by column name: the content the chain links
    (:data:`~annotator.store.chain.CONTENT_COLUMNS`)."""
    return {
        "rating_id": rating.rating_id,
        "tagger": rating.tagger,
        "item_id": rating.item_id,
        "round": rating.round,
        "phase": rating.phase.value,
        "value": float(rating.value),
        "shown_at": to_iso(rating.shown_at),
        "submitted_at": to_iso(rating.submitted_at),
        "ms_on_screen": rating.ms_on_screen,
        "consensus": None if rating.consensus is None else float(rating.consensus),
        "consensus_n": rating.consensus_n,
        "points": rating.points,
        "laptop_id": laptop_id,
        "question": rating.question,
        "stage": rating.stage,
        "answer": rating.answer.value,
        "answer_text": rating.answer_text,
    }


def rating_from_row(row: sqlite3.Row) -> Rating:
    """The rating a stored row holds (its ``laptop_id`` is the file's, not the rating's)."""
    return Rating(
        rating_id=row["rating_id"],
        tagger=row["tagger"],
        item_id=row["item_id"],
        round=row["round"],
        phase=Phase(row["phase"]),
        value=row["value"],
        shown_at=from_iso(row["shown_at"]),
        submitted_at=from_iso(row["submitted_at"]),
        ms_on_screen=row["ms_on_screen"],
        consensus=row["consensus"],
        consensus_n=row["consensus_n"],
        points=row["points"],
        question=row["question"],
        stage=row["stage"],
        answer=AnswerKind(row["answer"]),
        answer_text=row["answer_text"],
    )
