"""Simulated taggers: play the Rating Game headlessly through the real flow.

Lab leads try the tool before real data exists; tests and benchmarks get panels. Each
simulated tagger sits at their own laptop (own session file in ``sessions/``), has a bias
and a noise around a hidden true quality per item, and spends a realistic number of
seconds per pair. They take turns in short sittings, so the consensus each one sees grows
as it would in a real panel. Everything they do goes through :class:`RatingSession`:
tutorial, probation, the game and its dwell, durable ratings.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from annotator.csvtext import csv_text
from annotator.files import write_text
from annotator.project.model import Project
from annotator.session.clock import ManualClock
from annotator.session.flow import RatingSession
from annotator.session.game import NoticeKind
from annotator.session.opening import read_other_laptops
from annotator.store.session_file import SessionStore

SITTING = 12
"""Pairs a simulated tagger rates before the next one takes a turn."""
GIVE_UP_AFTER = 3
"""Failed probation attempts after which a simulated tagger leaves the panel (a real lab
would talk to them; a simulation must not loop for ever)."""
TRUTH_DIR = "simulation"
_SENT_TO_PROBATION = (NoticeKind.TUTORIAL_FAILED, NoticeKind.FIRST_PAIRS_FAILED)


@dataclass(frozen=True)
class SimulatedTagger:
    """How one simulated person rates: in rubric levels (0 = lowest level)."""

    name: str
    bias: float
    noise: float
    median_seconds: float


@dataclass
class TaggerResult:
    """What one simulated tagger did, for the summary and for tests."""

    tagger: SimulatedTagger
    file: Path
    ratings: int = 0
    probations: int = 0
    failed_attempts: int = 0
    score: int | None = None

    @property
    def gave_up(self) -> bool:
        return self.failed_attempts >= GIVE_UP_AFTER


@dataclass
class SimulationResult:
    seed: int
    taggers: list[TaggerResult] = field(default_factory=list)
    truth_file: Path | None = None


def make_taggers(count: int, rng: random.Random) -> list[SimulatedTagger]:
    """A panel of mostly careful raters and a few sloppy ones (they meet probation)."""
    return [
        SimulatedTagger(
            name=f"Simulated tagger {index + 1:02d}",
            bias=round(rng.gauss(0.0, 0.35), 3),
            noise=round(rng.uniform(0.3, 1.3), 3),
            median_seconds=round(rng.uniform(6.0, 15.0), 1),
        )
        for index in range(count)
    ]


def hidden_quality(project: Project, rng: random.Random) -> dict[str, float]:
    """A true quality per item in level units; gold pairs are what the experts said."""
    top = len(project.rubric.levels) - 1
    truth = {
        item.item_id: min(top, max(0.0, rng.gauss(0.6 * top, 0.3 * top)))
        for item in project.items
    }
    values = [level.value for level in project.rubric.levels]
    for gold in project.gold:
        truth[gold.item.item_id] = float(values.index(gold.rating))
    return truth


def simulate(
    project: Project,
    *,
    taggers: int,
    rounds: int = 1,
    seed: int | None = None,
    start: datetime | None = None,
    panel: list[SimulatedTagger] | None = None,
    progress: Callable[[str], None] | None = None,
) -> SimulationResult:
    """Play ``rounds`` rounds for ``taggers`` simulated taggers; session files are written.

    ``panel`` replaces the drawn taggers (``taggers`` is then its length); the score in
    the result is that of the last round with feedback. Each round is played as the
    project declares it (feedback, subset; from round 2 on blind by default), in a fresh
    order per tagger, and starts one washout after the previous round's last rating, so
    a tagger's test–retest agreement comes from their noise alone, not from memory.
    """
    if taggers < 1 or rounds < 1:
        raise ValueError("simulate needs at least one tagger and one round")
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    panel = panel or make_taggers(taggers, rng)
    truth = hidden_quality(project, rng)
    result = SimulationResult(seed=seed)
    result.truth_file = _write_truth(project, truth, panel, seed)
    stores = {t.name: _open_store(project, seed, index, t) for index, t in enumerate(panel)}
    result.taggers = [TaggerResult(t, stores[t.name].path) for t in panel]
    begin = start or datetime.now(UTC)
    try:
        for round_number in range(1, rounds + 1):
            end = _play_round(project, panel, stores, truth, rng, round_number, begin, result)
            begin = end + timedelta(days=project.washout_days)
            if progress is not None:
                progress(f"Round {round_number} done for {taggers} simulated taggers.")
    finally:
        for store in stores.values():
            store.close()
    return result


def _play_round(
    project: Project,
    panel: list[SimulatedTagger],
    stores: dict[str, SessionStore],
    truth: dict[str, float],
    rng: random.Random,
    round_number: int,
    begin: datetime,
    result: SimulationResult,
) -> datetime:
    """Play one round to its end; the time on the last tagger's clock when it ends."""
    others = {
        t.name: read_other_laptops(project, stores[t.name]).values_by_item(except_tagger=t.name)
        for t in panel
    }
    players = []
    for index, tagger in enumerate(panel):
        clock = ManualClock(begin + timedelta(minutes=7 * index))
        session = RatingSession(
            project,
            stores[tagger.name],
            tagger.name,
            round_number=round_number,
            clock=clock.wall,
            monotonic=clock.monotonic,
            seed=rng.randrange(2**62),
            others=others[tagger.name],
        )
        players.append((tagger, session, clock))
    clocks = [clock for _, _, clock in players]
    by_name = {r.tagger.name: r for r in result.taggers}
    while players:
        for tagger, session, clock in list(players):
            for _ in range(SITTING):
                pair = session.pair_shown()
                if pair is None:
                    players.remove((tagger, session, clock))
                    break
                clock.advance(_seconds(tagger, rng, session.settings.dwell_seconds))
                feedback = session.submit(_rating(tagger, truth[pair.item.item_id], project, rng))
                rating = feedback.rating
                if rating.phase.is_data:
                    for name, values in others.items():
                        if name != tagger.name:
                            values.setdefault(rating.item_id, []).append(rating.value)
                tally = by_name[tagger.name]
                tally.ratings += 1
                notice = feedback.notice
                if notice is not None and notice.kind in _SENT_TO_PROBATION and notice.next_pairs:
                    tally.probations += 1
                if notice is not None and notice.kind is NoticeKind.PROBATION_FAILED:
                    tally.failed_attempts += 1
                if session.settings.feedback:
                    tally.score = session.score
                if tally.gave_up:
                    players.remove((tagger, session, clock))
                    break
            clock.advance(rng.uniform(600, 4 * 3600))  # a break before the next sitting
    return max(clock.wall() for clock in clocks)


def _rating(tagger: SimulatedTagger, quality: float, project: Project, rng: random.Random) -> float:
    levels = project.rubric.levels
    index = round(quality + tagger.bias + rng.gauss(0.0, tagger.noise))
    return float(levels[min(len(levels) - 1, max(0, index))].value)


def _seconds(tagger: SimulatedTagger, rng: random.Random, dwell: float) -> float:
    """Log-normal around the tagger's median, never quicker than the dwell allows."""
    return max(dwell, min(120.0, rng.lognormvariate(0.0, 0.5) * tagger.median_seconds))


def _open_store(project: Project, seed: int, index: int, tagger: SimulatedTagger) -> SessionStore:
    laptop = uuid.uuid5(uuid.NAMESPACE_URL, f"annotator-simulation:{seed}:{index}")
    path = project.sessions_dir / f"simulated-{seed}-tagger{index + 1:02d}.sqlite"
    return SessionStore.open(
        path,
        project_id=project.project_id,
        laptop_id=str(laptop),
        laptop_name=f"Simulated laptop of {tagger.name}",
    )


def _write_truth(
    project: Project, truth: dict[str, float], panel: list[SimulatedTagger], seed: int
) -> Path:
    """The hidden truth and the taggers' traits, beside the sessions, for checking analyses."""
    folder = project.root / TRUTH_DIR
    folder.mkdir(exist_ok=True)
    values = [level.value for level in project.rubric.levels]
    items: list[list[str]] = [["item_id", "quality_level", "quality_value"]]
    for item in project.items:
        quality = truth[item.item_id]
        items.append([item.item_id, f"{quality:.3f}", f"{_value_at(values, quality):.4f}"])
    truth_file = folder / f"truth-{seed}.csv"
    write_text(truth_file, csv_text(items))
    taggers: list[list[object]] = [["tagger", "bias_levels", "noise_levels", "median_seconds"]]
    taggers += [[t.name, t.bias, t.noise, t.median_seconds] for t in panel]
    write_text(folder / f"taggers-{seed}.csv", csv_text(taggers))
    return truth_file


def _value_at(values: list[float], level: float) -> float:
    """The rubric value at a fractional level, interpolated between neighbours."""
    low = int(level)
    high = min(low + 1, len(values) - 1)
    return values[low] + (level - low) * (values[high] - values[low])


