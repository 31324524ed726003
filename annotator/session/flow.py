"""The rating session of one tagger in one round: what to show next, and submitting.

One user action is one call: :meth:`RatingSession.submit` persists the rating (committed
before it returns) and returns what the screen shows: the feedback of the Rating Game
(VICR, Narins et al. 2023, §3.2), any notice (tutorial passed, probation…) and the next pair.
The UI cannot forget to save, and it never decides anything about the game.
"""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from annotator.project.answer_model import SKIP_VALUE, AnswerKind
from annotator.project.model import GoldItem, GoldPurpose, Item, Project
from annotator.project.plan import PlanBy
from annotator.session.checks import ScheduledCheck, check_schedule
from annotator.session.game import FirstPairsCheck, GameProgress, Notice
from annotator.session.order import gold_step_order
from annotator.session.pair import Feedback, FlowError, OnScreen, Pair, TooSoonError
from annotator.session.previous import PRIORS_UP_TO, PreviousRatings
from annotator.session.rounds import round_intro
from annotator.session.scoring import Consensus, consensus_of, game_points, gold_points
from annotator.session.steps import Step, answer_of, asked, checked_answer, pair_steps
from annotator.session.stored_round import StoredRound, open_round
from annotator.store.records import Phase, Rating
from annotator.store.session_file import SessionStore

Clock = Callable[[], datetime]
Monotonic = Callable[[], float]


def utc_now() -> datetime:
    return datetime.now(UTC)


_GOLD_PHASES = (Phase.TUTORIAL, Phase.PROBATION)


@dataclasses.dataclass(frozen=True)
class _Shown:
    """The pair on screen: since when by the wall clock (stored with its rating) and by the
    monotonic clock (its time on screen, whatever the wall clock does)."""

    item: Item
    at: datetime
    tick: float


class RatingSession:
    """One tagger in one round: tutorial and probation when due, then their own order."""

    def __init__(self, project: Project, store: SessionStore, tagger: str, stored: StoredRound,
                 *, clock: Clock = utc_now, monotonic: Monotonic = time.monotonic,
                 others: Mapping[str, Sequence[float]] | None = None,
                 rated_elsewhere: Collection[str] = ()):
        """The round replayed from ``stored`` (see :meth:`open`); nothing is read from or
        written to ``store`` until a submit. ``others``: other taggers' game/retest ratings
        per item from outside this file (other laptops, a panel snapshot), for the
        consensus; read as it grows. ``rated_elsewhere``: items of this round the tagger
        already rated in other session files, left out of what remains."""
        self.project = project
        self.store = store
        self.tagger = tagger
        self.round = round_number = stored.round_number
        self.settings = project.flow.for_round(round_number)
        self._clock = clock
        self._monotonic = monotonic
        self._data_phase = Phase.GAME if round_number == 1 else Phase.RETEST
        self._order = list(stored.order)
        self._share, self._rated_elsewhere = stored.share, rated_elsewhere
        tutorial = project.gold_for(GoldPurpose.TUTORIAL)
        probation = project.gold_for(GoldPurpose.PROBATION)
        self.progress = GameProgress(
            self.settings, tutorial_pairs=len(tutorial), probation_pairs=len(probation)
        )
        self._tutorial, self._probation = tutorial, probation
        self._gold_by_id = {pair.item.item_id: pair for pair in (*tutorial, *probation)}
        for rating in stored.own:
            self.progress.apply(rating)
        order_seed = self._order_seed = stored.order_seed
        self._steps = pair_steps(project.rubric.questions, seed=order_seed,
                                 round_number=round_number)
        self._answered = stored.answers()
        self._skipped_after_error = stored.skipped_after_error()
        done = {item_id for item_id in stored.rated(self._data_phase)
                if self._next_step(item_id) is None} | set(rated_elsewhere)
        self._data_queue = [item_id for item_id in self._order if item_id not in done]
        self._done_count = len(self._order) - len(self._data_queue)
        schedule = check_schedule(
            project.gold_for(GoldPurpose.CHECK), data_pairs=len(self._order),
            every=project.checks.every, seed=order_seed, round_number=round_number)
        checked = {item_id for item_id in stored.rated(Phase.CHECK)
                   if self._next_step(item_id) is None}
        self._check_queue = [c for c in schedule if c.pair.item.item_id not in checked]
        self._checks_total = len(schedule)
        self._others = others
        self._previous = PreviousRatings([stored.others_here, {} if others is None else others],
                                         project.priors,
                                         up_to=max(PRIORS_UP_TO, self.settings.min_consensus))
        self._gold_queue = self._fill_gold_queue()
        self._shown: _Shown | None = None
        self._screen: tuple[str, bool] | None = None
        """The pair (item id, image shown) on screen whose minimum dwell runs from
        ``_dwell_from``: questions asked on the same screen do not wait again."""
        self._dwell_from = 0.0
        self.opening_notice = self.progress.opening_notice(self._data_phase)
        """What to tell the tagger before the first pair (tutorial start, probation due)."""
        self.round_intro = (
            round_intro(project, round_number, stored.own, pairs=self.total, now=clock())
            if round_number >= 2 and self._done_count == 0
            else None
        )
        """Before a retest round's first pair: which round, how it is played, the washout."""

    @classmethod
    def open(cls, project: Project, store: SessionStore, tagger: str, *, round_number: int = 1,
             clock: Clock = utc_now, monotonic: Monotonic = time.monotonic,
             seed: int | None = None, others: Mapping[str, Sequence[float]] | None = None,
             seat: str | None = None, rated_elsewhere: Collection[str] = ()) -> RatingSession:
        """``tagger``'s round in ``store``: records the rubric's hash (refused when the file
        was rated on another version of it), the tagger and their order for the round
        (drawn from ``seed`` the first time), the only writes of opening, then replays what
        the file holds of it. ``seat``: the laptop's seat in a plan by laptop."""
        store.bind_rubric(project.rubric.sha256)
        by_laptop = project.plan is not None and project.plan.by is PlanBy.LAPTOP
        stored = open_round(store, project, tagger, round_number, seed=seed,
                            share=seat if by_laptop else tagger, now=clock())
        return cls(project, store, tagger, stored, clock=clock, monotonic=monotonic,
                   others=others, rated_elsewhere=rated_elsewhere)

    def _fill_gold_queue(self) -> list[Item]:
        """The gold pairs still to rate in the tutorial or the probation attempt, in order."""
        step = gold_step_order(self.phase, self.progress, self._tutorial, self._probation,
                               seed=self._order_seed,
                               file_order=self.settings.tutorial_order == "file")
        return [pair.item for pair in step if pair.item.item_id not in self.progress.step_rated]

    # where the tagger stands ------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the tagger is doing now (tutorial, probation, game or retest)."""
        return self.progress.phase(self._data_phase)

    @property
    def order(self) -> list[str]:
        """This tagger's order for the round (item ids)."""
        return list(self._order)

    @property
    def total(self) -> int:
        """Pairs in the round, attention checks included (the tutorial and probation are
        not part of it)."""
        return len(self._order) + self._checks_total

    @property
    def done_count(self) -> int:
        """Pairs of the round rated, attention checks included."""
        return self._done_count + self._checks_total - len(self._check_queue)

    def _next_step(self, item_id: str) -> Step | None:
        """The first unanswered step of a pair (None: single-question, all answered, or the
        pair was skipped after an error)."""
        if item_id in self._skipped_after_error:
            return None
        answered = self._answered.get(item_id, {})
        return next((step for step in self._steps
                     if step.key not in answered and asked(step, answered)), None)

    def _with_step(self, pair: Pair) -> Pair:
        """``pair`` with the step asked now, in a multi-question protocol."""
        step = self._next_step(pair.item.item_id) if self._steps else None
        if step is None:
            return pair
        answered = self._answered.get(pair.item.item_id, {})
        return dataclasses.replace(
            pair, step=step, step_number=self._steps.index(step) + 1, steps=len(self._steps),
            earlier=answered.get((step.question.question_id, "pre"))
            if step.stage == "post" else None)

    def _check_due(self) -> ScheduledCheck | None:
        """The attention check to show now instead of the next data pair, if any."""
        if self.phase is not self._data_phase or not self._check_queue:
            return None
        check = self._check_queue[0]
        return check if check.after <= self._done_count else None

    @property
    def score(self) -> int:
        """The running score of the current phase."""
        return self.progress.step_points(self.phase)

    @property
    def first_pairs(self) -> FirstPairsCheck | None:
        """The first-pairs check while it is still ahead ("12 of 20 scored pairs so far")."""
        return self.progress.first_pairs_ahead(self._data_phase)

    def _queue(self) -> list[Any]:
        # Gold items, scheduled checks or item ids: callers only drop or rotate its head.
        if self.phase in _GOLD_PHASES:
            return self._gold_queue
        return self._check_queue if self._check_due() else self._data_queue

    def current_pair(self) -> Pair | None:
        """The pair to show now, or None when the round is finished."""
        phase = self.phase
        if phase in _GOLD_PHASES:
            item = self._gold_queue[0]
            progress = self.progress
            size = progress.tutorial_size if phase is Phase.TUTORIAL else progress.probation_size
            position = size - len(self._gold_queue) + 1
            return Pair(item, position, size, self.round, phase)
        check = self._check_due()
        if check is not None:  # shown as one more pair of the round: unannounced
            return self._with_step(
                Pair(check.pair.item, self.done_count + 1, self.total, self.round, phase))
        if not self._data_queue:
            return None
        data_item = self.project.item_by_id(self._data_queue[0])
        assert data_item is not None  # the order only holds items of the project
        return self._with_step(
            Pair(data_item, self.done_count + 1, self.total, self.round, phase))

    def upcoming_items(self, count: int) -> list[Item]:
        """The next ``count`` items after the current one, so the UI can prefetch images."""
        if self.phase in _GOLD_PHASES:  # the round's first pairs follow the gold pairs
            gold = self._gold_queue[1 : 1 + count]
            data_ids = self._data_queue[: count - len(gold)]
        else:
            gold, data_ids = [], self._data_queue[1 : 1 + count]
        items = (self.project.item_by_id(item_id) for item_id in data_ids)
        return gold + [item for item in items if item is not None]

    def pair_shown(self) -> Pair | None:
        """Mark the current pair as on screen now (its time on screen counts from here).

        The minimum dwell runs once per screen: from when a pair appears, and
        in a multi-question protocol again when its image is revealed, not per question.
        """
        pair = self.current_pair()
        if pair is not None:
            now = self._monotonic()
            self._shown = _Shown(pair.item, self._clock(), now)
            screen = (pair.item.item_id, pair.step is None or pair.step.stage != "pre")
            if screen != self._screen:
                self._screen, self._dwell_from = screen, now
        return pair

    def seconds_until_submit(self) -> float:
        """How long submitting stays disabled for the pair on screen (0: it may be submitted)."""
        if self._shown is None:
            return self.settings.dwell_seconds
        waited = self._monotonic() - self._dwell_from
        return max(0.0, self.settings.dwell_seconds - waited)

    def skip_current(self) -> None:
        """Put the current pair last for this sitting (its image cannot be shown now).

        Nothing is stored: the pair stays unrated and comes back in its recorded place
        the next time the session is opened.
        """
        check = self._check_due()
        if check is not None:
            self._check_queue.pop(0)
            self._check_queue.append(ScheduledCheck(self._done_count + 1, check.pair))
        elif queue := self._queue():
            queue.append(queue.pop(0))
        self._shown = self._screen = None

    def on_screen(self) -> OnScreen | None:
        """The pair on screen as a submit would store it, or None: what a submit that fails
        is recorded under (:mod:`annotator.session.recovery`)."""
        if self._shown is None:
            return None
        item_id = self._shown.item.item_id
        phase = Phase.CHECK if self._check_due() is not None else self.phase
        gold = item_id in self._gold_by_id and phase in _GOLD_PHASES
        step = self._next_step(item_id) if self._steps and not gold else None
        return OnScreen(item_id, phase, self._shown.at,
                        step.question.question_id if step else "", step.stage if step else "")

    def now(self) -> datetime:
        """The session's clock (injected in tests)."""
        return self._clock()

    def reopened(self) -> RatingSession:
        """This tagger's round started afresh from what is stored: exactly what a restart of
        the app would show, whatever state an unexpected error left this object in."""
        return RatingSession.open(self.project, self.store, self.tagger, round_number=self.round,
                                  clock=self._clock, monotonic=self._monotonic,
                                  others=self._others, seat=self._share,
                                  rated_elsewhere=self._rated_elsewhere)

    # submitting ---------------------------------------------------------------------

    def _scored(self, value: float, item_id: str, *, gold: GoldItem | None,
                show: bool) -> tuple[Consensus | None, int | None]:
        """The consensus shown with a rating and its points: against the experts on a gold
        pair, else against the others' earlier ratings when there are enough of them."""
        rubric = self.project.rubric
        if gold is not None:
            return None, gold_points(value, gold.rating, rubric)
        if show:
            previous, priors = self._previous.of(item_id)
            if len(previous) >= self.settings.min_consensus:  # else it would give one away
                return (consensus_of(previous, rubric, priors=priors),
                        game_points(value, previous, rubric))
        return None, None

    def submit(self, value: float, text: str = "") -> Feedback:
        """Store the answer of the pair on screen, committed, and say what to show next:
        a level's ``value`` (or SKIP's); in a multi-question protocol, the answer its question
        takes (a flag's 1 or 0, a choice's place or id in ``text``, a free ``text``)."""
        if self._shown is None:
            raise FlowError("submit() before pair_shown()")
        wait = self.seconds_until_submit()
        if wait > 0:
            raise TooSoonError(f"submit() {wait:.1f} s before the minimum dwell ends")
        shown = self._shown
        item = shown.item
        phase = self.phase
        gold = self._gold_by_id.get(item.item_id) if phase in _GOLD_PHASES else None
        step = self._next_step(item.item_id) if gold is None and self._steps else None
        value, text = checked_answer(self.project.rubric, step, value, text)
        skipped = value == SKIP_VALUE and (step is None or step.question.kind is AnswerKind.SCALE)
        show = gold is not None or (self.settings.feedback and not skipped and step is None)
        consensus: Consensus | None = None
        points: int | None = None
        if self._check_due() is not None:
            phase = Phase.CHECK  # feedback as for a pair nobody rated yet: no points
        elif not skipped:  # a skip is no judgement: nothing to score, no consensus to show
            consensus, points = self._scored(value, item.item_id, gold=gold, show=show)
        rating = Rating(
            rating_id=str(uuid.uuid4()),
            tagger=self.tagger,
            item_id=item.item_id,
            round=self.round,
            phase=phase,
            value=float(value),
            shown_at=shown.at,
            submitted_at=max(self._clock(), shown.at),
            ms_on_screen=max(0, round((self._monotonic() - shown.tick) * 1000)),
            consensus=_shown_consensus(gold, consensus),
            consensus_n=consensus.n if consensus is not None else None,
            points=points,
            question=step.question.question_id if step else "",
            stage=step.stage if step else "",
            answer=step.question.kind if step else AnswerKind.SCALE,
            answer_text=text,
        )
        self.store.record_rating(rating)
        if step is not None:
            self._answered.setdefault(item.item_id, {})[step.key] = answer_of(rating)
            if self._next_step(item.item_id) is not None:  # the pair's next question
                self._shown = None
                return Feedback(rating=rating, next_pair=self.current_pair())
        score = self.progress.step_points(self.phase) + (points or 0) if show else None
        notice = self._advance(rating)
        return Feedback(
            rating=rating,
            next_pair=self.current_pair(),
            show=show,
            score=score,
            consensus=consensus,
            gold=gold,
            notice=notice,
            first_pairs=self.first_pairs,
        )

    def _advance(self, rating: Rating) -> Notice | None:
        """Count a stored rating and move the queues on."""
        phase = self.phase
        self._queue().pop(0)
        if phase is self._data_phase and rating.phase is not Phase.CHECK:
            self._done_count += 1
        notice = self.progress.apply(rating)
        if self.phase is not phase or notice is not None:
            self._gold_queue = self._fill_gold_queue()
        self._shown = self._screen = None
        return notice


def _shown_consensus(gold: GoldItem | None, consensus: Consensus | None) -> float | None:
    """What the tagger was scored against: the expert's rating, or the panel's consensus."""
    if gold is not None:
        return gold.rating
    return consensus.value if consensus is not None else None
