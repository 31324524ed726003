"""The words a tagger reads about the game: feedback after a rating, notices, progress.

Plain text made from what the flow returns, so the screen only displays it and the
wording is tested without a screen (and against what the tagger's guide and the Rating
Game page quote). Numbers and words always stand beside any mark or icon, so nothing
depends on colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from annotator.project.answer_model import Level, Scale
from annotator.project.model import Project, Rubric
from annotator.session.flow import RatingSession
from annotator.session.game import FirstPairsCheck, Notice, NoticeKind
from annotator.session.pair import Feedback, Pair
from annotator.session.rounds import RoundIntro
from annotator.session.scoring import level_steps
from annotator.store.records import Phase


@dataclass(frozen=True)
class NoticeText:
    title: str
    body: str
    button: str


def level_text(value: float, rubric: Rubric) -> str:
    """``4 — Accurate and complete`` (the key the tagger presses, and its label)."""
    level = rubric.option_for_value(value)
    if level is None:
        return f"{value:g}"
    return f"{level.key} — {level.label}"


def keys_hint(rubric: Rubric) -> str:
    """How to answer the rubric's one question (:func:`options_hint`)."""
    return options_hint(rubric.options)


def options_hint(options: Sequence[Level]) -> str:
    """How to choose one of ``options``: "Press a key 1–5 (or click)…", or the keys one by
    one when they are not a run of digits ("Press n, y or s")."""
    keys = [option.key for option in options]
    if all(k.isdigit() for k in keys) and [int(k) for k in keys] == list(
            range(int(keys[0]), int(keys[0]) + len(keys))):
        return f"Press a key {keys[0]}–{keys[-1]} (or click) to choose a level."
    return f"Press {', '.join(keys[:-1])} or {keys[-1]} (or click) to choose an answer."


MINUS = "\u2212"
"""A typographic minus: wider than a hyphen, so −1 never reads as a dash; screen readers
say "minus"."""


def number(value: int) -> str:
    """A score: ``14``, ``0``, ``−2``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(points: int) -> str:
    """Points with their sign always written: ``+2``, ``0``, ``−1``."""
    return f"+{points}" if points > 0 else number(points)


def scale_note(scale: Rubric | Scale) -> str:
    """Said above the buttons of a scale (a rubric's, or a question's own) that lists its
    best answer first (key 1), so a tagger used to 1 = worst is not misled; "" for every
    other scale."""
    if not scale.best_first:
        return ""
    first, last = scale.levels[0].key, scale.levels[-1].key
    return f"Best answer first: {first} is the best, {last} the worst."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def progress_text(pair: Pair, *, tagger: str, score: int | None, needed: int | None,
                  first_pairs: FirstPairsCheck | None = None) -> str:
    """The line above the image: phase, position, the score that matters now, and the
    first-pairs check while it is ahead."""
    match pair.phase:
        case Phase.TUTORIAL:
            step = "Tutorial"
        case Phase.PROBATION:
            step = "Probation"
        case Phase.RETEST:
            step = f"Round {pair.round} (retest)"
        case Phase.GAME | Phase.CHECK:
            step = f"Round {pair.round}"
        case _:
            assert_never(pair.phase)
    parts = [f"{step}: pair {pair.position} of {pair.total}"]
    if pair.step is not None:
        parts.append(f"question {pair.step_number} of {pair.steps}, "
                     f"{STAGE_WORDS[pair.step.stage]}")
    if score is not None:
        parts.append(f"score {number(score)}" + (
            f", {needed} needed to pass" if needed is not None else ""))
    if first_pairs is not None and pair.phase.is_data:
        parts.append(first_pairs_text(first_pairs))
    parts.append(f"rating as {tagger}")
    return " · ".join(parts)


def first_pairs_text(check: FirstPairsCheck) -> str:
    """Where the check of the first scored game pairs stands, while it is ahead."""
    return (f"first-pairs check: {check.scored} of {check.pairs} scored pairs so far "
            f"({check.needed} points needed)")


def session_progress_text(session: RatingSession, pair: Pair, score: int | None) -> str:
    """The progress line of ``session`` for ``pair``: the score only where it counts (the
    tutorial and probation, or a game with feedback)."""
    needed = pass_mark(session, pair.phase)
    scored = needed is not None or session.settings.feedback
    return progress_text(pair, tagger=session.tagger, score=score if scored else None,
                         needed=needed, first_pairs=session.first_pairs)


def pass_mark(session: RatingSession, phase: Phase) -> int | None:
    """The points the tutorial or probation needs; None in any other phase."""
    match phase:
        case Phase.TUTORIAL:
            return session.progress.tutorial_needed
        case Phase.PROBATION:
            return session.progress.probation_needed
        case Phase.GAME | Phase.RETEST | Phase.CHECK:
            return None
        case _:
            assert_never(phase)


STAGE_WORDS = {"pre": "before the image", "post": "with the image"}


@dataclass(frozen=True)
class ScaleMark:
    """A level to mark on the scale after a submit: whose it is ("You", "Experts",
    "Consensus")."""

    value: float
    who: str


@dataclass(frozen=True)
class FeedbackText:
    """What a tagger reads after a submit, in the parts the screen lays out: the verdict
    (an icon, the signed points and words, never colour alone), the levels marked on the
    scale with the distance between them, plain sentences, and the experts' explanation."""

    heading: str
    verdict: str
    points: int | None
    marks: tuple[ScaleMark, ...]
    distance: str
    lines: tuple[str, ...]
    why: str = ""

    def spoken(self) -> str:
        """Everything, in reading order, for a screen reader."""
        return " ".join(part for part in (self.verdict, *self.lines, self.why) if part)


EXPERTS, CONSENSUS, YOU = "Experts", "Consensus", "You"
ICONS = {1: "✔", 0: "○", -1: "✖"}
"""Beside the points: a tick for points won, a circle for none, a cross for points lost."""


def verdict(points: int, steps: int, whose: str) -> str:
    """``✔ +1 point: 1 level from the experts' rating``: icon, signed points, and how far
    the rating was from ``whose`` ("the experts' rating", "the panel's consensus")."""
    icon = ICONS[(points > 0) - (points < 0)]
    word = "point" if abs(points) == 1 else "points"
    where = (f"the same level as {whose}" if steps == 0
             else f"{_plural(steps, 'level')} from {whose}")
    return f"{icon} {signed(points)} {word}: {where}"


def distance_text(steps: int) -> str:
    """What the bracket between two marks on the scale says."""
    return "same level" if steps == 0 else f"{_plural(steps, 'level')} apart"


def feedback_text(feedback: Feedback, rubric: Rubric, *, needed: int | None = None
                  ) -> FeedbackText | None:
    """What the tagger is told after submitting (None when the round is blind);
    ``needed``: the pass mark of the tutorial or probation the rating belongs to."""
    if not feedback.show:
        return None
    rating = feedback.rating
    score = feedback.score or 0
    yours = f"You chose {level_text(rating.value, rubric)}."
    you = ScaleMark(rating.value, YOU)
    if feedback.gold is not None:
        gold = feedback.gold.rating
        steps = level_steps(rating.value, gold, rubric)
        step = rating.phase.value
        return FeedbackText(
            heading="Expert feedback",
            verdict=verdict(rating.points or 0, steps, "the experts' rating"),
            points=rating.points or 0,
            marks=(you, ScaleMark(gold, EXPERTS)),
            distance=distance_text(steps),
            lines=(f"The experts chose {level_text(gold, rubric)}.", yours,
                   f"Your {step} score so far: {number(score)}"
                   + (f" ({needed} needed to pass)." if needed is not None else ".")),
            why=(f"Why the experts chose {level_text(gold, rubric)}: "
                 f"{feedback.gold.explanation}" if feedback.gold.explanation else ""),
        )
    score_line = f"Your game score so far: {number(score)}."
    consensus = feedback.consensus
    if consensus is None:
        uncounted = (", and it does not count towards the first-pairs check"
                     if feedback.first_pairs is not None else "")
        return FeedbackText(
            heading="How the panel rated it",
            verdict=f"{ICONS[0]} No points: no consensus yet",
            points=None,
            marks=(you,), distance="",
            lines=(yours, "Too few people have rated this pair before you, so there is "
                          f"nothing to compare with yet{uncounted}.", score_line),
        )
    basis = _plural(consensus.n, "earlier rating")
    if consensus.priors:
        basis += f", {consensus.priors} of them from a machine model until people rate it"
    steps = level_steps(rating.value, consensus.value, rubric)
    return FeedbackText(
        heading="How the panel rated it",
        verdict=verdict(rating.points or 0, steps, "the panel's consensus"),
        points=rating.points or 0,
        marks=(you, ScaleMark(consensus.value, CONSENSUS)),
        distance=distance_text(steps),
        lines=(f"The panel's consensus is {level_text(consensus.value, rubric)} (from {basis}).",
               yours, score_line),
    )


def session_feedback_text(session: RatingSession, feedback: Feedback) -> FeedbackText | None:
    """:func:`feedback_text` for a rating of ``session``, with the pass mark of its step."""
    return feedback_text(feedback, session.project.rubric,
                         needed=pass_mark(session, feedback.rating.phase))


GAME_STARTS = ("The game starts now: after each pair you see the panel's consensus and your "
               "points, once enough colleagues (or the lab's prior ratings) have rated it; "
               "until then the pair says \"no consensus yet\" and gives no points.")
"""What the game shows, said before it starts: the first tagger on a laptop without priors
meets "no consensus yet" on every pair, and is told so here rather than surprised."""


def notice_text(notice: Notice) -> NoticeText:
    """Title, body and button of a notice page; says plainly why and what is needed."""
    kind = notice.kind
    scored = f"You scored {notice.points} of {2 * notice.pairs} points"
    then_probation = (
        f"Next is probation: {notice.next_pairs} pairs rated by experts, where you need "
        f"{notice.next_needed} points to go on to the game. Read the Rating Guide (F1) "
        "again before you start."
        if notice.next_pairs
        else "The game starts now."
    )
    match kind:
        case NoticeKind.TUTORIAL_START:
            return NoticeText(
                "Tutorial",
                f"Before the game, rate {notice.pairs} pairs that experts have rated. After "
                "each one you see the experts' rating and why they chose it. The experts' level "
                "gives 2 points, a level next to it 1, two levels off 0, and further off takes "
                "points away. You need "
                f"{notice.needed} of {2 * notice.pairs} points to pass. The Rating Guide (F1) "
                "explains every level.",
                "Start the tutorial",
            )
        case NoticeKind.TUTORIAL_PASSED:
            return NoticeText(
                "Tutorial passed",
                f"{scored} ({notice.needed} were needed). {GAME_STARTS}",
                "Start the game",
            )
        case NoticeKind.TUTORIAL_FAILED:
            return NoticeText(
                "Tutorial not passed",
                f"{scored}; {notice.needed} are needed. {then_probation}",
                "Start probation" if notice.next_pairs else "Start the game",
            )
        case NoticeKind.FIRST_PAIRS_FAILED:
            return NoticeText(
                "Back to probation",
                f"Your first {notice.pairs} game pairs with a consensus scored {notice.points} "
                f"points; {notice.needed} are needed. Your game score starts again from 0. "
                f"{then_probation}",
                "Start probation" if notice.next_pairs else "Go on",
            )
        case NoticeKind.PROBATION_PASSED:
            if notice.reason is NoticeKind.FIRST_PAIRS_FAILED:  # they played the game before
                return NoticeText(
                    "Probation passed",
                    f"{scored} ({notice.needed} were needed). Back to the game, with your score "
                    "starting from 0.",
                    "Back to the game",
                )
            return NoticeText(
                "Probation passed",
                f"{scored} ({notice.needed} were needed). {GAME_STARTS}",
                "Start the game",
            )
        case NoticeKind.PROBATION_FAILED:
            return NoticeText(
                "Probation not passed yet",
                f"{scored}; {notice.needed} are needed. Rate the {notice.next_pairs} probation "
                "pairs again; take your time and use the Rating Guide (F1).",
                "Try probation again",
            )
        case NoticeKind.PROBATION_DUE:
            why = (
                "your tutorial score was below the pass mark"
                if notice.reason is NoticeKind.TUTORIAL_FAILED
                else "your first game pairs scored below the pass mark"
            )
            return NoticeText(
                "Probation",
                f"You are on probation because {why}. Rate {notice.next_pairs} pairs that "
                f"experts have rated; you need {notice.next_needed} points to go on to the game.",
                "Start probation",
            )
        case _:
            assert_never(kind)


def round_name(number: int) -> str:
    """``Round 1``, ``Round 2 (retest)``: every round after the first repeats pairs."""
    return f"Round {number}" + (" (retest)" if number >= 2 else "")


def round_line(project: Project) -> str:
    """The project's current round for the start screen: how many pairs, whether blind."""
    number = project.current_round
    pairs = len(project.round_items(number))
    record = project.rounds.get(number)
    chosen = " chosen by your lab lead" if record is not None and record.items is not None else ""
    blind = "" if project.flow.for_round(number).feedback else ", no feedback in this round"
    shared = ", each tagger rating their share" if project.plan is not None else ""
    return f"{round_name(number)}: {_plural(pairs, 'pair')}{chosen}{shared}{blind}."


def round_intro_text(intro: RoundIntro) -> NoticeText:
    """The page before a retest round's first pair; says plainly if it comes early."""
    pairs = _plural(intro.pairs, "pair")
    which = "a set of pairs chosen by your lab lead" if intro.subset else "the pairs"
    body = [
        f"You rate {which} again ({pairs}), in a new order. Rate each one as it looks to "
        "you now: your earlier ratings are not shown and do not count against you.",
        "After each pair you see the panel's consensus and your points; your own earlier "
        "ratings are never part of it."
        if intro.feedback
        else "There is no feedback in this round: no consensus and no points.",
    ]
    if intro.days_since is not None:
        ago = "today" if intro.days_since == 0 else f"{_plural(intro.days_since, 'day')} ago"
        body.append(
            f"Note: your last rating in an earlier round was given {ago}. Your lab lead planned "
            f"at least {intro.washout_days} days between rounds, so that earlier ratings are "
            "forgotten. You can go on now, or stop and tell your lab lead."
        )
    return NoticeText(round_name(intro.round), "\n\n".join(body),
                      f"Start round {intro.round}")


def opening_texts(session: RatingSession) -> list[NoticeText]:
    """What to read before this sitting's first pair: the round, then the game's step."""
    texts = [round_intro_text(session.round_intro)] if session.round_intro else []
    if session.opening_notice is not None:
        texts.append(notice_text(session.opening_notice))
    return texts


def finished_text(session: RatingSession) -> str:
    """The page after the round's last pair (or when the round has nothing to rate)."""
    if session.total == 0:
        return (
            "This project has no pairs that can be rated. Ask your lab lead to run "
            "'annotator validate' on the project folder."
        )
    return (
        f"Round {session.round} is complete: you rated all {session.total} pairs.\n"
        "Thank you! You can close the app; your ratings are saved."
    )
