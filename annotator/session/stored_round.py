"""What a session file holds of one tagger's round, read once when a session opens.

Opening a round is the one place that writes before the first submit: the tagger's name
and their order for the round (extended by items added since). Everything else a
:class:`~annotator.session.flow.RatingSession` knows is replayed from what is read here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from annotator.project.model import Project
from annotator.session.order import tagger_order
from annotator.session.steps import Answer, answer_of
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore


@dataclass(frozen=True)
class StoredRound:
    """One tagger's round as stored: their order of its items and the seed it was drawn
    from, every rating they gave in this file (any round, in storage order), and the other
    taggers' game and retest values per item in this file (for the consensus). ``share``:
    whose share of a plan the order holds (the tagger, or this laptop's seat)."""

    round_number: int
    share: str | None
    order: tuple[str, ...]
    order_seed: int
    own: tuple[Rating, ...]
    others_here: Mapping[str, Sequence[float]]

    def _this_round(self) -> Iterator[Rating]:
        return (rating for rating in self.own if rating.round == self.round_number)

    def rated(self, phase: Phase) -> set[str]:
        """The items rated in this round in ``phase`` (some questions of a pair may be left)."""
        return {rating.item_id for rating in self._this_round() if rating.phase is phase}

    def answers(self) -> dict[str, dict[tuple[str, str], Answer]]:
        """Per item of this round, the answers of a multi-question protocol given so far,
        by (question, stage)."""
        answered: dict[str, dict[tuple[str, str], Answer]] = {}
        for rating in self._this_round():
            if rating.question:
                answered.setdefault(rating.item_id, {})[rating.question, rating.stage] = (
                    answer_of(rating))
        return answered

    def skipped_after_error(self) -> set[str]:
        """The items of this round skipped because saving their rating failed."""
        return {rating.item_id for rating in self._this_round() if rating.skipped_after_error}


def open_round(store: SessionStore, project: Project, tagger: str, round_number: int, *,
               seed: int | None, share: str | None, now: datetime) -> StoredRound:
    """Record ``tagger`` and their order for the round (drawn from ``seed`` the first time;
    ``share``: whose share of a plan it holds), then read what the file holds of it."""
    store.add_tagger(tagger, now=now)
    order = tagger_order(store, project, tagger, round_number, seed=seed, share=share, now=now)
    return StoredRound(
        round_number=round_number,
        share=share,
        order=tuple(order),
        order_seed=store.order_seed(tagger, round_number) or 0,
        own=tuple(store.ratings(tagger=tagger)),
        others_here=store.data_values_by_item(except_tagger=tagger),
    )
