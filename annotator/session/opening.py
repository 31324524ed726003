"""Where this laptop's session file for a project lives, opening it, and starting a session.

The game's consensus rests on every rating available on this laptop: this
laptop's file, the other laptops' files a lead has put into the project's ``sessions/``
folder (a shared drive, a returned USB stick, ``annotator simulate``), and the consensus
snapshots of the whole panel imported into ``snapshots/``. Those are only read, never
changed, and a file holding anything off the project's rubric is left out whole
(:mod:`annotator.store.validation`).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from annotator.errors import AnnotatorError
from annotator.names import checked_name, clean_name, name_key
from annotator.project.answer_model import SKIP_VALUE
from annotator.project.model import Project
from annotator.project.plan import PlanBy
from annotator.session.flow import RatingSession
from annotator.store.records import Phase
from annotator.store.session_file import SessionStore
from annotator.store.sessions_folder import read_sessions_folder
from annotator.store.snapshot import SNAPSHOTS_FOLDER, SnapshotError, read_snapshot
from annotator.store.validation import RowRules
from annotator.userconfig import UserConfig, save_config

_log = logging.getLogger(__name__)
_DATA = frozenset(phase.value for phase in Phase if phase.is_data)


def session_file_path(project: Project, config: UserConfig) -> Path:
    """``<project>/sessions/<laptop>.sqlite``: one file per laptop per project."""
    return project.sessions_dir / f"{config.session_file_stem}.sqlite"


def open_laptop_session(project: Project, config: UserConfig) -> SessionStore:
    """Open (creating on first use) this laptop's session file of the project."""
    path = session_file_path(project, config)
    store = SessionStore.open(
        path,
        project_id=project.project_id,
        laptop_id=config.laptop_id,
        laptop_name=config.laptop_name,
    )
    _log.info("opened project %r (%s, %d pairs); this laptop's session file is %s",
              project.name, project.root, len(project.items), path)
    return store


@dataclass(frozen=True)
class OtherLaptops:
    """Game and retest ratings found in the other session files of the project."""

    ratings: tuple[tuple[str, str, float], ...]  # tagger, item_id, value
    files: tuple[Path, ...]
    unreadable: tuple[AnnotatorError, ...] = ()
    taggers: frozenset[str] = frozenset()
    """Everyone who rated in those files, in any phase: names a tagger may continue under."""

    def values_by_item(self, *, except_tagger: str) -> dict[str, list[float]]:
        """Each item's values rated by anyone but ``except_tagger`` (names compared as
        :func:`~annotator.names.name_key` does: the same person on another laptop is not
        someone else)."""
        values: dict[str, list[float]] = {}
        own = name_key(except_tagger)
        others = {tagger for tagger, _, _ in self.ratings if name_key(tagger) != own}
        for tagger, item_id, value in self.ratings:
            if tagger in others:
                values.setdefault(item_id, []).append(value)
        return values


def read_other_laptops(project: Project, store: SessionStore) -> OtherLaptops:
    """The data ratings of every other session file in ``sessions/`` and of every consensus
    snapshot imported into ``snapshots/``, each rating counted once: what the game's
    consensus rests on, so only ratings that answer no question (snapshots carry no others).

    A rating is counted once however many copies of it lie in the folders, and never when
    it is in this laptop's own file. A file that cannot be used (another project's, a
    newer app's, damaged, built to never end) is left out and listed in ``unreadable``;
    the lead's ``annotator analyze`` names such files.
    """
    return read_other_files(project, own=store.path, own_ratings=store.rating_ids())


def read_other_files(project: Project, *, own: Path, own_ratings: set[str]) -> OtherLaptops:
    """:func:`read_other_laptops` without touching this laptop's store (``own``: its file,
    ``own_ratings``: the ids of its ratings), so that a window reads the files from other
    laptops off its GUI thread while the store stays on it."""
    seen = set(own_ratings)
    found: list[tuple[str, str, float]] = []
    files: list[Path] = []
    unreadable: list[AnnotatorError] = []
    taggers: set[str] = set()
    for path, rows in _other_sources(project, own, unreadable):
        files.append(path)
        for rating_id, tagger, item_id, phase, value, question in rows:
            taggers.add(tagger)
            if phase in _DATA and not question and value != SKIP_VALUE and rating_id not in seen:
                seen.add(rating_id)
                found.append((tagger, item_id, value))
    return OtherLaptops(tuple(found), tuple(files), tuple(unreadable), frozenset(taggers))


def _other_sources(
    project: Project, own: Path, unreadable: list[AnnotatorError]
) -> Iterator[tuple[Path, Iterable[tuple[str, str, str, str, float, str]]]]:
    """(file, rows of rating_id, tagger, item_id, phase, value, question) of every readable
    source; a snapshot's rows answer no question."""
    folder = read_sessions_folder(project, leave_out=own)
    unreadable.extend(entry.error for entry in folder.unreadable)
    for contents in folder.files:
        rows = contents.ratings
        yield contents.path, zip(rows.rating_id, rows.tagger, rows.item_id, rows.phase,
                                 rows.value, rows.question, strict=True)
    rules = RowRules.of(project)
    for path in sorted((project.root / SNAPSHOTS_FOLDER).glob("*.sqlite")):
        try:
            # Fingerprint checked on import; here kind, format, project and every value.
            _, snapshot_rows = read_snapshot(path, project_id=project.project_id,
                                             rules=rules, check_fingerprint=False)
        except SnapshotError as error:
            unreadable.append(error)
            continue
        yield path, ((rid, tagger, item, phase, value, "")
                     for rid, tagger, item, _round, phase, value, _laptop in snapshot_rows)


def start_session(
    project: Project, store: SessionStore, tagger: str, *, round_number: int | None = None,
    seat: str | None = None, other_laptops: OtherLaptops | None = None,
) -> RatingSession:
    """The tagger's session, scored against every rating available on this laptop.

    By default in the project's current round, the one the lead started last. ``seat``:
    this laptop's seat in a plan by laptop (None: none taken). ``other_laptops``: their
    ratings, when already read (by default they are read here). A name that is empty or
    too long is refused (:func:`~annotator.names.checked_name`); one that someone rated
    under on this laptop or another (``ana `` for ``Ana``) rates under that spelling
    (:func:`rating_name`), never as a new tagger beside it.
    """
    typed = checked_name(tagger, what="tagger's name")
    if other_laptops is None:
        other_laptops = read_other_laptops(project, store)
    tagger = rating_name(project, typed, known=[*store.taggers(), *sorted(other_laptops.taggers)])
    others = other_laptops.values_by_item(except_tagger=tagger)
    number = project.current_round if round_number is None else round_number
    return RatingSession.open(project, store, tagger, round_number=number, others=others, seat=seat)


def laptop_seat(project: Project, config: UserConfig) -> str | None:
    """The seat this laptop took in the project's plan by laptop, if it is one of the plan's
    (None: the plan is by tagger, or no seat was taken: a late joiner's share)."""
    plan = project.plan
    seat = config.plan_seats.get(project.project_id)
    if plan is None or plan.by is not PlanBy.LAPTOP or seat is None:
        return None
    return plan.name_of(seat)


def remember_seat(config: UserConfig, project: Project, seat: str) -> None:
    """Take ``seat`` in the project's plan by laptop for this laptop (``annotator open
    --seat``); refused, naming the seats, when the plan has no such seat."""
    plan = project.plan
    if plan is None or plan.by is not PlanBy.LAPTOP:
        raise AnnotatorError("This project is not planned by laptop, so there is no seat to "
                             "take.", file=project.root / "project.toml")
    name = plan.name_of(seat)
    if name is None:
        raise AnnotatorError(f"{seat} is not a seat of this project's plan (seats: "
                             f"{plan.assignees[0]} … {plan.assignees[-1]}).",
                             file=project.root / "project.toml")
    config.plan_seats[project.project_id] = name
    save_config(config)


def planned_name(project: Project, typed: str) -> str | None:
    """The plan's spelling of ``typed`` when the project is planned by tagger and names
    them, matched as :func:`~annotator.names.name_key` does; else None.

    The start screen only compares the typed name with the plan, never lists the plan's
    names: the tagger's window shows no one else's name (a laptop may be shared).
    """
    plan = project.plan
    if plan is None or plan.by is not PlanBy.TAGGER:
        return None
    return plan.name_of(typed)


def rating_name(project: Project, typed: str, *, known: Collection[str]) -> str:
    """The name a tagger rates under: the spelling this laptop knows (``known``: the
    taggers of its session file), else the plan's, else ``typed`` made clean
    (:func:`~annotator.names.clean_name`); names compared as
    :func:`~annotator.names.name_key` does, so that ``ana  smith`` on one laptop and
    ``Ana Smith`` on another are one tagger of the plan."""
    key = name_key(typed)
    same = next((name for name in known if name_key(name) == key), None)
    return same or planned_name(project, typed) or clean_name(typed)
