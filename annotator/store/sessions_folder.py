"""A project's ``sessions/`` folder, read the one way the game, the analysis and
``annotator validate`` all read it.

Every ``*.sqlite`` file there is read without being changed, refused if it belongs to
another project, is damaged (a torn or truncated copy), was written by a newer app or holds
a value a laptop's app never writes (:mod:`annotator.store.validation`). A refused file is
left out whole and named, with what it seems to hold, so the game's consensus, the figures
and the list of problems all rest on the same files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from annotator.errors import SessionFileError
from annotator.project.model import Project
from annotator.store.reading import (
    RatingRows,
    SessionContents,
    describe_session_file,
    read_session_file,
)
from annotator.store.records import Phase
from annotator.store.validation import RowRules


@dataclass(frozen=True)
class UnreadableFile:
    """A session file left out: the refusal (naming the file) and what it seems to hold."""

    error: SessionFileError
    holds: str

    @property
    def path(self) -> Path:
        assert self.error.file is not None  # every refusal of a session file names it
        return self.error.file

    def warning(self) -> str:
        """One line for the lab lead: the file, why it was left out, what it holds."""
        return (f"{self.path}: left out, none of its ratings are used. {self.error.message} "
                f"{self.holds}")


@dataclass(frozen=True)
class SessionsFolder:
    """The readable session files of a project and the ones left out."""

    files: tuple[SessionContents, ...]
    unreadable: tuple[UnreadableFile, ...]

    @property
    def ratings(self) -> RatingRows:
        """Every readable file's ratings, one file after the other."""
        return RatingRows.concatenate(contents.ratings for contents in self.files)

    def answered(self) -> dict[str, set[str]]:
        """Per tagger: the items they gave a data answer (game or retest, any question)."""
        rows = self.ratings
        found: dict[str, set[str]] = {}
        for tagger, item_id, phase in zip(rows.tagger, rows.item_id, rows.phase, strict=True):
            if Phase(phase).is_data:
                found.setdefault(tagger, set()).add(item_id)
        return found

    @property
    def simulated_taggers(self) -> tuple[str, ...]:
        """The taggers of the files ``annotator simulate`` wrote, sorted."""
        return tuple(sorted({tagger for contents in self.files if contents.simulated
                             for tagger in contents.ratings.tagger}))

    @property
    def skipped_after_error(self) -> int:
        """Pairs the taggers skipped because saving them failed (in no figure)."""
        return sum(contents.skipped_after_error for contents in self.files)


def read_sessions_folder(project: Project, *, leave_out: Path | None = None) -> SessionsFolder:
    """Every session file in ``project``'s ``sessions/`` folder but ``leave_out`` (a
    laptop's own file, read through its open store)."""
    rules = RowRules.of(project)
    skip = None if leave_out is None else Path(leave_out).resolve()
    files: list[SessionContents] = []
    unreadable: list[UnreadableFile] = []
    for path in sorted(project.sessions_dir.glob("*.sqlite")):
        if skip is not None and path.resolve() == skip:
            continue
        try:
            files.append(read_session_file(path, project_id=project.project_id, rules=rules))
        except SessionFileError as error:
            unreadable.append(UnreadableFile(error, describe_session_file(path)))
    return SessionsFolder(tuple(files), tuple(unreadable))
