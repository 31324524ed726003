"""The words a tagger reads about the game: feedback after a rating, notices, progress.

Plain text made from what the flow returns, so the screen only displays it and the
wording is tested without a screen. Numbers are always spelled out next to any mark, so
nothing depends on colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from annotator.project.model import Project, Rubric
from annotator.session.flow import Feedback, Pair, RatingSession
from annotator.session.game import FirstPairsCheck, Notice, NoticeKind
from annotator.session.rounds import RoundIntro
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
    """How to answer: "Press a key 1–5 (or click)…", or the keys one by one when they are
    not a run of digits ("Press n, y or s")."""
    keys = [option.key for option in rubric.options]
    if all(k.isdigit() for k in keys) and [int(k) for k in keys] == list(
            range(int(keys[0]), int(keys[0]) + len(keys))):
        return f"Press a key {keys[0]}–{keys[-1]} (or click) to choose a level."
    return f"Press {', '.join(keys[:-1])} or {keys[-1]} (or click) to choose an answer."


def signed(points: int) -> str:
    """Points with their sign spelled out: a minus must never look like a dash."""
    return f"+{points}" if points > 0 else (f"minus {-points}" if points < 0 else "0")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def progress_text(pair: Pair, *, tagger: str, score: int | None, needed: int | None,
                  first_pairs: FirstPairsCheck | None = None) -> str:
    """The line above the image: phase, position, the score that matters now, and the
    first-pairs check while it is ahead."""
    if pair.phase is Phase.TUTORIAL:
        where = f"Tutorial: pair {pair.position} of {pair.total}"
    elif pair.phase is Phase.PROBATION:
        where = f"Probation: pair {pair.position} of {pair.total}"
    else:
        retest = " (retest)" if pair.phase is Phase.RETEST else ""
        where = f"Round {pair.round}{retest}: pair {pair.position} of {pair.total}"
    parts = [where]
    if pair.step is not None:
        parts.append(f"question {pair.step_number} of {pair.steps}, "
                     f"{STAGE_WORDS[pair.step.stage]}")
    if score is not None:
        parts.append(
            f"{_plural(score, 'point')} so far, {needed} needed"
            if needed is not None
            else f"score {score}"
        )
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
    game = session.progress
    needed = {Phase.TUTORIAL: game.tutorial_needed, Phase.PROBATION: game.probation_needed}
    scored = pair.phase in needed or session.settings.feedback
    return progress_text(pair, tagger=session.tagger, score=score if scored else None,
                         needed=needed.get(pair.phase), first_pairs=session.first_pairs)


STAGE_WORDS = {"pre": "before the image", "post": "with the image"}


def step_hint(pair: Pair, rubric: Rubric) -> str:
    """What a screen reader says when a question of a multi-question protocol comes up."""
    assert pair.step is not None
    return (f"Question {pair.step_number} of {pair.steps}, {STAGE_WORDS[pair.step.stage]}: "
            f"{pair.step.question.text} {step_note(pair, rubric)}")


def step_note(pair: Pair, rubric: Rubric) -> str:
    """The line under the answers during a step: how to answer this stage."""
    assert pair.step is not None
    if pair.earlier is not None:
        return (f"Before seeing the image you chose {level_text(pair.earlier, rubric)}: it is "
                "chosen again; press Enter to keep it, or choose another.")
    if pair.step.stage == "pre":
        return "The image is hidden: answer from the text and its context."
    return keys_hint(rubric)


def feedback_lines(feedback: Feedback, rubric: Rubric) -> list[str]:
    """What the tagger is told after submitting (empty when the round is blind)."""
    if not feedback.show:
        return []
    rating = feedback.rating
    yours = f"Your rating: {level_text(rating.value, rubric)}."
    if feedback.gold is not None:
        lines = [
            f"Experts' rating: {level_text(feedback.gold.rating, rubric)}.",
            yours,
            f"Points: {signed(rating.points or 0)} (2 minus how many levels you were off).",
        ]
        if feedback.gold.explanation:
            lines.append(f"Why: {feedback.gold.explanation}")
        lines.append(f"Points in this {rating.phase.value} so far: {feedback.score}.")
        return lines
    consensus = feedback.consensus
    if consensus is None:
        uncounted = (" and does not count towards the first-pairs check"
                     if feedback.first_pairs is not None else "")
        return [
            yours,
            "No consensus yet: too few people have rated this pair before you, so it gives "
            f"no points{uncounted}.",
            f"Your score: {feedback.score}.",
        ]
    basis = _plural(consensus.n, "earlier rating")
    if consensus.priors:
        basis += f", {consensus.priors} of them from a machine model until people rate it"
    return [
        f"Panel consensus: {level_text(consensus.value, rubric)} (from {basis}).",
        yours,
        f"Points: {signed(rating.points or 0)}. Your score: {feedback.score}.",
    ]


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
    if kind is NoticeKind.TUTORIAL_START:
        return NoticeText(
            "Tutorial",
            f"Before the game, rate {notice.pairs} pairs that experts have rated. After "
            "each one you see the experts' rating and why they chose it. Each pair gives "
            "2 points minus how many levels you are off. You need "
            f"{notice.needed} of {2 * notice.pairs} points to pass. The Rating Guide (F1) "
            "explains every level.",
            "Start the tutorial",
        )
    if kind is NoticeKind.TUTORIAL_PASSED:
        return NoticeText(
            "Tutorial passed",
            f"{scored} ({notice.needed} were "
            "needed). The game starts now: after each pair you see the panel's consensus "
            "and your points.",
            "Start the game",
        )
    if kind is NoticeKind.TUTORIAL_FAILED:
        return NoticeText(
            "Tutorial not passed",
            f"{scored}; {notice.needed} are "
            f"needed. {then_probation}",
            "Start probation" if notice.next_pairs else "Start the game",
        )
    if kind is NoticeKind.FIRST_PAIRS_FAILED:
        return NoticeText(
            "Back to probation",
            f"Your first {notice.pairs} game pairs with a consensus scored {notice.points} "
            "points; "
            f"{notice.needed} are needed. Your game score starts again from 0. "
            f"{then_probation}",
            "Start probation" if notice.next_pairs else "Go on",
        )
    if kind is NoticeKind.PROBATION_PASSED:
        return NoticeText(
            "Probation passed",
            f"{scored} ({notice.needed} were "
            "needed). On to the game, with your score starting from 0.",
            "Back to the game",
        )
    if kind is NoticeKind.PROBATION_FAILED:
        return NoticeText(
            "Probation not passed yet",
            f"{scored}; {notice.needed} are "
            f"needed. Rate the {notice.next_pairs} probation pairs again; take your time and "
            "use the Rating Guide (F1).",
            "Try probation again",
        )
    if kind is NoticeKind.PROBATION_DUE:
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
    raise AssertionError(f"unhandled notice {kind}")


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
