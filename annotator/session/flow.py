"""The rating session of one tagger in one round: what to show next, and submitting.

One user action is one call: :meth:`RatingSession.submit` persists the rating (committed
before it returns) and returns what the screen shows next. The UI cannot forget to save.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from annotator.project.model import Item, Project
from annotator.session.order import new_seed, shuffled
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

Clock = Callable[[], datetime]
Monotonic = Callable[[], float]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Pair:
    """The pair on screen and where the tagger stands ("23 of 120, round 1")."""

    item: Item
    position: int
    total: int
    round: int
    phase: Phase


@dataclass(frozen=True)
class Feedback:
    """What the screen shows after a submit: the stored rating and the next pair."""

    rating: Rating
    next_pair: Pair | None


class FlowError(Exception):
    """A call made out of order (a programming error, not a user's)."""


class RatingSession:
    """One tagger working through their own order of the project's items in one round."""

    def __init__(
        self,
        project: Project,
        store: SessionStore,
        tagger: str,
        *,
        round_number: int = 1,
        clock: Clock = utc_now,
        monotonic: Monotonic = time.monotonic,
        seed: int | None = None,
    ):
        self.project = project
        self.store = store
        self.tagger = tagger
        self.round = round_number
        self._clock = clock
        self._monotonic = monotonic
        self._phase = Phase.GAME if round_number == 1 else Phase.RETEST
        store.add_tagger(tagger, now=clock())
        self._order = self._load_or_create_order(seed)
        done = store.rated_item_ids(tagger, round_number, [self._phase])
        self._remaining = [item_id for item_id in self._order if item_id not in done]
        self._done_count = len(self._order) - len(self._remaining)
        self._shown: tuple[Item, datetime, float] | None = None

    def _load_or_create_order(self, seed: int | None) -> list[str]:
        """The recorded order, extended by items added to the project since it was made."""
        recorded = self.store.order(self.tagger, self.round)
        recorded_seed = self.store.order_seed(self.tagger, self.round)
        if recorded_seed is not None:
            seed = recorded_seed
        elif seed is None:
            seed = new_seed()
        known = set(recorded)
        added = [item.item_id for item in self.project.items if item.item_id not in known]
        if added:
            extension = shuffled(added, seed=seed, salt=len(recorded))
            self.store.extend_order(
                self.tagger, self.round, extension, seed=seed, now=self._clock()
            )
            recorded = recorded + extension
        return [item_id for item_id in recorded if self.project.item_by_id(item_id) is not None]

    @property
    def order(self) -> list[str]:
        """This tagger's order for the round (item ids)."""
        return list(self._order)

    @property
    def total(self) -> int:
        return len(self._order)

    @property
    def done_count(self) -> int:
        return self._done_count

    def current_pair(self) -> Pair | None:
        """The pair to show now, or None when the round is finished."""
        if not self._remaining:
            return None
        item = self.project.item_by_id(self._remaining[0])
        assert item is not None  # the order only holds items of the project
        return Pair(item, self._done_count + 1, self.total, self.round, self._phase)

    def upcoming_items(self, count: int) -> list[Item]:
        """The next ``count`` items after the current one, so the UI can prefetch images."""
        upcoming = (self.project.item_by_id(i) for i in self._remaining[1 : 1 + count])
        return [item for item in upcoming if item is not None]

    def pair_shown(self) -> Pair | None:
        """Mark the current pair as on screen now (its time counts from here)."""
        pair = self.current_pair()
        if pair is not None:
            self._shown = (pair.item, self._clock(), self._monotonic())
        return pair

    def skip_current(self) -> None:
        """Put the current pair last for this sitting (its image cannot be shown now).

        Nothing is stored: the pair stays unrated and comes back in its recorded place
        the next time the session is opened.
        """
        if self._remaining:
            self._remaining.append(self._remaining.pop(0))
        self._shown = None

    def submit(self, value: float) -> Feedback:
        """Store the rating of the pair on screen, committed, and move to the next pair."""
        if self._shown is None:
            raise FlowError("submit() before pair_shown()")
        if self.project.rubric.level_for_value(value) is None:
            rubric_id = self.project.rubric.rubric_id
            raise ValueError(f"{value!r} is not a level of the rubric {rubric_id}")
        item, shown_at, shown_tick = self._shown
        elapsed_ms = max(0, round((self._monotonic() - shown_tick) * 1000))
        rating = Rating(
            rating_id=str(uuid.uuid4()),
            tagger=self.tagger,
            item_id=item.item_id,
            round=self.round,
            phase=self._phase,
            value=float(value),
            shown_at=shown_at,
            submitted_at=max(self._clock(), shown_at),
            ms_on_screen=elapsed_ms,
        )
        self.store.record_rating(rating)
        self._remaining.pop(0)
        self._done_count += 1
        self._shown = None
        return Feedback(rating=rating, next_pair=self.current_pair())
