"""Simulated taggers: play the Rating Game headlessly through the real flow.

Lab leads try the tool before real data exists; tests and benchmarks get panels. Each
simulated tagger sits at their own laptop (own session file in ``sessions/``), has a bias
and a noise around a hidden true quality per item, and spends a realistic number of
seconds per pair. They take turns in short sittings, so the consensus each one sees grows
as it would in a real panel. Everything they do goes through :class:`RatingSession`:
tutorial, probation, the game and its dwell, durable ratings.

The study reads like a real one: its ratings end at the moment of the run and lie in the
past, rounds a washout apart, each round from the second on started in ``project.toml``
exactly as ``annotator round start`` does. The hidden truth follows each caption's source
(:mod:`annotator.session.simulated_truth`); every question is answered with its own type
(:mod:`annotator.session.simulated_answers`).
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from annotator.csvtext import csv_text
from annotator.errors import ProjectError
from annotator.files import write_text
from annotator.project.answer_model import FLAG_YES, AnswerKind
from annotator.project.model import Project
from annotator.project.plan import Plan, PlanBy
from annotator.project.priors import prior_sources
from annotator.project.round_start import start_round
from annotator.session.clock import ManualClock
from annotator.session.flow import RatingSession
from annotator.session.game import NoticeKind
from annotator.session.opening import read_other_laptops
from annotator.session.pair import Feedback
from annotator.session.simulated_answers import (
    SLOPPY,
    SimulatedTagger,
    make_taggers,
    simulated_answer,
)
from annotator.session.simulated_truth import (
    MACHINE_ERROR,
    answer_truth,
    hidden_quality,
    passing_level,
    truth_by_source,
    value_at,
)
from annotator.store.session_file import SessionStore
from annotator.store.sessions_folder import read_sessions_folder

SITTING = 12
"""Pairs a simulated tagger rates before the next one takes a turn."""
GIVE_UP_AFTER = 3
"""Failed probation attempts after which a simulated tagger leaves the panel (a real lab
would talk to them; a simulation must not loop for ever)."""
TRUTH_DIR = "simulation"
_SENT_TO_PROBATION = (NoticeKind.TUTORIAL_FAILED, NoticeKind.FIRST_PAIRS_FAILED)


@dataclass
class TaggerResult:
    """What one simulated tagger did, for the summary and for tests."""

    tagger: SimulatedTagger
    file: Path
    ratings: int = 0
    probations: int = 0
    failed_attempts: int = 0
    flags: int = 0
    """Yes answers to yes/no flags (a fault found, such as wrong information)."""
    notes: int = 0
    """Free texts written, each marked "Simulated note N: …"."""
    score: int | None = None

    @property
    def gave_up(self) -> bool:
        return self.failed_attempts >= GIVE_UP_AFTER


@dataclass
class SimulationResult:
    """``began``/``ended``: the first shown and the last submitted simulated rating;
    ``started_rounds``: the rounds this run started in ``project.toml``; ``truth``: mean
    hidden quality (a rubric value) per caption source, as :func:`truth_summary` says."""

    seed: int
    taggers: list[TaggerResult] = field(default_factory=list)
    truth_file: Path | None = None
    began: datetime | None = None
    ended: datetime | None = None
    started_rounds: list[int] = field(default_factory=list)
    truth: dict[str, float] = field(default_factory=dict)
    primed_pairs: int = 0
    """Pairs whose hidden quality leans on machine priors (:func:`hidden_quality`)."""
    machines: tuple[str, ...] = ()
    """The machines ``priors.csv`` names (its ``source`` column)."""


def simulate(
    project: Project,
    *,
    taggers: int,
    rounds: int = 1,
    seed: int | None = None,
    end: datetime | None = None,
    panel: list[SimulatedTagger] | None = None,
    progress: Callable[[str], None] | None = None,
) -> SimulationResult:
    """Play ``rounds`` rounds for ``taggers`` simulated taggers; session files are written.

    ``panel`` replaces the drawn taggers (``taggers`` is then its length); the score in
    the result is that of the last round with feedback. Each round is played as the
    project declares it (feedback, subset; from round 2 on blind by default), in a fresh
    order per tagger, one washout after the previous round's last rating, so a tagger's
    test–retest agreement comes from their noise alone, not from memory. The last rating
    is given at ``end`` (default: now): the study is first rehearsed in a scratch folder
    to learn how long each round takes, then played for real ending there.
    """
    if taggers < 1 or rounds < 1:
        raise ValueError("simulate needs at least one tagger and one round")
    if project.current_round > 1:
        raise ProjectError(
            f"The project is already in round {project.current_round}; a simulation plays a "
            "study from round 1. Simulate on a copy of the folder made before round 2 started.",
            file=project.root / "project.toml")
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    panel = panel or _named_by_plan(make_taggers(taggers, rng), project.plan)
    truth = hidden_quality(project, rng)
    play = _Play(project, panel, truth, rng.randrange(2**62), rounds)
    taken = [_open_path(project.sessions_dir, seed, index) for index in range(len(panel))]
    if any(path.exists() for path in taken):
        raise ProjectError(
            f"Seed {seed} was simulated in this folder already ({taken[0].name}…). Use "
            "another seed, or delete its files from sessions/ first.", file=taken[0])
    with tempfile.TemporaryDirectory(prefix="annotator-rehearsal-") as scratch:
        lengths = play.run(Path(scratch), seed, begins=None)
    begins = _begins(lengths, end or datetime.now(UTC), timedelta(days=project.washout_days))
    result = SimulationResult(seed=seed, began=begins[0])
    result.truth_file = _write_truth(project, truth, panel, seed)
    result.truth = truth_by_source(project, truth)
    result.primed_pairs = sum(item.item_id in project.priors for item in project.items)
    result.machines = prior_sources(project.root)
    play.run(project.sessions_dir, seed, begins=begins, result=result, progress=progress)
    return result


def _begins(lengths: list[timedelta], end: datetime, washout: timedelta) -> list[datetime]:
    """When each round starts so that the last ends by ``end`` and each begins at least a
    washout after the one before; rounds from the second on begin on a whole second, as
    ``project.toml`` records them, so the study may end up to a second before ``end``."""
    begins: list[datetime] = []
    for index, length in reversed(list(enumerate(lengths))):
        begin = (begins[0] - washout if begins else end) - length
        begins.insert(0, begin.replace(microsecond=0) if index else begin)
    return begins


class _Play:
    """One simulated study, played the same way every time it is run (same draws)."""

    def __init__(self, project: Project, panel: list[SimulatedTagger], truth: dict[str, float],
                 seed: int, rounds: int):
        self.project, self.panel, self.truth = project, panel, truth
        self.seed, self.rounds = seed, rounds

    def run(self, folder: Path, seed: int, *, begins: list[datetime] | None,
            result: SimulationResult | None = None,
            progress: Callable[[str], None] | None = None) -> list[timedelta]:
        """Play every round into session files in ``folder``; how long each round took.

        ``begins``: when each round starts (None: a rehearsal, rounds a washout apart from
        an arbitrary day, ``project.toml`` untouched). With ``begins``, rounds from 2 on are
        started in ``project.toml`` and ``result`` counts what the taggers did.
        """
        project = self.project
        rng = random.Random(self.seed)
        result = result or SimulationResult(seed=seed)
        stores = {t.name: _open_store(project, folder, seed, index, t)
                  for index, t in enumerate(self.panel)}
        result.taggers = [TaggerResult(t, stores[t.name].path) for t in self.panel]
        first = stores[self.panel[0].name]
        existing = read_other_laptops(project, first)  # real laptops: read once, before any
        shared = {t.name: existing.values_by_item(except_tagger=t.name) for t in self.panel}
        # What each rated in other files of sessions/ (an earlier run, before a top-up)
        # is not rated again: every such rating is of round 1 (simulations start there).
        done = read_sessions_folder(project, leave_out=first.path).answered()  # any question
        lengths = []
        begin = datetime(2000, 1, 3, 9, 0, tzinfo=UTC)
        try:
            for number in range(1, self.rounds + 1):
                if begins is not None:
                    begin = begins[number - 1]
                    if number > 1:
                        project = start_round(project.root, now=begin).project
                        result.started_rounds.append(number)
                last = _play_round(project, self.panel, stores, shared, self.truth, rng,
                                   number, begin, result, done if number == 1 else {})
                lengths.append(last - begin)
                # to the millisecond, as session files store times
                result.ended = last.replace(microsecond=last.microsecond // 1000 * 1000)
                begin = last + timedelta(days=project.washout_days)
                if progress is not None:
                    progress(f"Round {number} done for {len(self.panel)} simulated taggers.")
        finally:
            for store in stores.values():
                store.close()
        return lengths


def _play_round(
    project: Project,
    panel: list[SimulatedTagger],
    stores: dict[str, SessionStore],
    others: dict[str, dict[str, list[float]]],
    truth: dict[str, float],
    rng: random.Random,
    round_number: int,
    begin: datetime,
    result: SimulationResult,
    done: dict[str, set[str]],
) -> datetime:
    """Play one round to its end; when its last rating was submitted.

    ``others``: per tagger, the other taggers' data ratings so far (real laptops and this
    simulation, earlier rounds included), kept up to date as ratings are given. ``done``:
    per tagger, the items they rated in this round in other session files. With a plan,
    each simulated tagger rates their share; by laptop, the n-th sits at the n-th seat.
    """
    plan = project.plan
    seats = plan.assignees if plan is not None and plan.by is PlanBy.LAPTOP else ()
    players = []
    for index, tagger in enumerate(panel):
        clock = ManualClock(begin + timedelta(minutes=7 * index))
        session = RatingSession.open(
            project,
            stores[tagger.name],
            tagger.name,
            round_number=round_number,
            clock=clock.wall,
            monotonic=clock.monotonic,
            seed=rng.randrange(2**62),
            others=others[tagger.name],
            seat=seats[index] if index < len(seats) else None,
            rated_elsewhere=done.get(tagger.name, ()),
        )
        players.append((tagger, session, clock))
    last = begin
    by_name = {r.tagger.name: r for r in result.taggers}
    passing = passing_level(project)
    while players:
        for tagger, session, clock in list(players):
            for _ in range(SITTING):
                pair = session.pair_shown()
                if pair is None:
                    players.remove((tagger, session, clock))
                    break
                clock.advance(_seconds(tagger, rng, session.settings.dwell_seconds))
                asked = pair.step.question.question_id if pair.step is not None else ""
                quality = answer_truth(project, truth, pair.item.item_id, asked, passing=passing,
                                       notices_checks=tagger.noise < SLOPPY[0][0])
                tally = by_name[tagger.name]
                feedback = session.submit(*simulated_answer(
                    pair.step, quality, tagger, project.rubric, rng,
                    note_number=tally.notes + 1))
                rating = feedback.rating
                last = max(last, rating.submitted_at)
                if rating.phase.is_data and not rating.question:  # what a consensus rests on
                    for name, values in others.items():
                        if name != tagger.name:
                            values.setdefault(rating.item_id, []).append(rating.value)
                _count(tally, feedback, session)
                if tally.gave_up:
                    players.remove((tagger, session, clock))
                    break
            clock.advance(rng.uniform(600, 4 * 3600))  # a break before the next sitting
    return last


def _count(tally: TaggerResult, feedback: Feedback, session: RatingSession) -> None:
    """What one rating adds to the tagger's tally: probations owed and failed, flags raised,
    notes written, the score."""
    tally.ratings += 1
    rating = feedback.rating
    tally.flags += rating.answer is AnswerKind.FLAG and rating.value == FLAG_YES
    tally.notes += rating.answer is AnswerKind.TEXT and bool(rating.answer_text)
    notice = feedback.notice
    if notice is not None and notice.kind in _SENT_TO_PROBATION and notice.next_pairs:
        tally.probations += 1
    if notice is not None and notice.kind is NoticeKind.PROBATION_FAILED:
        tally.failed_attempts += 1
    if session.settings.feedback:
        tally.score = session.score


def _named_by_plan(panel: list[SimulatedTagger], plan: Plan | None) -> list[SimulatedTagger]:
    """In a plan by tagger, the simulated taggers take the plan's names, then those its
    top-ups add, in order (any beyond them join late)."""
    if plan is None or plan.by is not PlanBy.TAGGER:
        return panel
    names = plan.everyone
    return [dataclasses.replace(tagger, name=names[index])
            if index < len(names) else tagger for index, tagger in enumerate(panel)]


DWELL_MARGIN = 0.001
"""A simulated tagger who would submit at the very end of the dwell waits a millisecond
more: the monotonic clock is a float, so a time shown t plus a dwell d, less t, can fall a
hair short of d, and the flow rightly refuses a submit before the dwell ends."""


def _seconds(tagger: SimulatedTagger, rng: random.Random, dwell: float) -> float:
    """Log-normal around the tagger's median, never quicker than the dwell allows."""
    drawn = min(120.0, rng.lognormvariate(0.0, 0.5) * tagger.median_seconds)
    return max(dwell + DWELL_MARGIN, drawn)


def _open_path(folder: Path, seed: int, index: int) -> Path:
    return folder / f"simulated-{seed}-tagger{index + 1:02d}.sqlite"


def _open_store(project: Project, folder: Path, seed: int, index: int,
                tagger: SimulatedTagger) -> SessionStore:
    laptop = uuid.uuid5(uuid.NAMESPACE_URL, f"annotator-simulation:{seed}:{index}")
    store = SessionStore.open(
        _open_path(folder, seed, index),
        project_id=project.project_id,
        laptop_id=str(laptop),
        laptop_name=f"Simulated laptop of {tagger.name}",
    )
    store.mark_simulated(f"annotator simulate, seed {seed}, {tagger.name}")
    return store


def _write_truth(
    project: Project, truth: dict[str, float], panel: list[SimulatedTagger], seed: int
) -> Path:
    """The hidden truth and the taggers' traits, beside the sessions, for checking analyses."""
    folder = project.root / TRUTH_DIR
    folder.mkdir(exist_ok=True)
    values = [level.value for level in project.rubric.worst_to_best]
    items: list[list[object]] = [["item_id", "source", "quality_level", "quality_value"]]
    for item in project.items:
        quality = truth[item.item_id]
        items.append([item.item_id, item.source, f"{quality:.3f}",
                      f"{value_at(values, quality):.4f}"])
    truth_file = folder / f"truth-{seed}.csv"
    write_text(truth_file, csv_text(items))
    taggers: list[list[object]] = [["tagger", "bias_levels", "noise_levels", "median_seconds"]]
    taggers += [[t.name, t.bias, t.noise, t.median_seconds] for t in panel]
    write_text(folder / f"taggers-{seed}.csv", csv_text(taggers))
    return truth_file


def answers_summary(result: SimulationResult) -> str:
    """The flags raised and notes written, in words ("" when the rubric asks neither)."""
    flags = sum(tally.flags for tally in result.taggers)
    notes = sum(tally.notes for tally in result.taggers)
    if not flags and not notes:
        return ""
    return (f" Yes/no questions answered yes: {flags}; notes written: {notes}, each marked "
            "“Simulated note N: …”, never words a person wrote.")


def truth_summary(result: SimulationResult) -> str:
    """What the simulated ratings are drawn around, in words for the lab lead."""
    means = ", ".join(f"{source or '(no source)'} {mean:.1f}"
                      for source, mean in result.truth.items())
    primed = ""
    if result.primed_pairs:
        named = "; ".join(f"“{name}”" for name in result.machines) or "no source named"
        primed = (f" For the {result.primed_pairs} pairs priors.csv rates, it also follows the "
                  f"machine's rating, taken to be as accurate as a careful tagger (off by "
                  f"{MACHINE_ERROR} levels). The machine is {named}: if it is built on the "
                  "same features as a metric in metrics.csv, that metric's benchmark on "
                  "simulated ratings is partly made by this choice and is no evidence about "
                  "the metric; only people's ratings can judge it.")
    return (f"Hidden truth: each pair's quality follows its caption's source (human captions "
            f"good, mismatched ones poor, each model its own quality); mean by source: "
            f"{means}.{primed} Per pair: {result.truth_file}")
